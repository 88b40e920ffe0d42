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
            var files: [SourceFile] = []
            var analyses: [String: DocumentAnalysis] = [:]
            var seen: Set<String> = []
            for doc in context.openDocuments {
                let path = NavDocuments.path(of: doc)
                seen.insert(path)
                analyses[path] = doc
                files.append(SourceFile(path: path, tree: doc.tree))
            }
            // Files on disk are only parsed, not validated: a symbol search needs names only.
            for path in context.workspaceFiles(limit: 5_000) where !seen.contains(path) {
                try context.checkCancelled()
                guard let bytes = Workspace.readFile(path) else { continue }
                files.append(SourceFile(path: path, tree: SyntaxTree.parse(bytes)))
            }
            let found = WorkspaceSymbols.search(query, in: files, limit: 1_000)
            var lineIndexes: [String: LineIndex] = [:]
            return .array(found.compactMap { symbol -> JSONValue? in
                let path = symbol.location.path
                let range: JSONValue
                let uri: String
                if let doc = analyses[path] {
                    uri = doc.uri
                    range = doc.range(of: symbol.location.range).json
                } else {
                    guard let file = files.first(where: { $0.path == path }) else { return nil }
                    let index = lineIndexes[path] ?? LineIndex(file.tree.bytes)
                    lineIndexes[path] = index
                    uri = DocumentURI.uri(forPath: path)
                    range = lspRange(symbol.location.range, index: index, encoding: context.encoding)
                }
                return .members([
                    ("name", .string(symbol.name)),
                    ("kind", .int(lspKind(symbol.kind))),
                    ("location", ["uri": .string(uri), "range": range]),
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

    /// A range in a file that is not open, in the negotiated encoding.
    static func lspRange(_ range: ByteRange, index: LineIndex, encoding: PositionEncoding) -> JSONValue {
        func position(_ offset: Int) -> JSONValue {
            let p = encoding == .utf16 ? index.utf16Position(of: offset) : index.utf8Position(of: offset)
            return LSPPosition(line: p.line, character: p.column).json
        }
        return ["start": position(range.start), "end": position(range.end)]
    }
}
