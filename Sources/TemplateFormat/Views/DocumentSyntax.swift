/// The whole document: directives, top-level blocks (and, in broken files, stray properties).
public struct DocumentSyntax: Sendable {
    public let node: SyntaxNode

    init(tree: SyntaxTree, index: Int) {
        node = SyntaxNode(tree: tree, index: index)
    }

    public var tree: SyntaxTree { node.tree }
    public var members: [MemberSyntax] { node.children.map(\.member) }

    public var blocks: [BlockSyntax] { node.children(of: .block, BlockSyntax.init(node:)) }
    public var directives: [DirectiveSyntax] { node.children(of: .directive, DirectiveSyntax.init(node:)) }
}

/// `format 1` or `import "file.tdl"`.
public struct DirectiveSyntax: Sendable {
    public let node: SyntaxNode

    public var keywordToken: Token { node.tree.tokens[node.tokenRange.lowerBound] }
    public var keyword: String { node.tree.text(of: keywordToken) }
    public var value: ValueSyntax? { node.firstChild(of: .value).map(ValueSyntax.init(node:)) }
    public var atoms: [AtomSyntax] { value?.atoms ?? [] }
    public var range: ByteRange { node.range }
}
