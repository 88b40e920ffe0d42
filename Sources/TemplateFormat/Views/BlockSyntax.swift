/// `kind name "Title" { members }`. Any part may be missing in a broken file.
public struct BlockSyntax: Sendable {
    public let node: SyntaxNode

    public var tree: SyntaxTree { node.tree }

    /// Header tokens in order: kind, then an optional name and title (comments skipped).
    private var header: (kind: Token?, name: Token?, title: Token?) {
        tree.withRawView { $0.blockHeader(node.index) }
    }

    /// The kind, name and title tokens in one scan of the header.
    public var headerTokens: (kind: Token?, name: Token?, title: Token?) { header }
    public var kindToken: Token? { header.kind }
    public var nameToken: Token? { header.name }
    public var titleToken: Token? { header.title }

    /// The block's kind (`template`, `text`, …); empty for a body without a header.
    public var kind: String { kindToken.map(tree.text(of:)) ?? "" }
    public var name: String? { nameToken.map(tree.text(of:)) }
    /// The title string's value, escapes decoded.
    public var title: String? { titleToken.map { AtomSyntax(tree: tree, token: $0).stringValue } }

    public var openBrace: Token? { node.raw.slotA >= 0 ? tree.tokens[Int(node.raw.slotA)] : nil }
    public var closeBrace: Token? { node.raw.slotB >= 0 ? tree.tokens[Int(node.raw.slotB)] : nil }

    public var members: [MemberSyntax] { node.children.map(\.member) }
    public var properties: [PropertySyntax] { node.children(of: .property, PropertySyntax.init(node:)) }
    public var blocks: [BlockSyntax] { node.children(of: .block, BlockSyntax.init(node:)) }

    /// The first property with this key. Compares bytes in place: validators and
    /// exporters call this for every element, so it allocates nothing.
    public func property(_ key: String) -> PropertySyntax? {
        let tree = node.tree
        let nodes = tree.storage.nodes
        let tokens = tree.storage.tokens
        let bytes = tree.storage.bytes
        var key = key
        return key.withUTF8 { k -> PropertySyntax? in
            var child = node.index + 1
            let end = Int(nodes[node.index].subtreeEnd)
            while child < end {
                let raw = nodes[child]
                if raw.kind == .property {
                    let t = tokens[Int(raw.firstToken)]
                    if t.end - t.start == k.count {
                        var same = true
                        for i in 0..<k.count where bytes[t.start + i] != k[i] { same = false; break }
                        if same { return PropertySyntax(node: SyntaxNode(tree: tree, index: child)) }
                    }
                }
                child = Int(raw.subtreeEnd)
            }
            return nil
        }
    }

    public var range: ByteRange { node.range }

    /// Where block-level diagnostics point: the kind and name (or the kind alone).
    public var headerRange: ByteRange {
        tree.withRawView { $0.headerRange(ofBlock: node.index) }
    }

    /// The enclosing block, if any.
    public var parentBlock: BlockSyntax? {
        var p = node.parent
        while let n = p {
            if n.kind == .block { return BlockSyntax(node: n) }
            p = n.parent
        }
        return nil
    }
}

/// `key: value`, ended by a newline, `;` or `}`.
public struct PropertySyntax: Sendable {
    public let node: SyntaxNode

    public var tree: SyntaxTree { node.tree }
    public var keyToken: Token { tree.tokens[node.tokenRange.lowerBound] }
    public var key: String { tree.text(of: keyToken) }
    public var colon: Token? { node.raw.slotA >= 0 ? tree.tokens[Int(node.raw.slotA)] : nil }
    public var value: ValueSyntax? { node.firstChild(of: .value).map(ValueSyntax.init(node:)) }
    public var atoms: [AtomSyntax] { value?.atoms ?? [] }
    /// The value's atoms without building an array (the first four, and the count).
    public var atomTokens: AtomTokens {
        tree.withRawView { $0.atoms(of: node.index) }
    }
    /// The first atom of the value, without building the whole list.
    public var firstAtom: AtomSyntax? {
        guard let v = node.firstChild(of: .value) else { return nil }
        let tokens = tree.storage.tokens
        for i in v.tokenRange where tokens[i].kind.isAtom { return AtomSyntax(tree: tree, token: tokens[i]) }
        return nil
    }
    public var range: ByteRange { node.range }
    /// The value's range, or the key's when the value is missing.
    public var valueRange: ByteRange {
        tree.withRawView { $0.valueRange(ofProperty: node.index) }
    }
    public var block: BlockSyntax? { node.parent.flatMap { $0.kind == .block ? BlockSyntax(node: $0) : nil } }
}

/// The atoms of a value, in order; commas are separators and carry no meaning.
public struct ValueSyntax: Sendable {
    public let node: SyntaxNode

    public var atoms: [AtomSyntax] {
        let tree = node.tree
        let tokens = tree.storage.tokens
        var result: [AtomSyntax] = []
        for i in node.tokenRange where tokens[i].kind.isAtom {
            result.append(AtomSyntax(tree: tree, token: tokens[i]))
        }
        return result
    }
}
