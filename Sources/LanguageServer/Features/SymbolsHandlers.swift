import LSPProtocol
import LanguageFeatures
import TemplateFormat

/// `textDocument/documentSymbol` (hierarchical) and `workspace/symbol`.
enum SymbolsHandlers {
    static func register(into registry: inout FeatureRegistry) {
        registry.register("textDocument/documentSymbol", capability: "documentSymbolProvider") { context, params in
            let doc = try context.document(params)
            return .array(DocumentSymbols.outline(of: doc.tree).map { json($0, in: doc) })
        }
        registry.register("workspace/symbol", capability: "workspaceSymbolProvider") { context, params in
            let query = params["query"].stringValue ?? ""
            // From the project's index of every workspace file, ranked: never cut in file order.
            context.finishIndexing()
            let found = context.project.searchSymbols(query, limit: 1_000)
            return .array(found.compactMap { symbol -> JSONValue? in
                guard let location = context.location(path: symbol.path, range: symbol.range) else { return nil }
                let kind: OutlineKind = symbol.kind == "parameter" ? .parameter : OutlineKind(blockKind: symbol.kind)
                return .members([
                    ("name", .string(symbol.name)),
                    ("kind", .int(lspKind(kind))),
                    ("location", location),
                    ("containerName", symbol.containerName.map { .string($0) }),
                ])
            })
        }
    }

    static func json(_ symbol: OutlineSymbol, in doc: DocumentAnalysis) -> JSONValue {
        [
            "name": .string(symbol.name),
            "detail": .string(symbol.detail),
            "kind": .int(lspKind(symbol.kind)),
            "range": doc.range(of: symbol.range).json,
            "selectionRange": doc.range(of: symbol.selectionRange).json,
            "children": .array(symbol.children.map { json($0, in: doc) }),
        ]
    }

    /// LSP SymbolKind numbers.
    static func lspKind(_ kind: OutlineKind) -> Int {
        switch kind {
        case .style: return 5          // Class
        case .template: return 2       // Module
        case .annotations: return 3    // Namespace
        case .parameters: return 23    // Struct
        case .parameter: return 13     // Variable
        case .group: return 18         // Array
        case .component, .annotationElement, .unknown: return 19  // Object
        }
    }
}
