/// Index-based, reference-count-free access to a tree's bytes, tokens and nodes, for passes
/// that visit every node of large documents (the validator, the project model's file
/// summaries). Valid only inside `SyntaxTree.withRawView`, since its pointers borrow the
/// tree's memory: so it is `package`, for this package's modules, and the typed views stay
/// the API for everyone else. `@usableFromInline` because without it Swift 6.3 serializes
/// none of a package type's `@inlinable` members, and every `kind(_:)` or `atoms(of:)` in
/// the validator became a call (+8% instructions for `check`).
///
/// Nodes are numbered in preorder: a node's children follow it, and each child's
/// `subtreeEnd` is the index of its next sibling, so a walk over a node's children
/// (`child = subtreeEnd(child)`) needs no allocation.
@usableFromInline package struct RawSyntaxView {
    @usableFromInline package let bytes: UnsafeBufferPointer<UInt8>
    @usableFromInline package let tokens: UnsafeBufferPointer<Token>
    @usableFromInline let nodes: UnsafeBufferPointer<RawNode>

    @usableFromInline init(bytes: UnsafeBufferPointer<UInt8>, tokens: UnsafeBufferPointer<Token>, nodes: UnsafeBufferPointer<RawNode>) {
        self.bytes = bytes
        self.tokens = tokens
        self.nodes = nodes
    }

    @inlinable package var nodeCount: Int { nodes.count }
    @inlinable package func kind(_ node: Int) -> NodeKind { nodes[node].kind }
    @inlinable package func parent(_ node: Int) -> Int { Int(nodes[node].parent) }
    /// The first node after `node`'s subtree: its next sibling, or an ancestor's.
    @inlinable package func subtreeEnd(_ node: Int) -> Int { Int(nodes[node].subtreeEnd) }
    @inlinable package func firstToken(_ node: Int) -> Int { Int(nodes[node].firstToken) }
    @inlinable package func endToken(_ node: Int) -> Int { Int(nodes[node].endToken) }
    /// A block's `{` token index, a property's `:`; -1 when missing.
    @inlinable package func openBrace(_ node: Int) -> Int { Int(nodes[node].slotA) }
    /// A block's `}` token index; -1 when missing.
    @inlinable package func closeBrace(_ node: Int) -> Int { Int(nodes[node].slotB) }

    /// A property's key token, or a block's first token (its kind when it has one).
    @inlinable package func firstTokenOf(_ node: Int) -> Token? {
        let t = firstToken(node)
        return t < endToken(node) ? tokens[t] : nil
    }

    /// The kind identifier of a block, if its header starts with one.
    @inlinable package func blockKindToken(_ node: Int) -> Token? {
        guard let t = firstTokenOf(node), t.kind == .identifier else { return nil }
        return t
    }

    /// Bytes from a node's first token's start to its last token's end (empty nodes: a point).
    package func range(of node: Int) -> ByteRange {
        let first = firstToken(node), end = endToken(node)
        if first >= end {
            let at = first < tokens.count ? tokens[first].start : bytes.count
            return ByteRange(start: at, end: at)
        }
        return ByteRange(start: tokens[first].start, end: tokens[end - 1].end)
    }

    /// A property's value range, or its key's when the value is missing.
    package func valueRange(ofProperty node: Int) -> ByteRange {
        let value = node + 1
        if value < subtreeEnd(node), kind(value) == .value, firstToken(value) < endToken(value) { return range(of: value) }
        return tokens[firstToken(node)].range
    }

    /// A block's kind, name and title tokens: the kind first, then an optional name and title
    /// (comments skipped). Any part may be missing in a broken file.
    package func blockHeader(_ node: Int) -> (kind: Token?, name: Token?, title: Token?) {
        let open = openBrace(node)
        let end = open >= 0 ? open : endToken(node)
        var kind: Token? = nil, name: Token? = nil, title: Token? = nil
        var k = firstToken(node)
        if k < end && tokens[k].kind == .identifier { kind = tokens[k]; k += 1 }
        while k < end {
            let t = tokens[k]
            if t.kind == .identifier && name == nil && title == nil && kind != nil { name = t }
            else if (t.kind == .string || t.kind == .multilineString) && title == nil { title = t }
            k += 1
        }
        return (kind, name, title)
    }

    /// Where block-level diagnostics point: the kind and name (or the kind alone).
    package func headerRange(ofBlock node: Int) -> ByteRange {
        let h = blockHeader(node)
        guard let kind = h.kind else {
            let open = openBrace(node)
            return open >= 0 ? tokens[open].range : range(of: node)
        }
        return ByteRange(start: kind.start, end: (h.name ?? kind).end)
    }

    /// A token's text.
    package func text(_ token: Token) -> String {
        text(token.range)
    }

    /// The text of a range of bytes.
    package func text(_ range: ByteRange) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range.start..<range.end]), as: UTF8.self)
    }

    /// The atoms of a property's or directive's value, without building an array.
    ///
    /// Inlined: most values are one atom and nothing else (no commas, comments or line
    /// breaks), and the caller then reads that token without a call or a 56-byte result in
    /// memory. Anything else goes to `atomsInSpan(of:)`.
    @inlinable @inline(__always)
    package func atoms(of node: Int) -> AtomTokens {
        let value = node &+ 1
        if value < subtreeEnd(node) {
            let v = nodes[value]
            if v.kind == .value && v.endToken &- v.firstToken == 1 {
                let token = tokens[Int(v.firstToken)]
                if token.kind.isAtom { return AtomTokens(token) }
            }
        }
        return atomsInSpan(of: node)
    }

    /// `atoms(of:)` by walking the value's tokens: finds the first four atoms' indices, then
    /// copies those tokens once (appending token by token costs a switch and a copy each).
    @usableFromInline func atomsInSpan(of node: Int) -> AtomTokens {
        let value = node &+ 1
        guard value < subtreeEnd(node), nodes[value].kind == .value else { return AtomTokens() }
        let end = endToken(value)
        let i0 = nextAtom(from: firstToken(value), end)
        guard i0 < end else { return AtomTokens() }
        let i1 = nextAtom(from: i0 + 1, end)
        let i2 = i1 < end ? nextAtom(from: i1 + 1, end) : end
        let i3 = i2 < end ? nextAtom(from: i2 + 1, end) : end
        var count = i1 == end ? 1 : i2 == end ? 2 : i3 == end ? 3 : 4
        if i3 < end {
            var t = i3 + 1
            while t < end {
                if tokens[t].kind.isAtom { count += 1 }
                t += 1
            }
        }
        return AtomTokens(count: count, tokens[i0], tokens[i1 < end ? i1 : i0],
                          tokens[i2 < end ? i2 : i0], tokens[i3 < end ? i3 : i0])
    }

    /// The first atom's index in `t..<end`, or `end`.
    @inline(__always) func nextAtom(from t: Int, _ end: Int) -> Int {
        var t = t
        while t < end && !tokens[t].kind.isAtom { t += 1 }
        return t
    }

    /// Whether `token`'s bytes equal `text`.
    @inlinable package func token(_ token: Token, equals text: StaticString) -> Bool {
        let n = text.utf8CodeUnitCount
        guard token.end - token.start == n else { return false }
        return text.withUTF8Buffer { w in
            var i = 0
            while i < n {
                if bytes[token.start + i] != w[i] { return false }
                i += 1
            }
            return true
        }
    }
}

/// Up to the first four atoms of a value, inline, and how many there are in all. Rules
/// read at most three atoms (`W x H`); longer values are wrong for every type but `font`
/// lists, which take two, so four is enough to tell.
public struct AtomTokens: Sendable {
    public var count: Int { _count }
    @usableFromInline var _count: Int
    /// Slots past `count` hold copies of the first atom, or an all-zero token when there is
    /// none: reading them is a caller's mistake either way.
    @usableFromInline var t0: Token, t1: Token, t2: Token, t3: Token

    public init() {
        _count = 0
        t0 = .zero; t1 = .zero; t2 = .zero; t3 = .zero
    }

    @inlinable @inline(__always) init(_ token: Token) {
        _count = 1
        t0 = token; t1 = token; t2 = token; t3 = token  // inlinable code cannot make a `Token`
    }

    init(count: Int, _ t0: Token, _ t1: Token, _ t2: Token, _ t3: Token) {
        _count = count
        self.t0 = t0; self.t1 = t1; self.t2 = t2; self.t3 = t3
    }

    /// The atom at `i` (`i < min(count, 4)`).
    public subscript(i: Int) -> Token {
        switch i {
        case 0: return t0
        case 1: return t1
        case 2: return t2
        default: return t3
        }
    }

    public var first: Token? { _count > 0 ? t0 : nil }
}

extension Token {
    /// Computed, not a `static let`: a `static let` read passes a one-time initialisation check.
    static var zero: Token { Token(kind: .identifier, start: 0, end: 0) }
}

extension SyntaxTree {
    /// Runs `body` with raw access to this tree's memory; the view must not escape.
    package func withRawView<R>(_ body: (RawSyntaxView) throws -> R) rethrows -> R {
        try storage.bytes.withUnsafeBufferPointer { bytes in
            try body(RawSyntaxView(bytes: bytes, tokens: storage.tokens, nodes: storage.nodes))
        }
    }

    /// The node at a preorder index (as `RawSyntaxView` numbers them).
    public func node(at index: Int) -> SyntaxNode { SyntaxNode(tree: self, index: index) }
}
