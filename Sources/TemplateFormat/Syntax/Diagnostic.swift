/// How serious a diagnostic is; the raw values are LSP's `DiagnosticSeverity`.
public enum Severity: Int, Sendable, Comparable, CaseIterable, CustomStringConvertible {
    case error = 1, warning = 2, information = 3, hint = 4

    public static func < (a: Severity, b: Severity) -> Bool { a.rawValue < b.rawValue }

    public var description: String {
        switch self {
        case .error: return "error"
        case .warning: return "warning"
        case .information: return "info"
        case .hint: return "hint"
        }
    }
}

/// Replace the bytes of `range` with `newText`.
public struct TextEdit: Hashable, Sendable {
    public var range: ByteRange
    public var newText: String
    public init(range: ByteRange, newText: String) {
        self.range = range
        self.newText = newText
    }
}

/// A fix for a diagnostic: a title for menus and the edits that make it. A certain fix
/// (`isCertain`) is what the author meant beyond doubt and is applied by `check --fix`;
/// the others (did-you-mean, placeholders) are offered in editors only.
public struct Fix: Hashable, Sendable {
    public var title: String
    public var edits: [TextEdit]
    public var isCertain: Bool
    public init(title: String, edits: [TextEdit], isCertain: Bool = true) {
        self.title = title
        self.edits = edits
        self.isCertain = isCertain
    }
}

/// Another place that explains a diagnostic (the first definition of a duplicate, say).
/// `path` is nil for the same document.
public struct RelatedLocation: Hashable, Sendable {
    public var path: String?
    public var range: ByteRange
    public var message: String
    public init(path: String? = nil, range: ByteRange, message: String) {
        self.path = path
        self.range = range
        self.message = message
    }
}

/// Extra facts editors show differently (LSP `DiagnosticTag`).
public enum DiagnosticTag: Int, Sendable, Hashable {
    case unnecessary = 1
    case deprecated = 2
}

/// One problem in a document: from the parser (syntax, codes TDL0xx) or the validator.
public struct Diagnostic: Hashable, Sendable {
    public var code: String
    public var severity: Severity
    public var range: ByteRange
    public var message: String
    public var related: [RelatedLocation]
    public var fixes: [Fix]
    public var tags: [DiagnosticTag]

    public init(code: String, severity: Severity, range: ByteRange, message: String,
                related: [RelatedLocation] = [], fixes: [Fix] = [], tags: [DiagnosticTag] = []) {
        self.code = code
        self.severity = severity
        self.range = range
        self.message = message
        self.related = related
        self.fixes = fixes
        self.tags = tags
    }
}

extension Diagnostic {
    /// The same diagnostic after its text moved: `transform` maps each range in this
    /// document (its own, its fixes' edits, related locations without a path) to where that
    /// text is now.
    public func mappingRanges(_ transform: (ByteRange) -> ByteRange) -> Diagnostic {
        var d = self
        d.range = transform(range)
        d.related = related.map { $0.path == nil ? RelatedLocation(path: nil, range: transform($0.range), message: $0.message) : $0 }
        d.fixes = fixes.map { fix in
            Fix(title: fix.title, edits: fix.edits.map { TextEdit(range: transform($0.range), newText: $0.newText) }, isCertain: fix.isCertain)
        }
        return d
    }
}
