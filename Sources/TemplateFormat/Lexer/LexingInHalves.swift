import Dispatch

/// A large document lexed on two threads: the bytes are cut at a line start near the
/// middle, each half lexed apart, and the second half's tokens appended to the first's.
///
/// The result is the one-thread result, token for token, because the lexer keeps no state
/// from one token to the next (what it remembers, where a closing `"""` or `*/` is known to
/// be missing, only saves searches), and a token never starts inside another. So lexing
/// from a place where a token starts gives the same tokens as reaching it. The cut is such
/// a place when the first half, lexed as if the document ended there, ends with a line
/// break ending in `\n` just before it and leaves no `"""` string or block comment open:
/// then no token runs across the cut (one that did would have become the first half's last
/// token, or an open one cut short at its line). Otherwise the document is lexed again on
/// one thread, which is always right.
extension Lexer {
    /// From this size, with a second thread, a document is lexed in two halves.
    static let bytesWorthHalves = 1 << 20

    /// `tokenizeIntoBuffer(_:summary:)`, in two halves when `workers` is two or more and the
    /// document is large (cut at the first line start after the middle). The same tokens,
    /// flags and counts.
    static func tokenizeIntoBuffer(_ buf: UnsafeBufferPointer<UInt8>, summary: inout LexSummary, workers: Int) -> GrowableBuffer<Token> {
        guard workers > 1, buf.count >= bytesWorthHalves, let cut = lineStart(after: buf.count / 2, in: buf),
              ForeignEncoding.detect(buf) == nil, let halves = tokenizeInHalves(buf, cut: cut, summary: &summary) else {
            return tokenizeIntoBuffer(buf, summary: &summary)
        }
        return halves
    }

    /// The tokens of `buf` lexed in two halves cut at `cut` (0 < `cut` < `buf.count`), their
    /// counts added to `summary`; nil, with `summary` untouched, when a token runs across the
    /// cut (then only lexing on one thread is right). Not for UTF-16 or UTF-32 text.
    static func tokenizeInHalves(_ buf: UnsafeBufferPointer<UInt8>, cut: Int, summary: inout LexSummary) -> GrowableBuffer<Token>? {
        guard cut > 0 && cut < buf.count else { return nil }
        let halves = Halves(buf, cut: cut)
        DispatchQueue.concurrentPerform(iterations: 2) { k in halves.lex(k) }
        guard var first = halves.first.take(), let second = halves.second.take() else { return nil }
        // The cut is clean when the first half's last token is the line break before it, and
        // that break ends in `\n` (a `\r` there could have been the start of a `\r\n`).
        let lastOfFirst = first.count > 0 ? first[first.count - 1] : nil
        guard let lastOfFirst, lastOfFirst.kind == .newline, lastOfFirst.end == cut, buf[cut - 1] == 0x0A else { return nil }
        // A `"""` string or block comment left open in the first half ended at its line there;
        // its close may be past the cut. (Tokens with flags are the flagged ones: few.)
        for k in halves.firstSummary.flagged {
            let t = first[Int(k)]
            if (t.kind == .multilineString || t.kind == .blockComment) && t.flags.contains(.unterminated) { return nil }
        }
        let head = first.count
        let tail = second.count
        // `reserve` makes room for `tail` tokens after the first `head`, so the copy stays
        // inside the first buffer's memory.
        let base = first.reserve(tail)
        assert(first.capacity >= head + tail, "no room reserved for the second half's tokens")
        second.withUnsafeBufferPointer { tokens in
            guard let from = tokens.baseAddress else { return }
            (base + head).initialize(from: from, count: tail)
        }
        first.setCount(head + tail)
        _ = consume second
        let a = halves.firstSummary, b = halves.secondSummary
        summary.lf += a.lf + b.lf
        summary.crlf += a.crlf + b.crlf
        summary.cr += a.cr + b.cr
        summary.flagged += a.flagged
        summary.flagged += b.flagged.map { $0 + Int32(truncatingIfNeeded: head) }
        return first
    }

    /// The first offset after `middle` where a line starts (after a `\n`), if any.
    static func lineStart(after middle: Int, in buf: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = max(middle, 0)
        while i < buf.count {
            if buf[i] == 0x0A { return i + 1 < buf.count ? i + 1 : nil }
            i += 1
        }
        return nil
    }

    /// The two halves' lexing, one thread each: each writes only its own half's fields, and
    /// `concurrentPerform` returns after both (so the unchecked `Sendable` is safe). The
    /// bytes are the caller's, alive for the call. (Not `Basics.inParallel`: this module
    /// depends on no other, and the token buffers are noncopyable, so they stay in here.)
    private final class Halves: @unchecked Sendable {
        let buf: UnsafeBufferPointer<UInt8>
        let cut: Int
        var first: GrowableBuffer<Token>? = nil
        var second: GrowableBuffer<Token>? = nil
        var firstSummary = LexSummary()
        var secondSummary = LexSummary()

        init(_ buf: UnsafeBufferPointer<UInt8>, cut: Int) {
            self.buf = buf
            self.cut = cut
        }

        func lex(_ half: Int) {
            TokenScanner.byteClasses.withUnsafeBufferPointer { classes in
                if half == 0 {
                    // Room for the whole document's tokens: the second half's are appended here.
                    var tokens = GrowableBuffer<Token>(capacity: buf.count / 4 + 16)
                    Lexer.tokenize(UnsafeBufferPointer(rebasing: buf[0..<cut]), classes, into: &tokens, summary: &firstSummary)
                    first = consume tokens
                } else {
                    var tokens = GrowableBuffer<Token>(capacity: (buf.count - cut) / 4 + 16)
                    Lexer.tokenize(buf, classes, into: &tokens, summary: &secondSummary, from: cut)
                    second = consume tokens
                }
            }
        }
    }
}
