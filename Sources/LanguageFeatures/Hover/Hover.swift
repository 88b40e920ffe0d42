import ProjectModel
import TemplateFormat
import Validator

/// Hover text (markdown) and the range it describes.
public struct HoverResult: Sendable, Hashable {
    public let markdown: String
    public let range: ByteRange
}

/// Hover: schema docs for kinds and properties, where a property's value comes from along
/// the style chain, colours as hex and RGB, numbers in px, `///` doc comments of blocks,
/// and the codes of `// tdl-ignore` comments.
public enum Hover {
    public static func hover(at offset: Int, in context: NavigationContext) -> HoverResult? {
        let tree = context.file.tree
        let offset = SyntaxLookup.clamp(offset, in: tree)
        if let comment = SuppressionComment.at(offset, in: tree) {
            return codeHover(comment, at: offset)
        }
        if let symbol = Navigation.symbol(at: offset, in: context) {
            return HoverResult(markdown: symbolMarkdown(symbol, in: context), range: symbol.occurrence.range)
        }
        guard let i = SyntaxLookup.tokenIndex(at: offset, in: tree) else { return nil }
        let token = tree.tokens[i]
        guard let block = SyntaxLookup.innermostBlock(containing: offset, in: tree) else {
            return directiveHover(token, in: context)
        }
        if token == block.kindToken || token == block.nameToken {
            return HoverResult(markdown: blockMarkdown(block, in: context), range: token.range)
        }
        guard let property = SyntaxLookup.property(of: block, at: offset) else { return nil }
        if token == property.keyToken {
            guard let markdown = propertyMarkdown(property, in: block, context: context) else { return nil }
            return HoverResult(markdown: markdown, range: token.range)
        }
        guard token.kind.isAtom else { return nil }
        return atomHover(AtomSyntax(tree: tree, token: token), property: property, block: block)
            ?? NumberHover.hover(AtomSyntax(tree: tree, token: token), property: property, block: block)
    }

    // MARK: Symbols

    static func symbolMarkdown(_ symbol: ResolvedSymbol, in context: NavigationContext) -> String {
        let tree = context.file.tree
        switch symbol.kind {
        case .style:
            let scope = context.scope
            guard let definition = scope.style(named: symbol.name) else {
                return "```tdl\nstyle \(symbol.name)\n```\n\nNo style named `\(symbol.name)` in this file or its imports."
            }
            var parts = ["```tdl\nstyle \(symbol.name)\n```"]
            if definition.path != context.file.path {
                parts.append("Defined in `\(RelativePath.display(definition.path, from: context.file.path))`.")
            }
            if let doc = SyntaxLookup.docComment(of: definition.block) { parts.append(doc) }
            parts += styleContributions(scope: scope, styleName: symbol.name, except: [], in: context.file)
            return parts.joined(separator: "\n\n")
        case .element:
            guard let definition = symbol.definition,
                  let block = SyntaxLookup.innermostBlock(containing: definition.range.start, in: tree) else {
                return "```tdl\n\(symbol.name)\n```\n\nNo element named `\(symbol.name)` here."
            }
            return blockMarkdown(block, in: context)
        case .parameter:
            let local = context.localIndex(at: symbol.occurrence.range.start) ?? context.index
            let uses = local.occurrences(of: symbol.key).filter { !$0.isDefinition }.count
            var header = "param \(symbol.name)"
            if let definition = local.definition(of: symbol.key),
               let value = Completion.parameterDefault(definition, in: tree) {
                header += ": \(value)"
            } else if symbol.definition == nil {
                return "```tdl\n{{\(symbol.name)}}\n```\n\nNo parameter named `\(symbol.name)` in this template."
            }
            return "```tdl\n\(header)\n```\n\nTemplate parameter, used \(uses) time\(uses == 1 ? "" : "s") in `{{\(symbol.name)}}`."
        }
    }

    /// What a style chain sets, one section per style, nearest first: a heading naming
    /// the style (and its file, relative to this one, when imported), then each key it
    /// gives, once, leaving out `except` (what the element sets itself) and keys a nearer
    /// style already gave.
    static func styleContributions(scope: StyleScope, styleName: String, except: Set<String>, in file: ProjectFile) -> [String] {
        var seen = except
        seen.insert("style")
        var sections: [String] = []
        for definition in scope.chain(from: styleName) {
            var lines: [String] = []
            for property in definition.block.properties where seen.insert(property.key).inserted {
                lines.append("- `\(property.key): \(property.value?.node.text ?? "")`")
            }
            guard !lines.isEmpty else { continue }
            var heading = "From style `\(definition.name)`"
            if definition.path != file.path { heading += " in `\(RelativePath.display(definition.path, from: file.path))`" }
            sections.append(heading + ":\n" + lines.joined(separator: "\n"))
        }
        return sections
    }

    // MARK: Blocks

    static func blockMarkdown(_ block: BlockSyntax, in context: NavigationContext) -> String {
        var header = block.kind
        if let name = block.name { header += " \(name)" }
        if let title = block.titleToken { header += " \(block.tree.text(of: title))" }
        var parts = ["```tdl\n\(header)\n```"]
        if let doc = SyntaxLookup.docComment(of: block) { parts.append(doc) }
        if let kind = Schema.kind(block.kind), !kind.isDirective {
            parts.append(kind.doc)
        }
        if let styleName = block.property("style")?.firstAtom?.text, block.kindID != .style {
            let own = Set(block.properties.map(\.key))
            let scope = context.scope
            parts += styleContributions(scope: scope, styleName: styleName, except: own, in: context.file)
        }
        return parts.joined(separator: "\n\n")
    }

    // MARK: Properties and values

    static func propertyMarkdown(_ property: PropertySyntax, in block: BlockSyntax, context: NavigationContext) -> String? {
        guard let schema = SchemaDocs.property(property.key, inKind: block.kind) else { return nil }
        let isStyle = Schema.kind(block.kind)?.anyElementProperty == true
        var parts = [isStyle ? SchemaDocs.styleablePropertyMarkdown(property.key) : SchemaDocs.propertyMarkdown(schema)]
        // Own value versus what the style chain would give.
        if property.key != "style", block.kindID != .params,
           let styleName = block.property("style")?.firstAtom?.text {
            let scope = context.scope
            if let inherited = scope.inheritedProperty(property.key, styleName: styleName), inherited.style.name != block.name {
                let value = inherited.property.value?.node.text ?? ""
                var from = "style `\(inherited.style.name)`"
                if inherited.style.path != context.file.path {
                    from += " in `\(RelativePath.display(inherited.style.path, from: context.file.path))`"
                }
                parts.append("Set here, overriding `\(value)` from \(from).")
            }
        }
        return parts.joined(separator: "\n\n")
    }

    static func atomHover(_ atom: AtomSyntax, property: PropertySyntax, block: BlockSyntax) -> HoverResult? {
        if let color = RGBAColor(atom: atom) {
            let name = atom.kind == .identifier ? "`\(atom.text)`: " : ""
            return HoverResult(markdown: "Colour \(name)\(SchemaDocs.colorText(color))", range: atom.range)
        }
        guard atom.kind == .identifier, let schema = SchemaDocs.property(property.key, inKind: block.kind) else { return nil }
        if let values = schema.type.enumerationValues, values.contains(atom.text) {
            var text = "`\(atom.text)`: one of " + values.map { "`\($0)`" }.joined(separator: ", ") + " for `\(schema.name)`"
            if let device = Completion.devicePresetDoc(atom.text, key: schema.name) { text += "\n\n" + device }
            return HoverResult(markdown: text, range: atom.range)
        }
        return nil
    }

    // MARK: Directives

    static func directiveHover(_ token: Token, in context: NavigationContext) -> HoverResult? {
        let tree = context.file.tree
        guard let directive = tree.document.directives.first(where: { $0.range.start <= token.start && token.end <= $0.range.end }) else {
            return nil
        }
        if token == directive.keywordToken, let kind = Schema.kind(directive.keyword) {
            return HoverResult(markdown: SchemaDocs.kindMarkdown(kind), range: token.range)
        }
        if directive.keyword == "import", token.kind == .string {
            let path = AtomSyntax(tree: tree, token: token).stringValue
            guard let imported = ImportTarget.file(at: token.range, in: context) else {
                return HoverResult(markdown: "`\(path)` cannot be found.", range: token.range)
            }
            let styles = imported.summary.styles.map(\.name)
            var text = "Imports `\(RelativePath.display(imported.path, from: context.file.path))`."
            if !styles.isEmpty { text += "\n\nStyles: " + styles.map { "`\($0)`" }.joined(separator: ", ") }
            return HoverResult(markdown: text, range: token.range)
        }
        return nil
    }

    // MARK: Suppression codes

    /// The code under the cursor in a `tdl-ignore` comment: its severity, title and
    /// explanation, or a note that no such code exists.
    static func codeHover(_ comment: SuppressionComment, at offset: Int) -> HoverResult? {
        guard let written = comment.codes.first(where: { $0.range.start <= offset && offset <= $0.range.end }) else { return nil }
        guard let code = DiagnosticCode.lookup(written.text) else {
            return HoverResult(markdown: "`\(written.text)` is not a diagnostic code; `template-fmt explain --list` lists them.",
                               range: written.range)
        }
        var text = "**\(code.code)** · \(code.severity)"
        if !code.isSuppressible { text += "\n\nSyntax errors cannot be silenced: this code stays reported." }
        text += "\n\n" + code.explanation
        return HoverResult(markdown: text, range: written.range)
    }
}
