import ProjectModel
import TemplateFormat
import Validator

/// Hover text (markdown) and the range it describes.
public struct HoverResult: Sendable, Hashable {
    public let markdown: String
    public let range: ByteRange
}

/// Hover: schema docs for kinds and properties, where a property's value comes from along
/// the style chain, colours as hex and RGB, and `///` doc comments of blocks.
public enum Hover {
    public static func hover(at offset: Int, in context: NavigationContext) -> HoverResult? {
        let tree = context.file.tree
        let offset = SyntaxLookup.clamp(offset, in: tree)
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
            if definition.path != context.file.path { parts.append("Defined in `\(definition.file.path)`.") }
            if let doc = SyntaxLookup.docComment(of: definition.block) { parts.append(doc) }
            let contributions = styleContributions(scope: scope, styleName: symbol.name, except: [])
            if !contributions.isEmpty { parts.append("Sets:\n" + contributions.joined(separator: "\n")) }
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

    /// `- font-size: 28 — from style title`, nearest style first, each key once, leaving out `except`.
    static func styleContributions(scope: StyleScope, styleName: String, except: Set<String>) -> [String] {
        var seen = except
        seen.insert("style")
        var lines: [String] = []
        for definition in scope.chain(from: styleName) {
            for property in definition.block.properties where seen.insert(property.key).inserted {
                let value = property.value?.node.text ?? ""
                lines.append("- `\(property.key): \(value)` — from style `\(definition.name)`")
            }
        }
        return lines
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
        if let styleName = block.property("style")?.firstAtom?.text, block.kind != "style" {
            let own = Set(block.properties.map(\.key))
            let scope = context.scope
            let contributions = styleContributions(scope: scope, styleName: styleName, except: own)
            if !contributions.isEmpty { parts.append("From its style:\n" + contributions.joined(separator: "\n")) }
        }
        return parts.joined(separator: "\n\n")
    }

    // MARK: Properties and values

    static func propertyMarkdown(_ property: PropertySyntax, in block: BlockSyntax, context: NavigationContext) -> String? {
        guard let schema = SchemaDocs.property(property.key, inKind: block.kind) else { return nil }
        var parts = [SchemaDocs.propertyMarkdown(schema)]
        // Own value versus what the style chain would give.
        if property.key != "style", block.kind != "params",
           let styleName = block.property("style")?.firstAtom?.text {
            let scope = context.scope
            if let inherited = scope.inheritedProperty(property.key, styleName: styleName), inherited.style.name != block.name {
                let value = inherited.property.value?.node.text ?? ""
                parts.append("Set here, overriding `\(value)` from style `\(inherited.style.name)`.")
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
            guard let imported = importedFile(at: token.range, in: context) else {
                return HoverResult(markdown: "`\(path)` cannot be found.", range: token.range)
            }
            let styles = imported.summary.styles.map(\.name)
            var text = "Imports `\(imported.path)`."
            if !styles.isEmpty { text += "\n\nStyles: " + styles.map { "`\($0)`" }.joined(separator: ", ") }
            return HoverResult(markdown: text, range: token.range)
        }
        return nil
    }

    /// The file the import written at `range` leads to, if the project has it.
    static func importedFile(at range: ByteRange, in context: NavigationContext) -> ProjectFile? {
        let file = context.file
        let targets = context.project.importTargets(of: file.path)
        guard let i = file.summary.imports.firstIndex(where: { $0.range == range }), i < targets.count,
              let target = targets[i] else { return nil }
        return context.project.file(target)
    }
}
