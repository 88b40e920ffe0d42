/// What a token is. Whitespace (spaces, tabs, form feeds) is not a token: it is the
/// implicit trivia in the gaps between tokens, so the token stream plus those gaps
/// covers every byte of the input.
public enum TokenKind: UInt8, Sendable, CaseIterable, BitwiseCopyable {
    case identifier
    case string            // "…" (possibly unterminated: see `TokenFlags`)
    case multilineString   // """…"""
    case number            // -?digits(.digits)? plus an optional touching unit
    case color             // #… (validity in flags)
    case leftBrace, rightBrace, colon, comma, semicolon
    case newline           // LF, CRLF or a lone CR
    case lineComment       // // … (not including the line break)
    case docComment        // /// …
    case blockComment      // /* … */
    case byteOrderMark     // a leading EF BB BF
    case unknown           // a run of bytes that start no token (stray characters, invalid UTF-8, NUL)

    /// Comments and the BOM: kept by every tool, ignored by the grammar.
    public var isTrivia: Bool {
        switch self {
        case .lineComment, .docComment, .blockComment, .byteOrderMark: return true
        default: return false
        }
    }

    public var isComment: Bool { self == .lineComment || self == .docComment || self == .blockComment }

    /// Tokens that can be a value atom.
    public var isAtom: Bool {
        switch self {
        case .identifier, .string, .multilineString, .number, .color: return true
        default: return false
        }
    }
}

/// Problems the lexer noticed inside a token; the parser turns them into diagnostics.
public struct TokenFlags: OptionSet, Sendable, Hashable, BitwiseCopyable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// A string or block comment without its closing delimiter.
    public static let unterminated = TokenFlags(rawValue: 1 << 0)
    /// A string with an escape other than \" \\ \n \t \{ \u{HEX}.
    public static let invalidEscape = TokenFlags(rawValue: 1 << 1)
    /// Invalid UTF-8 inside the token.
    public static let invalidUTF8 = TokenFlags(rawValue: 1 << 2)
    /// A number or colour that is not well formed (`1.`, `1.2.3`, `#12`, `#GGG`).
    public static let malformed = TokenFlags(rawValue: 1 << 3)
    /// A number followed by a touching unit (`12px`, `50%`, `327x180`).
    public static let hasUnit = TokenFlags(rawValue: 1 << 4)
    /// The whole input as one `.unknown` token: it is UTF-16 or UTF-32 (`ForeignEncoding`).
    public static let foreignEncoding = TokenFlags(rawValue: 1 << 5)
}

/// One token: a kind and a byte range. 12 bytes, stored contiguously.
public struct Token: Sendable, Hashable, BitwiseCopyable {
    public let kind: TokenKind
    public let flags: TokenFlags
    @usableFromInline let startOffset: UInt32
    @usableFromInline let endOffset: UInt32

    init(kind: TokenKind, flags: TokenFlags = [], start: Int, end: Int) {
        self.kind = kind
        self.flags = flags
        self.startOffset = UInt32(truncatingIfNeeded: start)
        self.endOffset = UInt32(truncatingIfNeeded: end)
    }

    @inlinable public var start: Int { Int(startOffset) }
    @inlinable public var end: Int { Int(endOffset) }
    @inlinable public var range: ByteRange { ByteRange(start: start, end: end) }
}
