import TemplateFormat

/// The diagnostics JSON last published for one open document, kept so that the next publish
/// copies the JSON of every diagnostic that did not change instead of writing it again.
///
/// A keystroke re-validates one template or annotation set; the validator hands back the
/// other sets' diagnostics as moved copies that share their wording box with the previous
/// version (`Diagnostic.wordingIdentity`). A diagnostic whose wording box, LSP range and
/// related ranges are the same as last time has the same JSON, byte for byte. Related
/// locations in other documents are not compared, so those diagnostics are always written.
///
/// Both lists are in document order, and an edit keeps the order of what it does not touch,
/// so the previous diagnostic with the same box is found by walking forward from the last
/// one found, not by hashing: a few comparisons per diagnostic. One not found within
/// `lookAhead` (a new one, or one behind a run of removed ones) is written afresh, which is
/// always correct. Confined to the server's thread.
final class PublishedDiagnostics {
    /// Where one reusable diagnostic sits in `payload`, and the ranges its JSON holds. Plain
    /// values, with the related ranges in one shared list: recording and looking up thousands
    /// of diagnostics a keystroke allocates and reference-counts nothing per diagnostic.
    struct Entry {
        var identity: ObjectIdentifier
        var range: LSPRange
        /// The diagnostic's related ranges: `relatedRanges[related]`.
        var related: Range<Int>
        /// Where the diagnostic's object is in `payload`.
        var span: Range<Int>
    }

    /// How far past the last match a diagnostic's previous entry is looked for.
    static let lookAhead = 256

    /// The last payload written, and where each reusable diagnostic sits in it, in order.
    private(set) var payload: [UInt8] = []
    private var entries: [Entry] = []
    private var relatedRanges: [LSPRange] = []
    /// Where the walk through `entries` goes on from.
    private var next = 0
    /// Holds the wording boxes of `entries`, so no identity is reused by a new box.
    private var kept: [Diagnostic] = []
    /// How many diagnostics the last payload copied from the one before (for tests).
    private(set) var lastReused = 0
    private var reusing = 0

    /// Where the JSON of the diagnostic with wording box `identity` at `range`, its related
    /// locations (all in this document) at `related`, is in `payload`, if it is the same.
    /// Asked in document order.
    func previousSpan(of identity: ObjectIdentifier, at range: LSPRange, related: [LSPRange]) -> Range<Int>? {
        let end = min(entries.count, next + PublishedDiagnostics.lookAhead)
        var k = next
        while k < end && entries[k].identity != identity { k += 1 }
        guard k < end else { return nil }
        next = k + 1
        let entry = entries[k]
        guard entry.range == range, entry.related.count == related.count else { return nil }
        var r = entry.related.lowerBound
        for item in related {
            guard relatedRanges[r] == item else { return nil }
            r += 1
        }
        reusing += 1
        return entry.span
    }

    /// Starts recording the payload being written: `record` each diagnostic, then `finish`.
    func begin(_ diagnostics: [Diagnostic]) -> Recording {
        next = 0
        var entries: [Entry] = []
        entries.reserveCapacity(diagnostics.count)
        return Recording(kept: diagnostics, entries: entries)
    }

    struct Recording {
        fileprivate var kept: [Diagnostic]
        fileprivate var entries: [Entry]
        fileprivate var relatedRanges: [LSPRange] = []

        /// Records the diagnostic just written (its wording box's `identity`), in document order.
        mutating func record(_ identity: ObjectIdentifier, at range: LSPRange, related: [LSPRange], span: Range<Int>) {
            let start = relatedRanges.count
            relatedRanges.append(contentsOf: related)
            entries.append(Entry(identity: identity, range: range, related: start..<relatedRanges.count, span: span))
        }
    }

    func finish(_ recording: Recording, payload: [UInt8]) {
        self.payload = payload
        self.entries = recording.entries
        self.relatedRanges = recording.relatedRanges
        self.kept = recording.kept
        next = 0
        lastReused = reusing
        reusing = 0
    }
}
