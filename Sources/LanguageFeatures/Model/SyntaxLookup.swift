import ProjectModel
import TemplateFormat

/// Finding things at a byte offset in a tree: the token, the block, the property.
/// Every lookup clamps the offset, so a stale or hostile position never traps.
enum SyntaxLookup {
    static func clamp(_ offset: Int, in tree: SyntaxTree) -> Int {
        min(max(offset, 0), tree.bytes.count)
    }

    /// The token under the cursor; at a boundary, the token just before the cursor when it
    /// is a word (identifier, number, colour, string), else the one after.
    static func tokenIndex(at offset: Int, in tree: SyntaxTree) -> Int? {
        let tokens = tree.tokens
        let i = tree.tokenIndex(at: offset)
        if i > 0 {
            let before = tokens[i - 1]
            if before.end == offset && before.kind.isAtom { return i - 1 }
        }
        if i < tokens.count && tokens[i].start <= offset { return i }
        return nil
    }

    /// The innermost block whose whole range (header included) holds the offset.
    static func innermostBlock(containing offset: Int, in tree: SyntaxTree) -> BlockSyntax? {
        var found: BlockSyntax? = nil
        var candidates = tree.document.blocks
        while true {
            guard let next = candidates.first(where: { $0.range.start <= offset && offset <= $0.range.end }) else { break }
            found = next
            candidates = next.blocks
        }
        return found
    }

    /// The innermost block whose body (after its `{`) holds the offset; nil at top level.
    /// A block missing its `}` holds everything up to the next token after it.
    static func bodyBlock(at offset: Int, in tree: SyntaxTree) -> BlockSyntax? {
        var found: BlockSyntax? = nil
        var candidates = tree.document.blocks
        while true {
            guard let next = candidates.first(where: { bodyContains($0, offset) }) else { break }
            found = next
            candidates = next.blocks
        }
        return found
    }

    private static func bodyContains(_ block: BlockSyntax, _ offset: Int) -> Bool {
        guard let open = block.openBrace, open.end <= offset else { return false }
        if let close = block.closeBrace { return offset <= close.start }
        let tree = block.tree
        let after = block.node.tokenRange.upperBound
        let limit = after < tree.tokens.count ? tree.tokens[after].start : tree.bytes.count
        return offset <= limit
    }

    /// The property of `block` (directly) whose range holds the offset.
    static func property(of block: BlockSyntax, at offset: Int) -> PropertySyntax? {
        block.properties.first { $0.range.start <= offset && offset <= $0.range.end }
    }

    /// The `///` lines directly above the token at `index`, without the slashes, joined by
    /// newlines; nil when there are none. A blank line ends the doc comment.
    static func docComment(aboveTokenAt index: Int, in tree: SyntaxTree) -> String? {
        let tokens = tree.tokens
        var lines: [String] = []
        var k = index - 1
        // Expect: newline, docComment, newline, docComment, … (no blank line between).
        while k >= 1, tokens[k].kind == .newline, tokens[k - 1].kind == .docComment {
            var text = tree.text(of: tokens[k - 1])
            text.removeFirst(min(3, text.count))
            if text.hasPrefix(" ") { text.removeFirst() }
            lines.append(text)
            k -= 2
        }
        guard !lines.isEmpty else { return nil }
        return lines.reversed().joined(separator: "\n")
    }

    static func docComment(of block: BlockSyntax) -> String? {
        guard let kind = block.kindToken else { return nil }
        let tree = block.tree
        return docComment(aboveTokenAt: tree.tokenIndex(at: kind.start), in: tree)
    }

    /// The identifier characters around the offset: the partial word a completion replaces.
    static func wordRange(at offset: Int, in tree: SyntaxTree) -> ByteRange {
        let bytes = tree.bytes
        var start = offset
        while start > 0 && Identifier.isContinue(bytes[start - 1]) { start -= 1 }
        var end = offset
        while end < bytes.count && Identifier.isContinue(bytes[end]) { end += 1 }
        return ByteRange(start: start, end: end)
    }
}
