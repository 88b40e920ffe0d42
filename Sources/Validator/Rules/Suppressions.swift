import TemplateFormat

/// `// tdl-ignore CODE, CODE` and `// tdl-ignore-file CODE`. A trailing comment covers the
/// diagnostics that start on its line; one on its own line covers the member (property or
/// block, with everything inside) that follows it; the file form covers the whole file.
/// A suppression that silences nothing becomes a TDL310 hint. Syntax errors stay.
struct Suppressions {
    struct Rule {
        var codes: [String]
        var covers: ByteRange?   // nil: the whole file
        var comment: ByteRange
    }

    var rules: [Rule] = []

    init(tree: SyntaxTree) {
        let marker: StaticString = "tdl-ignore"
        let any = tree.withRawView { raw in
            // Most documents have no suppression, and a search of the bytes shows that
            // without reading every token (a 10 MB document has 21 MB of them).
            Suppressions.contains(marker, raw.bytes)
                && raw.tokens.contains { $0.kind == .lineComment && Suppressions.mentions(marker, raw.bytes, $0) }
        }
        guard any else { return }
        let tokens = tree.tokens
        // Built only for line- and member-scoped comments: a file-level one needs neither.
        var lineIndex: LineIndex?
        var memberStarting: [Int: ByteRange]?
        func index() -> LineIndex {
            if let lineIndex { return lineIndex }
            let built = LineIndex(tree.bytes)
            lineIndex = built
            return built
        }
        func members() -> [Int: ByteRange] {
            if let memberStarting { return memberStarting }
            // Members by their first token, to find the one after a comment.
            var map: [Int: ByteRange] = [:]
            var stack = [tree.document.node]
            while let node = stack.popLast() {
                for child in node.children where child.kind == .block || child.kind == .property {
                    if map[child.tokenRange.lowerBound] == nil { map[child.tokenRange.lowerBound] = child.range }
                    if child.kind == .block { stack.append(child) }
                }
            }
            memberStarting = map
            return map
        }
        for (i, t) in tokens.enumerated() where t.kind == .lineComment {
            var text = tree.text(of: t).dropFirst(2).drop { $0 == " " || $0 == "\t" }
            let file: Bool
            if text.hasPrefix("tdl-ignore-file") { file = true; text = text.dropFirst("tdl-ignore-file".count) }
            else if text.hasPrefix("tdl-ignore") { file = false; text = text.dropFirst("tdl-ignore".count) }
            else { continue }
            guard text.isEmpty || text.first == " " || text.first == "\t" else { continue }
            let codes = text.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }).map { $0.uppercased() }
            if file {
                rules.append(Rule(codes: codes, covers: nil, comment: t.range))
                continue
            }
            var trailing = false
            var j = i - 1
            while j >= 0 && tokens[j].kind != .newline {
                if !tokens[j].kind.isTrivia { trailing = true; break }
                j -= 1
            }
            if trailing {
                let lines = index()
                rules.append(Rule(codes: codes, covers: lines.contentRange(ofLine: lines.line(containing: t.start)), comment: t.range))
            } else {
                var k = i + 1
                while k < tokens.count && (tokens[k].kind == .newline || tokens[k].kind.isTrivia) { k += 1 }
                let covers = members()[k] ?? (k < tokens.count ? index().contentRange(ofLine: index().line(containing: tokens[k].start)) : nil)
                if let covers { rules.append(Rule(codes: codes, covers: covers, comment: t.range)) }
            }
        }
    }

    /// Whether `bytes` contain `word` (6 bytes or more) anywhere. Thirty-two start positions
    /// at a time are screened by the word's 4th and 6th bytes (`-` and `g` of `tdl-ignore`, a
    /// pair rare in documents), and only blocks with a candidate are compared byte by byte.
    static func contains(_ word: StaticString, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = bytes.count
        guard word.utf8CodeUnitCount >= 6, let base = bytes.baseAddress else { return matches(word, bytes, from: 0, to: n) }
        return word.withUTF8Buffer { w in
            let raw = UnsafeRawPointer(base)
            let fourth = SIMD16<UInt8>(repeating: w[3]), sixth = SIMD16<UInt8>(repeating: w[5])
            var p = 0
            // Starts p ..< p + 32, screened by bytes p + 3 ..< p + 37.
            while p &+ 37 <= n {
                let a0 = raw.loadUnaligned(fromByteOffset: p &+ 3, as: SIMD16<UInt8>.self)
                let b0 = raw.loadUnaligned(fromByteOffset: p &+ 5, as: SIMD16<UInt8>.self)
                let a1 = raw.loadUnaligned(fromByteOffset: p &+ 19, as: SIMD16<UInt8>.self)
                let b1 = raw.loadUnaligned(fromByteOffset: p &+ 21, as: SIMD16<UInt8>.self)
                if any(((a0 .== fourth) .& (b0 .== sixth)) .| ((a1 .== fourth) .& (b1 .== sixth))),
                   matches(word, bytes, from: p, to: p + 32) {
                    return true
                }
                p &+= 32
            }
            return matches(word, bytes, from: p, to: n)
        }
    }

    /// Whether `word` occurs in `b` starting at one of `from..<to`.
    @inline(never)
    private static func matches(_ word: StaticString, _ b: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Bool {
        let m = word.utf8CodeUnitCount
        return word.withUTF8Buffer { w in
            var k = from
            while k < to && k + m <= b.count {
                var same = true
                for i in 0..<m where b[k + i] != w[i] { same = false; break }
                if same { return true }
                k += 1
            }
            return false
        }
    }

    /// Whether a comment's text contains `word`, without building a string per comment.
    static func mentions(_ word: StaticString, _ b: UnsafeBufferPointer<UInt8>, _ t: Token) -> Bool {
        let n = word.utf8CodeUnitCount
        guard t.end - t.start >= n else { return false }
        return word.withUTF8Buffer { w in
            var k = t.start
            while k + n <= t.end {
                var same = true
                for i in 0..<n where b[k + i] != w[i] { same = false; break }
                if same { return true }
                k += 1
            }
            return false
        }
    }

    func apply(to diagnostics: [Diagnostic]) -> [Diagnostic] {
        guard !rules.isEmpty else { return diagnostics }
        var used = Set<Int>()
        var kept: [Diagnostic] = []
        for d in diagnostics {
            let code = DiagnosticCode.lookup(d.code)
            var silenced = false
            if code?.isSuppressible ?? true {
                for (n, rule) in rules.enumerated() where rule.codes.contains(d.code) {
                    if let covers = rule.covers, !(d.range.start >= covers.start && d.range.start <= covers.end) { continue }
                    used.insert(n)
                    silenced = true
                }
            }
            if !silenced { kept.append(d) }
        }
        for (n, rule) in rules.enumerated() where !used.contains(n) {
            let what = rule.codes.isEmpty ? "names no code" : "silences nothing here (" + rule.codes.joined(separator: ", ") + ")"
            kept.append(Diagnostic(code: DiagnosticCode.unusedSuppression.code, severity: .hint, range: rule.comment,
                                   message: "this suppression \(what); remove it", tags: [.unnecessary]))
        }
        return kept
    }
}
