import Basics
import TemplateFormat
import Validator

/// A template parameter's value: the default written in `params`, or a value from the
/// caller's data (`--data FILE`). Parameters are strings, numbers or booleans only.
public enum ParamValue: Sendable, Hashable, CustomStringConvertible {
    case string(String)
    case number(Double)
    case bool(Bool)

    /// `string`, `number` or `boolean`, for messages.
    public var typeName: String {
        switch self {
        case .string: return "string"
        case .number: return "number"
        case .bool: return "boolean"
        }
    }

    /// The text that `{{name}}` inserts: the string itself, a number in plain decimal
    /// (`14`, `1.5`, never exponent notation; `0` for one too large for a `Double`), `true`
    /// or `false`.
    public var text: String {
        switch self {
        case .string(let s): return s
        case .number(let n): return n.isFinite ? NumberText.string(n) : "0"
        case .bool(let b): return b ? "true" : "false"
        }
    }

    public var description: String {
        switch self {
        case .string(let s): return "\"\(s)\""
        default: return text
        }
    }

    func sameType(as other: ParamValue) -> Bool { typeName == other.typeName }
}

/// Something the exporter noticed that is not a diagnostic of the document: problems with
/// the caller's parameter data, URLs it refused to emit, and what an email cannot show. Reported as values; nothing throws.
public struct ExportIssue: Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable {
        case warning, error
    }

    public enum Kind: String, Sendable, Hashable {
        /// `--data` gives a key that no exported template declares (a warning).
        case unknownParameter
        /// `--data` gives a value whose type differs from the parameter's default (an error).
        case wrongParameterType
        /// A URL with a scheme other than http, https or mailto was left out of the output
        /// (the validator reports these too; a warning here).
        case droppedURL
        /// A URL that the data's parameter values turn into one that may not be exported: it
        /// is left out, and a `javascript:`, `vbscript:` or `data:` URL is an error (as the
        /// validator makes it one when the defaults do that), any other scheme a warning.
        case refusedURLFromData
        /// `--to email`: members drawn over one another (or interlocked), which email's table
        /// cells cannot show (an error: nothing is written).
        case emailOverlap
        /// `--to email`: something email cannot show at all: a video, a box outside its
        /// container, a member without a fixed size (an error: nothing is written).
        case emailUnsupported
        /// `--to email`: something shown approximately: rotation and opacity dropped, a canvas
        /// wider than email's 600 px (a warning).
        case emailApproximation
    }

    public let severity: Severity
    public let kind: Kind
    public let message: String

    public init(severity: Severity, kind: Kind, message: String) {
        self.severity = severity
        self.kind = kind
        self.message = message
    }

    public var description: String { "\(severity.rawValue): \(message)" }
}

/// One declared parameter of a template with the value it takes in this export.
public struct ResolvedParameter: Sendable, Hashable {
    public let name: String
    public let value: ParamValue
    /// What `{{name}}` inserts. A default is inserted as written in the source (`14`, `1.50`);
    /// a value from data as `ParamValue.text`.
    public let text: String
    /// Whether the value came from the caller's data rather than the default.
    public let fromData: Bool
}

/// Binding the caller's data to the parameters a template declares.
public enum ParameterBinding {
    /// The parameters declared in a template's `params` block (first of each name), each with
    /// its default. Values that are not a string, a number without unit or a boolean are left out.
    public static func declared(in template: BlockSyntax) -> [ResolvedParameter] {
        var result: [ResolvedParameter] = []
        var seen: Set<String> = []
        for params in template.blocks where params.kindID == .params {
            for p in params.properties where !seen.contains(p.key) {
                seen.insert(p.key)
                let atoms = p.atoms
                guard atoms.count == 1 else { continue }
                let a = atoms[0]
                switch a.kind {
                case .string:
                    let s = TextDecoder.plain(a)
                    result.append(ResolvedParameter(name: p.key, value: .string(s), text: s, fromData: false))
                case .number:
                    guard let n = a.number, n.unit == nil, n.value.isFinite else { continue }
                    result.append(ResolvedParameter(name: p.key, value: .number(n.value), text: a.text, fromData: false))
                case .identifier where a.text == "true" || a.text == "false":
                    let b = a.text == "true"
                    result.append(ResolvedParameter(name: p.key, value: .bool(b), text: a.text, fromData: false))
                default:
                    continue
                }
            }
        }
        return result
    }

    /// The declared parameters with the data applied. A value of the wrong type is an error
    /// issue and the default is kept. Unknown keys are not judged here: a key may belong to
    /// another template of the same export (see `unknownKeys`).
    public static func bind(_ declared: [ResolvedParameter], data: [String: ParamValue], template: String,
                            issues: inout [ExportIssue]) -> [ResolvedParameter] {
        guard !data.isEmpty else { return declared }
        return declared.map { p in
            guard let given = data[p.name] else { return p }
            guard given.sameType(as: p.value) else {
                issues.append(ExportIssue(
                    severity: .error, kind: .wrongParameterType,
                    message: "parameter `\(p.name)` of template `\(template)` is a \(p.value.typeName) (default \(p.value)), but the data gives a \(given.typeName): \(given)"))
                return p
            }
            return ResolvedParameter(name: p.name, value: given, text: given.text, fromData: true)
        }
    }

    /// Warnings for the data keys that none of the given parameter lists declares, sorted by key.
    public static func unknownKeys(_ data: [String: ParamValue], declared: [[ResolvedParameter]]) -> [ExportIssue] {
        var known: Set<String> = []
        for list in declared { for p in list { known.insert(p.name) } }
        return data.keys.filter { !known.contains($0) }.sorted().map { key in
            ExportIssue(severity: .warning, kind: .unknownParameter,
                        message: "the data sets `\(key)`, which no exported template declares in its `params`; it is ignored")
        }
    }
}
