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

    /// Units a number may carry. `x` followed by digits is the `327x180` mistake.
    public static let knownUnits: Set<String> = ["px", "pt", "%", "deg"]
}
