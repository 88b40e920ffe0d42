import JSONText
import LanguageFeatures
import TemplateFormat

/// `textDocument/documentSymbol` (hierarchical) and `workspace/symbol`.
enum SymbolsHandlers {
    static func register(into registry: inout FeatureRegistry) {
        registry.register("textDocument/documentSymbol", capability: "documentSymbolProvider") { context, params in
            let doc = try context.document(params)
            return .array(DocumentSymbols.outline(of: doc.tree).map { json($0, in: doc) })
        }
        registry.register(Feature(method: "workspace/symbol", capabilities: [("workspaceSymbolProvider", true)], rawHandler: { context, params in
            let query = params["query"].stringValue ?? ""
            // From the project's index of every workspace file, ranked: never cut in file order.
            context.finishIndexing()
            var out = JSONWriter()
            out.beginArray()
            for symbol in context.project.searchSymbols(query, limit: limit) {
                guard let location = context.locationParts(path: symbol.path, range: symbol.range) else { continue }
                let kind: OutlineKind = symbol.kind == "parameter" ? .parameter : OutlineKind(blockKind: symbol.kind)
                out.item()
                out.raw(#"{"name":"#)
                out.string(symbol.name)
                out.raw(#","kind":"#)
                out.number(lspKind(kind))
                out.raw(#","location":"#)
                LSPJSON.writeLocation(uri: location.uri, range: location.range, into: &out)
                if let container = symbol.containerName {
                    out.raw(#","containerName":"#)
                    out.string(container)
                }
                out.raw(UInt8(ascii: "}"))
            }
            out.endArray()
            return out.bytes
        }))
    }

    /// At most this many workspace symbols answer a query: the best ones (rust-analyzer
    /// answers 128). A list longer than a screen is not read; writing it costs every keystroke.
    static let limit = 256

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
        case .fontFace: return 1       // File: a face is a font file
        case .template: return 2       // Module
        case .annotations: return 3    // Namespace
        case .parameters: return 23    // Struct
        case .parameter: return 13     // Variable
        case .group: return 18         // Array
        case .component, .annotationElement, .unknown: return 19  // Object
        }
    }
}
