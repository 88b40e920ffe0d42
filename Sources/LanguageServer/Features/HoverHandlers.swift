import JSONText
import LanguageFeatures

/// `textDocument/hover`.
enum HoverHandlers {
    static func register(into registry: inout FeatureRegistry) {
        registry.register("textDocument/hover", capability: "hoverProvider") { context, params in
            let documents = try NavDocuments(context, params)
            let offset = try documents.offset(params)
            guard let hover = Hover.hover(at: offset, in: documents.navigationContext()) else { return .null }
            let formats = context.clientCapabilities["textDocument"]["hover"]["contentFormat"].arrayValue
            // Markdown unless the client lists formats without it (no list: markdown is the norm).
            let kind: JSONValue = formats.map { $0.contains("markdown") } ?? true ? "markdown" : "plaintext"
            return ["contents": ["kind": kind, "value": .string(hover.markdown)],
                    "range": documents.analysis.range(of: hover.range).json]
        }
    }
}
