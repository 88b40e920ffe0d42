import LSPProtocol
import LanguageFeatures
import TemplateFormat

/// `tdl/preview` (custom): `{textDocument, position}` → `{name, html}` of the template or
/// annotation set under the cursor. A document with errors answers -32803 with a message
/// saying why, which a preview pane can show as is.
enum PreviewHandlers {
    static func register(into registry: inout FeatureRegistry) {
        registry.register("tdl/preview", capability: nil) { context, params in
            let doc = try context.document(params)
            let offset = params["position"].isNull ? 0 : try doc.offset(ofJSON: params["position"])
            switch Preview.page(for: doc.tree, diagnostics: doc.diagnostics, at: offset, path: doc.path, loader: context.importLoader) {
            case .success(let page): return ["name": .string(page.name), "html": .string(page.html)]
            case .failure(let problem): throw ResponseError(code: ErrorCode.requestFailed, message: problem.message)
            }
        }
    }
}
