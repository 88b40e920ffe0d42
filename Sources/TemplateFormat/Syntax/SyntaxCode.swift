/// The stable codes of syntax diagnostics. Syntax errors cannot be suppressed.
public enum SyntaxCode: String, Sendable, CaseIterable {
    case unexpectedCharacter = "TDL001"
    case invalidUTF8 = "TDL002"
    case unterminatedString = "TDL003"
    case unterminatedComment = "TDL004"
    case invalidEscape = "TDL005"
    case malformedNumber = "TDL006"
    case malformedColor = "TDL007"
    case unknownUnit = "TDL008"
    case missingCloseBrace = "TDL009"
    case unexpectedCloseBrace = "TDL010"
    case missingColon = "TDL011"
    case missingOpenBrace = "TDL012"
    case missingValue = "TDL013"
    case unexpectedToken = "TDL014"
    case nestingTooDeep = "TDL015"
    case propertyOutsideBlock = "TDL016"
    case foreignEncoding = "TDL017"

    /// Units a number may carry. `x` followed by digits is the `327x180` mistake.
    public static let knownUnits: Set<String> = ["px", "pt", "%", "deg"]

    /// Whether the error breaks the document's structure, so that laying it out would mean
    /// guessing where blocks, strings or comments end: the formatter refuses such a file.
    /// Every other syntax error is confined to one value, block header or line, and the
    /// formatter keeps that part as written (see `Formatter`).
    public var isStructural: Bool {
        switch self {
        // Braces that do not pair up, a `{` away from its header, nesting the parser skipped.
        case .missingCloseBrace, .unexpectedCloseBrace, .missingOpenBrace, .nestingTooDeep: return true
        // Where these end is a guess (the end of their line).
        case .unterminatedString, .unterminatedComment: return true
        // Not UTF-8 at all: formatting would write UTF-8 line breaks into UTF-16 text.
        case .foreignEncoding: return true
        // In a token (kept as written) or a line the parser read as one member.
        case .unexpectedCharacter, .invalidUTF8, .invalidEscape, .malformedNumber, .malformedColor,
             .unknownUnit, .missingColon, .missingValue, .unexpectedToken, .propertyOutsideBlock: return false
        }
    }
}
