import LSPProtocol
import LanguageFeatures
import TemplateFormat

/// `textDocument/documentColor` and `textDocument/colorPresentation`: the editor's colour picker.
enum ColorHandlers {
    static func register(into registry: inout FeatureRegistry) {
        registry.register("textDocument/documentColor", capability: "colorProvider", true) { context, params in
            let doc = try context.document(params)
            return .array(DocumentColors.colors(in: doc.tree).map { color in
                ["range": doc.range(of: color.range).json,
                 "color": ["red": .number(color.red), "green": .number(color.green),
                           "blue": .number(color.blue), "alpha": .number(color.alpha)]]
            })
        }
        registry.register("textDocument/colorPresentation", capability: nil) { context, params in
            let doc = try context.document(params)
            let range = try doc.byteRange(ofJSON: params["range"])
            let color = params["color"]
            guard let red = color["red"].doubleValue, let green = color["green"].doubleValue,
                  let blue = color["blue"].doubleValue, let alpha = color["alpha"].doubleValue else {
                throw ResponseError.invalidParams("expected a Color {red, green, blue, alpha}")
            }
            return .array(DocumentColors.presentations(red: red, green: green, blue: blue, alpha: alpha, range: range).map {
                ["label": .string($0.label), "textEdit": doc.textEdit($0.edit)]
            })
        }
    }
}
