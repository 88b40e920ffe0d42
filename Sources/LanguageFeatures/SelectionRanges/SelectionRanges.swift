import TemplateFormat

public enum SelectionRanges {
    /// The ranges an editor's "expand selection" steps through from `offset`, innermost
    /// first, each strictly containing the previous: the interpolation or word, the token,
    /// the value, the property, the block's body, the block, enclosing blocks, the document.
    public static func chain(at offset: Int, in tree: SyntaxTree) -> [ByteRange] {
        let bytes = tree.bytes
        let offset = min(max(offset, 0), bytes.count)
        var chain: [ByteRange] = []
        func add(_ range: ByteRange) {
            guard !range.isEmpty else { return }
            if let last = chain.last {
                guard range.start <= last.start && range.end >= last.end && range != last else { return }
            }
            chain.append(range)
        }

        // The token under the cursor (or just before it, at its end).
        let tokens = tree.tokens
        var tokenIndex = tree.tokenIndex(at: offset)
        if tokenIndex < tokens.count, !tokens[tokenIndex].range.contains(offset), tokenIndex > 0, tokens[tokenIndex - 1].end == offset {
            tokenIndex -= 1
        } else if tokenIndex == tokens.count, tokenIndex > 0, tokens[tokenIndex - 1].end == offset {
            tokenIndex -= 1
        }
        var innermostNode: SyntaxNode? = nil
        if tokenIndex < tokens.count {
            let token = tokens[tokenIndex]
            if token.range.contains(offset) || token.end == offset {
                if token.kind == .string || token.kind == .multilineString {
                    let atom = AtomSyntax(tree: tree, token: token)
                    if let hit = atom.parameterReferences.first(where: { $0.range.contains(offset) || $0.range.end == offset }) {
                        add(hit.range)
                    }
                    add(atom.contentRange)
                }
                if token.kind != .newline { add(token.range) }
                innermostNode = deepestNode(containingToken: tokenIndex, in: tree)
            }
        }
        if innermostNode == nil { innermostNode = deepestNode(containingOffset: offset, in: tree) }

        // Up the tree.
        var node: SyntaxNode? = innermostNode
        while let current = node {
            if case .block(let block) = current.member {
                if let open = block.openBrace, let close = block.closeBrace, close.start > open.end,
                   offset >= open.end && offset <= close.start {
                    add(trimmed(ByteRange(start: open.end, end: close.start), bytes))
                }
            }
            if current.kind != .document { add(current.range) }
            node = current.parent
        }
        add(ByteRange(start: 0, end: bytes.count))
        return chain
    }

    /// The range without leading and trailing whitespace and line breaks.
    static func trimmed(_ range: ByteRange, _ bytes: [UInt8]) -> ByteRange {
        var start = range.start, end = range.end
        func space(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        while start < end && space(bytes[start]) { start += 1 }
        while end > start && space(bytes[end - 1]) { end -= 1 }
        return ByteRange(start: start, end: end)
    }

    /// The deepest node whose token span holds the token.
    static func deepestNode(containingToken token: Int, in tree: SyntaxTree) -> SyntaxNode {
        var node = tree.document.node
        while let child = node.children.first(where: { $0.tokenRange.contains(token) }) { node = child }
        return node
    }

    /// The deepest node whose byte range holds the offset (between tokens).
    static func deepestNode(containingOffset offset: Int, in tree: SyntaxTree) -> SyntaxNode {
        var node = tree.document.node
        while let child = node.children.first(where: { $0.range.start <= offset && offset < $0.range.end }) { node = child }
        return node
    }
}
