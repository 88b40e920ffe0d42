#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Basics
import TemplateFormat

/// What validating each top-level template and annotation set found, kept between
/// validations of one document so that after an edit only the sets whose text changed are
/// checked again. The language server keeps one per open document; the CLI needs none.
///
/// A set's findings depend on its own bytes and on the styles it can use; the cache keys
/// each set by its exact bytes plus a fingerprint of every style (name, text, origin) and
/// of the document's line ending, so a reused result is exactly what checking again would
/// give once moved: ranges in the set move with the set, ranges in a style with that style. Each validation keeps only the sets it saw,
/// so the cache never holds more than one document's worth.
public final class ValidationCache: @unchecked Sendable {
    struct Entry {
        var bytes: [UInt8]
        var start: Int
        var diagnostics: [Diagnostic]
        /// The styles the set names only through a misspelling (`Checker.meantStyles`).
        var meantStyles: Set<String> = []
    }

    struct Key: Hashable {
        var hash: UInt64
        var context: UInt64
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        /// Where the document's own styles started when the entries were made: a set's
        /// diagnostic may point into a style (a property it sets), and styles move on their own.
        var styleStarts: [String: Int] = [:]
        var lastChecked = 0
        var lastReused = 0
        var lastReusedInPlace = 0
        /// How many findings the last validation's checker made: room reserved for the next.
        var lastFindingCount = 0
        /// Whether each file beside the document that a validation looked up (TDL313) was
        /// there, by path as the project resolved it. A set's TDL313 findings are kept with
        /// its others, and an edit looks up only the edited set's files, here: the language
        /// server, which learns when such a file comes or goes, forgets both then (`forgetSets`).
        var fileExists: [String: Bool] = [:]
        /// Each set's key by where its text began in the last validation (`tracksEdits`), the
        /// text's length then, and how it changed since.
        var keyByStart: [Int: Key] = [:]
        var lastLength = -1
        var since = Since.unknown
    }

    /// What is known of the text's changes since the last validation: only one edit says
    /// where the text stayed the same (`unchanged`).
    enum Since {
        case noEdit, oneEdit(Edit), unknown
    }

    /// A change of the text: `replaced` (in the text before it) became `insertedCount` bytes.
    public struct Edit: Sendable {
        public let replaced: ByteRange
        public let insertedCount: Int
        public init(replaced: ByteRange, insertedCount: Int) {
            self.replaced = replaced
            self.insertedCount = insertedCount
        }
    }

    /// Where the text is unchanged since the last validation, for the current text: before
    /// `start` it is the same bytes in the same place; from `resume` on, the same bytes moved
    /// by `delta`. Sets outside the edit are then found by where they are, without hashing
    /// and comparing their bytes again (`entry(unchangedAt:length:context:)`).
    struct Unchanged {
        var start: Int
        var resume: Int
        var delta: Int
    }

    /// More remembered answers than any one document needs (a document names each file in
    /// one of its strings, and the answers of earlier edits pile up): then they and the sets
    /// that used them are forgotten together, and the next validation looks again.
    static let answerLimit = 1 << 16

    /// One validation at a time uses a cache; the lock only keeps a misuse from racing.
    private let state = Locked(State())

    /// Sets checked and sets reused by the last validation, for tests and benchmarks.
    public var lastChecked: Int { state.withLock { $0.lastChecked } }
    public var lastReused: Int { state.withLock { $0.lastReused } }
    /// Of those reused, how many were found by their place (`tracksEdits`), not their bytes.
    public var lastReusedInPlace: Int { state.withLock { $0.lastReusedInPlace } }

    /// Whether remembered answers are used (`fileExists`), not only recorded: only when
    /// someone calls `forgetSets` as files come and go (a language server whose client
    /// watches files); otherwise every check of a set looks again.
    let reusesFileAnswers: Bool

    /// Whether whoever changes the document tells the cache (`noteEdit`, `noteNewText`):
    /// then sets the edits did not touch are known unchanged by their place alone.
    let tracksEdits: Bool

    public init(reusesFileAnswers: Bool = false, tracksEdits: Bool = false) {
        self.reusesFileAnswers = reusesFileAnswers
        self.tracksEdits = tracksEdits
    }

    /// The document changed by `edit` since the last call (a keystroke).
    public func noteEdit(_ edit: Edit) {
        guard tracksEdits else { return }
        state.withLock { state in
            if case .noEdit = state.since { state.since = .oneEdit(edit) } else { state.since = .unknown }
        }
    }

    /// The document's text was replaced as a whole: what it was is no guide.
    public func noteNewText() {
        state.withLock { $0.since = .unknown }
    }

    /// Where the current text (`length` bytes) is as it was at the last validation: known for
    /// no edit or one (a document validated after every keystroke), nil otherwise.
    func unchanged(length: Int) -> Unchanged? {
        state.withLock { state in
            guard tracksEdits, state.lastLength >= 0 else { return nil }
            let edit: Edit
            switch state.since {
            case .unknown: return nil
            case .noEdit: return state.lastLength == length ? Unchanged(start: length, resume: length, delta: 0) : nil
            case .oneEdit(let one): edit = one
            }
            let delta = edit.insertedCount - (edit.replaced.end - edit.replaced.start)
            guard state.lastLength + delta == length else { return nil }
            return Unchanged(start: edit.replaced.start, resume: edit.replaced.start + edit.insertedCount, delta: delta)
        }
    }

    /// The entry of the set that began at `oldStart` in the last validation, if it was
    /// `length` bytes long and saw the same styles: the caller knows its bytes are unchanged.
    func entry(unchangedAt oldStart: Int, length: Int, context: UInt64) -> (Key, Entry)? {
        state.withLock { state in
            guard let key = state.keyByStart[oldStart], key.context == context,
                  let entry = state.entries[key], entry.bytes.count == length else { return nil }
            return (key, entry)
        }
    }

    /// Whether a validation since the last `forgetSets` looked up the file at `path` (a
    /// resolved path, as the project's loader spells it): the language server checks the
    /// document again when such a file is created or deleted.
    public func looksUp(_ path: String) -> Bool { state.withLock { $0.fileExists[path] != nil } }

    /// Whether the file at `path` is there: the remembered answer (`reusesFileAnswers`), else
    /// `look`'s, remembered.
    func fileExists(_ path: String, look: () -> Bool) -> Bool {
        if reusesFileAnswers, let known = state.withLock({ $0.fileExists[path] }) { return known }
        let there = look()
        state.withLock { state in
            if state.fileExists.count >= ValidationCache.answerLimit {
                state.fileExists = [:]
                state.entries = [:]
                state.keyByStart = [:]
            }
            state.fileExists[path] = there
        }
        return there
    }

    /// Drops every kept set and every remembered answer, so the next validation checks and
    /// looks again: for a change the cache cannot see, such as a file a set names (TDL313)
    /// created or deleted.
    public func forgetSets() {
        state.withLock { state in
            state.entries = [:]
            state.keyByStart = [:]
            state.fileExists = [:]
        }
    }

    func lookup(_ key: Key, bytes: ArraySlice<UInt8>) -> Entry? {
        state.withLock { state in
            guard let entry = state.entries[key], ValidationCache.same(entry.bytes, bytes) else { return nil }
            return entry
        }
    }

    /// How many findings the last validation made (an edit changes it little).
    var lastFindingCount: Int { state.withLock { $0.lastFindingCount } }

    /// Where the styles were when the entries were made.
    var previousStyleStarts: [String: Int] { state.withLock { $0.styleStarts } }

    /// Replaces the whole cache with what one validation saw.
    func replace(with fresh: [Key: Entry], keyByStart: [Int: Key], length: Int, styleStarts: [String: Int],
                 checked: Int, reused: Int, reusedInPlace: Int, findings: Int) {
        state.withLock { state in
            state.lastReusedInPlace = reusedInPlace
            state.lastFindingCount = findings
            state.keyByStart = keyByStart
            state.lastLength = length
            state.since = tracksEdits ? .noEdit : .unknown
            state.entries = fresh
            state.styleStarts = styleStarts
            state.lastChecked = checked
            state.lastReused = reused
        }
    }

    static func hash(_ bytes: ArraySlice<UInt8>, seed: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
        fingerprint(bytes, seed: seed)
    }

    static func same(_ a: [UInt8], _ b: ArraySlice<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBytes { x in
            b.withUnsafeBytes { y in
                guard let p = x.baseAddress, let q = y.baseAddress else { return x.count == 0 }
                return memcmp(p, q, x.count) == 0
            }
        }
    }
}
