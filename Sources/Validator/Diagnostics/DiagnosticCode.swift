import TemplateFormat

/// Every diagnostic the toolchain reports: its stable code, default severity and a short
/// title. Syntax codes (TDL0xx) come from the parser; structure (TDL1xx) and lint (TDL3xx)
/// from the validator. Codes are never reused: a retired code keeps its number.
public struct DiagnosticCode: Sendable, Hashable {
    public let code: String
    public let severity: Severity
    /// The title as the literal it is: a `String` field would be retained and released
    /// every time a rule reports (the codes are only six characters, stored inline).
    private let titleText: StaticString
    public var title: String { titleText.description }
    /// Syntax errors cannot be silenced with `// tdl-ignore`.
    public var isSuppressible: Bool { !code.hasPrefix("TDL0") }

    init(_ code: String, _ severity: Severity, _ title: StaticString) {
        self.code = code
        self.severity = severity
        self.titleText = title
    }

    public static func == (a: DiagnosticCode, b: DiagnosticCode) -> Bool {
        a.code == b.code && a.severity == b.severity && a.title == b.title
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(severity)
    }

    // Syntax (reported by TemplateFormat's parser; listed here for `explain` and the docs).
    static let unexpectedCharacter = DiagnosticCode("TDL001", .error, "Unexpected character")
    static let invalidUTF8 = DiagnosticCode("TDL002", .error, "Invalid UTF-8")
    static let unterminatedString = DiagnosticCode("TDL003", .error, "Unterminated string")
    static let unterminatedComment = DiagnosticCode("TDL004", .error, "Unterminated block comment")
    static let invalidEscape = DiagnosticCode("TDL005", .error, "Invalid escape in a string")
    static let malformedNumber = DiagnosticCode("TDL006", .error, "Malformed number")
    static let malformedColor = DiagnosticCode("TDL007", .error, "Malformed colour")
    static let unknownUnit = DiagnosticCode("TDL008", .error, "Unknown unit")
    static let missingCloseBrace = DiagnosticCode("TDL009", .error, "Missing `}`")
    static let unexpectedCloseBrace = DiagnosticCode("TDL010", .error, "Unexpected `}`")
    static let missingColon = DiagnosticCode("TDL011", .error, "Missing `:` after a property name")
    static let missingOpenBrace = DiagnosticCode("TDL012", .error, "Block body without a header")
    static let missingValue = DiagnosticCode("TDL013", .error, "Missing value")
    static let unexpectedToken = DiagnosticCode("TDL014", .error, "Unexpected token")
    static let nestingTooDeep = DiagnosticCode("TDL015", .error, "Blocks nested too deeply")
    static let propertyOutsideBlock = DiagnosticCode("TDL016", .error, "Property outside any block")
    static let foreignEncoding = DiagnosticCode("TDL017", .error, "File is UTF-16 or UTF-32, not UTF-8")

    // Structure.
    static let kindNotAllowed = DiagnosticCode("TDL101", .error, "Kind not allowed here")
    static let unknownProperty = DiagnosticCode("TDL102", .error, "Unknown property")
    static let duplicateProperty = DiagnosticCode("TDL103", .error, "Duplicate property")
    static let duplicateName = DiagnosticCode("TDL104", .error, "Duplicate name")
    static let missingProperty = DiagnosticCode("TDL105", .error, "Missing required property")
    static let wrongType = DiagnosticCode("TDL106", .error, "Wrong value type")
    static let outOfRange = DiagnosticCode("TDL107", .error, "Value out of range")
    static let unknownEnumValue = DiagnosticCode("TDL108", .error, "Unknown value")
    static let undefinedStyle = DiagnosticCode("TDL109", .error, "Undefined style")
    static let undefinedElement = DiagnosticCode("TDL110", .error, "Undefined element")
    static let undefinedParameter = DiagnosticCode("TDL111", .error, "Undefined parameter")
    static let styleCycle = DiagnosticCode("TDL112", .error, "Style cycle")
    static let importNotFound = DiagnosticCode("TDL113", .error, "Import cannot be read")
    static let importCycle = DiagnosticCode("TDL114", .error, "Import cycle")
    static let formatTooNew = DiagnosticCode("TDL115", .error, "Format version newer than this toolchain")
    static let formatTooOld = DiagnosticCode("TDL116", .warning, "Format version older than this toolchain")
    static let missingFormat = DiagnosticCode("TDL117", .hint, "No `format` line")
    static let missingName = DiagnosticCode("TDL118", .error, "Missing or unexpected name or title")
    static let conflictingProperties = DiagnosticCode("TDL119", .error, "Properties that exclude each other")
    static let styleDoesNotApply = DiagnosticCode("TDL120", .warning, "Style property does not apply")
    static let misplacedDirective = DiagnosticCode("TDL121", .error, "Misplaced or repeated directive")
    static let malformedInterpolation = DiagnosticCode("TDL122", .error, "Malformed interpolation")
    static let unfinishedBlockHeader = DiagnosticCode("TDL123", .error, "Block header without `{`")

    // Lint.
    static let outsideCanvas = DiagnosticCode("TDL301", .warning, "Element outside its canvas")
    static let lowContrast = DiagnosticCode("TDL302", .warning, "Text contrast below WCAG AA")
    static let missingAlt = DiagnosticCode("TDL303", .warning, "Image without `alt`")
    static let unusedStyle = DiagnosticCode("TDL304", .warning, "Unused style")
    static let unusedParameter = DiagnosticCode("TDL305", .warning, "Unused parameter")
    static let unsafeURL = DiagnosticCode("TDL306", .error, "Script or data URL")
    static let emptyText = DiagnosticCode("TDL307", .warning, "Empty text")
    static let zeroSize = DiagnosticCode("TDL308", .warning, "Zero-size element")
    static let unsupportedURL = DiagnosticCode("TDL309", .warning, "Unsupported URL scheme")
    static let unusedSuppression = DiagnosticCode("TDL310", .hint, "Suppression that silences nothing")
    static let missingCaptions = DiagnosticCode("TDL311", .hint, "Video without captions")
    static let textDoesNotFit = DiagnosticCode("TDL312", .warning, "Text that cannot fit its box")
    static let missingLocalFile = DiagnosticCode("TDL313", .warning, "Missing local file")
    static let unusableFontFamily = DiagnosticCode("TDL314", .warning, "Font family the page cannot name")
    static let buttonWithoutAction = DiagnosticCode("TDL315", .warning, "Button that leads nowhere")
    static let autoplayCannotBeStopped = DiagnosticCode("TDL316", .warning, "Video that plays by itself")
    static let readingOrder = DiagnosticCode("TDL317", .warning, "Reading order differs from the layout")
    static let fontFileNotLoadable = DiagnosticCode("TDL330", .warning, "Font file the page may not load")
    static let unknownFontFormat = DiagnosticCode("TDL331", .warning, "Font file of unknown format")
    static let duplicateFontFace = DiagnosticCode("TDL332", .warning, "Font face declared twice")

    /// Every code, in order.
    public static let all: [DiagnosticCode] = [
        unexpectedCharacter, invalidUTF8, unterminatedString, unterminatedComment, invalidEscape,
        malformedNumber, malformedColor, unknownUnit, missingCloseBrace, unexpectedCloseBrace,
        missingColon, missingOpenBrace, missingValue, unexpectedToken, nestingTooDeep, propertyOutsideBlock, foreignEncoding,
        kindNotAllowed, unknownProperty, duplicateProperty, duplicateName, missingProperty, wrongType,
        outOfRange, unknownEnumValue, undefinedStyle, undefinedElement, undefinedParameter, styleCycle,
        importNotFound, importCycle, formatTooNew, formatTooOld, missingFormat, missingName,
        conflictingProperties, styleDoesNotApply, misplacedDirective, malformedInterpolation, unfinishedBlockHeader,
        outsideCanvas, lowContrast, missingAlt, unusedStyle, unusedParameter, unsafeURL, emptyText,
        zeroSize, unsupportedURL, unusedSuppression, missingCaptions, textDoesNotFit, missingLocalFile, unusableFontFamily,
        buttonWithoutAction, autoplayCannotBeStopped, fontFileNotLoadable, unknownFontFormat, duplicateFontFace, readingOrder,
    ]

    public static func lookup(_ code: String) -> DiagnosticCode? {
        let wanted = code.uppercased()
        return all.first { $0.code == wanted }
    }

    /// The long explanation with a bad and a good example (`template-fmt explain`).
    public var explanation: String { DiagnosticExplanations.text[code] ?? title }
}
