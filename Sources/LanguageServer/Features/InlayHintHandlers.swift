import JSONText
import LanguageFeatures
import TemplateFormat

/// `textDocument/inlayHint`: after `style: name`, what the style chain supplies.
enum InlayHintHandlers {
    static func register(into registry: inout FeatureRegistry) {
        registry.register("textDocument/inlayHint", capability: "inlayHintProvider", ["resolveProvider": false]) { context, params in
            let documents = try NavDocuments(context, params)
            let doc = documents.analysis
            let range = try doc.byteRange(ofJSON: params["range"])
            let scope = documents.navigationContext().scope
            return .array(InlayHints.hints(in: doc.tree, range: range, styles: scope).map { hint in
                ["position": doc.position(of: hint.position).json, "label": .string(hint.label),
                 "tooltip": .string(hint.tooltip), "paddingLeft": true]
            })
        }
    }
}
