import LSPProtocol
import LanguageFeatures

/// `textDocument/hover`.
enum HoverHandlers {
    static func register(into registry: inout FeatureRegistry) {
        registry.register("textDocument/hover", capability: "hoverProvider") { context, params in
            let documents = try NavDocuments(context, params)
            let offset = try documents.offset(params)
            guard let hover = Hover.hover(at: offset, in: documents.navigationContext()) else { return .null }
            return ["contents": ["kind": "markdown", "value": .string(hover.markdown)],
                    "range": documents.analysis.range(of: hover.range).json]
        }
    }
}
