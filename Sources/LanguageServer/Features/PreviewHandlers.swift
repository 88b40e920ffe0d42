import LSPProtocol
import LanguageFeatures
import TemplateFormat
import ToolSupport

/// `tdl/preview` (custom): `{textDocument, position}` → `{name, html}` of the template or
/// annotation set under the cursor. A document with errors answers -32803 with a message
/// saying why, which a preview pane can show as is. The page of a saved document has its
/// folder as `<base href>`, so its relative images resolve wherever the editor writes it.
enum PreviewHandlers {
    static func register(into registry: inout FeatureRegistry) {
        registry.register("tdl/preview", capability: nil) { context, params in
            let documents = try NavDocuments(context, params)
            let doc = documents.analysis
            let offset = params["position"].isNull ? 0 : try doc.offset(ofJSON: params["position"])
            let project = documents.navigationContext().project
            let base = doc.path.flatMap { path in path.hasPrefix("/") ? folderURL(of: path) : nil }
            switch Preview.page(for: doc.file, in: project, diagnostics: doc.diagnostics, at: offset, baseURL: base) {
            case .success(let page): return ["name": .string(page.name), "html": .string(page.html)]
            case .failure(let problem): throw ResponseError(code: ErrorCode.requestFailed, message: problem.message)
            }
        }
    }

    /// The `file:` URL of the folder holding `path`, ending in `/`.
    static func folderURL(of path: String) -> String {
        let folder = parentPath(path)
        return DocumentURI.uri(forPath: folder.hasSuffix("/") ? folder : folder + "/")
    }
}
