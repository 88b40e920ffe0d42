import Dispatch

/// Builds the lossless tree from tokens in one forward pass, without recursion (the open
/// nodes are a parent chain in the node storage), so no input can overflow the call stack.
///
/// Recovery is local: a line that cannot be a member becomes an error node up to its end;
/// a stray `{` opens an anonymous block so braces stay paired; an unterminated string
/// ends at its line. When blocks are still open at the end of the file, the parser runs
/// once more using indentation: a member that starts a line no deeper than an open
/// block's header closes that block, so one missing `}` does not swallow what follows.
struct Parser: ~Copyable {
    /// Deepest nesting of blocks accepted. Deeper blocks are one error node, so every
    /// later pass may recurse over blocks, and formatted output stays linear in the input.
    static let maxDepth = 128

    let buf: UnsafeBufferPointer<UInt8>
    let tokens: UnsafeBufferPointer<Token>
    let recoverByIndent: Bool
    /// Whether plain `key: value` lines, block headers and `}` take the fast paths
    /// (`plainMembers`, `plainMember`); tests turn it off to check that the general path
    /// builds the same tree.
    let fastPaths: Bool
    var pos = 0
    var nodes: GrowableBuffer<RawNode>
    var diagnostics: [Diagnostic] = []
    /// The innermost open node (-1 before the document starts and after it ends). The
    /// nodes open around it are its parent chain, which every node already records, so
    /// opening and closing nodes needs no stack of its own.
    var openNode = -1
    /// How many blocks are open (their bodies entered, their `}` not yet seen).
    var blockDepth = 0
    /// The indentation-guided pass only: one entry per open block, outermost first. The
    /// first pass needs just the depth, so it keeps no per-block array.
    var blocks: [OpenBlock] = []
    /// Byte offsets where lines start; built only for the indentation-guided pass.
    var lineStarts: [Int] = []
    var leftBlocksOpen = false

    struct OpenBlock {
        /// Indentation of the block's header line.
        var headerIndent: Int
        /// Whether the body is indented deeper than the header; nil until its first member
        /// on a line of its own.
        var bodyIndented: Bool?
    }

    /// `lexingWorkers`: threads a large document's lexing may use (`Lexer.tokenizeIntoBuffer(_:summary:workers:)`).
    /// `beside`: work run once on a second thread while the tokens are parsed.
    static func parse(_ bytes: [UInt8], lexingWorkers: Int = 1, beside: (@Sendable () -> Void)? = nil) -> SyntaxTree {
        bytes.withUnsafeBufferPointer { buf in
            let pieces = parsePieces(buf, recoverByIndent: true, lexingWorkers: lexingWorkers, beside: beside)
            let storage = SyntaxTree.Storage(bytes: bytes, tokens: pieces.tokens, nodes: pieces.nodes,
                                             diagnostics: pieces.diagnostics, lineEndings: pieces.lineEndings)
            return SyntaxTree(storage: storage)
        }
    }

    /// What one parse makes, before it becomes a tree: token and node memory (malloc'ed,
    /// the caller's to free), sorted diagnostics, line-ending counts, and whether the
    /// indentation-guided second pass ran (only with `recoverByIndent`; without it, blocks
    /// left open are closed at the end of the input).
    struct Pieces {
        var tokens: (UnsafeMutablePointer<Token>, Int)
        var nodes: (UnsafeMutablePointer<RawNode>, Int)
        var diagnostics: [Diagnostic]
        var lineEndings: LineEndingCounts
        var leftBlocksOpen: Bool
    }

    static func parsePieces(_ buf: UnsafeBufferPointer<UInt8>, recoverByIndent: Bool, fastPaths: Bool = true,
                            lexingWorkers: Int = 1, beside: (@Sendable () -> Void)? = nil) -> Pieces {
        var summary = Lexer.LexSummary()
        let tokenMemory = Lexer.tokenizeIntoBuffer(buf, summary: &summary, workers: lexingWorkers).takeMemory()
        guard let beside else {
            return parseTokens(buf, tokenMemory, summary: summary, recoverByIndent: recoverByIndent, fastPaths: fastPaths)
        }
        let job = ParsingBeside(buf: buf, tokenMemory: tokenMemory, summary: summary,
                                recoverByIndent: recoverByIndent, fastPaths: fastPaths)
        DispatchQueue.concurrentPerform(iterations: 2) { k in
            if k == 0 { job.parse() } else { beside() }
        }
        // concurrentPerform returns after both ran, so the parse is there.
        guard let pieces = job.pieces else { preconditionFailure("parsePieces: the parse did not run") }
        return pieces
    }

    /// The parse of a lexed document on one thread while other work runs on another
    /// (`parsePieces`'s `beside`): only `parse()` writes `pieces`, and `concurrentPerform`
    /// returns after it, so the unchecked `Sendable` is safe. The bytes and tokens are the
    /// caller's, alive for the call. (Not `Basics.inParallel`: this module depends on no
    /// other, as `LexingInHalves` says.)
    private final class ParsingBeside: @unchecked Sendable {
        let buf: UnsafeBufferPointer<UInt8>
        let tokenMemory: (UnsafeMutablePointer<Token>, Int)
        let summary: Lexer.LexSummary
        let recoverByIndent: Bool
        let fastPaths: Bool
        var pieces: Pieces? = nil

        init(buf: UnsafeBufferPointer<UInt8>, tokenMemory: (UnsafeMutablePointer<Token>, Int), summary: Lexer.LexSummary,
             recoverByIndent: Bool, fastPaths: Bool) {
            self.buf = buf
            self.tokenMemory = tokenMemory
            self.summary = summary
            self.recoverByIndent = recoverByIndent
            self.fastPaths = fastPaths
        }

        func parse() {
            pieces = Parser.parseTokens(buf, tokenMemory, summary: summary, recoverByIndent: recoverByIndent, fastPaths: fastPaths)
        }
    }

    /// The parse of tokens `tokenize` made (their memory becomes the pieces').
    private static func parseTokens(_ buf: UnsafeBufferPointer<UInt8>, _ tokenMemory: (UnsafeMutablePointer<Token>, Int),
                                    summary: Lexer.LexSummary, recoverByIndent: Bool, fastPaths: Bool) -> Pieces {
        let tokens = UnsafeBufferPointer(start: tokenMemory.0, count: tokenMemory.1)
        var p = Parser(buf: buf, tokens: tokens, recoverByIndent: false, fastPaths: fastPaths)
        p.run()
        let leftBlocksOpen = p.leftBlocksOpen
        if leftBlocksOpen && recoverByIndent {
            p = Parser(buf: buf, tokens: tokens, recoverByIndent: true, fastPaths: fastPaths)
            p.run()
        }
        p.lexicalDiagnostics(summary.flagged)
        p.diagnostics.sort { ($0.range.start, $0.range.end) < ($1.range.start, $1.range.end) }
        return Pieces(tokens: tokenMemory, nodes: p.nodes.takeMemory(), diagnostics: p.diagnostics,
                      lineEndings: LineEndingCounts(lf: summary.lf, crlf: summary.crlf, cr: summary.cr),
                      leftBlocksOpen: leftBlocksOpen)
    }

    init(buf: UnsafeBufferPointer<UInt8>, tokens: UnsafeBufferPointer<Token>, recoverByIndent: Bool, fastPaths: Bool = true) {
        self.buf = buf
        self.tokens = tokens
        self.recoverByIndent = recoverByIndent
        self.fastPaths = fastPaths
        // About one node per two tokens in typical documents.
        nodes = GrowableBuffer(capacity: tokens.count / 2 + 16)
        if recoverByIndent {
            lineStarts.append(0)
            for t in tokens where t.kind == .newline { lineStarts.append(t.end) }
        }
    }

    // MARK: Node building

    @discardableResult
    mutating func startNode(_ kind: NodeKind, at token: Int) -> Int {
        let index = nodes.count
        nodes.append(RawNode(kind: kind, parent: Int32(openNode), subtreeEnd: 0,
                             firstToken: Int32(token), endToken: Int32(token), slotA: -1, slotB: -1))
        openNode = index
        return index
    }

    mutating func finishNode(endToken: Int) {
        guard openNode >= 0 else { return }
        let index = openNode
        nodes[index].endToken = Int32(endToken)
        nodes[index].subtreeEnd = Int32(nodes.count)
        openNode = Int(nodes[index].parent)
    }

    func error(_ code: SyntaxCode, _ range: ByteRange, _ message: String, fixes: [Fix] = []) -> Diagnostic {
        Diagnostic(code: code.rawValue, severity: .error, range: range, message: message, fixes: fixes)
    }

    mutating func report(_ code: SyntaxCode, _ range: ByteRange, _ message: String, fixes: [Fix] = []) {
        diagnostics.append(error(code, range, message, fixes: fixes))
    }

    // MARK: Token helpers

    var atEnd: Bool { pos >= tokens.count }

    func text(_ t: Token) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: buf[t.start..<t.end]), as: UTF8.self)
    }

    /// A short, quoted description of a token for messages.
    func describe(_ t: Token) -> String {
        switch t.kind {
        case .newline: return "end of line"
        case .string, .multilineString: return "a string"
        case .number: return "number `\(text(t))`"
        case .color: return "colour `\(text(t))`"
        case .identifier: return "`\(text(t))`"
        default:
            let s = text(t)
            return s.count > 20 ? "`\(s.prefix(20))…`" : "`\(s)`"
        }
    }

    /// Next token index at or after `k` that is not a comment (newlines count).
    func skipComments(from k: Int) -> Int {
        var j = k
        while j < tokens.count && tokens[j].kind.isTrivia { j += 1 }
        return j
    }

    func startsLine(_ k: Int) -> Bool {
        var j = k - 1
        while j >= 0 {
            let kind = tokens[j].kind
            if kind == .newline { return true }
            if kind == .blockComment || kind == .byteOrderMark { j -= 1; continue }
            return false
        }
        return true
    }

    /// Indentation (in bytes of whitespace) of the line holding byte `offset`. Only the
    /// indentation-guided second pass needs it; the line table makes it O(log n) even on
    /// one very long line.
    func indentation(ofLineAt offset: Int) -> Int {
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        let lineStart = lineStarts.isEmpty ? 0 : lineStarts[lo]
        var k = lineStart
        while k < offset && (buf[k] == 0x20 || buf[k] == 0x09) { k += 1 }
        return k - lineStart
    }

    /// Whether a `{` follows on this line before anything that ends a member.
    func braceOnLine(from k: Int) -> Bool {
        var j = k
        while j < tokens.count {
            switch tokens[j].kind {
            case .leftBrace: return true
            case .newline, .semicolon, .rightBrace, .colon: return false
            default: j += 1
            }
        }
        return false
    }

    // MARK: Members

    mutating func run() {
        startNode(.document, at: 0)
        if let only = tokens.first, only.flags.contains(.foreignEncoding) {
            // The whole file, in UTF-16 or UTF-32, is one token: one error node, reported once
            // (`lexicalDiagnostics`).
            startNode(.error, at: 0)
            finishNode(endToken: 1)
            finishNode(endToken: 1)
            return
        }
        while true {
            // Trivia, newlines and comments between members belong to the enclosing node.
            // So does an empty `;` among a block's members (the grammar allows it, as it allows
            // a blank line); at top level a `;` is an error below.
            // (A local index: `pos` lives in `self`, which the loop would reload and store each step.)
            var k = pos
            while k < tokens.count {
                let kind = tokens[k].kind
                guard kind.isTrivia || kind == .newline || (kind == .semicolon && blockDepth > 0) else { break }
                k += 1
            }
            pos = k
            if atEnd { break }
            let tok = tokens[pos]
            if recoverByIndent && blockDepth > 0 && tok.kind != .rightBrace && startsLine(pos) {
                let indent = indentation(ofLineAt: tok.start)
                // A block's first line-starting member tells whether its body is indented;
                // only indented blocks are closed by indentation, so unindented files (or
                // blocks) that close properly are read as the first pass read them.
                let innermost = blocks.count - 1
                if blocks[innermost].bodyIndented == nil {
                    blocks[innermost].bodyIndented = indent > blocks[innermost].headerIndent
                }
                while let last = blocks.last, indent <= last.headerIndent, last.bodyIndented == true {
                    closeUnterminatedBlock(endToken: pos)
                }
            }
            switch tok.kind {
            case .rightBrace:
                if blockDepth > 0 {
                    // Between members the open node is the innermost block.
                    nodes[openNode].slotB = Int32(pos)
                    pos += 1
                    leaveBlock()
                    finishNode(endToken: pos)
                } else {
                    startNode(.error, at: pos)
                    report(.unexpectedCloseBrace, tok.range, "unexpected `}` with no block open")
                    pos += 1
                    finishNode(endToken: pos)
                }
            case .leftBrace:
                // A body without a header: keep braces paired so the rest still parses.
                report(.missingOpenBrace, tok.range, "expected a block kind and name before `{`")
                openBlockBody(node: startNode(.block, at: pos), headerStart: pos)
            case .identifier:
                // Most members are plain `key: value` lines and block headers with nothing to
                // report (the first pass reads a run of them at once); the rest take `member()`.
                if !plainMembers() && !plainMember(key: pos) { member() }
            case .semicolon:
                startNode(.error, at: pos)
                report(.unexpectedToken, tok.range, "unexpected `;` outside a block: it ends a property, and there is none before it")
                pos += 1
                finishNode(endToken: pos)
            default:
                skipLine(message: "expected a property (`key: value`) or a block (`kind name {`), found \(describe(tok))")
            }
        }
        if blockDepth > 0 {
            leftBlocksOpen = true
            while blockDepth > 0 { closeUnterminatedBlock(endToken: tokens.count) }
        }
        finishNode(endToken: tokens.count)
    }

    /// Skips to the end of the line (stopping before braces) as one error node.
    mutating func skipLine(message: String) {
        let start = pos
        startNode(.error, at: pos)
        while pos < tokens.count {
            let k = tokens[pos].kind
            if k == .newline || k == .leftBrace || k == .rightBrace { break }
            pos += 1
        }
        if pos == start { pos += 1 }
        let range = ByteRange(start: tokens[start].start, end: tokens[pos - 1].end)
        report(.unexpectedToken, range, message)
        finishNode(endToken: pos)
    }

    mutating func closeUnterminatedBlock(endToken: Int) {
        let node = nodes[openNode]
        let first = tokens[Int(node.firstToken)]
        let brace = node.slotA >= 0 ? tokens[Int(node.slotA)] : first
        var what = "block"
        if first.kind == .identifier {
            what = "`\(text(first))`"
            let next = skipComments(from: Int(node.firstToken) + 1)
            if next < tokens.count && tokens[next].kind == .identifier && next < Int(node.slotA) {
                what = "`\(text(first)) \(text(tokens[next]))`"
            }
        }
        report(.missingCloseBrace, ByteRange(start: first.start, end: brace.end), "missing `}` to close \(what)")
        leaveBlock()
        finishNode(endToken: max(endToken, Int(node.firstToken)))
    }

    mutating func member() {
        let keyIndex = pos
        let next = skipComments(from: pos + 1)
        let nextKind: TokenKind? = next < tokens.count ? tokens[next].kind : nil
        if nextKind == .colon {
            if blockDepth == 0 {
                report(.propertyOutsideBlock, tokens[keyIndex].range,
                       "property `\(text(tokens[keyIndex]))` outside any block; properties belong inside `template`, `annotations` or `style`")
            }
            property()
        } else if braceOnLine(from: pos + 1) {
            block()
        } else if blockDepth == 0 && (isKeyword(keyIndex, "format") || isKeyword(keyIndex, "import")) {
            directive()
        } else if let brace = braceStartingNextLine(from: pos + 1) {
            // `kind name` with its `{` on the next line: read it as the block it is meant to
            // be, and offer to join the lines.
            var last = brace - 1
            while last > keyIndex && tokens[last].kind == .newline { last -= 1 }
            let gap = ByteRange(start: tokens[last].end, end: tokens[brace].start)
            // Joining the lines would pull the `{` into a comment that ends the header line.
            let joinable = tokens[last].kind != .lineComment && tokens[last].kind != .docComment
            report(.missingOpenBrace, ByteRange(start: tokens[keyIndex].start, end: tokens[last].end),
                   "the `{` of `\(text(tokens[keyIndex]))` must be on the same line as its header",
                   fixes: joinable ? [Fix(title: "Move `{` up to the header", edits: [TextEdit(range: gap, newText: " ")])] : [])
            block(allowLineBreakBeforeBrace: true)
        } else if let k = nextKind, k.isAtom {
            property()  // reports the missing colon
        } else {
            skipLine(message: "expected `:` and a value, or `{` to open a block, after `\(text(tokens[keyIndex]))`")
        }
    }

    /// The index of a `{` that starts the next line, when everything from `k` to the end of
    /// this line could be a block header (names and a title).
    func braceStartingNextLine(from k: Int) -> Int? {
        var j = k
        while j < tokens.count {
            let kind = tokens[j].kind
            if kind == .newline { break }
            if kind != .identifier && kind != .string && !kind.isTrivia { return nil }
            j += 1
        }
        guard j < tokens.count else { return nil }
        while j < tokens.count && tokens[j].kind == .newline { j += 1 }
        return j < tokens.count && tokens[j].kind == .leftBrace ? j : nil
    }

    func isKeyword(_ k: Int, _ word: StaticString) -> Bool {
        let t = tokens[k]
        guard t.end - t.start == word.utf8CodeUnitCount else { return false }
        return word.withUTF8Buffer { w in
            for i in 0..<w.count where buf[t.start + i] != w[i] { return false }
            return true
        }
    }

    mutating func directive() {
        let node = startNode(.directive, at: pos)
        nodes[node].slotA = Int32(pos)
        let keyword = tokens[pos]
        pos += 1
        value(after: keyword, subject: Int(nodes[node].slotA), colon: false)
        terminator()
        finishNode(endToken: pos)
    }

    mutating func property() {
        let node = startNode(.property, at: pos)
        let key = tokens[pos]
        pos += 1
        let colon = skipComments(from: pos)
        if colon < tokens.count && tokens[colon].kind == .colon {
            nodes[node].slotA = Int32(colon)
            pos = colon + 1
            value(after: tokens[colon], subject: node == 0 ? 0 : Int(nodes[node].firstToken), colon: true)
        } else {
            let name = text(key)
            report(.missingColon, key.range, "expected `:` after the property name `\(name)`",
                   fixes: [Fix(title: "Insert `:`", edits: [TextEdit(range: ByteRange(start: key.end, end: key.end), newText: ":")])])
            value(after: key, subject: Int(nodes[node].firstToken), colon: false)
        }
        terminator()
        finishNode(endToken: pos)
    }

    /// The common member `key: atom, atom …` (commas optional, the colon right after the
    /// key) ending at a line break, `{`, `}`, `;`, a comment ending the line, or the end of
    /// the input. Inside a block such a line has nothing to report, so the fast paths build
    /// the property and value nodes `member()` would without its general checks. Returns
    /// where the value ends (after its last atom) and where the member ends (after its `;`,
    /// if one follows at once); nil for any other shape.
    @inline(__always)
    func plainPropertyExtent(key: Int, _ t: UnsafePointer<Token>, _ count: Int) -> (valueEnd: Int, end: Int)? {
        let colon = key + 1
        guard colon < count && t[colon].kind == .colon else { return nil }
        var valueEnd = colon + 1
        var endsWithAtom = false
        while valueEnd < count {
            let kind = t[valueEnd].kind
            if kind.isAtom {
                endsWithAtom = true
            } else if kind == .comma && endsWithAtom {
                endsWithAtom = false
            } else {
                break
            }
            valueEnd += 1
        }
        // No atoms, or a stray comma: `value()` reports it.
        guard endsWithAtom else { return nil }
        guard valueEnd < count else { return (valueEnd, valueEnd) }
        switch t[valueEnd].kind {
        case .newline, .leftBrace, .rightBrace: return (valueEnd, valueEnd)
        case .semicolon: return (valueEnd, valueEnd + 1)  // `terminator()` would take it
        case .lineComment, .docComment:
            // The comment stays with the enclosing block; a `;` cannot follow it on its line.
            let next = valueEnd + 1
            return next == count || t[next].kind == .newline ? (valueEnd, valueEnd) : nil
        default: return nil  // block comments and stray tokens: the general path places them
        }
    }

    /// The `{` of a block header with nothing to report: the kind, an optional name and an
    /// optional title, then `{` at once (no comments or line breaks between); `block()`
    /// reads such a header without a diagnostic. Nil for any other header.
    @inline(__always)
    func plainBlockBrace(key: Int, _ t: UnsafePointer<Token>, _ count: Int) -> Int? {
        var j = key + 1
        if j < count && t[j].kind == .identifier { j += 1 }
        if j < count && (t[j].kind == .string || t[j].kind == .multilineString) { j += 1 }
        return j < count && t[j].kind == .leftBrace ? j : nil
    }

    /// The first pass's fast path: reads members with nothing to report (plain properties
    /// inside blocks, plain block headers, the `}` closing a block, and the trivia, line
    /// breaks and empty `;` between them) for as long as they come, building the nodes
    /// the general path would. Stops before anything else, with `pos` there; returns
    /// whether it read anything.
    ///
    /// The parser's state lives in locals meanwhile, and nodes are written through a local
    /// cursor with room reserved per stretch (as the lexer writes tokens): `append` and
    /// `run`'s loop would load and store the fields of `self` for every member.
    mutating func plainMembers() -> Bool {
        let count = tokens.count
        // Token and node indexes are stored as Int32: past that the general path traps, as
        // `startNode` does. (Node indexes stay below `limit`, at most Int32.max.) The
        // indentation-guided pass checks each line's indentation between members in `run`.
        guard fastPaths && !recoverByIndent && count <= Int(Int32.max), let t = tokens.baseAddress else { return false }
        let start = pos
        var k = start
        var open = openNode, depth = blockDepth
        var n = nodes.count
        var base = nodes.reserve(2)
        var limit = min(nodes.capacity, Int(Int32.max))  // `n + 2` may not pass it
        func int32(_ index: Int) -> Int32 { Int32(truncatingIfNeeded: index) }
        members: while k < count {
            if n + 2 > limit {
                nodes.setCount(n)
                base = nodes.reserve(64)
                limit = min(nodes.capacity, Int(Int32.max))
                guard n + 2 <= limit else { break }
            }
            switch t[k].kind {
            case .identifier:
                if let extent = plainPropertyExtent(key: k, t, count) {
                    guard depth > 0 else { break members }  // outside blocks a property is reported
                    let (property, value) = Parser.plainPropertyNodes(key: k, extent, parent: open, at: n)
                    (base + n).initialize(to: property)
                    (base + n + 1).initialize(to: value)
                    n += 2
                    k = extent.end
                } else if let brace = plainBlockBrace(key: k, t, count), depth < Parser.maxDepth {
                    // As `startNode` and `openBlockBody` write it; `}` completes it below.
                    (base + n).initialize(to: RawNode(kind: .block, parent: int32(open), subtreeEnd: 0,
                                                      firstToken: int32(k), endToken: int32(k), slotA: int32(brace), slotB: -1))
                    open = n
                    n += 1
                    depth += 1
                    k = brace + 1
                } else {
                    break members
                }
            case .rightBrace:
                guard depth > 0 else { break members }  // a stray `}` is reported
                // Between members the open node is the innermost block (as in `run`).
                base[open].slotB = int32(k)
                base[open].endToken = int32(k + 1)
                base[open].subtreeEnd = int32(n)
                open = Int(base[open].parent)
                depth -= 1
                k += 1
            default:
                break members
            }
            // What `run` skips between members: comments, line breaks and, in a block, empty `;`.
            while k < count {
                let kind = t[k].kind
                guard kind.isTrivia || kind == .newline || (kind == .semicolon && depth > 0) else { break }
                k += 1
            }
        }
        nodes.setCount(n)
        pos = k
        openNode = open
        blockDepth = depth
        return k != start
    }

    /// The two nodes of a plain property whose key is token `key` (its `:` follows; its value
    /// starts after that), as the general path writes them, the property at node `property`.
    /// The caller has checked that every index fits an `Int32`.
    @inline(__always)
    static func plainPropertyNodes(key: Int, _ extent: (valueEnd: Int, end: Int), parent: Int, at property: Int) -> (RawNode, RawNode) {
        func int32(_ index: Int) -> Int32 { Int32(truncatingIfNeeded: index) }
        return (RawNode(kind: .property, parent: int32(parent), subtreeEnd: int32(property + 2),
                        firstToken: int32(key), endToken: int32(extent.end), slotA: int32(key + 1), slotB: -1),
                RawNode(kind: .value, parent: int32(property), subtreeEnd: int32(property + 2),
                        firstToken: int32(key + 2), endToken: int32(extent.valueEnd), slotA: -1, slotB: -1))
    }

    /// The indentation-guided pass's fast path: one plain property (in a block) or block
    /// header, as `plainMembers` reads them, since `run` checks each line's indentation
    /// between members. Returns false, having changed nothing, for any other member.
    mutating func plainMember(key: Int) -> Bool {
        guard fastPaths, let t = tokens.baseAddress else { return false }
        let count = tokens.count
        if let extent = plainPropertyExtent(key: key, t, count) {
            let property = nodes.count
            // Every index below is at most `extent.end` (tokens) or `property + 2` (nodes), and
            // not negative; past Int32 the general path traps, as `startNode` does.
            guard blockDepth > 0 && extent.end <= Int(Int32.max) && property + 2 <= Int(Int32.max) else { return false }
            let (propertyNode, valueNode) = Parser.plainPropertyNodes(key: key, extent, parent: openNode, at: property)
            nodes.append(propertyNode)
            nodes.append(valueNode)
            pos = extent.end
            return true
        }
        guard let brace = plainBlockBrace(key: key, t, count) else { return false }
        let node = startNode(.block, at: key)
        pos = brace
        openBlockBody(node: node, headerStart: key)  // also reports a block nested too deep
        return true
    }

    /// A `;` right after a property or directive belongs to it.
    mutating func terminator() {
        let k = skipComments(from: pos)
        if k < tokens.count && tokens[k].kind == .semicolon {
            // Only comments on the same line may sit between the value and its `;`.
            var sameLine = true
            for j in pos..<k where tokens[j].kind != .blockComment { sameLine = false }
            if sameLine { pos = k + 1 }
        }
    }

    /// Parses a value; `subject` is the key or keyword token it belongs to (for messages,
    /// which are built only when there is something to report).
    mutating func value(after previous: Token, subject: Int, colon: Bool) {
        var what: String { "`\(text(tokens[subject]))\(colon ? ":" : "")`" }
        startNode(.value, at: pos)
        var lastEnd = pos
        var atoms = 0
        var previousWasAtom = false
        var lastComma: Token? = nil
        loop: while pos < tokens.count {
            let t = tokens[pos]
            switch t.kind {
            case .newline, .semicolon, .rightBrace, .leftBrace, .lineComment, .docComment:
                break loop
            case .blockComment, .byteOrderMark:
                pos += 1
            case .comma:
                if !previousWasAtom { report(.unexpectedToken, t.range, "unexpected `,`: commas go between two values") }
                previousWasAtom = false
                lastComma = t
                pos += 1
                lastEnd = pos
            case .identifier, .string, .multilineString, .number, .color:
                atoms += 1
                previousWasAtom = true
                lastComma = nil
                pos += 1
                lastEnd = pos
            default:
                // Stray characters already have their own diagnostic from the lexer.
                if t.kind != .unknown { report(.unexpectedToken, t.range, "unexpected \(describe(t)) in the value of \(what)") }
                previousWasAtom = false
                pos += 1
                lastEnd = pos
            }
        }
        if let comma = lastComma, atoms > 0 {
            report(.unexpectedToken, comma.range, "unexpected `,` at the end of the value")
        }
        if atoms == 0 {
            let at = pos < tokens.count ? tokens[pos].start : buf.count
            report(.missingValue, ByteRange(start: previous.end, end: max(previous.end, min(at, previous.end))),
                   "expected a value after \(what)")
        }
        pos = lastEnd
        finishNode(endToken: lastEnd)
    }

    mutating func block(allowLineBreakBeforeBrace: Bool = false) {
        let headerStart = pos
        let node = startNode(.block, at: pos)
        pos += 1  // the kind
        var haveName = false, haveTitle = false
        while pos < tokens.count && tokens[pos].kind != .leftBrace {
            let t = tokens[pos]
            if t.kind.isTrivia || (allowLineBreakBeforeBrace && t.kind == .newline) {
            } else if t.kind == .identifier && !haveName && !haveTitle {
                haveName = true
            } else if (t.kind == .string || t.kind == .multilineString) && !haveTitle {
                haveTitle = true
            } else if t.kind != .unknown {  // stray characters are reported once, by the lexer
                report(.unexpectedToken, t.range, "unexpected \(describe(t)) in a block header; expected `kind name \"Title\" {`")
            }
            pos += 1
        }
        openBlockBody(node: node, headerStart: headerStart)
    }

    /// At the `{` of a block whose node is open: enter its body, or, past the depth
    /// limit, swallow the whole block as one error node.
    mutating func openBlockBody(node: Int, headerStart: Int) {
        guard pos < tokens.count else { finishNode(endToken: pos); return }
        nodes[node].slotA = Int32(pos)
        let brace = tokens[pos]
        pos += 1
        if blockDepth >= Parser.maxDepth {
            nodes[node].kind = .error
            nodes[node].slotA = -1
            report(.nestingTooDeep, ByteRange(start: tokens[headerStart].start, end: brace.end),
                   "blocks are nested deeper than \(Parser.maxDepth) levels")
            var depth = 1
            while pos < tokens.count && depth > 0 {
                let k = tokens[pos].kind
                if k == .leftBrace { depth += 1 } else if k == .rightBrace { depth -= 1 }
                pos += 1
            }
            finishNode(endToken: pos)
            return
        }
        blockDepth += 1
        if recoverByIndent {
            blocks.append(OpenBlock(headerIndent: indentation(ofLineAt: tokens[headerStart].start), bodyIndented: nil))
        }
    }

    /// After a block's node is closed or about to be: one block fewer is open.
    mutating func leaveBlock() {
        blockDepth -= 1
        if recoverByIndent { blocks.removeLast() }
    }

    // MARK: Lexical problems

    mutating func lexicalDiagnostics(_ flagged: [Int32]) {
        for index in flagged {
            let t = tokens[Int(index)]
            switch t.kind {
            case .unknown:
                if t.flags.contains(.foreignEncoding) {
                    foreignEncoding()
                } else if t.flags.contains(.invalidUTF8) {
                    report(.invalidUTF8, t.range, "invalid UTF-8: TDL files must be UTF-8 text")
                } else {
                    report(.unexpectedCharacter, t.range, "unexpected \(characterDescription(t)); identifiers are ASCII letters, digits, `_` and `-`")
                }
            case .string, .multilineString:
                if t.flags.contains(.unterminated) {
                    report(.unterminatedString, t.range, t.kind == .string
                           ? "unterminated string: a `\"` is missing before the end of the line"
                           : "unterminated `\"\"\"` string: no closing `\"\"\"` follows")
                }
                if t.flags.contains(.invalidEscape) { reportEscapes(in: t) }
                if t.flags.contains(.invalidUTF8) { report(.invalidUTF8, t.range, "invalid UTF-8 in a string") }
            case .blockComment, .lineComment, .docComment:
                if t.flags.contains(.unterminated) {
                    report(.unterminatedComment, t.range, "unterminated comment: no `*/` follows")
                }
                if t.flags.contains(.invalidUTF8) { report(.invalidUTF8, t.range, "invalid UTF-8 in a comment") }
            case .number:
                if t.flags.contains(.malformed) {
                    report(.malformedNumber, t.range, "malformed number `\(text(t))`; numbers look like `12` or `-0.5`")
                } else if t.flags.contains(.hasUnit) {
                    numberUnit(t)
                }
            case .color:
                if t.flags.contains(.malformed) {
                    report(.malformedColor, t.range, "malformed colour `\(text(t))`; expected #RGB, #RGBA, #RRGGBB or #RRGGBBAA")
                }
            default:
                break
            }
        }
    }

    /// TDL017 at the byte order mark (or the first character) of a UTF-16 or UTF-32 file.
    mutating func foreignEncoding() {
        guard let encoding = ForeignEncoding.detect(buf) else { return }
        let mark = encoding.byteOrderMarkLength
        let how = mark > 0 ? "by its byte order mark"
            : encoding.unitSize == 2 ? "every other byte of its start is NUL" : "three bytes in four of its start are NUL"
        report(.foreignEncoding, ByteRange(start: 0, end: min(buf.count, mark > 0 ? mark : encoding.unitSize)),
               "this file is \(encoding.name) text (\(how)), but TDL files are UTF-8: save it as UTF-8, "
               + "e.g. `iconv -f \(encoding.iconvName) -t UTF-8 FILE > FILE.new`, then replace the file")
    }

    func characterDescription(_ t: Token) -> String {
        let s = text(t)
        guard let first = s.unicodeScalars.first else { return "character" }
        if first.value < 0x20 || first.value == 0x7F {
            return first.value == 0 ? "NUL byte" : "control character U+\(String(first.value, radix: 16, uppercase: true).leftPadded(4))"
        }
        return s.unicodeScalars.count == 1 ? "character `\(s)`" : "characters `\(s.prefix(20))`"
    }

    mutating func numberUnit(_ t: Token) {
        var k = t.start
        if buf[k] == 0x2D { k += 1 }
        while k < t.end && (buf[k] >= 0x30 && buf[k] <= 0x39 || buf[k] == 0x2E) { k += 1 }
        let number = String(decoding: UnsafeBufferPointer(rebasing: buf[t.start..<k]), as: UTF8.self)
        let unit = String(decoding: UnsafeBufferPointer(rebasing: buf[k..<t.end]), as: UTF8.self)
        if SyntaxCode.knownUnits.contains(unit) { return }
        if unit.first == "x" && unit.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }) {
            let rest = unit.dropFirst()
            let replacement = rest.isEmpty ? "\(number) x" : "\(number) x \(rest)"
            report(.unknownUnit, t.range, "unknown unit `\(unit)` on `\(text(t))`; a size is written `\(replacement)` with spaces around `x`",
                   fixes: [Fix(title: "Write `\(replacement)`", edits: [TextEdit(range: t.range, newText: replacement)])])
        } else {
            report(.unknownUnit, t.range, "unknown unit `\(unit)` on `\(text(t))`; units are px, pt, % and deg")
        }
    }

    mutating func reportEscapes(in t: Token) {
        var k = t.start + 1
        while k < t.end {
            guard buf[k] == 0x5C else { k += 1; continue }
            let (end, scalar) = EscapeSequence.read(buf, at: k, limit: t.end)
            if scalar == nil {
                let shown = String(decoding: UnsafeBufferPointer(rebasing: buf[k..<end]), as: UTF8.self)
                report(.invalidEscape, ByteRange(start: k, end: end),
                       "invalid escape `\(shown)`; strings allow \\\" \\\\ \\n \\t \\{ and \\u{HEX}")
            }
            k = end
        }
    }
}

extension String {
    func leftPadded(_ width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
