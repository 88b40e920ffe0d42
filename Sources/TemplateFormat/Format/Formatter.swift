/// The canonical formatter: a pretty-printer over the lossless tree, separate from any rule.
///
/// It refuses trees whose structure is broken (`SyntaxCode.isStructural`: braces that do
/// not pair up, unterminated strings or comments), returning those errors, so it never
/// guesses at structure. Any other syntax error lies inside one value, block header or
/// line, which is written exactly as it stands (`327x1` stays `327x1`); everything around
/// it is laid out as usual. Its value layout is decided syntactically (see `writeValue`),
/// so it needs no schema. Output is idempotent and parses to the same tree apart from
/// trivia, with the same syntax errors.
public enum Formatter {
    public enum Outcome: Sendable {
        case formatted([UInt8])
        case refused([Diagnostic])
    }

    public static func format(_ tree: SyntaxTree, options: FormatOptions = FormatOptions()) -> Outcome {
        let structural = tree.structuralErrors
        guard structural.isEmpty else { return .refused(structural) }
        let ending = options.lineEnding ?? LineEnding.majority(in: tree)
        return withPrinter(tree, options: options, ending: ending) { p in
            p.body(of: 0, from: 0, to: tree.tokens.count, depth: 0, isBlock: false)
            if options.insertFinalNewline && !p.out.isEmpty && !p.onlyBOM { p.out.append(contentsOf: p.newline) }
            return .formatted(p.out)
        }
    }

    public static func format(_ bytes: [UInt8], options: FormatOptions = FormatOptions()) -> Outcome {
        format(SyntaxTree.parse(bytes), options: options)
    }

    static func withPrinter<R>(_ tree: SyntaxTree, options: FormatOptions, ending: LineEnding,
                                       _ body: (inout Printer) -> R) -> R {
        tree.bytes.withUnsafeBufferPointer { src in
            var p = Printer(tree: tree, src: src, tokens: tree.storage.tokens, nodes: tree.storage.nodes,
                            options: options, newline: ending.bytes)
            return body(&p)
        }
    }
}

/// Writes formatted bytes for nodes of a tree without structural errors.
struct Printer {
    let tree: SyntaxTree
    let src: UnsafeBufferPointer<UInt8>
    let tokens: UnsafeBufferPointer<Token>
    let nodes: UnsafeBufferPointer<RawNode>
    let indentUnit: [UInt8]
    let newline: [UInt8]
    let indentByte: UInt8
    let indentWidth: Int
    let newlineFirst: UInt8
    let newlineSecond: UInt8?
    /// Where the tree's syntax diagnostics start, in order: a value or block header holding
    /// one is written as it stands. Empty for an error-free tree.
    let errorStarts: [Int]
    var out: [UInt8] = []
    /// True while only a BOM (or nothing) has been written: the next line needs no break.
    var onlyBOM = true

    /// The buffers must stay valid while the printer is used: see `withPrinter`.
    init(tree: SyntaxTree, src: UnsafeBufferPointer<UInt8>, tokens: UnsafeBufferPointer<Token>,
         nodes: UnsafeBufferPointer<RawNode>, options: FormatOptions, newline: [UInt8]) {
        self.tree = tree
        self.src = src
        self.tokens = tokens
        self.nodes = nodes
        self.indentUnit = options.indentUnit
        self.newline = newline
        self.indentByte = indentUnit.first ?? 0x20
        self.indentWidth = indentUnit.count
        self.newlineFirst = newline.first ?? 0x0A
        self.newlineSecond = newline.count > 1 ? newline[1] : nil
        self.errorStarts = tree.diagnostics.map(\.range.start)
        out.reserveCapacity(src.count + src.count / 8 + 16)
    }

    // MARK: Output primitives

    mutating func write(_ t: Token) {
        if t.kind == .blockComment {
            writeBlockComment(t)
            return
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: src[t.start..<t.end]))
        onlyBOM = false
    }

    /// A block comment as written, except blanks at the ends of its inner lines (no line of
    /// the output ends in whitespace). `"""` strings keep theirs: they are values.
    mutating func writeBlockComment(_ t: Token) {
        for k in t.start..<t.end {
            let b = src[k]
            if b == 0x0A || b == 0x0D {
                while let last = out.last, last == 0x20 || last == 0x09 { out.removeLast() }
            }
            out.append(b)
        }
        onlyBOM = false
    }

    mutating func write(_ byte: UInt8) {
        out.append(byte)
        onlyBOM = false
    }

    @inline(__always)
    mutating func appendNewline() {
        out.append(newlineFirst)
        if let second = newlineSecond { out.append(second) }
    }

    /// Starts a new output line at `depth`, with one blank line before it when asked.
    mutating func beginLine(depth: Int, blank: Bool) {
        if !onlyBOM {
            appendNewline()
            if blank { appendNewline() }
        }
        // Byte by byte: appending the small arrays would retain and release them per line.
        let unit = indentByte
        for _ in 0..<(depth * indentWidth) { out.append(unit) }
    }

    /// Whether `t` is the line comment `// tdl-fmt: off` (or `on`), blanks aside.
    func isFormatterDirective(_ t: Token, _ word: StaticString) -> Bool {
        guard t.kind == .lineComment else { return false }
        var k = t.start + 2
        while k < t.end && (src[k] == 0x20 || src[k] == 0x09) { k += 1 }
        let prefix: StaticString = "tdl-fmt: "
        let expected = prefix.utf8CodeUnitCount + word.utf8CodeUnitCount
        guard t.end - k == expected else { return false }
        let matches: (StaticString, Int) -> Bool = { text, offset in
            text.withUTF8Buffer { w in
                for i in 0..<w.count where self.src[k + offset + i] != w[i] { return false }
                return true
            }
        }
        return matches(prefix, 0) && matches(word, prefix.utf8CodeUnitCount)
    }

    /// Whether a syntax diagnostic starts in `start..<end` (a binary search).
    func hasSyntaxError(from start: Int, to end: Int) -> Bool {
        guard !errorStarts.isEmpty else { return false }
        var lo = 0, hi = errorStarts.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if errorStarts[mid] < start { lo = mid + 1 } else { hi = mid }
        }
        return lo < errorStarts.count && errorStarts[lo] < end
    }

    /// Tokens `first..<end` exactly as written, with the spaces and comments between them.
    mutating func writeAsWritten(tokens first: Int, _ end: Int) {
        out.append(contentsOf: UnsafeBufferPointer(rebasing: src[tokens[first].start..<tokens[end - 1].end]))
        onlyBOM = false
    }

    func nextSibling(_ child: Int, parent: Int) -> Int? {
        BodyWalk.nextSibling(of: child, parent: parent, in: nodes)
    }

    // MARK: Bodies

    /// The members and comments of the document or a block body, tokens `from..<to`.
    mutating func body(of parent: Int, from: Int, to: Int, depth: Int, isBlock: Bool) {
        var walk = BodyWalk(tokens: tokens, nodes: nodes, parent: parent, from: from, to: to, isBlock: isBlock)
        while let step = walk.next() {
            let k: Int
            switch step {
            case .member(let c):
                beginLine(depth: depth, blank: !walk.first && walk.newlines >= 2)
                member(c, depth: depth)
                walk.passed(member: c)
                continue
            case .token(let t):
                k = t
            }
            let t = tokens[k]
            switch t.kind {
            case .byteOrderMark:
                out.append(contentsOf: UnsafeBufferPointer(rebasing: src[t.start..<t.end]))
            case .lineComment, .docComment, .blockComment:
                if walk.commentTrails {
                    write(0x20)
                    write(t)
                } else {
                    beginLine(depth: depth, blank: !walk.first && walk.newlines >= 2)
                    write(t)
                    if isFormatterDirective(t, "off"), k + 1 < to, tokens[k + 1].kind == .newline {
                        let resume = verbatimRegion(parent: parent, afterComment: k, to: to)
                        if resume > k + 1 {
                            walk.resume(at: resume)
                            continue
                        }
                    }
                }
                walk.passedComment()
            case .semicolon:
                break  // an empty member among a block's members: separators are not written
            default:
                // Unreachable without structural errors (stray tokens are in error nodes);
                // written as is so that nothing is lost.
                write(0x20)
                write(t)
            }
        }
    }

    /// Copies the lines after a `// tdl-fmt: off` comment exactly as written, up to the
    /// matching `// tdl-fmt: on` among the same members (or the end of the body).
    /// Returns the token index to continue from.
    mutating func verbatimRegion(parent: Int, afterComment k: Int, to: Int) -> Int {
        let lastContent = verbatimEnd(parent: parent, afterComment: k, to: to)
        guard lastContent >= 0 else { return k + 1 }
        // The lines are copied as written; only their line breaks become the output's, so
        // that the file's majority line ending, and hence the output, is stable.
        out.append(contentsOf: newline)
        var cursor = tokens[k + 1].end
        for n in (k + 2)...lastContent where tokens[n].kind == .newline {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: src[cursor..<tokens[n].start]))
            out.append(contentsOf: newline)
            cursor = tokens[n].end
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: src[cursor..<tokens[lastContent].end]))
        return lastContent + 1
    }

    /// The last token (not a line break) of the region kept as written after the
    /// `// tdl-fmt: off` comment at `k` and its line break; -1 when the region is empty.
    func verbatimEnd(parent: Int, afterComment k: Int, to: Int) -> Int {
        var walk = BodyWalk(tokens: tokens, nodes: nodes, parent: parent, from: k + 2, to: to, isBlock: false)
        var lastContent = -1
        while let step = walk.next() {
            switch step {
            case .member(let c):
                lastContent = Int(nodes[c].endToken) - 1
                walk.passed(member: c)
            case .token(let j):
                let t = tokens[j]
                if t.kind == .lineComment, isFormatterDirective(t, "on"), tokens[j - 1].kind == .newline { return lastContent }
                lastContent = j
            }
        }
        return lastContent
    }

    // MARK: Members

    mutating func member(_ index: Int, depth: Int) {
        let node = nodes[index]
        switch node.kind {
        case .block: block(index, depth: depth)
        case .property: property(index)
        case .directive: directive(index)
        default:
            // A line the parser could not read as a member (an error node, reported): kept
            // as written, on a line of its own like any member.
            if node.endToken > node.firstToken { writeAsWritten(tokens: Int(node.firstToken), Int(node.endToken)) }
        }
    }

    mutating func block(_ index: Int, depth: Int) {
        let node = nodes[index]
        let brace = Int(node.slotA)
        header(index)
        let close = node.slotB >= 0 ? Int(node.slotB) : Int(node.endToken)
        let before = out.count
        body(of: index, from: brace + 1, to: close, depth: depth + 1, isBlock: true)
        if out.count == before {
            write(0x7D)
        } else {
            beginLine(depth: depth, blank: false)
            write(0x7D)
        }
    }

    /// A block's header up to its `{`: `kind name "Title" {`.
    mutating func header(_ index: Int) {
        let node = nodes[index]
        let brace = Int(node.slotA)
        var k = Int(node.firstToken)
        var firstPart = true
        // A header with a syntax error (a stray token, a bad title) is kept as written: where
        // its parts begin and end is what the error is about.
        if brace > k && hasSyntaxError(from: tokens[k].start, to: tokens[brace].start) {
            writeAsWritten(tokens: k, brace)
            k = brace
            firstPart = false
        }
        while k < brace {
            let t = tokens[k]
            if t.kind != .newline {
                if !firstPart { write(0x20) }
                write(t)
                firstPart = false
            }
            k += 1
        }
        if !firstPart { write(0x20) }
        write(0x7B)
    }

    mutating func property(_ index: Int) {
        let node = nodes[index]
        var k = Int(node.firstToken)
        let end = Int(node.endToken)
        var child: Int? = index + 1 < Int(node.subtreeEnd) ? index + 1 : nil
        var wroteKey = false
        while k < end {
            if let c = child, Int(nodes[c].firstToken) == k {
                // An empty value (a missing one, reported) holds no token: what follows it,
                // a comment say, is still the property's to write.
                if nodes[c].endToken > nodes[c].firstToken {
                    write(0x20)
                    writeValue(c)
                    k = Int(nodes[c].endToken)
                }
                child = nil
                continue
            }
            let t = tokens[k]
            switch t.kind {
            case .identifier where !wroteKey:
                write(t)
                wroteKey = true
            case .colon:
                write(0x3A)
            case .semicolon, .newline:
                break
            default:
                write(0x20)
                write(t)
            }
            k += 1
        }
    }

    mutating func directive(_ index: Int) {
        let node = nodes[index]
        write(tokens[Int(node.firstToken)])
        if let v = index + 1 < Int(node.subtreeEnd) ? index + 1 : nil, nodes[v].endToken > nodes[v].firstToken {
            write(0x20)
            writeValue(v)
        }
        for k in (Int(node.firstToken) + 1)..<Int(node.endToken) where tokens[k].kind.isComment
            && (k < Int(nodes[index + 1].firstToken) || k >= Int(nodes[index + 1].endToken)) {
            write(0x20)
            write(tokens[k])
        }
    }

    /// Atoms joined canonically: ` x ` around an identifier `x` between two numbers
    /// (`327 x 180`), whatever commas the source had there; otherwise `, ` where the source
    /// had a comma or between two adjacent numbers (`24 64` is a point); one space otherwise
    /// (`"Inter" bold`). Colours are written upper-case; numbers and strings exactly as written.
    ///
    /// A value with a syntax error (`327x1`, `#GGG`, `.5`, a stray comma) is written exactly
    /// as it stands: spacing a bad token differently could change how it reads (`.5` is two
    /// tokens), and the author's text is the best record of what was meant.
    mutating func writeValue(_ index: Int) {
        let node = nodes[index]
        let first = Int(node.firstToken), end = Int(node.endToken)
        if hasSyntaxError(from: tokens[first].start, to: tokens[end - 1].end) {
            writeAsWritten(tokens: first, end)
            return
        }
        let atomKinds = (Int(node.firstToken)..<Int(node.endToken)).compactMap { k -> (TokenKind, Bool)? in
            let t = tokens[k]
            return t.kind.isAtom ? (t.kind, t.kind == .identifier && tree.token(t, equals: "x")) : nil
        }
        /// Whether atom `a` is the `x` of a size: an identifier `x` between two numbers.
        func isSizeX(_ a: Int) -> Bool {
            a > 0 && a + 1 < atomKinds.count && atomKinds[a].1
                && atomKinds[a - 1].0 == .number && atomKinds[a + 1].0 == .number
        }
        var previous: TokenKind? = nil
        var comma = false
        var atom = 0
        for k in Int(node.firstToken)..<Int(node.endToken) {
            let t = tokens[k]
            switch t.kind {
            case .comma:
                comma = true
            case .blockComment:
                if previous != nil { write(0x20) }
                write(t)
                if previous == nil { write(0x20) }
            default:
                if let p = previous {
                    let size = isSizeX(atom) || isSizeX(atom - 1)
                    if !size && (comma || (p == .number && t.kind == .number)) {
                        write(0x2C)
                    }
                    write(0x20)
                }
                atom += 1
                if t.kind == .color {
                    for b in UnsafeBufferPointer(rebasing: src[t.start..<t.end]) {
                        out.append(b >= 0x61 && b <= 0x66 ? b - 0x20 : b)
                    }
                    onlyBOM = false
                } else {
                    write(t)
                }
                previous = t.kind
                comma = false
            }
        }
    }
}
