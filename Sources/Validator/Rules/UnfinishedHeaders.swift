import TemplateFormat

/// A line `kind name` inside a block, with no `:` and no `{`: the parser reads it as a
/// property missing its colon (TDL011); where the first word is a kind the block may hold
/// and not a property it takes, it is a block header still being typed (TDL123), and
/// `Validator.validate` drops the parser's TDL011 for it.
extension Checker {
    /// Reports `property` as an unfinished header when it is one; false otherwise.
    mutating func reportUnfinishedHeader(_ property: PropertySyntax, in schema: KindSchema) -> Bool {
        guard property.colon == nil, let placement = schema.childPlacement,
              let kind = Schema.kind(property.key, in: placement), schema.property(property.key) == nil else { return false }
        // The shape of a header of that kind: an optional name, then an optional title.
        let atoms = property.atoms
        guard atoms.count <= 2, let last = atoms.last else { return false }
        let name = atoms[0].kind == .identifier ? atoms[0] : nil
        let title = atoms.last?.kind == .string ? atoms.last : nil
        guard (name != nil ? 1 : 0) + (title != nil ? 1 : 0) == atoms.count,
              name == nil || kind.takesName, title == nil || kind.takesTitle,
              name != nil || !kind.requiresName else { return false }
        let header = ByteRange(start: property.keyToken.start, end: last.range.end)
        findings.report(.unfinishedBlockHeader, header,
               "`\(tree.text(of: header))` is the header of a `\(kind.name)` block without its `{`",
               fixes: [openBlockFix(kind, header: header, parent: property.block)])
        return true
    }

    /// ` {`, the kind's required and recommended properties with placeholder values, and `}`
    /// on a line of its own, indented as the lines around are; ` {}` when there are none.
    func openBlockFix(_ kind: KindSchema, header: ByteRange, parent: BlockSyntax?) -> Fix {
        let index = context.lineIndex
        let indent = leadingWhitespace(ofLine: index.line(containing: header.start), index)
        var unit = "  "
        if let open = parent?.openBrace {
            let outer = leadingWhitespace(ofLine: index.line(containing: open.start), index)
            if indent.hasPrefix(outer) && indent.count > outer.count { unit = String(indent.dropFirst(outer.count)) }
        }
        let newline = LineEnding.majority(in: tree) == .crlf ? "\r\n" : "\n"
        var text = " {"
        let required = kind.suggestedProperties
        if required.isEmpty {
            text += "}"
        } else {
            for property in required {
                text += newline + indent + unit + property.name + ": " + property.suggestedValue(inKind: kind.name)
            }
            text += newline + indent + "}"
        }
        return Fix(title: "Open the `\(kind.name)` block", edits: [TextEdit(range: ByteRange(start: header.end, end: header.end), newText: text)],
                   isCertain: false)
    }
}
