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
///
/// A value type whose text lives in two shared immutable boxes: what it says (code,
/// severity, message, tags) and where else it points (related locations, fixes). A document
/// with ten thousand problems copies and re-positions its list on every keystroke, so a copy
/// costs two reference counts, and moving a diagnostic that points nowhere else keeps both
/// boxes. The server keys the JSON it wrote for a diagnostic on `wordingIdentity`.
public struct Diagnostic: Hashable, Sendable {
    public var range: ByteRange
    private var wording: Wording
    private var locations: Locations

    /// Code, severity, message and tags: nothing here depends on where the text is.
    final class Wording: Sendable {
        let code: String
        let severity: Severity
        let message: String
        let tags: [DiagnosticTag]
        init(code: String, severity: Severity, message: String, tags: [DiagnosticTag]) {
            self.code = code
            self.severity = severity
            self.message = message
            self.tags = tags
        }
    }

    /// Related locations and fixes: these hold ranges, so they move with the text.
    final class Locations: Sendable {
        let related: [RelatedLocation]
        let fixes: [Fix]
        init(related: [RelatedLocation], fixes: [Fix]) {
            self.related = related
            self.fixes = fixes
        }
        var isEmpty: Bool { related.isEmpty && fixes.isEmpty }
        static let none = Locations(related: [], fixes: [])
    }

    public init(code: String, severity: Severity, range: ByteRange, message: String,
                related: [RelatedLocation] = [], fixes: [Fix] = [], tags: [DiagnosticTag] = []) {
        self.range = range
        self.wording = Wording(code: code, severity: severity, message: message, tags: tags)
        self.locations = related.isEmpty && fixes.isEmpty ? .none : Locations(related: related, fixes: fixes)
    }

    /// A diagnostic with no related locations, fixes or tags, as most reports are: the same
    /// as the public initialiser without three empty arrays passed in and released.
    package init(code: String, severity: Severity, range: ByteRange, message: String) {
        self.range = range
        self.wording = Wording(code: code, severity: severity, message: message, tags: [])
        self.locations = .none
    }

    public var code: String {
        get { wording.code }
        set { wording = Wording(code: newValue, severity: severity, message: message, tags: tags) }
    }
    public var severity: Severity {
        get { wording.severity }
        set { wording = Wording(code: code, severity: newValue, message: message, tags: tags) }
    }
    public var message: String {
        get { wording.message }
        set { wording = Wording(code: code, severity: severity, message: newValue, tags: tags) }
    }
    public var tags: [DiagnosticTag] {
        get { wording.tags }
        set { wording = Wording(code: code, severity: severity, message: message, tags: newValue) }
    }
    public var related: [RelatedLocation] {
        get { locations.related }
        set { locations = Locations(related: newValue, fixes: fixes) }
    }
    /// Whether there are related locations, read without taking the list.
    public var hasRelated: Bool { !locations.related.isEmpty }
    public var fixes: [Fix] {
        get { locations.fixes }
        set { locations = Locations(related: related, fixes: newValue) }
    }

    /// Code, severity and message in one read of the shared wording box: a report that
    /// shows all three pays one call and one trip to the box (often a cache miss), not three.
    public var wordingParts: (code: String, severity: Severity, message: String) {
        let w = wording
        return (w.code, w.severity, w.message)
    }

    /// The same diagnostic at `range`, with a wording box of its own (sharing the strings)
    /// and the same related locations and fixes, for a finding reported at many places (a
    /// style's property at each use of the style): each copy is a diagnostic of its own to
    /// the server (`wordingIdentity`), and costs one allocation instead of two.
    package func reported(at range: ByteRange) -> Diagnostic {
        var copy = self
        copy.range = range
        copy.wording = Wording(code: wording.code, severity: wording.severity, message: wording.message, tags: wording.tags)
        return copy
    }

    /// False when the diagnostic has no related locations and no fixes, so a reader can
    /// skip asking for either.
    public var hasLocations: Bool { !locations.isEmpty }

    /// The same for two diagnostics whose code, severity, message and tags are one shared
    /// box: true of a diagnostic and its moved copies (`mappingRanges`), so what was derived
    /// from those four can be kept across versions. Equal diagnostics may differ here.
    package var wordingIdentity: ObjectIdentifier { ObjectIdentifier(wording) }

    /// `wordingIdentity` and `hasRelated` of each diagnostic, read in place: the server asks
    /// both of every diagnostic it publishes on every keystroke, and copying a diagnostic
    /// out of its list to ask retains its two boxes, a cache miss each on a long list.
    package static func publishingKeys(of diagnostics: [Diagnostic]) -> [(identity: ObjectIdentifier, hasRelated: Bool)] {
        diagnostics.withUnsafeBufferPointer { list in
            list.indices.map { i in
                (ObjectIdentifier(list[i].wording), list[i].hasRelated)
            }
        }
    }

    public static func == (a: Diagnostic, b: Diagnostic) -> Bool {
        a.range == b.range
            && (a.wording === b.wording
                || (a.code == b.code && a.severity == b.severity && a.message == b.message && a.tags == b.tags))
            && (a.locations === b.locations || (a.related == b.related && a.fixes == b.fixes))
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(range)
        hasher.combine(code)
        hasher.combine(severity)
        hasher.combine(message)
        hasher.combine(tags)
        hasher.combine(related)
        hasher.combine(fixes)
    }
}

extension Diagnostic {
    /// The same diagnostic after its text moved: `transform` maps each range in this
    /// document (its own, its fixes' edits, related locations without a path) to where that
    /// text is now.
    public func mappingRanges(_ transform: (ByteRange) -> ByteRange) -> Diagnostic {
        var d = self
        d.range = transform(range)
        guard !locations.isEmpty else { return d }
        d.locations = Locations(
            related: related.map { $0.path == nil ? RelatedLocation(path: nil, range: transform($0.range), message: $0.message) : $0 },
            fixes: fixes.map { fix in
                Fix(title: fix.title, edits: fix.edits.map { TextEdit(range: transform($0.range), newText: $0.newText) }, isCertain: fix.isCertain)
            })
        return d
    }
}
