/// Where each family of tokens ends: one inlined method per family (identifiers, numbers,
/// strings, comments, colours, runs of unknown bytes), each returning the token's end and
/// its flags. `Lexer`'s loop chooses the family by the first byte and writes the token; these
/// only read. Everything is `@inline(__always)` so the loop keeps its positions and the
/// bytes in registers, as when it was one function.
struct TokenScanner {
    let buf: UnsafeBufferPointer<UInt8>
    let base: UnsafePointer<UInt8>
    let n: Int
    let classes: UnsafeBufferPointer<UInt8>

    @inline(__always)
    init(_ buf: UnsafeBufferPointer<UInt8>, base: UnsafePointer<UInt8>, classes: UnsafeBufferPointer<UInt8>) {
        self.buf = buf
        self.base = base
        self.n = buf.count
        self.classes = classes
    }

    // MARK: Byte classes

    /// What each byte can be, as bits: one table load per byte instead of a chain of range
    /// tests (identifiers and indentation are most of a document's bytes).
    static let byteClasses: [UInt8] = (0..<256).map { v in
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

    @inline(__always) func isIdentStart(_ b: UInt8) -> Bool { classes[Int(b)] & Self.identStartBit != 0 }
    @inline(__always) func isIdentContinue(_ b: UInt8) -> Bool { classes[Int(b)] & Self.identContinueBit != 0 }
    @inline(__always) func isDigit(_ b: UInt8) -> Bool { classes[Int(b)] & Self.digitBit != 0 }
    @inline(__always) func isHex(_ b: UInt8) -> Bool { classes[Int(b)] & Self.hexBit != 0 }
    @inline(__always) func isBlank(_ b: UInt8) -> Bool { classes[Int(b)] & Self.spaceBit != 0 }

    // MARK: Runs of plain bytes

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

    /// The end of a run of blanks (spaces, tabs, form and vertical feeds) from `k`.
    @inline(__always) func endOfBlanks(from k: Int) -> Int {
        var j = k
        while j < n && isBlank(buf[j]) { j += 1 }
        return j
    }

    /// Where the line holding `k` ends (its LF or CR, or the end of the input).
    @inline(__always) func lineEnd(from k: Int) -> Int {
        var j = k
        while j + 16 <= n {
            let run = Runs16.bytesBeforeLineBreak(at: base + j)
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
            let run = Runs16.digitBytes(at: base + j)
            j &+= run
            if run < 16 { return j }
        }
        while j < n && isDigit(buf[j]) { j &+= 1 }
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

    // MARK: Token families

    /// The end of an identifier whose first byte is at `k - 1`.
    @inline(__always) func identifierEnd(from k: Int) -> Int {
        var i = k
        while i &+ 16 <= n {
            let run = Runs16.identifierBytes(at: base + i)
            i &+= run
            if run < 16 { return i }
        }
        while i < n && isIdentContinue(buf[i]) { i &+= 1 }
        return i
    }

    /// Whether a number starts at `i` (its byte `b`): a digit, or `-` and a digit.
    @inline(__always) func startsNumber(_ b: UInt8, at i: Int) -> Bool {
        classes[Int(b)] & Self.numberStartBit != 0 && (b != 0x2D || (i &+ 1 < n && isDigit(buf[i &+ 1])))
    }

    /// A number from `i` (see `startsNumber`): digits, an optional fraction and a touching unit.
    /// `@_transparent`, since the optimiser left this one a call despite `@inline(__always)`
    /// (3.6 M more instructions lexing the 10 MB corpus).
    @_transparent func number(at start: Int) -> (end: Int, flags: TokenFlags) {
        var flags: TokenFlags = []
        var i = endOfDigits(from: start &+ 1)
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
        return (i, flags)
    }

    /// Whether the `"` at `i` opens a `"""` string.
    @inline(__always) func opensTripleQuote(at i: Int) -> Bool {
        i + 2 < n && buf[i + 1] == 0x22 && buf[i + 2] == 0x22
    }

    /// A `"…"` string from its quote at `start`; unterminated, it ends at its line's end.
    @inline(__always) func quotedString(at start: Int) -> (end: Int, flags: TokenFlags) {
        var flags: TokenFlags = []
        var j = start + 1
        var closed = false
        var nonASCII = false
        while j < n {
            if j + 16 <= n {
                // Step over plain ASCII text 16 bytes at a time.
                let run = Runs16.plainStringBytes(at: base + j)
                j += run
                if run == 16 { continue }
            }
            let c = buf[j]
            if c == 0x22 { j += 1; closed = true; break }
            if c == 0x0A || c == 0x0D { break }
            if c == 0x5C {
                let (e, scalar) = EscapeSequence.read(buf, at: j, limit: n)
                if scalar == nil { flags.insert(.invalidEscape) }
                j = e
                continue
            }
            if c >= 0x80 { nonASCII = true }
            j += 1
        }
        if !closed { flags.insert(.unterminated) }
        if nonASCII { flags.formUnion(utf8Flags(start, j)) }
        return (j, flags)
    }

    /// A `"""` string from its first quote at `start`. With no closing `"""` after it, it ends
    /// at its line's end; `noCloseFrom` remembers that no `"""` closes after that point, so
    /// a later unterminated one does not search again (linear time).
    @inline(__always) func multilineString(at start: Int, noCloseFrom: inout Int) -> (end: Int, flags: TokenFlags) {
        var flags: TokenFlags = []
        var j = start + 3
        var closed = false
        var nonASCII = false
        if start < noCloseFrom {
            while j < n {
                let c = buf[j]
                if c == 0x5C {
                    let (e, scalar) = EscapeSequence.read(buf, at: j, limit: n)
                    if scalar == nil { flags.insert(.invalidEscape) }
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
            return (j, flags)
        }
        noCloseFrom = min(noCloseFrom, start)
        let e = lineEnd(from: start)
        return (e, TokenFlags.unterminated.union(utf8Flags(start, e)))
    }

    /// A `//` comment from `start` to its line's end, without trailing blanks (trivia);
    /// `///` (not `////`) is a doc comment.
    @inline(__always) func lineComment(at start: Int) -> (end: Int, isDoc: Bool, flags: TokenFlags) {
        var e = lineEnd(from: start)
        while e > start + 2 && (buf[e - 1] == 0x20 || buf[e - 1] == 0x09) { e -= 1 }
        let isDoc = start + 2 < n && buf[start + 2] == 0x2F && !(start + 3 < n && buf[start + 3] == 0x2F)
        var flags: TokenFlags = []
        var k = start
        // Eight bytes per step: a top bit set anywhere means a non-ASCII byte.
        while k + 8 <= e && UnsafeRawPointer(base + k).loadUnaligned(as: UInt64.self) & Runs16.highBits == 0 { k += 8 }
        while k < e { if buf[k] >= 0x80 { flags = utf8Flags(start, e); break }; k += 1 }
        return (e, isDoc, flags)
    }

    /// A `/* */` comment from `start`; unterminated, it ends at its line's end (and
    /// `noCloseFrom` works as for `multilineString`).
    @inline(__always) func blockComment(at start: Int, noCloseFrom: inout Int) -> (end: Int, flags: TokenFlags) {
        var j = start + 2
        var closed = false
        if start < noCloseFrom {
            while j + 1 < n {
                if buf[j] == 0x2A && buf[j + 1] == 0x2F { j += 2; closed = true; break }
                j += 1
            }
        }
        var flags: TokenFlags = []
        if !closed {
            noCloseFrom = min(noCloseFrom, start)
            flags.insert(.unterminated)
            j = lineEnd(from: start)
        }
        flags.formUnion(utf8Flags(start, j))
        return (j, flags)
    }

    /// A colour from its `#` at `start`: identifier bytes without `-`, well formed when 3,
    /// 4, 6 or 8 hex digits.
    @inline(__always) func colour(at start: Int) -> (end: Int, ok: Bool) {
        var j = start + 1
        var allHex = true
        while j < n && (isIdentContinue(buf[j]) && buf[j] != 0x2D) {
            if !isHex(buf[j]) { allHex = false }
            j += 1
        }
        let len = j - start - 1
        return (j, allHex && (len == 3 || len == 4 || len == 6 || len == 8))
    }

    /// A run of bytes that start no token, from `start` (at least one byte). Valid
    /// multi-byte characters stay whole.
    @inline(__always) func unknownRun(at start: Int) -> (end: Int, flags: TokenFlags) {
        var flags: TokenFlags = []
        var i = start
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
        return (i == start ? i + 1 : i, flags)
    }
}
