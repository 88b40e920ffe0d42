extension Formatter {
    /// Formats what `range` touches and nothing else, as edits in order, none overlapping.
    /// nil when the tree's structure is broken (as `format` refuses it).
    ///
    /// The unit is a line of members: the members that start on one line (with any block
    /// comments before them), written as `format` writes them, their indentation included.
    /// A block alone on its line whose first and last lines the range does not both touch
    /// is not rewritten whole: its header line (with any members after its `{`), its
    /// members line by line as above, and the placing of its `}` on a line of its own are
    /// each done only when the range touches them. Comments on lines of their own are
    /// re-indented when the range touches them; regions kept by `// tdl-fmt: off` are left
    /// alone. What lies between the units (blank lines, trailing comments) is left as it
    /// is, so formatting the whole document afterwards gives the same text as formatting it
    /// directly.
    public static func formatRange(_ tree: SyntaxTree, range: ByteRange, options: FormatOptions = FormatOptions()) -> [TextEdit]? {
        guard tree.structuralErrors.isEmpty else { return nil }
        let ending = options.lineEnding ?? LineEnding.majority(in: tree)
        return withPrinter(tree, options: options, ending: ending) { p in
            var edits: [TextEdit] = []
            p.rangeEdits(parent: 0, from: 0, to: tree.tokens.count, depth: 0, isBlock: false, range: range, into: &edits)
            return edits
        }
    }
}

extension Printer {
    /// The edits for the members and comments of a body (tokens `from..<to` of `parent`)
    /// that `range` touches. Walks the body as `body` does, so that comments are told apart
    /// from trailing ones, and `// tdl-fmt: off` regions found, the same way.
    mutating func rangeEdits(parent: Int, from: Int, to: Int, depth: Int, isBlock: Bool, range: ByteRange,
                             into edits: inout [TextEdit]) {
        var walk = BodyWalk(tokens: tokens, nodes: nodes, parent: parent, from: from, to: to, isBlock: isBlock)
        while let step = walk.next() {
            let k: Int
            switch step {
            case .member(let c):
                let start = Int(nodes[c].firstToken)
                let last = lineOfMembers(from: c, parent: parent, to: to)
                memberLineEdits(parent: parent, start: start, first: c, last: last, depth: depth, range: range, into: &edits)
                walk.passed(member: last)
                continue
            case .token(let t):
                k = t
            }
            let t = tokens[k]
            guard t.kind == .lineComment || t.kind == .docComment || t.kind == .blockComment else { continue }
            let trailing = walk.commentTrails
            walk.passedComment()
            if trailing { continue }
            // Block comments before a member on its line belong to that member's line.
            var j = k
            while j < to && tokens[j].kind == .blockComment { j += 1 }
            if j > k, let c = walk.member(startingAt: j) {
                let last = lineOfMembers(from: c, parent: parent, to: to)
                memberLineEdits(parent: parent, start: k, first: c, last: last, depth: depth, range: range, into: &edits)
                walk.passed(member: last)
                continue
            }
            if let start = lineStart(ofToken: k), ByteRange(start: start, end: t.end).intersects(range) {
                startUnit()
                beginLine(depth: depth, blank: false)
                write(t)
                addEdit(ByteRange(start: start, end: t.end), into: &edits)
            }
            if t.kind == .lineComment, isFormatterDirective(t, "off"), k + 1 < to, tokens[k + 1].kind == .newline {
                let lastKept = verbatimEnd(parent: parent, afterComment: k, to: to)
                if lastKept >= 0 { walk.resume(at: lastKept + 1) }
            }
        }
    }

    /// The last of the members that share lines with `first`: each starts on the line
    /// where the one before it ends.
    func lineOfMembers(from first: Int, parent: Int, to: Int) -> Int {
        var last = first
        while let next = nextSibling(last, parent: parent), Int(nodes[next].firstToken) < to {
            var sameLine = true
            for k in Int(nodes[last].endToken)..<Int(nodes[next].firstToken) where tokens[k].kind == .newline {
                sameLine = false
                break
            }
            guard sameLine else { break }
            last = next
        }
        return last
    }

    /// Edits for one line of members, `first` to `last` (tokens from `start`, which may be a
    /// block comment before `first`): the line formatted whole, or, for a block alone on its
    /// line, part by part when the range touches only part of it.
    mutating func memberLineEdits(parent: Int, start: Int, first: Int, last: Int, depth: Int, range: ByteRange,
                                  into edits: inout [TextEdit]) {
        let endToken = Int(nodes[last].endToken)
        guard let lineStart = lineStart(ofToken: start), endToken > start else { return }
        let extent = ByteRange(start: lineStart, end: tokens[endToken - 1].end)
        guard extent.intersects(range) else { return }
        if first == last && start == Int(nodes[first].firstToken),
           blockEdits(first, lineStart: lineStart, depth: depth, range: range, into: &edits) {
            return
        }
        startUnit()
        body(of: parent, from: start, to: endToken, depth: depth, isBlock: false)
        addEdit(extent, into: &edits)
    }

    /// Edits for a block, part by part, when the range touches only part of it: its header
    /// line (the header and any members after its `{` on that line), its members line by
    /// line, and where its `}` goes (a line of its own, at the block's indentation), each
    /// only where the range touches it. False, having done nothing, when the range touches
    /// both its first and its last line, or its body is empty (written `{}`): the block is
    /// then formatted whole.
    mutating func blockEdits(_ block: Int, lineStart: Int, depth: Int, range: ByteRange, into edits: inout [TextEdit]) -> Bool {
        let node = nodes[block]
        guard node.kind == .block, node.slotA >= 0, node.slotB > node.slotA else { return false }
        let brace = Int(node.slotA), close = Int(node.slotB)
        guard (brace + 1..<close).contains(where: { tokens[$0].kind != .newline }) else { return false }
        // The header's line: up to the last member that starts on it, if any.
        var headerLineEnd = brace + 1
        if block + 1 < Int(node.subtreeEnd), !(brace + 1..<Int(nodes[block + 1].firstToken)).contains(where: { tokens[$0].kind == .newline }) {
            headerLineEnd = Int(nodes[lineOfMembers(from: block + 1, parent: block, to: close)].endToken)
        }
        let headerLine = ByteRange(start: lineStart, end: tokens[headerLineEnd - 1].end)
        var lineOfClose = lineStart
        if let k = (brace..<close).last(where: { tokens[$0].kind == .newline }) { lineOfClose = tokens[k].end }
        let closeLine = ByteRange(start: lineOfClose, end: tokens[close].end)
        // A range over its first and last lines (one line, for `{ a: 1 }`) is the whole block.
        if headerLine.intersects(range) && closeLine.intersects(range) { return false }
        if headerLine.intersects(range) {
            startUnit()
            beginLine(depth: depth, blank: false)
            header(block)
            body(of: block, from: brace + 1, to: headerLineEnd, depth: depth + 1, isBlock: true)
            addEdit(headerLine, into: &edits)
        }
        rangeEdits(parent: block, from: headerLineEnd, to: close, depth: depth + 1, isBlock: true, range: range, into: &edits)
        // The `}` goes on a line of its own at the block's indentation, when the range
        // touches its line (a member before it on that line keeps its trailing comment).
        let before = tokens[close - 1]
        if closeLine.intersects(range) {
            startUnit()
            onlyBOM = before.kind == .newline  // else `beginLine` breaks the line first
            beginLine(depth: depth, blank: false)
            addEdit(ByteRange(start: before.end, end: tokens[close].start), into: &edits)
        }
        return true
    }

    /// Where the line of token `k` starts, when only spaces stand before `k` on it (the
    /// token after a line break, a BOM or nothing); nil otherwise.
    func lineStart(ofToken k: Int) -> Int? {
        guard k > 0 else { return 0 }
        let previous = tokens[k - 1]
        return previous.kind == .newline || previous.kind == .byteOrderMark ? previous.end : nil
    }

    /// Starts the text of one edit.
    mutating func startUnit() {
        out.removeAll(keepingCapacity: true)
        onlyBOM = true
    }

    /// Replaces `range` with what was written since `startUnit`, unless that is the same
    /// text, or text that is not UTF-8 (an edit's text is a `String`, which would replace
    /// the invalid bytes; such a unit, kept as written by `format`, is left alone).
    mutating func addEdit(_ range: ByteRange, into edits: inout [TextEdit]) {
        let same = out.count == range.length && out.withUnsafeBufferPointer { o in
            (0..<o.count).allSatisfy { o[$0] == src[range.start + $0] }
        }
        if !same, let text = String(validating: out, as: UTF8.self) { edits.append(TextEdit(range: range, newText: text)) }
    }
}
