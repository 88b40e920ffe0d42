import JSONText
import ProjectModel
import TemplateFormat
import Validator

/// The text of a document the client has open, at the client's version. Incremental
/// changes are applied to the byte buffer in place.
struct OpenDocument {
    let uri: String
    let path: String?
    var languageID: String
    var version: Int
    var bytes: [UInt8]
    /// The project file of exactly these bytes, once the project has them; nil while the
    /// project still holds an earlier version (edits are handed to it in bursts).
    var synced: ProjectFile?
    /// The analysis of exactly this version and project, once computed; dropped on every
    /// change to the document or to what it imports.
    var analysis: DocumentAnalysis?
    /// The line table of `bytes`, kept up to date through incremental changes (nil after a
    /// whole-text change): rebuilding it would scan the document on every keystroke.
    var lineIndex: LineIndex?
    /// What validation found per template and annotation set, kept across versions so an
    /// edit re-checks only the sets whose text (or styles) changed.
    var validationCache = ValidationCache()
    /// The tree of the previous version and the one edit since, when the last change was a
    /// single ranged edit of a version the project had: the next sync reparses only the
    /// top-level block the edit falls in (`SyntaxTree.reparsed`).
    var reparse: (tree: SyntaxTree, summary: FileSummary, replaced: ByteRange, insertedCount: Int)?
    /// The diagnostics JSON last pushed (or pulled) for this document, reused by the next.
    let published = PublishedDiagnostics()
    /// The last pulled report and the analysis it was written for.
    var pulled: (file: ProjectFile, generation: Int, report: Workspace.FileReport)?

    /// What the project knows the document by: its path, or its URI when it has none.
    var key: String { path ?? uri }

    /// The tree of the current bytes: reparsed from the previous version when one edit
    /// separates them, parsed otherwise.
    func currentTree() -> SyntaxTree {
        if let synced { return synced.tree }
        if let reparse { return reparse.tree.reparsed(replacing: reparse.replaced, insertedCount: reparse.insertedCount, in: bytes) }
        return SyntaxTree.parse(bytes)
    }

    /// The project file of the current bytes, its summary carried over from the previous
    /// version's when the one edit since changed nothing a summary holds.
    func currentFile() -> ProjectFile {
        let tree = currentTree()
        let summary = reparse.flatMap {
            FileSummary.updated($0.summary, from: $0.tree, to: tree, replaced: $0.replaced, insertedCount: $0.insertedCount)
        }
        return path.map { ProjectFile(path: $0, tree: tree, summary: summary) } ?? ProjectFile(unsaved: uri, tree: tree, summary: summary)
    }

    /// Why a change could not be applied.
    struct ChangeError: Error { var reason: String }

    /// Applies `contentChanges` in order (each range refers to the text after the previous
    /// change). Nothing is applied unless all of them are well-formed.
    mutating func apply(changes: [JSONValue], encoding: PositionEncoding) throws(ChangeError) {
        var parsed: [(range: LSPRange?, text: String)] = []
        parsed.reserveCapacity(changes.count)
        for change in changes {
            guard let text = change["text"].stringValue else { throw ChangeError(reason: "a content change without text") }
            let rangeJSON = change["range"]
            if rangeJSON.isNull {
                parsed.append((nil, text))
            } else {
                guard let range = LSPRange(json: rangeJSON) else { throw ChangeError(reason: "a content change with a malformed range") }
                parsed.append((range, text))
            }
        }
        // Each range is read with the line table of the text before it, which is then
        // updated for the change (only the touched lines are scanned again).
        var index = lineIndex ?? analysis?.lineIndex
        let previous = parsed.count == 1 ? synced.map { ($0.tree, $0.summary) } : nil
        var bytes = self.bytes
        self.bytes = []
        self.analysis = nil
        self.synced = nil
        self.reparse = nil
        self.lineIndex = nil
        for (range, text) in parsed {
            guard let range else {
                index = nil
                bytes = Array(text.utf8)
                validationCache.noteNewText()
                continue
            }
            let lineIndex = index ?? LineIndex(bytes)
            func offset(_ p: LSPPosition) -> Int {
                encoding == .utf16 ? lineIndex.offset(line: p.line, utf16Column: p.character)
                                   : lineIndex.offset(line: p.line, utf8Column: p.character)
            }
            let a = offset(range.start), b = offset(range.end)
            let replaced = ByteRange(start: min(a, b), end: max(a, b))
            let inserted = Array(text.utf8)
            index = nil  // let go of the old bytes before editing them
            bytes.replaceSubrange(replaced.start..<replaced.end, with: inserted)
            validationCache.noteEdit(ValidationCache.Edit(replaced: replaced, insertedCount: inserted.count))
            index = lineIndex.applying(replaced: replaced, insertedCount: inserted.count, newBytes: bytes)
            if let previous { reparse = (previous.0, previous.1, replaced, inserted.count) }
        }
        self.bytes = bytes
        self.lineIndex = index
    }
}
