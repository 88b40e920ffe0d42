import ProjectModel
import TemplateFormat
import Validator

/// Completion at the start of a member: the properties a block still lacks and the kinds
/// of block it may hold, or the top-level kinds and directives.
extension Completion {
    /// What follows the word being completed on its line, which decides how much to insert:
    /// over `backg: red` only the key is replaced, over `tex sub {` only the kind.
    enum LineRest {
        /// Nothing (or a comment): insert the whole member.
        case nothing
        /// A `:` comes next: insert the key only.
        case colon
        /// A value or a header goes on: insert the word, and for a key its colon.
        case words
    }

    static func lineRest(after offset: Int, in tree: SyntaxTree) -> LineRest {
        let tokens = tree.tokens
        var k = tree.tokenIndex(at: offset)
        while k < tokens.count {
            let t = tokens[k]
            switch t.kind {
            case .newline, .semicolon, .rightBrace: return .nothing
            case .lineComment, .docComment, .blockComment, .byteOrderMark: k += 1; continue
            case .colon: return .colon
            default: return .words
            }
        }
        return .nothing
    }

    static func memberItems(in file: ProjectFile, block: BlockSyntax?, word: ByteRange,
                            styles: StyleScope?) -> [CompletionItem] {
        let tree = file.tree
        let rest = lineRest(after: word.end, in: tree)
        let layout = BlockLayout(indentation: Indentation(tree: tree), depth: Indentation.depth(of: block))
        guard let block else { return topLevelItems(in: tree, word: word, rest: rest, layout: layout) }
        guard let kind = Schema.kind(block.kind) else { return [] }
        var items: [CompletionItem] = []

        // Properties not yet set (the word being typed does not count as set).
        var written: Set<String> = []
        for property in block.properties where property.keyToken.range != word {
            written.insert(property.key)
        }
        let isStyle = kind.anyElementProperty
        let candidates = isStyle ? Schema.styleablePropertyNames.compactMap(Schema.styleableProperty) : kind.properties
        var position = 0
        for property in candidates where !written.contains(property.name) {
            if property.excludes.contains(where: written.contains) { continue }
            let value: String
            if property.type == .styleReference {
                // A style of this file or its imports, never the style being written.
                let own = isStyle ? block.name : nil
                let scope = styles ?? Project(files: [file], loader: nil).scope(of: file.path)
                guard let name = scope.names.first(where: { $0 != own }) else { continue }
                value = name
            } else {
                value = property.suggestedValue(inKind: isStyle ? nil : kind.name)
            }
            let required = !isStyle && property.required
            items.append(propertyItem(property, value: value, word: word, rest: rest,
                                      detail: isStyle ? SchemaDocs.styleablePropertyDetail(property.name) : SchemaDocs.propertyDetail(property),
                                      documentation: isStyle ? SchemaDocs.styleablePropertyMarkdown(property.name) : SchemaDocs.propertyMarkdown(property),
                                      sortText: sortKey(required ? 0 : 1, position)))
            position += 1
        }
        for (n, child) in kind.childKinds.enumerated() {
            items.append(kindItem(child, word: word, rest: rest, layout: layout, sortText: sortKey(2, n)))
        }
        return items
    }

    /// `key: value`, the value a snippet placeholder; only the key (and a colon) when the
    /// line already goes on.
    static func propertyItem(_ property: PropertySchema, value: String, word: ByteRange, rest: LineRest,
                             detail: String, documentation: String, sortText: String) -> CompletionItem {
        switch rest {
        case .nothing:
            return CompletionItem(label: property.name, kind: .property, detail: detail, documentation: documentation,
                                  insertText: "\(property.name): ${1:\(Snippet.escaped(value))}", isSnippet: true,
                                  replaceRange: word, sortText: sortText)
        case .colon, .words:
            return CompletionItem(label: property.name, kind: .property, detail: detail, documentation: documentation,
                                  insertText: rest == .colon ? property.name : property.name + ":",
                                  replaceRange: word, sortText: sortText)
        }
    }

    static func topLevelItems(in tree: SyntaxTree, word: ByteRange, rest: LineRest, layout: BlockLayout) -> [CompletionItem] {
        let document = tree.document
        let hasFormat = document.directives.contains { $0.keyword == "format" }
        // Only the partial word (if any) is written: the file is empty for our purposes.
        let isEmpty = !tree.tokens.contains { t in
            t.kind != .newline && !t.kind.isTrivia && t.range != word
        }
        var items: [CompletionItem] = []
        if !hasFormat && rest == .nothing {
            items.append(CompletionItem(
                label: "format 1", kind: .snippet, detail: "format version",
                documentation: Schema.kind("format").map(SchemaDocs.kindMarkdown),
                insertText: "format \(Schema.formatVersion)", replaceRange: word,
                sortText: sortKey(0, 0), preselect: isEmpty))
        }
        for (n, kind) in Schema.kinds(allowedIn: .topLevel).enumerated() where KindID(kind) != .format {
            items.append(kindItem(kind, word: word, rest: rest, layout: layout, sortText: sortKey(1, n)))
        }
        return items
    }

    /// Where a block inserted at the cursor sits: the document's indentation unit and how
    /// many blocks hold the new one (0 at top level).
    struct BlockLayout {
        let indentation: Indentation
        let depth: Int
    }

    /// A block with its header and its required and recommended properties, closed. A snippet (tab stops on the
    /// name and each value, `$0` inside) for clients that take them; for the others the
    /// same block laid out as the formatter would, since they insert text as it is.
    static func kindItem(_ kind: KindSchema, word: ByteRange, rest: LineRest, layout: BlockLayout,
                         sortText: String) -> CompletionItem {
        func item(_ insert: String, snippet: Bool, plain: String? = nil) -> CompletionItem {
            CompletionItem(label: kind.name, kind: .keyword, detail: kind.synopsis,
                           documentation: SchemaDocs.kindMarkdown(kind), insertText: insert,
                           isSnippet: snippet, plainText: plain, replaceRange: word, sortText: sortText)
        }
        if rest != .nothing { return item(kind.name, snippet: false) }
        switch KindID(kind) {
        case .import: return item("import \"$1\"", snippet: true)
        case .format: return item("format \(Schema.formatVersion)", snippet: false)
        default: break
        }
        var tab = 1
        var header = kind.name
        var plainHeader = kind.name
        if kind.requiresName {
            header += " ${\(tab):name}"
            plainHeader += " name"
            tab += 1
        }
        if kind.titlePresence == .required {
            // A `font-face`'s string is the family it ships.
            let title = KindID(kind) == .fontFace ? "Family" : "Title"
            header += " \"${\(tab):\(title)}\""
            plainHeader += " \"\(title)\""
            tab += 1
        }
        let lines = kind.suggestedProperties.map { (key: $0.name, value: $0.suggestedValue(inKind: kind.name)) }
        var snippet = header + " {\n"
        for line in lines {
            snippet += "\t\(line.key): ${\(tab):\(Snippet.escaped(line.value))}\n"
            tab += 1
        }
        snippet += "\t$0\n}"
        let inner = layout.indentation.prefix(depth: layout.depth + 1)
        let plain = lines.isEmpty
            ? plainHeader + " {}"
            : plainHeader + " {\n" + lines.map { inner + $0.key + ": " + $0.value + "\n" }.joined()
                + layout.indentation.prefix(depth: layout.depth) + "}"
        return item(snippet, snippet: true, plain: plain)
    }
}
