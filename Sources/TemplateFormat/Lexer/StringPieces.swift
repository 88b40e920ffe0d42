/// One piece of a string's body, as every reader of strings sees it (docs/LANGUAGE.md,
/// Strings and Interpolation): the validator reports the malformed pieces and checks the
/// names, the exporter substitutes the interpolations and decodes the escapes, the symbol
/// index and the editor features find the names. The pieces of a body tile it: in order,
/// each starts where the one before ends.
public enum StringPiece: Equatable, Sendable {
    /// Bytes that stand for themselves.
    case text(ByteRange)
    /// A valid escape (`EscapeSequence`) and the scalar it stands for.
    case escape(ByteRange, Unicode.Scalar)
    /// The backslash of an invalid escape, kept as written; what follows it is read again
    /// (the parser reports the escape, TDL005, with `EscapeSequence.read`'s range).
    case invalidEscape(ByteRange)
    /// `{{name}}`: an identifier directly between the braces, and the name's bytes.
    case interpolation(ByteRange, name: ByteRange)
    /// A `{{` that forms no `{{name}}` (TDL122), kept as written.
    case malformed(ByteRange, MalformedInterpolation)

    public var range: ByteRange {
        switch self {
        case .text(let r), .escape(let r, _), .invalidEscape(let r), .interpolation(let r, _), .malformed(let r, _): return r
        }
    }
}

/// What TDL122 needs to know of a `{{` that forms no `{{name}}`.
public struct MalformedInterpolation: Equatable, Sendable {
    public enum Form: Equatable, Sendable {
        /// No `}}` closes it (`{{user}`, `{{ to insert`), or it is the first `{` of `{{{name}}`.
        case unclosed
        /// `{{ name }}`: an identifier with spaces inside the braces; `{{name}}` is its fix.
        case spaced
        /// `{{…}}` around something that is not an identifier (`{{}}`, `{{a.b}}`, `{{ 1 }}`).
        case notAName
    }

    public var form: Form
    /// What is reported: the whole `{{…}}` when it is closed, else the `{{`.
    public var reported: ByteRange
    /// The name after the `{{` and any spaces (`[A-Za-z0-9_-]+`), if there is one: the
    /// parameter the author meant, which is therefore not unused.
    public var meant: ByteRange?
}

/// Reads a string's body into `StringPiece`s, byte by byte, in one pass (no byte is read
/// more than a few times: a `{{` looks ahead only up to the next brace, quote, backslash or
/// line break). The body is the bytes between the quotes, as written or as `"""` layout
/// leaves them: no escape or `{{` piece spans a line break, so both read the same ones.
///
/// A `{{` is read as: `{{` spaces? NAME spaces? `}}`, where NAME is a run of bytes other than
/// braces, spaces, quotes, backslashes and line breaks. With no spaces and an identifier for
/// NAME it is an interpolation; otherwise it is malformed, the whole `{{…}}` when it closes,
/// else the `{{` alone. A `{{{name}}` is a malformed `{` (reported with the brace after it)
/// and then `{{name}}`, as `\{{{name}}` is `{` and `{{name}}`.
public struct StringPieces: IteratorProtocol {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var k: Int
    private let end: Int

    /// The pieces of `bytes[range]`. `bytes` must outlive the iterator.
    public init(_ bytes: UnsafeBufferPointer<UInt8>, _ range: ByteRange) {
        self.bytes = bytes
        self.end = min(range.end, bytes.count)
        self.k = min(range.start, end)
    }

    /// Whether the value of string token `token` holds a line feed: an escaped one (`\n`) in
    /// a one-line string, or a line break a `"""` string keeps. A one-line string with no
    /// backslash holds none: most texts are answered without reading their pieces.
    public static func holdsLineFeed(_ bytes: UnsafeBufferPointer<UInt8>, _ token: Token) -> Bool {
        let content = AtomSyntax.contentRange(of: token)
        guard content.start <= content.end, content.end <= bytes.count else { return false }
        let body = UnsafeBufferPointer(rebasing: bytes[content.start..<content.end])
        if token.kind == .multilineString { return AtomSyntax.multilineLayout(Array(body)).contains(0x0A) }
        guard body.contains(0x5C) else { return false }
        var pieces = StringPieces(bytes, content)
        while let piece = pieces.next() {
            if case .escape(_, let scalar) = piece, scalar == "\n" { return true }
        }
        return false
    }

    /// All pieces of `bytes[range]`.
    public static func pieces(of bytes: [UInt8], in range: ByteRange) -> [StringPiece] {
        bytes.withUnsafeBufferPointer { buf in
            var reader = StringPieces(buf, range)
            var out: [StringPiece] = []
            while let piece = reader.next() { out.append(piece) }
            return out
        }
    }

    public mutating func next() -> StringPiece? {
        guard k < end else { return nil }
        let start = k
        let b = bytes[k]
        if b == 0x5C { return escape() }
        if b == 0x7B && k + 1 < end && bytes[k + 1] == 0x7B { return braces() }
        k += 1
        while k < end {
            let c = bytes[k]
            if c == 0x5C || (c == 0x7B && k + 1 < end && bytes[k + 1] == 0x7B) { break }
            k += 1
        }
        return .text(ByteRange(start: start, end: k))
    }

    private mutating func escape() -> StringPiece {
        let start = k
        let (next, scalar) = EscapeSequence.read(bytes, at: start, limit: end)
        guard let scalar else {
            k = start + 1
            return .invalidEscape(ByteRange(start: start, end: k))
        }
        k = next
        return .escape(ByteRange(start: start, end: next), scalar)
    }

    /// The `{{` at `k`.
    private mutating func braces() -> StringPiece {
        let start = k
        if let closed = closedForm(at: start) {
            k = closed.end
            let range = ByteRange(start: start, end: closed.end)
            if Identifier.isValid(bytes, closed.name) {
                if !closed.spaced { return .interpolation(range, name: closed.name) }
                return .malformed(range, MalformedInterpolation(form: .spaced, reported: range, meant: closed.name))
            }
            return .malformed(range, MalformedInterpolation(form: .notAName, reported: range, meant: meantName(after: start + 2)))
        }
        let pair = ByteRange(start: start, end: start + 2)
        if start + 2 < end && bytes[start + 2] == 0x7B && closedForm(at: start + 1) != nil {
            k = start + 1
            return .malformed(ByteRange(start: start, end: k), MalformedInterpolation(form: .unclosed, reported: pair, meant: nil))
        }
        k = start + 2
        return .malformed(pair, MalformedInterpolation(form: .unclosed, reported: pair, meant: meantName(after: k)))
    }

    /// `{{` spaces? NAME spaces? `}}` at `start`: where it ends, NAME's bytes, and whether
    /// there were spaces.
    private func closedForm(at start: Int) -> (end: Int, name: ByteRange, spaced: Bool)? {
        var j = start + 2
        while j < end && bytes[j] == 0x20 { j += 1 }
        let nameStart = j
        while j < end && StringPieces.mayBeInName(bytes[j]) { j += 1 }
        let nameEnd = j
        while j < end && bytes[j] == 0x20 { j += 1 }
        guard j + 1 < end, bytes[j] == 0x7D, bytes[j + 1] == 0x7D else { return nil }
        return (j + 2, ByteRange(start: nameStart, end: nameEnd), nameStart != start + 2 || nameEnd != j)
    }

    /// The `[A-Za-z0-9_-]` run after `start` and any spaces, nil when empty.
    private func meantName(after start: Int) -> ByteRange? {
        var j = start
        while j < end && bytes[j] == 0x20 { j += 1 }
        let nameStart = j
        while j < end && Identifier.isContinue(bytes[j]) { j += 1 }
        return j > nameStart ? ByteRange(start: nameStart, end: j) : nil
    }

    /// Not a brace, space, quote, backslash or line break.
    private static func mayBeInName(_ b: UInt8) -> Bool {
        b != 0x7B && b != 0x7D && b != 0x20 && b != 0x22 && b != 0x5C && b != 0x0A && b != 0x0D
    }
}

extension StringPieces {
    /// The value of `bytes[range]`: escapes decoded, invalid escapes and malformed `{{` kept as
    /// written, appended to `out`. Each `{{name}}` is handed to `interpolation` with the
    /// piece's range, the name's, and `out` as decoded so far: it appends what the
    /// interpolation stands for, or takes what `out` holds (HTMLGen's segments).
    public static func decode(_ bytes: UnsafeBufferPointer<UInt8>, _ range: ByteRange, into out: inout [UInt8],
                              interpolation: (_ range: ByteRange, _ name: ByteRange, _ out: inout [UInt8]) -> Void) {
        var reader = StringPieces(bytes, range)
        while let piece = reader.next() {
            switch piece {
            case .escape(_, let scalar):
                UTF8.encode(scalar) { out.append($0) }
            case .interpolation(let r, let name):
                interpolation(r, name, &out)
            case .text(let r), .invalidEscape(let r), .malformed(let r, _):
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[r.start..<r.end]))
            }
        }
    }
}
