import TemplateFormat
import Validator

/// The token types and modifiers semantic tokens use, in legend order: a token's `type`
/// is an index into `types`, its `modifiers` a bit set over `modifiers`. Standard LSP names
/// where one fits; `color` is TDL's own (clients without a theme rule for it ignore it).
public enum SemanticTokenLegend {
    public static let types: [String] = SemanticTokenType.allCases.map(\.name)
    public static let modifiers: [String] = SemanticTokenModifiers.names
}

public enum SemanticTokenType: Int, Sendable, CaseIterable {
    /// `format`, `import`, `true`, `false`.
    case keyword
    /// A block's kind: `template`, `text`, `style`.
    case type
    /// Style names, where defined and where used.
    case `class`
    /// Template and annotation set names.
    case namespace
    /// Element names, where defined and in `to:`/`from:`.
    case variable
    /// Parameter names: `params` keys and `{{name}}` in strings.
    case parameter
    /// Property keys.
    case property
    /// Enumeration values and font weights.
    case enumMember
    case number
    case string
    case comment
    /// The `{{` `}}` of interpolations and the `x` of sizes.
    case `operator`
    /// Hex and named colours.
    case color

    public var name: String {
        switch self {
        case .class: return "class"
        case .operator: return "operator"
        default: return String(describing: self)
        }
    }
}

public struct SemanticTokenModifiers: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The defining occurrence of a name.
    public static let declaration = SemanticTokenModifiers(rawValue: 1 << 0)
    /// `///` doc comments.
    public static let documentation = SemanticTokenModifiers(rawValue: 1 << 1)
    /// Built into the language: named colours.
    public static let defaultLibrary = SemanticTokenModifiers(rawValue: 1 << 2)

    static let names = ["declaration", "documentation", "defaultLibrary"]
}

/// One classified stretch of the document. With a `LineIndex` given, never spans a line break.
public struct SemanticToken: Sendable, Hashable {
    public var range: ByteRange
    public var type: SemanticTokenType
    public var modifiers: SemanticTokenModifiers

    public init(range: ByteRange, type: SemanticTokenType, modifiers: SemanticTokenModifiers = []) {
        self.range = range
        self.type = type
        self.modifiers = modifiers
    }
}

public enum SemanticTokens {
    /// The tokens of the document (or of those overlapping `range`) in document order,
    /// disjoint. When `lines` is given, tokens that span lines (`"""` strings, block comments)
    /// are split into one token per line, without the line breaks, for clients without
    /// `multilineTokenSupport`; without it they are returned whole.
    public static func tokens(in tree: SyntaxTree, range: ByteRange? = nil, splittingLinesWith lines: LineIndex? = nil) -> [SemanticToken] {
        var classifier = SemanticTokenClassifier(tree: tree)
        let all = classifier.classify(range: range)
        guard let lines else { return all }
        var out: [SemanticToken] = []
        out.reserveCapacity(all.count)
        for token in all {
            let first = lines.line(containing: token.range.start)
            let last = lines.line(containing: max(token.range.start, token.range.end - 1))
            if first == last { out.append(token); continue }
            for line in first...last {
                let content = lines.contentRange(ofLine: line)
                let piece = ByteRange(start: max(content.start, token.range.start), end: min(content.end, token.range.end))
                if !piece.isEmpty { out.append(SemanticToken(range: piece, type: token.type, modifiers: token.modifiers)) }
            }
        }
        return out
    }
}
