import LSPProtocol
import LanguageFeatures
import TemplateFormat

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
            let items = Completion.items(in: documents.file, at: offset, styles: documents.navigationContext().scope)
            let itemCapabilities = context.clientCapabilities["textDocument"]["completion"]["completionItem"]
            let snippets = itemCapabilities["snippetSupport"].boolValue ?? false
            let markdown = itemCapabilities["documentationFormat"].arrayValue?.contains("markdown") ?? false
            let doc = documents.analysis
            return ["isIncomplete": false, "items": .array(items.map { json($0, in: doc, snippets: snippets, markdown: markdown) })]
        }
    }

    /// Documentation goes as markdown only to clients that list it; others get the text as is.
    static func json(_ item: CompletionItem, in doc: DocumentAnalysis, snippets: Bool, markdown: Bool) -> JSONValue {
        let asSnippet = item.isSnippet && snippets
        let text = item.isSnippet && !snippets ? plainText(ofSnippet: item.insertText) : item.insertText
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
        }
    }

    /// A snippet's text for clients without snippet support: placeholders keep their
    /// default text, tab stops vanish, escapes are undone.
    static func plainText(ofSnippet snippet: String) -> String {
        var out = ""
        var chars = Array(snippet)
        var k = 0
        chars.append("\0")
        while k < chars.count - 1 {
            let c = chars[k]
            if c == "\\" { out.append(chars[k + 1]); k += 2; continue }
            if c == "$" {
                if chars[k + 1].isNumber {
                    k += 1
                    while chars[k].isNumber { k += 1 }
                    continue
                }
                if chars[k + 1] == "{" {
                    k += 2
                    while chars[k].isNumber { k += 1 }
                    if chars[k] == ":" { k += 1 }
                    continue
                }
            }
            if c == "}" { k += 1; continue }  // the end of a placeholder (literal ones are escaped)
            out.append(c)
            k += 1
        }
        return out
    }
}
