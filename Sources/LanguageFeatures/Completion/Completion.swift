import ProjectModel
import TemplateFormat
import Validator

/// Completion from the schema and the document. Works on any tree the parser gives back,
/// half-typed and broken ones included: it reads only the tokens of the cursor's line and
/// the block around it.
public enum Completion {
    /// Characters after which an editor should ask for completion: a value after `:`, a
    /// member after `{`, a code after `tdl-ignore `, a path after `"` and `/`.
    public static let triggerCharacters: [String] = [":", "{", " ", "\"", "/"]

    /// Proposals at `offset` in `file`. `styles` is the file's scope in its project (nil: the
    /// file's own styles only); `paths` are the entries the server listed for `pathQuery(in:at:)` (relative
    /// to the document's folder, folders ending with `/`); `diagnostics` are the document's,
    /// to put the codes reported where a `tdl-ignore` applies first. Reads only the
    /// cursor's line, the blocks around it and, for element and parameter names, the
    /// enclosing template or annotation set.
    public static func items(in file: ProjectFile, at offset: Int, styles: StyleScope? = nil,
                             paths: [String] = [], diagnostics: [Diagnostic] = []) -> [CompletionItem] {
        let tree = file.tree
        let offset = SyntaxLookup.clamp(offset, in: tree)
        let tokens = tree.tokens

        // Inside a comment (a line comment runs to the end of its line, cursor included):
        // only the codes of a suppression.
        let insideComment = SyntaxLookup.tokenIndex(at: offset, in: tree).map { tokens[$0].start < offset && tokens[$0].kind.isComment }
        if insideComment == true || SuppressionComment.lineComment(at: offset, in: tree) != nil {
            guard let comment = SuppressionComment.at(offset, in: tree) else { return [] }
            return suppressionItems(comment, at: offset, in: tree, diagnostics: diagnostics)
        }
        // Inside a string: `{{name}}`, paths, font families and language tags.
        if let i = SyntaxLookup.tokenIndex(at: offset, in: tree) {
            let token = tokens[i]
            let inside = token.start < offset && (offset < token.end || token.flags.contains(.unterminated))
            if inside && (token.kind == .string || token.kind == .multilineString) {
                if let parameters = parameterItems(in: file, string: token, at: offset) { return parameters }
                return stringItems(in: file, string: token, at: offset, paths: paths)
            }
            if token.start < offset && (token.kind == .number || token.kind == .color) { return [] }
        }

        let word = SyntaxLookup.wordRange(at: offset, in: tree)
        let line = tokensBefore(word.start, in: tree)
        let block = SyntaxLookup.bodyBlock(at: word.start, in: tree)

        if line.isEmpty {
            return memberItems(in: file, block: block, word: word, styles: styles)
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

    // MARK: Inside a string

    /// A path for `import` and file-valued properties, a family for `font`, a tag for
    /// `lang`; the string's content is what a proposal replaces.
    static func stringItems(in file: ProjectFile, string: Token, at offset: Int, paths: [String]) -> [CompletionItem] {
        guard string.kind == .string else { return [] }
        if let query = pathQuery(in: file, at: offset) {
            // Never the document itself: importing it is a cycle.
            let folder = DocumentLinks.directory(of: file.path)
            return pathItems(query, entries: paths.filter { DocumentLinks.normalized(folder + "/" + $0) != file.path })
        }
        let tree = file.tree
        let line = tokensBefore(string.start, in: tree)
        guard line.count == 2, line[0].kind == .identifier, line[1].kind == .colon,
              let block = SyntaxLookup.bodyBlock(at: string.start, in: tree),
              let property = SchemaDocs.property(tree.text(of: line[0]), inKind: block.kind) else { return [] }
        var content = AtomSyntax.contentRange(of: string)
        if string.flags.contains(.unterminated) { content = ByteRange(start: content.start, end: max(content.start, string.end)) }
        switch property.type {
        case .font: return fontItems(in: tree, replacing: content, quoted: false)
        case .languageTag: return languageItems(replacing: content, quoted: false)
        default: return []
        }
    }

    /// Families already used in the document, then common ones.
    static func fontItems(in tree: SyntaxTree, replacing range: ByteRange, quoted: Bool) -> [CompletionItem] {
        var families: [String] = []
        let tokens = tree.tokens
        var k = 0
        while k + 2 < tokens.count {
            if tokens[k].kind == .identifier, tokens[k + 1].kind == .colon, tokens[k + 2].kind == .string,
               tree.token(tokens[k], equals: "font"), tokens[k + 2].range.end <= range.start || tokens[k + 2].range.start >= range.end {
                let family = AtomSyntax(tree: tree, token: tokens[k + 2]).stringValue
                if !family.isEmpty && !families.contains(family) { families.append(family) }
            }
            k += 1
        }
        let used = families.count
        for family in ValueSuggestions.fontFamilies where !families.contains(family) { families.append(family) }
        return families.enumerated().map { n, family in
            CompletionItem(label: family, kind: .value, detail: n < used ? "font family · used in this file" : "font family",
                           insertText: quoted ? StringLiteral.quoted(family) : StringLiteral.content(family), replaceRange: range, sortText: sortKey(0, n))
        }
    }

    static func languageItems(replacing range: ByteRange, quoted: Bool) -> [CompletionItem] {
        ValueSuggestions.languages.enumerated().map { n, language in
            CompletionItem(label: language.tag, kind: .value,
                           detail: language.name + (language.rightToLeft ? " · right to left" : ""),
                           insertText: quoted ? StringLiteral.quoted(language.tag) : StringLiteral.content(language.tag), replaceRange: range, sortText: sortKey(0, n))
        }
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
        case .font where atomsBefore.isEmpty:
            return fontItems(in: file.tree, replacing: word, quoted: true)
        case .languageTag:
            guard atomsBefore.isEmpty else { return [] }
            return languageItems(replacing: word, quoted: true)
        case .font:
            // After the family string: the weights.
            guard atomsBefore.count == 1, atomsBefore[0].kind == .string || atomsBefore[0].kind == .multilineString else { return [] }
            for (n, weight) in Schema.fontWeights.enumerated() {
                add(weight, .value, detail: "font weight", doc: nil, n)
            }
        case .styleReference:
            guard atomsBefore.isEmpty else { return [] }
            let scope = styles ?? Project(files: [file], loader: nil).scope(of: file.path)
            let own = block.kindID == .style ? block.name : nil
            for (n, name) in scope.names.enumerated() where name != own {
                guard let definition = scope.style(named: name) else { continue }
                let from = definition.path == file.path ? "style" : "style from \(RelativePath.display(definition.path, from: file.path))"
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

    /// Nil when the cursor is not after `{{`; else the parameters of the template.
    static func parameterItems(in file: ProjectFile, string: Token, at offset: Int) -> [CompletionItem]? {
        let bytes = file.tree.bytes
        var start = offset
        while start > string.start && Identifier.isContinue(bytes[start - 1]) { start -= 1 }
        guard start - 2 >= string.start, bytes[start - 1] == 0x7B, bytes[start - 2] == 0x7B else { return nil }
        // Only a `{{` that starts an interpolation, well-formed or not yet (`\{{` is literal text).
        let opens = StringPieces.pieces(of: bytes, in: AtomSyntax.contentRange(of: string)).contains { piece in
            switch piece {
            case .interpolation(let range, _): return range.start == start - 2
            case .malformed(_, let malformed): return malformed.reported.contains(start - 2)
            case .text, .escape, .invalidEscape: return false
            }
        }
        guard opens else { return nil }
        var end = offset
        while end < string.end && Identifier.isContinue(bytes[end]) { end += 1 }
        let closed = end + 1 < bytes.count && bytes[end] == 0x7D && bytes[end + 1] == 0x7D
        guard let index = containerIndex(at: offset, in: file.tree),
              let container = index.container(at: offset), container.kindID == .template else { return [] }
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
              top.kindID != .style else { return nil }
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
