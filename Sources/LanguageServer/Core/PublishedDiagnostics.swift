import TemplateFormat

/// The diagnostics JSON last published for one open document, kept so that the next publish
/// copies the JSON of every diagnostic that did not change instead of writing it again.
///
/// A keystroke re-validates one template or annotation set; the validator hands back the
/// other sets' diagnostics as moved copies that share their wording box with the previous
/// version (`Diagnostic.wordingIdentity`). A diagnostic whose wording box, LSP range and
/// related ranges are the same as last time has the same JSON, byte for byte. Related
/// locations in other documents are not compared, so those diagnostics are always written.
/// Confined to the server's thread.
final class PublishedDiagnostics {
    struct Entry {
        var range: LSPRange
        var related: [LSPRange]
        /// Where the diagnostic's object is in `payload`.
        var span: Range<Int>
    }

    /// The last payload written, and where each reusable diagnostic sits in it.
    private(set) var payload: [UInt8] = []
    private var entries: [ObjectIdentifier: Entry] = [:]
    /// Holds the wording boxes of `entries`, so no identity is reused by a new box.
    private var kept: [Diagnostic] = []
    /// How many diagnostics the last payload copied from the one before (for tests).
    private(set) var lastReused = 0
    private var reusing = 0

    /// The JSON of `diagnostic` at `range`, its related locations (all in this document) at
    /// `related`, from the last payload if it is the same.
    func previousJSON(of diagnostic: Diagnostic, at range: LSPRange, related: [LSPRange]) -> ArraySlice<UInt8>? {
        guard let entry = entries[diagnostic.wordingIdentity], entry.range == range, entry.related == related else { return nil }
        reusing += 1
        return payload[entry.span]
    }

    /// Starts recording the payload being written: `record` each diagnostic, then `finish`.
    func begin(_ diagnostics: [Diagnostic]) -> Recording {
        Recording(kept: diagnostics, entries: Dictionary(minimumCapacity: diagnostics.count))
    }

    struct Recording {
        fileprivate var kept: [Diagnostic]
        fileprivate var entries: [ObjectIdentifier: Entry]

        mutating func record(_ diagnostic: Diagnostic, at range: LSPRange, related: [LSPRange], span: Range<Int>) {
            entries[diagnostic.wordingIdentity] = Entry(range: range, related: related, span: span)
        }
    }

    func finish(_ recording: Recording, payload: [UInt8]) {
        self.payload = payload
        self.entries = recording.entries
        self.kept = recording.kept
        lastReused = reusing
        reusing = 0
    }
}
