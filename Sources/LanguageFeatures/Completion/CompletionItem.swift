import TemplateFormat

/// What a completion item inserts; the server maps it to the editor's icon kinds.
public enum CompletionItemKind: String, Sendable, Hashable {
    /// A block kind or directive: `text`, `template`, `import`.
    case keyword
    /// A property key: `font-size: ${1:16}`.
    case property
    /// An enumeration value or boolean.
    case value
    /// A named colour.
    case color
    /// A style or element name.
    case reference
    /// A parameter name inside `{{`.
    case parameter
    /// A ready-made line such as `format 1`.
    case snippet
    /// A file named in a path (`import`, `src`).
    case file
    /// A folder in a path, ending with `/`.
    case folder
    /// A diagnostic code after `tdl-ignore`.
    case code
}

/// One completion proposal: what to show and what to insert where.
public struct CompletionItem: Sendable, Hashable {
    public let label: String
    public let kind: CompletionItemKind
    /// One line next to the label: a type, a default, a hex colour.
    public let detail: String?
    /// Markdown.
    public let documentation: String?
    public let insertText: String
    /// Whether `insertText` uses snippet syntax (`${1:16}`, `$0`).
    public let isSnippet: Bool
    /// What a client without snippet support inserts: the snippet with its placeholders'
    /// defaults, or text written for such clients (a block laid out with explicit
    /// indentation, since only snippets are re-indented by the editor).
    public let plainText: String
    /// The bytes the insertion replaces: the partial word at the cursor (empty when none).
    public let replaceRange: ByteRange
    /// Orders items the way the schema does; editors sort by it, then filter by label.
    public let sortText: String
    /// Whether the editor should select this item first.
    public let preselect: Bool

    public init(label: String, kind: CompletionItemKind, detail: String? = nil, documentation: String? = nil,
                insertText: String? = nil, isSnippet: Bool = false, plainText: String? = nil,
                replaceRange: ByteRange, sortText: String, preselect: Bool = false) {
        self.label = label
        self.kind = kind
        self.detail = detail
        self.documentation = documentation
        self.insertText = insertText ?? label
        self.isSnippet = isSnippet
        self.plainText = plainText ?? (isSnippet ? Snippet.plainText(insertText ?? label) : insertText ?? label)
        self.replaceRange = replaceRange
        self.sortText = sortText
        self.preselect = preselect
    }
}
