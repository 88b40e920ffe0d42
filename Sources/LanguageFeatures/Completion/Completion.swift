import ProjectModel
import TemplateFormat
import Validator

/// Completion from the schema and the document. Works on any tree the parser gives back,
/// half-typed and broken ones included: it reads only the tokens of the cursor's line and
/// the block around it.
public enum Completion {
    /// Characters after which an editor should ask for completion.
    public static let triggerCharacters: [String] = [":", "{", " "]

    /// Proposals at `offset` in `file`; `styles` is the file's scope in its project (nil: the
    /// file's own styles only). Reads only the cursor's line, the blocks around it and, for
    /// element and parameter names, the enclosing template or annotation set.
    public static func items(in file: ProjectFile, at offset: Int,
                             styles: StyleScope? = nil) -> [CompletionItem] {
        let tree = file.tree
        let offset = SyntaxLookup.clamp(offset, in: tree)
        let tokens = tree.tokens

        // Inside a string: only `{{name}}` completes; inside a comment, nothing.
        if let i = SyntaxLookup.tokenIndex(at: offset, in: tree) {
            let token = tokens[i]
            let inside = token.start < offset && (offset < token.end || token.flags.contains(.unterminated))
            if inside && (token.kind == .string || token.kind == .multilineString) {
                return parameterItems(in: file, string: token, at: offset)
            }
            if token.start < offset && token.kind.isComment { return [] }
            if token.start < offset && (token.kind == .number || token.kind == .color) { return [] }
        }

        let word = SyntaxLookup.wordRange(at: offset, in: tree)
        let line = tokensBefore(word.start, in: tree)
        let block = SyntaxLookup.bodyBlock(at: word.start, in: tree)

        if line.isEmpty {
            return memberItems(in: file, block: block, word: word)
        }
        if line.count >= 2, line[0].kind == .identifier, line[1].kind == .colon, let block {
            let key = tree.text(of: line[0])
            let previous = Array(line.dropFirst(2))
            return valueItems(in: file, block: block, key: key, previous: previous, word: word, styles: styles)
        }
        return []
    }

    /// The tokens of the current statement before `offset` (since the last newline, `;`,
    /// `{` or `}`), comments left out.
    static func tokensBefore(_ offset: Int, in tree: SyntaxTree) -> [Token] {
        let tokens = tree.tokens
        var k = tree.tokenIndex(at: offset) - 1
        var result: [Token] = []
        while k >= 0 {
            let t = tokens[k]
            switch t.kind {
            case .newline, .semicolon, .leftBrace, .rightBrace: return result.reversed()
            case .lineComment, .docComment, .blockComment, .byteOrderMark: break
            default: result.append(t)
            }
            k -= 1
        }
        return result.reversed()
    }

    // MARK: Members: block kinds and properties

    static func memberItems(in file: ProjectFile, block: BlockSyntax?, word: ByteRange) -> [CompletionItem] {
        let tree = file.tree
        guard let block else { return topLevelItems(in: tree, word: word) }
        guard let kind = Schema.kind(block.kind) else { return [] }
        var items: [CompletionItem] = []

        // Properties not yet set (the word being typed does not count as set).
        var written: Set<String> = []
        for property in block.properties where property.keyToken.range != word {
            written.insert(property.key)
        }
        let candidates: [PropertySchema]
        if kind.anyElementProperty {
            candidates = Schema.styleablePropertyNames.compactMap(Schema.styleableProperty)
        } else {
            candidates = kind.properties
        }
        var position = 0
        for property in candidates where !written.contains(property.name) {
            if property.excludes.contains(where: written.contains) { continue }
            let value = property.defaultValue ?? property.type.example
            items.append(CompletionItem(
                label: property.name, kind: .property,
                detail: SchemaDocs.propertyDetail(property),
                documentation: SchemaDocs.propertyMarkdown(property),
                insertText: "\(property.name): ${1:\(SchemaDocs.snippetEscaped(value))}",
                isSnippet: true, replaceRange: word,
                sortText: sortKey(property.required ? 0 : 1, position)))
            position += 1
        }
        for (n, child) in kind.childKinds.enumerated() {
            items.append(kindItem(child, word: word, sortText: sortKey(2, n)))
        }
        return items
    }

    static func topLevelItems(in tree: SyntaxTree, word: ByteRange) -> [CompletionItem] {
        let document = tree.document
        let hasFormat = document.directives.contains { $0.keyword == "format" }
        // Only the partial word (if any) is written: the file is empty for our purposes.
        let isEmpty = !tree.tokens.contains { t in
            t.kind != .newline && !t.kind.isTrivia && t.range != word
        }
        var items: [CompletionItem] = []
        if !hasFormat {
            items.append(CompletionItem(
                label: "format 1", kind: .snippet, detail: "format version",
                documentation: Schema.kind("format").map(SchemaDocs.kindMarkdown),
                insertText: "format \(Schema.formatVersion)", replaceRange: word,
                sortText: sortKey(0, 0), preselect: isEmpty))
        }
        for (n, kind) in Schema.kinds(allowedIn: .topLevel).enumerated() where kind.name != "format" {
            items.append(kindItem(kind, word: word, sortText: sortKey(1, n)))
        }
        return items
    }

    static func kindItem(_ kind: KindSchema, word: ByteRange, sortText: String) -> CompletionItem {
        let insert: String
        switch kind.name {
        case "import": insert = "import \"${1:styles.tdl}\""
        case "format": insert = "format \(Schema.formatVersion)"
        default:
            var header = kind.name
            var tab = 1
            if kind.requiresName { header += " ${\(tab):name}"; tab += 1 }
            if kind.titlePresence == .required { header += " \"${\(tab):Title}\"" }
            insert = header + " {\n\t$0\n}"
        }
        return CompletionItem(label: kind.name, kind: .keyword, detail: kind.synopsis,
                              documentation: SchemaDocs.kindMarkdown(kind), insertText: insert,
                              isSnippet: true, replaceRange: word, sortText: sortText)
    }

    // MARK: Values after `key:`

    static func valueItems(in file: ProjectFile, block: BlockSyntax, key: String, previous: [Token],
                           word: ByteRange, styles: StyleScope?) -> [CompletionItem] {
        guard let property = SchemaDocs.property(key, inKind: block.kind) else { return [] }
        let atomsBefore = previous.filter { $0.kind.isAtom }
        var items: [CompletionItem] = []
        func add(_ label: String, _ kind: CompletionItemKind, detail: String?, doc: String?, _ n: Int) {
            items.append(CompletionItem(label: label, kind: kind, detail: detail, documentation: doc,
                                        replaceRange: word, sortText: sortKey(0, n),
                                        preselect: label == property.defaultValue))
        }
        switch property.type {
        case .enumeration(let values):
            guard atomsBefore.isEmpty else { return [] }
            for (n, value) in values.enumerated() {
                let detail = value == property.defaultValue ? "default" : nil
                add(value, .value, detail: detail, doc: devicePresetDoc(value, key: key) ?? SchemaDocs.propertyMarkdown(property), n)
            }
        case .boolean:
            guard atomsBefore.isEmpty else { return [] }
            for (n, value) in ["true", "false"].enumerated() {
                add(value, .value, detail: value == property.defaultValue ? "default" : nil, doc: nil, n)
            }
        case .color:
            guard atomsBefore.isEmpty else { return [] }
            for (n, name) in Schema.namedColorNames.enumerated() {
                guard let color = Schema.namedColor(name) else { continue }
                add(name, .color, detail: color.hexString, doc: SchemaDocs.colorText(color), n)
            }
        case .font:
            // After the family string: the weights.
            guard atomsBefore.count == 1, atomsBefore[0].kind == .string || atomsBefore[0].kind == .multilineString else { return [] }
            for (n, weight) in Schema.fontWeights.enumerated() {
                add(weight, .value, detail: "font weight", doc: nil, n)
            }
        case .styleReference:
            guard atomsBefore.isEmpty else { return [] }
            let scope = styles ?? Project(files: [file], loader: nil).scope(of: file.path)
            let own = block.kind == "style" ? block.name : nil
            for (n, name) in scope.names.enumerated() where name != own {
                guard let definition = scope.style(named: name) else { continue }
                let from = definition.path == file.path ? "style" : "style from \(definition.path)"
                add(name, .reference, detail: from, doc: SyntaxLookup.docComment(of: definition.block), n)
            }
        case .pointOrElement:
            guard atomsBefore.isEmpty, let index = containerIndex(at: word.start, in: file.tree),
                  let container = index.container(at: word.start) else { return [] }
            let own = block.name
            for (n, name) in index.definedNames(.element, container: container.node.id).enumerated() where name != own {
                add(name, .reference, detail: "element", doc: nil, n)
            }
        default:
            return []
        }
        return items
    }

    static func devicePresetDoc(_ value: String, key: String) -> String? {
        guard key == "device", let device = Schema.device(value) else { return nil }
        return "\(device.displayName): \(device.width) x \(device.height) px"
    }

    // MARK: Parameters inside `{{`

    static func parameterItems(in file: ProjectFile, string: Token, at offset: Int) -> [CompletionItem] {
        let bytes = file.tree.bytes
        var start = offset
        while start > string.start && Identifier.isContinue(bytes[start - 1]) { start -= 1 }
        guard start - 2 >= string.start, bytes[start - 1] == 0x7B, bytes[start - 2] == 0x7B else { return [] }
        if start - 3 >= string.start && bytes[start - 3] == 0x5C { return [] }  // `\{{` is literal text
        var end = offset
        while end < string.end && Identifier.isContinue(bytes[end]) { end += 1 }
        let closed = end + 1 < bytes.count && bytes[end] == 0x7D && bytes[end + 1] == 0x7D
        guard let index = containerIndex(at: offset, in: file.tree),
              let container = index.container(at: offset), container.kind == "template" else { return [] }
        let id = container.node.id
        var items: [CompletionItem] = []
        let definitions = index.occurrences.filter { $0.isDefinition && $0.key.kind == .parameter && $0.key.container == id }
        var seen: Set<String> = []
        for (n, definition) in definitions.enumerated() where seen.insert(definition.key.name).inserted {
            let name = definition.key.name
            let defaultText = parameterDefault(definition, in: file.tree)
            items.append(CompletionItem(
                label: name, kind: .parameter, detail: defaultText.map { "parameter · default \($0)" } ?? "parameter",
                insertText: closed ? name : name + "}}",
                replaceRange: ByteRange(start: start, end: end), sortText: sortKey(0, n)))
        }
        return items
    }

    /// The symbols of the top-level template or annotation set holding `offset`.
    static func containerIndex(at offset: Int, in tree: SyntaxTree) -> SymbolIndex? {
        guard let top = tree.document.blocks.first(where: { $0.range.start <= offset && offset <= $0.range.end }),
              top.kind != "style" else { return nil }
        return SymbolIndex(topLevel: top)
    }

    /// The default written for a parameter definition (`"friend"`, `14`).
    static func parameterDefault(_ definition: SymbolOccurrence, in tree: SyntaxTree) -> String? {
        guard let block = SyntaxLookup.innermostBlock(containing: definition.range.start, in: tree),
              let property = SyntaxLookup.property(of: block, at: definition.range.start),
              let value = property.value else { return nil }
        return value.node.text
    }

    static func sortKey(_ group: Int, _ position: Int) -> String {
        let digits = String(position)
        return "\(group)" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
