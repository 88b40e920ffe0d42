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
        TokenScanner.byteClasses.withUnsafeBufferPointer { classes in tokenize(buf, classes, into: &tokens, summary: &summary) }
        return tokens
    }

    /// `start`: where lexing begins, a place where a token begins (offset 0, or a line
    /// start the lexing in halves checked); tokens keep their offsets in all of `buf`.
    static func tokenize(_ buf: UnsafeBufferPointer<UInt8>, _ classes: UnsafeBufferPointer<UInt8>,
                                 into tokens: inout GrowableBuffer<Token>, summary: inout LexSummary, from start: Int = 0) {
        guard let base = buf.baseAddress else { return }
        let n = buf.count
        let scan = TokenScanner(buf, base: UnsafePointer(base), classes: classes)
        var i = start
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
        /// `emit`, then `flagLast` when the token has flags.
        @inline(__always) func emitFlagged(_ kind: TokenKind, _ start: Int, _ end: Int, _ flags: TokenFlags) {
            emit(kind, start, end, flags)
            if !flags.isEmpty { flagLast() }
        }
        // Line break counts, kept in registers and stored into `summary` at the end.
        var lf = 0, crlf = 0, cr = 0
        // Once a search for a closing `"""` or `*/` has failed from some offset, it fails
        // from every later offset too: remember that instead of rescanning (keeps this linear).
        var noTripleQuoteFrom = Int.max
        var noCommentCloseFrom = Int.max

        if start == 0 && n >= 3 && buf[0] == 0xEF && buf[1] == 0xBB && buf[2] == 0xBF {
            emit(.byteOrderMark, 0, 3)
            i = 3
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
                        i = scan.endOfSpaces(from: i)
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
                        i = scan.endOfSpaces(from: i)
                        guard i < n else { break outer }
                        b = buf[i]
                    }
                }
                let start = i
                // Identifiers (names, keywords, most values) are the commonest token, and a
                // property name is followed by its colon: both are written here.
                if scan.isIdentStart(b) {
                    i = scan.identifierEnd(from: i &+ 1)
                    emit(.identifier, start, i)
                    if i < n && buf[i] == 0x3A {
                        emit(.colon, i, i &+ 1)
                        i &+= 1
                    }
                    continue
                }
                if scan.startsNumber(b, at: i) {
                    let (end, flags) = scan.number(at: i)
                    i = end
                    emitFlagged(.number, start, i, flags)
                    continue
                }
                switch b {
                case 0x20, 0x09, 0x0C, 0x0B:
                    i = scan.endOfBlanks(from: i + 1)
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
                case 0x22:
                    if scan.opensTripleQuote(at: i) {
                        let (end, flags) = scan.multilineString(at: i, noCloseFrom: &noTripleQuoteFrom)
                        i = end
                        emitFlagged(.multilineString, start, i, flags)
                    } else {
                        let (end, flags) = scan.quotedString(at: i)
                        i = end
                        emitFlagged(.string, start, i, flags)
                    }
                case 0x2F where i + 1 < n && buf[i + 1] == 0x2F:
                    let (end, isDoc, flags) = scan.lineComment(at: i)
                    i = end
                    emitFlagged(isDoc ? .docComment : .lineComment, start, i, flags)
                case 0x2F where i + 1 < n && buf[i + 1] == 0x2A:
                    let (end, flags) = scan.blockComment(at: i, noCloseFrom: &noCommentCloseFrom)
                    i = end
                    emitFlagged(.blockComment, start, i, flags)
                case 0x2F:  // a lone `/`: one unknown byte
                    i += 1
                    emit(.unknown, start, i)
                    flagLast()
                case 0x23:
                    let (end, ok) = scan.colour(at: i)
                    i = end
                    emitFlagged(.color, start, i, ok ? [] : .malformed)
                default:
                    let (end, flags) = scan.unknownRun(at: i)
                    i = end
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
