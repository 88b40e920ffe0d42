import TemplateFormat

/// What the rules report, in the order they find it: the one thing a check writes besides
/// its own walking state. Rules that only read the document take it `inout`; the walker
/// (`Checker`) keeps it.
struct Findings {
    var diagnostics: [Diagnostic] = []

    /// A report with nothing but a message, as the rules that report in bulk make: chosen
    /// over the one below by the compiler, so no empty arrays are made, passed and released.
    mutating func report(_ code: DiagnosticCode, _ range: ByteRange, _ message: MessageText) {
        diagnostics.append(Diagnostic(code: code.code, severity: code.severity, range: range, message: message.string))
    }

    mutating func report(_ code: DiagnosticCode, _ range: ByteRange, _ message: MessageText,
                         related: [RelatedLocation] = [], fixes: [Fix] = [], tags: [DiagnosticTag] = [],
                         severity: Severity? = nil) {
        diagnostics.append(Diagnostic(code: code.code, severity: severity ?? code.severity, range: range,
                                      message: message.string, related: related, fixes: fixes, tags: tags))
    }

    /// Appends a finding made earlier (a cached or shared one).
    mutating func append(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }

    var count: Int { diagnostics.count }

    /// Room `takeOver` leaves for findings reported after the parts.
    static let roomAfterParts = 1024

    /// Appends what other checkers found, in order, leaving each list empty. The diagnostics
    /// are moved, not copied: a copy retains both boxes of each (and the release of the list
    /// releases them again), a cache miss each when tens of thousands were made on other
    /// threads (the parts of a large document).
    mutating func takeOver(_ lists: inout [[Diagnostic]]) {
        // With room for what is still to come (the walk's last findings, the parser's): a
        // list of tens of thousands that is full when one more comes is copied whole.
        diagnostics.reserveCapacity(diagnostics.count + lists.reduce(0) { $0 + $1.count } + Findings.roomAfterParts)
        for i in lists.indices {
            // Reversed in place, then taken from the end: each is moved out of the list once.
            lists[i].reverse()
            while let d = lists[i].popLast() { diagnostics.append(d) }
        }
    }

    /// What was reported since `count` was `start`, taken back out (a sandbox's, a guess's).
    mutating func takeBack(from start: Int) -> ArraySlice<Diagnostic> {
        let taken = diagnostics[start...]
        diagnostics.removeSubrange(start...)
        return taken
    }
}
