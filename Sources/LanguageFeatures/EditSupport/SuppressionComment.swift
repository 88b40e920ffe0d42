import TemplateFormat

/// A `// tdl-ignore CODE, CODE` or `// tdl-ignore-file CODE` comment, read as the
/// validator reads it (codes separated by commas or spaces), with where each code is.
struct SuppressionComment {
    /// `tdl-ignore-file`: the whole file; else the member below or the line it ends.
    let isFile: Bool
    /// The comment token.
    let token: Token
    /// Where the codes may start: just after the marker.
    let markerEnd: Int
    /// Each code as written, with its bytes.
    let codes: [(text: String, range: ByteRange)]

    init?(_ token: Token, in tree: SyntaxTree) {
        guard token.kind == .lineComment else { return nil }
        let bytes = tree.bytes
        var k = token.start + 2
        while k < token.end && (bytes[k] == 0x20 || bytes[k] == 0x09) { k += 1 }
        let rest = tree.text(of: ByteRange(start: k, end: token.end))
        let isFile: Bool
        if rest.hasPrefix("tdl-ignore-file") { isFile = true; k += "tdl-ignore-file".utf8.count }
        else if rest.hasPrefix("tdl-ignore") { isFile = false; k += "tdl-ignore".utf8.count }
        else { return nil }
        guard k == token.end || bytes[k] == 0x20 || bytes[k] == 0x09 else { return nil }
        self.isFile = isFile
        self.token = token
        self.markerEnd = k
        var codes: [(String, ByteRange)] = []
        while k < token.end {
            while k < token.end && (bytes[k] == 0x20 || bytes[k] == 0x09 || bytes[k] == 0x2C) { k += 1 }
            let start = k
            while k < token.end && bytes[k] != 0x20 && bytes[k] != 0x09 && bytes[k] != 0x2C { k += 1 }
            if k > start { codes.append((tree.text(of: ByteRange(start: start, end: k)), ByteRange(start: start, end: k))) }
        }
        self.codes = codes
    }

    /// The suppression comment holding `offset`: inside it, at its end, or in the spaces
    /// after it on its line (a comment token does not take trailing spaces, but the cursor
    /// typing the next code stands there).
    static func at(_ offset: Int, in tree: SyntaxTree) -> SuppressionComment? {
        guard let token = lineComment(at: offset, in: tree) else { return nil }
        return SuppressionComment(token, in: tree)
    }

    /// The line or doc comment the cursor is in, by the same rule.
    static func lineComment(at offset: Int, in tree: SyntaxTree) -> Token? {
        let tokens = tree.tokens
        let bytes = tree.bytes
        let i = tree.tokenIndex(at: offset)
        if i < tokens.count, tokens[i].kind == .lineComment || tokens[i].kind == .docComment, tokens[i].start < offset {
            return tokens[i]
        }
        guard i > 0, tokens[i - 1].kind == .lineComment || tokens[i - 1].kind == .docComment else { return nil }
        for k in tokens[i - 1].end..<min(offset, bytes.count) where bytes[k] != 0x20 && bytes[k] != 0x09 { return nil }
        return tokens[i - 1]
    }

    /// Whether the comment has code on its line before it (then it covers that line).
    func isTrailing(in tree: SyntaxTree) -> Bool {
        let tokens = tree.tokens
        var j = tree.tokenIndex(at: token.start) - 1
        while j >= 0 && tokens[j].kind != .newline {
            if !tokens[j].kind.isTrivia { return true }
            j -= 1
        }
        return false
    }

    /// What the comment silences, as the validator reads it: nil for the whole file; the
    /// comment's line for a trailing one; else the member (property, or block with its
    /// body) that follows, blank lines and comments skipped.
    func covered(in tree: SyntaxTree) -> ByteRange? {
        if isFile { return nil }
        let bytes = tree.bytes
        if isTrailing(in: tree) {
            let start = Indentation.lineStart(of: token.start, in: bytes)
            return ByteRange(start: start, end: token.end)
        }
        let tokens = tree.tokens
        var k = tree.tokenIndex(at: token.end)
        while k < tokens.count && (tokens[k].kind == .newline || tokens[k].kind.isTrivia) { k += 1 }
        guard k < tokens.count else { return ByteRange(start: token.end, end: token.end) }
        let start = tokens[k].start
        if let block = SyntaxLookup.innermostBlock(containing: start, in: tree) {
            if block.kindToken?.start == start { return block.range }
            if let property = SyntaxLookup.property(of: block, at: start), property.keyToken.start == start { return property.range }
        } else if let block = tree.document.blocks.first(where: { $0.kindToken?.start == start }) {
            return block.range
        }
        var end = start
        while end < bytes.count && bytes[end] != 0x0A && bytes[end] != 0x0D { end += 1 }
        return ByteRange(start: start, end: end)
    }
}
