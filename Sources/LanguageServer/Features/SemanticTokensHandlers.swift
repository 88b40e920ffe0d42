import JSONText
import LanguageFeatures
import TemplateFormat

/// `textDocument/semanticTokens/full` and `/range`: LanguageFeatures' tokens, split per line
/// (so clients without `multilineTokenSupport` get valid data), encoded as LSP's relative
/// five-integer groups in the negotiated position encoding.
enum SemanticTokensHandlers {
    static func register(into registry: inout FeatureRegistry) {
        let legend: JSONValue = [
            "tokenTypes": .array(SemanticTokenLegend.types.map { .string($0) }),
            "tokenModifiers": .array(SemanticTokenLegend.modifiers.map { .string($0) }),
        ]
        let capability: JSONValue = ["legend": legend, "full": true, "range": true]
        registry.register(Feature(method: "textDocument/semanticTokens/full",
                                  capabilities: [("semanticTokensProvider", capability)]) { context, params in
            let doc = try context.document(params)
            return encode(SemanticTokens.tokens(in: doc.tree, splittingLinesWith: doc.lineIndex), doc: doc)
        })
        registry.register("textDocument/semanticTokens/range", capability: nil) { context, params in
            let doc = try context.document(params)
            let range = try doc.byteRange(ofJSON: params["range"])
            return encode(SemanticTokens.tokens(in: doc.tree, range: range, splittingLinesWith: doc.lineIndex), doc: doc)
        }
    }

    /// `{data: [deltaLine, deltaStart, length, type, modifiers, …]}`.
    static func encode(_ tokens: [SemanticToken], doc: DocumentAnalysis) -> JSONValue {
        var data: [JSONValue] = []
        data.reserveCapacity(tokens.count * 5)
        var previousLine = 0, previousStart = 0
        for token in tokens {
            let start = doc.position(of: token.range.start)
            let end = doc.position(of: token.range.end)
            guard end.line == start.line, end.character > start.character else { continue }
            let deltaLine = start.line - previousLine
            let deltaStart = deltaLine == 0 ? start.character - previousStart : start.character
            data.append(.int(deltaLine))
            data.append(.int(deltaStart))
            data.append(.int(end.character - start.character))
            data.append(.int(token.type.rawValue))
            data.append(.int(Int(token.modifiers.rawValue)))
            previousLine = start.line
            previousStart = start.character
        }
        return ["data": .array(data)]
    }
}
