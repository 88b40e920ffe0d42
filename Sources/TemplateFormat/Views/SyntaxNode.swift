/// A handle on one node of a `SyntaxTree`: the untyped layer under the typed views.
public struct SyntaxNode: Sendable {
    public let tree: SyntaxTree
    let index: Int

    init(tree: SyntaxTree, index: Int) {
        self.tree = tree
        self.index = index
    }

    var raw: RawNode { tree.nodes[index] }
    public var kind: NodeKind { raw.kind }
    /// Stable within one tree: usable as a dictionary key for per-node facts.
    public var id: Int { index }

    public var parent: SyntaxNode? {
        let p = Int(raw.parent)
        return p >= 0 ? SyntaxNode(tree: tree, index: p) : nil
    }

    public var children: [SyntaxNode] {
        var result: [SyntaxNode] = []
        var child = index + 1
        let end = Int(raw.subtreeEnd)
        while child < end {
            result.append(SyntaxNode(tree: tree, index: child))
            child = Int(tree.nodes[child].subtreeEnd)
        }
        return result
    }

    /// Children of one kind as typed views, walking the preorder storage directly
    /// (one allocation: the result).
    func children<T>(of kind: NodeKind, _ make: (SyntaxNode) -> T) -> [T] {
        let nodes = tree.storage.nodes
        let end = Int(nodes[index].subtreeEnd)
        // Counted first (a walk over the children's headers), so the list is allocated once.
        var count = 0
        var child = index + 1
        while child < end {
            if nodes[child].kind == kind { count += 1 }
            child = Int(nodes[child].subtreeEnd)
        }
        var result: [T] = []
        result.reserveCapacity(count)
        child = index + 1
        while child < end {
            if nodes[child].kind == kind { result.append(make(SyntaxNode(tree: tree, index: child))) }
            child = Int(nodes[child].subtreeEnd)
        }
        return result
    }

    /// The first child, when it has this kind (a property's or directive's value).
    func firstChild(of kind: NodeKind) -> SyntaxNode? {
        let nodes = tree.storage.nodes
        let child = index + 1
        guard child < Int(nodes[index].subtreeEnd), nodes[child].kind == kind else { return nil }
        return SyntaxNode(tree: tree, index: child)
    }

    /// Token indices `first..<end` spanned by this node.
    public var tokenRange: Range<Int> { Int(raw.firstToken)..<Int(raw.endToken) }

    /// Bytes from the first token's start to the last token's end (empty nodes: a point).
    public var range: ByteRange {
        let r = tokenRange
        if r.isEmpty {
            let at = r.lowerBound < tree.tokens.count ? tree.tokens[r.lowerBound].start : tree.bytes.count
            return ByteRange(start: at, end: at)
        }
        return ByteRange(start: tree.tokens[r.lowerBound].start, end: tree.tokens[r.upperBound - 1].end)
    }

    public var text: String { tree.text(of: range) }

    /// This node as a block, when it is one.
    public var asBlock: BlockSyntax? { kind == .block ? BlockSyntax(node: self) : nil }
    /// This node as a property, when it is one.
    public var asProperty: PropertySyntax? { kind == .property ? PropertySyntax(node: self) : nil }

    /// Typed view of this node, by kind.
    public var member: MemberSyntax {
        switch kind {
        case .block: return .block(BlockSyntax(node: self))
        case .property: return .property(PropertySyntax(node: self))
        case .directive: return .directive(DirectiveSyntax(node: self))
        default: return .error(self)
        }
    }
}

/// One entry in a document or block body.
public enum MemberSyntax: Sendable {
    case block(BlockSyntax)
    case property(PropertySyntax)
    case directive(DirectiveSyntax)
    case error(SyntaxNode)

    public var node: SyntaxNode {
        switch self {
        case .block(let b): return b.node
        case .property(let p): return p.node
        case .directive(let d): return d.node
        case .error(let n): return n
        }
    }
}
