import JSONText
import LanguageFeatures
import TemplateFormat

/// `textDocument/documentLink`: image, video and button URLs and imports, resolved against
/// the document's folder.
enum DocumentLinkHandlers {
    static func register(into registry: inout FeatureRegistry) {
        registry.register("textDocument/documentLink", capability: "documentLinkProvider", ["resolveProvider": false]) { context, params in
            let doc = try context.document(params)
            return .array(DocumentLinks.links(in: doc.tree, documentPath: doc.path).map { link in
                let target: String
                switch link.target {
                case .file(let path): target = DocumentURI.uri(forPath: path)
                case .url(let url): target = url
                }
                return ["range": doc.range(of: link.range).json, "target": .string(target)]
            })
        }
    }
}
