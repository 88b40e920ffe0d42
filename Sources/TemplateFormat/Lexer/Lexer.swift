/// Splits UTF-8 bytes into tokens in one forward pass. Never fails: bytes that start
/// no token become `.unknown` tokens, and problems inside a token are recorded as flags.
///
/// An unterminated `"""` string or `/* */` comment (no closing delimiter anywhere after
/// it) ends at the end of its line, so one typo never swallows the rest of the file.
public enum Lexer {
    public static func tokenize(_ bytes: [UInt8]) -> [Token] {
        bytes.withUnsafeBufferPointer { buf in
            var summary = LexSummary()
            return tokenizeIntoBuffer(buf, summary: &summary).finish()
        }
    }

    /// Facts gathered in the same pass, so no later pass rescans every token for them.
    struct LexSummary {
        var lf = 0, crlf = 0, cr = 0
        /// Tokens with flags or of kind `.unknown`: the ones with lexical diagnostics.
        var flagged: [Int32] = []

    }

    /// What each byte can be, as bits: one table load per byte instead of a chain of range
    /// tests (identifiers and indentation are most of a document's bytes).
    private static let byteClasses: [UInt8] = (0..<256).map { v in
        let b = UInt8(v)
        let letter = (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A)
        let digit = b >= 0x30 && b <= 0x39
        var bits: UInt8 = 0
        if letter || b == 0x5F { bits |= identStartBit }
        if letter || digit || b == 0x5F || b == 0x2D { bits |= identContinueBit }
        if digit { bits |= digitBit }
        if digit || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x66) { bits |= hexBit }
        if b == 0x20 || b == 0x09 || b == 0x0C || b == 0x0B { bits |= spaceBit }
        if digit || b == 0x2D { bits |= numberStartBit }
        return bits
    }
    private static let identStartBit: UInt8 = 1
    private static let identContinueBit: UInt8 = 2
    private static let digitBit: UInt8 = 4
    private static let hexBit: UInt8 = 8
    private static let spaceBit: UInt8 = 16
    private static let numberStartBit: UInt8 = 32  // a digit or `-`

    // MARK: Runs of plain bytes, 16 at a time
    //
    // Indentation, identifiers and the text of strings and comments are most of a document.
    // These find where such a run ends 16 bytes per step: `SIMD16` compares lower to a few
    // SSE2 (or NEON) instructions. Each reads exactly the 16 bytes at `p`; callers check that
    // they exist. (Byte k of the vector is the low byte of its lane group on little-endian
    // targets, hence the `littleEndian` reads: the lowest marked bit is the first marked byte.)

    private typealias Bytes16 = SIMD16<UInt8>
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Index of the first of the 16 bytes of `marks` whose top bit is set; 16 when none is.
    @inline(__always)
    private static func firstMarked(_ marks: Bytes16) -> Int {
        let halves = unsafeBitCast(marks, to: SIMD2<UInt64>.self)
        let low = UInt64(littleEndian: halves[0]) & highBits
        if low != 0 { return low.trailingZeroBitCount >> 3 }
        return 8 + (UInt64(littleEndian: halves[1]) & highBits).trailingZeroBitCount >> 3  // 16 when none
    }

    /// How many of the 16 bytes at `p` (0...16) come before a quote, backslash, line break or
    /// non-ASCII byte: the bytes a `"…"` string steps over without looking at them.
    @inline(__always)
    private static func plainStringBytes(at p: UnsafePointer<UInt8>) -> Int {
        let v = UnsafeRawPointer(p).loadUnaligned(as: Bytes16.self)
        let special = (v .== Bytes16(repeating: 0x22)) .| (v .== Bytes16(repeating: 0x5C))
            .| (v .== Bytes16(repeating: 0x0A)) .| (v .== Bytes16(repeating: 0x0D))
        // Non-ASCII bytes already have their top bit set.
        return firstMarked(unsafeBitCast(special, to: Bytes16.self) | v)
    }

    /// How many of the 16 bytes at `p` (0...16) come before a LF or CR.
    @inline(__always)
    private static func bytesBeforeLineBreak(at p: UnsafePointer<UInt8>) -> Int {
        let v = UnsafeRawPointer(p).loadUnaligned(as: Bytes16.self)
        let lineBreak = (v .== Bytes16(repeating: 0x0A)) .| (v .== Bytes16(repeating: 0x0D))
        return firstMarked(unsafeBitCast(lineBreak, to: Bytes16.self))
    }

    /// Which bytes of `x` are in `low..<low + width`, as one signed compare (SSE2 has no
    /// unsigned one): x - low + 0x80, as a signed byte, is below width - 0x80.
    @inline(__always)
    private static func inRange(_ x: Bytes16, _ low: UInt8, _ width: UInt8) -> SIMDMask<SIMD16<Int8>> {
        let shifted = unsafeBitCast(x &+ Bytes16(repeating: 0x80 &- low), to: SIMD16<Int8>.self)
        return shifted .< SIMD16<Int8>(repeating: Int8(truncatingIfNeeded: Int(width) - 0x80))
    }

    /// How many of the 16 bytes at `p` (0...16) are digits.
    @inline(__always)
    private static func digitBytes(at p: UnsafePointer<UInt8>) -> Int {
        let v = UnsafeRawPointer(p).loadUnaligned(as: Bytes16.self)
        return firstMarked(~unsafeBitCast(inRange(v, 0x30, 10), to: Bytes16.self))
    }

    /// How many of the 16 bytes at `p` (0...16) continue an identifier: `[A-Za-z0-9_-]`.
    @inline(__always)
    private static func identifierBytes(at p: UnsafePointer<UInt8>) -> Int {
        let v = UnsafeRawPointer(p).loadUnaligned(as: Bytes16.self)
        // Range tests as one signed compare each (SSE2 has no unsigned one): x is in
        // low..<low + width when x - low + 0x80, as a signed byte, is below width - 0x80.
        let letter = inRange(v | Bytes16(repeating: 0x20), 0x61, 26)
        let digit = inRange(v, 0x30, 10)
        let ident = letter .| digit .| (v .== Bytes16(repeating: 0x5F)) .| (v .== Bytes16(repeating: 0x2D))
        return firstMarked(~unsafeBitCast(ident, to: Bytes16.self))
    }

    /// The tokens in growable storage, which the parser hands to the tree without copying.
    static func tokenizeIntoBuffer(_ buf: UnsafeBufferPointer<UInt8>, summary: inout LexSummary) -> GrowableBuffer<Token> {
        // UTF-16 or UTF-32 text: one token, which the parser reports once (not an error per
        // NUL byte). Decided here, apart from the byte loop, whose code it would otherwise
        // change (3.4 M more instructions lexing the 10 MB corpus when it was inside).
        if buf.count > 0 && ForeignEncoding.detect(buf) != nil {
            var tokens = GrowableBuffer<Token>(capacity: 1)
            tokens.append(Token(kind: .unknown, flags: .foreignEncoding, start: 0, end: buf.count))
            summary.flagged.append(0)
            return tokens
        }
        var tokens = GrowableBuffer<Token>(capacity: buf.count / 4 + 16)
        byteClasses.withUnsafeBufferPointer { classes in tokenize(buf, classes, into: &tokens, summary: &summary) }
        return tokens
    }

    private static func tokenize(_ buf: UnsafeBufferPointer<UInt8>, _ classes: UnsafeBufferPointer<UInt8>,
                                 into tokens: inout GrowableBuffer<Token>, summary: inout LexSummary) {
        guard let base = buf.baseAddress else { return }
        let n = buf.count
        var i = 0
        // Tokens are written in place through a local cursor (a register): `append` loaded
        // and stored the buffer's fields and checked its capacity on every call. The inner
        // loop below runs only while every token it can write fits (see `stop`).
        let maxPerStep = 3  // a line break, an identifier and its colon
        var tokensBase = tokens.reserve(maxPerStep)
        var out = tokensBase  // where the next token goes
        // The end of the reserved memory, for the debug check in `emit` only (release builds
        // drop the check and this with it).
        var reservedEnd = tokensBase + tokens.capacity
        /// Writes a token with no capacity check: safe by the checklist above the token loop.
        @inline(__always) func emit(_ kind: TokenKind, _ start: Int, _ end: Int, _ flags: TokenFlags = []) {
            assert(out < reservedEnd, "lexer wrote past its reserved tokens: the checklist above the token loop no longer holds")
            assert(start < end, "a token of no bytes: the checklist above the token loop no longer holds")
            out.initialize(to: Token(kind: kind, flags: flags, start: start, end: end))
            out += 1
        }
        /// Records the token just written as one with a lexical diagnostic.
        @inline(__always) func flagLast() { summary.flagged.append(Int32(truncatingIfNeeded: out - tokensBase - 1)) }
        // Line break counts, kept in registers and stored into `summary` at the end.
        var lf = 0, crlf = 0, cr = 0
        // Once a search for a closing `"""` or `*/` has failed from some offset, it fails
        // from every later offset too: remember that instead of rescanning (keeps this linear).
        var noTripleQuoteFrom = Int.max
        var noCommentCloseFrom = Int.max

        if n >= 3 && buf[0] == 0xEF && buf[1] == 0xBB && buf[2] == 0xBF {
            emit(.byteOrderMark, 0, 3)
            i = 3
        }

        @inline(__always) func isIdentStart(_ b: UInt8) -> Bool { classes[Int(b)] & identStartBit != 0 }
        @inline(__always) func isIdentContinue(_ b: UInt8) -> Bool { classes[Int(b)] & identContinueBit != 0 }
        @inline(__always) func isDigit(_ b: UInt8) -> Bool { classes[Int(b)] & digitBit != 0 }
        @inline(__always) func isHex(_ b: UInt8) -> Bool { classes[Int(b)] & hexBit != 0 }
        @inline(__always) func lineEnd(from k: Int) -> Int {
            var j = k
            while j + 16 <= n {
                let run = bytesBeforeLineBreak(at: base + j)
                j += run
                if run < 16 { return j }
            }
            while j < n && buf[j] != 0x0A && buf[j] != 0x0D { j += 1 }
            return j
        }
        /// The end of the run of digits from `k`.
        @inline(__always) func endOfDigits(from k: Int) -> Int {
            var j = k
            while j &+ 16 <= n {
                let run = digitBytes(at: base + j)
                j &+= run
                if run < 16 { return j }
            }
            while j < n && isDigit(buf[j]) { j &+= 1 }
            return j
        }
        /// The end of the run of 0x20 bytes from `k`, 8 per step: the first byte of a word
        /// that differs from a space is its lowest nonzero byte after an XOR.
        @inline(__always) func endOfSpaces(from k: Int) -> Int {
            var j = k
            while j &+ 8 <= n {
                let other = UInt64(littleEndian: UnsafeRawPointer(base + j).loadUnaligned(as: UInt64.self)) ^ 0x2020_2020_2020_2020
                if other != 0 { return j &+ other.trailingZeroBitCount >> 3 }
                j &+= 8
            }
            while j < n && buf[j] == 0x20 { j += 1 }
            return j
        }
        /// Flags invalid UTF-8 in `start..<end` (only called for non-ASCII content).
        func utf8Flags(_ start: Int, _ end: Int) -> TokenFlags {
            var j = start
            while j < end {
                if buf[j] < 0x80 { j += 1; continue }
                let len = UTF8Validation.sequenceLength(buf, at: j, limit: end)
                if len == 0 { return .invalidUTF8 }
                j += len
            }
            return []
        }
        /// Validates an escape whose backslash is at `k`; returns its end and whether it is valid.
        func escape(at k: Int, limit: Int) -> (Int, Bool) {
            guard k + 1 < limit else { return (k + 1, false) }
            switch buf[k + 1] {
            case 0x22, 0x5C, 0x6E, 0x74, 0x7B: return (k + 2, true)   // " \ n t {
            case 0x75:  // u{HEX}
                var j = k + 2
                guard j < limit && buf[j] == 0x7B else { return (j, false) }
                j += 1
                var value: UInt32 = 0
                var digits = 0
                while j < limit && isHex(buf[j]) && digits < 8 {
                    let d = buf[j]
                    let v: UInt32 = d <= 0x39 ? UInt32(d - 0x30) : UInt32((d | 0x20) - 0x61 + 10)
                    value = value &* 16 &+ v
                    digits += 1
                    j += 1
                }
                guard j < limit && buf[j] == 0x7D else { return (j, false) }
                let ok = digits >= 1 && digits <= 6 && value <= 0x10FFFF && !(0xD800...0xDFFF).contains(value)
                return (j + 1, ok)
            case 0x0A, 0x0D:
                return (k + 1, false)  // a backslash cannot escape a line break
            default:
                return (k + 2, false)
            }
        }

        // `emit` writes without a capacity check. It stays inside the reserved memory while
        // all of these hold (`emit` asserts the result in debug builds):
        // 1. Before the inner loop, room for `room = capacity - count >= maxPerStep + 1`
        //    tokens is reserved, and the loop runs only while `i < stop = i0 + room - maxPerStep`
        //    (`i0`: `i` at that point).
        // 2. Every token covers at least one byte, so the tokens written since then number at
        //    most `i - i0`: fewer than `room - maxPerStep` at the start of a step.
        // 3. One step of the inner loop (one pass of its body) writes at most `maxPerStep`
        //    tokens: a line break, an identifier and its colon; any other path writes fewer.
        //    A new path that writes more must raise `maxPerStep`.
        // 4. `out`, `tokensBase` and `reservedEnd` are reloaded after every `reserve` (it may
        //    move the memory), and the count is stored (`setCount`) before it.
        // (The initial capacity is enough for most documents: the outer loop then runs once.)
        outer: while i < n {
            tokens.setCount(out - tokensBase)
            tokensBase = tokens.reserve(maxPerStep + 1)
            out = tokensBase + tokens.count
            reservedEnd = tokensBase + tokens.capacity
            let stop = min(n, i + (tokens.capacity - tokens.count - maxPerStep))
            while i < stop {
                var b = buf[i]
                // Spaces (between tokens, indentation) are a third of a document's bytes: skip a
                // run of 0x20 here rather than on a trip through the switch. Tabs and other
                // blanks take the case below.
                if b == 0x20 {
                    i &+= 1
                    guard i < n else { break outer }
                    b = buf[i]
                    if b == 0x20 {
                        i = endOfSpaces(from: i)
                        guard i < n else { break outer }
                        b = buf[i]
                    }
                }
                // A line break is a quarter of the tokens and mostly followed by indentation
                // and a name: write it and move on to the next token without the switch.
                if b == 0x0A {
                    emit(.newline, i, i &+ 1)
                    lf &+= 1
                    i &+= 1
                    guard i < n else { break outer }
                    b = buf[i]
                    if b == 0x20 {
                        i = endOfSpaces(from: i)
                        guard i < n else { break outer }
                        b = buf[i]
                    }
                }
                let start = i
                // Identifiers (names, keywords, most values) are the commonest token, and a
                // property name is followed by its colon: both are written here.
                if isIdentStart(b) {
                    i &+= 1
                    var ended = false
                    while i &+ 16 <= n {
                        let run = identifierBytes(at: base + i)
                        i &+= run
                        if run < 16 { ended = true; break }
                    }
                    if !ended { while i < n && isIdentContinue(buf[i]) { i &+= 1 } }
                    emit(.identifier, start, i)
                    if i < n && buf[i] == 0x3A {
                        emit(.colon, i, i &+ 1)
                        i &+= 1
                    }
                    continue
                }
                // Numbers: a digit, or `-` and a digit.
                if classes[Int(b)] & numberStartBit != 0 && (b != 0x2D || (i &+ 1 < n && isDigit(buf[i &+ 1]))) {
                    var flags: TokenFlags = []
                    i = endOfDigits(from: i &+ 1)
                    if i < n && buf[i] == 0x2E {
                        if i + 1 < n && isDigit(buf[i + 1]) {
                            i = endOfDigits(from: i &+ 1)
                        } else {
                            i += 1
                            flags.insert(.malformed)
                        }
                        // A second dot (`1.2.3`) makes the whole run malformed.
                        while i < n && (buf[i] == 0x2E || isDigit(buf[i])) { flags.insert(.malformed); i += 1 }
                    }
                    if i < n && buf[i] == 0x25 {
                        i += 1
                        flags.insert(.hasUnit)
                    } else if i < n && isIdentStart(buf[i]) {
                        i += 1
                        while i < n && (isIdentContinue(buf[i]) && buf[i] != 0x2D) { i += 1 }
                        flags.insert(.hasUnit)
                    }
                    emit(.number, start, i, flags)
                    if !flags.isEmpty { flagLast() }
                    continue
                }
                switch b {
                case 0x20, 0x09, 0x0C, 0x0B:
                    i += 1
                    while i < n && classes[Int(buf[i])] & spaceBit != 0 { i += 1 }
                case 0x0A:
                    i += 1
                    lf += 1
                    emit(.newline, start, i)
                case 0x0D:
                    if i + 1 < n && buf[i + 1] == 0x0A { i += 2; crlf += 1 } else { i += 1; cr += 1 }
                    emit(.newline, start, i)
                case 0x7B: i += 1; emit(.leftBrace, start, i)
                case 0x7D: i += 1; emit(.rightBrace, start, i)
                case 0x3A: i += 1; emit(.colon, start, i)
                case 0x2C: i += 1; emit(.comma, start, i)
                case 0x3B: i += 1; emit(.semicolon, start, i)
                case 0x22:  // string
                    if i + 2 < n && buf[i + 1] == 0x22 && buf[i + 2] == 0x22 {
                        var flags: TokenFlags = []
                        var j = i + 3
                        var closed = false
                        var nonASCII = false
                        if start < noTripleQuoteFrom {
                            while j < n {
                                let c = buf[j]
                                if c == 0x5C {
                                    let (e, ok) = escape(at: j, limit: n)
                                    if !ok { flags.insert(.invalidEscape) }
                                    j = e
                                } else if c == 0x22 && j + 2 < n && buf[j + 1] == 0x22 && buf[j + 2] == 0x22 {
                                    j += 3; closed = true; break
                                } else {
                                    if c >= 0x80 { nonASCII = true }
                                    j += 1
                                }
                            }
                        }
                        if closed {
                            if nonASCII { flags.formUnion(utf8Flags(start, j)) }
                            i = j
                        } else {
                            noTripleQuoteFrom = min(noTripleQuoteFrom, start)
                            let e = lineEnd(from: start)
                            flags = [.unterminated]
                            flags.formUnion(utf8Flags(start, e))
                            i = e
                        }
                        emit(.multilineString, start, i, flags)
                        if !flags.isEmpty { flagLast() }
                    } else {
                        var flags: TokenFlags = []
                        var j = i + 1
                        var closed = false
                        var nonASCII = false
                        while j < n {
                            if j + 16 <= n {
                                // Step over plain ASCII text 16 bytes at a time.
                                let run = plainStringBytes(at: base + j)
                                j += run
                                if run == 16 { continue }
                            }
                            let c = buf[j]
                            if c == 0x22 { j += 1; closed = true; break }
                            if c == 0x0A || c == 0x0D { break }
                            if c == 0x5C {
                                let (e, ok) = escape(at: j, limit: n)
                                if !ok { flags.insert(.invalidEscape) }
                                j = e
                                continue
                            }
                            if c >= 0x80 { nonASCII = true }
                            j += 1
                        }
                        if !closed { flags.insert(.unterminated) }
                        if nonASCII { flags.formUnion(utf8Flags(start, j)) }
                        i = j
                        emit(.string, start, i, flags)
                        if !flags.isEmpty { flagLast() }
                    }
                case 0x2F:  // comments
                    if i + 1 < n && buf[i + 1] == 0x2F {
                        var e = lineEnd(from: i)
                        // Trailing blanks are whitespace trivia, not part of the comment.
                        while e > i + 2 && (buf[e - 1] == 0x20 || buf[e - 1] == 0x09) { e -= 1 }
                        let isDoc = i + 2 < n && buf[i + 2] == 0x2F && !(i + 3 < n && buf[i + 3] == 0x2F)
                        var flags: TokenFlags = []
                        var k = i
                        // Eight bytes per step: a top bit set anywhere means a non-ASCII byte.
                        while k + 8 <= e && UnsafeRawPointer(base + k).loadUnaligned(as: UInt64.self) & highBits == 0 { k += 8 }
                        while k < e { if buf[k] >= 0x80 { flags = utf8Flags(i, e); break }; k += 1 }
                        i = e
                        emit(isDoc ? .docComment : .lineComment, start, i, flags)
                        if !flags.isEmpty { flagLast() }
                    } else if i + 1 < n && buf[i + 1] == 0x2A {
                        var j = i + 2
                        var closed = false
                        if start < noCommentCloseFrom {
                            while j + 1 < n {
                                if buf[j] == 0x2A && buf[j + 1] == 0x2F { j += 2; closed = true; break }
                                j += 1
                            }
                        }
                        var flags: TokenFlags = []
                        if closed {
                            i = j
                        } else {
                            noCommentCloseFrom = min(noCommentCloseFrom, start)
                            flags.insert(.unterminated)
                            i = lineEnd(from: start)
                        }
                        flags.formUnion(utf8Flags(start, i))
                        emit(.blockComment, start, i, flags)
                        if !flags.isEmpty { flagLast() }
                    } else {
                        i += 1
                        emit(.unknown, start, i)
                        flagLast()
                    }
                case 0x23:  // colour
                    var j = i + 1
                    var allHex = true
                    while j < n && (isIdentContinue(buf[j]) && buf[j] != 0x2D) {
                        if !isHex(buf[j]) { allHex = false }
                        j += 1
                    }
                    let len = j - i - 1
                    let ok = allHex && (len == 3 || len == 4 || len == 6 || len == 8)
                    i = j
                    emit(.color, start, i, ok ? [] : .malformed)
                    if !ok { flagLast() }
                default:
                    // A run of bytes that start no token. Valid multi-byte characters stay whole.
                    var flags: TokenFlags = []
                    while i < n {
                        let c = buf[i]
                        if c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x0C || c == 0x0B
                            || c == 0x7B || c == 0x7D || c == 0x3A || c == 0x2C || c == 0x3B
                            || c == 0x22 || c == 0x23 || isIdentStart(c) || isDigit(c) || (c == 0x2F && i > start) {
                            break
                        }
                        if c >= 0x80 {
                            let len = UTF8Validation.sequenceLength(buf, at: i, limit: n)
                            if len == 0 { flags.insert(.invalidUTF8); i += 1 } else { i += len }
                        } else {
                            i += 1
                        }
                    }
                    if i == start { i += 1 }
                    emit(.unknown, start, i, flags)
                    flagLast()
                }
            }
        }
        summary.lf += lf
        summary.crlf += crlf
        summary.cr += cr
        tokens.setCount(out - tokensBase)
    }
}
