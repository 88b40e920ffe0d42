import JSONText
import LanguageFeatures
import TemplateFormat
import ToolSupport

/// `textDocument/completion`: LanguageFeatures' completion as LSP `CompletionList`.
enum CompletionHandlers {
    static func register(into registry: inout FeatureRegistry) {
        let options: JSONValue = [
            "triggerCharacters": .array(Completion.triggerCharacters.map { .string($0) }),
            "resolveProvider": false,
        ]
        registry.register("textDocument/completion", capability: "completionProvider", options) { context, params in
            let documents = try NavDocuments(context, params)
            let offset = try documents.offset(params)
            let items = Completion.items(in: documents.file, at: offset, styles: documents.navigationContext().scope,
                                         paths: pathEntries(for: documents, at: offset),
                                         diagnostics: documents.analysis.diagnostics)
            let itemCapabilities = context.clientCapabilities["textDocument"]["completion"]["completionItem"]
            let snippets = itemCapabilities["snippetSupport"].boolValue ?? false
            let markdown = itemCapabilities["documentationFormat"].arrayValue?.contains("markdown") ?? false
            let doc = documents.analysis
            return ["isIncomplete": false, "items": .array(items.map { json($0, in: doc, snippets: snippets, markdown: markdown) })]
        }
    }

    /// The entries of the folder a path being typed is in, relative to the document's folder
    /// (one level: typing `img/` lists `img/`); none for an unsaved document.
    static func pathEntries(for documents: NavDocuments, at offset: Int) -> [String] {
        guard let query = Completion.pathQuery(in: documents.file, at: offset),
              let path = documents.analysis.path else { return [] }
        let base = parentPath(path)
        let folder = query.folder.isEmpty ? base : normalizedPath(base + "/" + query.folder)
        return listDirectory(folder, limit: 1000).map { query.folder + $0 }
    }

    /// Documentation goes as markdown only to clients that list it; others get the text as is.
    static func json(_ item: CompletionItem, in doc: DocumentAnalysis, snippets: Bool, markdown: Bool) -> JSONValue {
        let asSnippet = item.isSnippet && snippets
        let text = asSnippet ? item.insertText : item.plainText
        return .members([
            ("label", .string(item.label)),
            ("kind", .int(lspKind(item.kind))),
            ("detail", item.detail.map { .string($0) }),
            ("documentation", item.documentation.map { markdown ? ["kind": "markdown", "value": .string($0)] : .string($0) }),
            ("sortText", .string(item.sortText)),
            ("preselect", item.preselect ? true : nil),
            ("insertTextFormat", .int(asSnippet ? 2 : 1)),
            ("textEdit", ["range": doc.range(of: item.replaceRange).json, "newText": .string(text)]),
        ])
    }

    /// LSP CompletionItemKind numbers.
    static func lspKind(_ kind: CompletionItemKind) -> Int {
        switch kind {
        case .keyword: return 14
        case .property: return 10
        case .value: return 12
        case .color: return 16
        case .reference: return 18
        case .parameter: return 6
        case .snippet: return 15
        case .file: return 17
        case .folder: return 19
        case .code: return 21
        }
    }
}
