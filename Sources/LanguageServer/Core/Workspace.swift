import Basics
import Dispatch
import JSONText
import ProjectModel
import TemplateFormat
import ToolSupport
import Validator

/// The server's view of the project: the open documents (keyed by URI) and the project
/// model, which holds every `.tdl` file of the workspace folders, each open document's
/// current text in place of its file, and the files they import. Confined to the server's
/// processing thread.
///
/// Files are read only here, through ToolSupport: the workspace folders' files while
/// indexing, a file the client reports changed on disk, and imports outside the folders
/// (through the project's loader). Nothing else in the server touches the disk.
final class Workspace {
    /// Open documents by URI. Set only through `opened`, `edited` and `closed` (and `didChange`,
    /// which takes a document out while it edits its buffer), which keep `openByKey` in step.
    var documents: [String: OpenDocument] = [:] {
        didSet { if documents.count != openByKey.count { reindexOpenDocuments() } }
    }
    /// The URI of the open document with each project key.
    private var openByKey: [String: String] = [:]
    private(set) var folders: [String] = []
    var encoding: PositionEncoding = .utf16
    private(set) var project = Project(loader: .disk())
    /// Open documents edited since the project last took their text (by URI): edits come in
    /// bursts, and the project takes the last one when something reads it.
    private var stale: Set<String> = []
    /// Project keys whose diagnostics may have changed since `takeChanges`.
    private var changed: Set<String> = []
    /// Analyses of project files that are not open, for requests about them.
    private var fileAnalyses: [String: DocumentAnalysis] = [:]
    /// Workspace diagnostic reports of files that are not open, kept until the file or what
    /// it imports changes.
    var fileReports: [String: FileReport] = [:]
    /// Paths the last `workspace/diagnostic` answer reported, so a deleted file is cleared once.
    var reportedPaths: Set<String> = []
    private var nextGeneration = 1
    /// Serialized `code` and `codeDescription` members per diagnostic code (see `codeMembers`).
    var codeMemberBytes: [String: [UInt8]] = [:]
    /// Workspace files waiting to be read into the project.
    private(set) var indexing = IndexProgress()
    /// Files that are not open keep their bytes and summary, not their trees: ten thousand
    /// trees would be most of the server's memory. Recently parsed ones are kept here.
    private let recentTrees = RecentTrees()

    /// Files of the workspace folders still to index, and how far indexing has come.
    struct IndexProgress {
        var pending: [String] = []
        var total = 0
        var done = 0
        var isIndexing: Bool { !pending.isEmpty }
    }

    /// One unopened file's workspace diagnostic report.
    struct FileReport {
        let file: ProjectFile
        let resultID: String
        /// The diagnostics as a JSON array.
        let items: [UInt8]
    }

    // MARK: Open documents

    /// The analysis of the open document's current version, computed at most once per
    /// version and project state.
    func analysis(uri: String) -> DocumentAnalysis? {
        syncStaleDocuments()
        guard var document = documents[uri] else { return nil }
        if let analysis = document.analysis { return analysis }
        guard let file = document.synced else { return nil }
        let analysis = DocumentAnalysis(uri: uri, path: document.path, version: document.version, file: file,
                                        lineIndex: document.lineIndex, encoding: encoding, project: project,
                                        cache: document.validationCache, generation: takeGeneration())
        document.analysis = analysis
        documents[uri] = document
        return analysis
    }

    /// A project file's analysis: the open document with that key, else the project's file
    /// (validated once per version of it and of what it imports), else nil.
    func analysis(path: String) -> DocumentAnalysis? {
        syncStaleDocuments()
        if let uri = openURI(forKey: path) { return analysis(uri: uri) }
        guard let file = project.file(path) else { return nil }
        if let known = fileAnalyses[path], known.file === file { return known }
        let analysis = DocumentAnalysis(uri: DocumentURI.uri(forPath: path), path: path, version: nil, file: file,
                                        lineIndex: nil, encoding: encoding, project: project, generation: takeGeneration())
        fileAnalyses[path] = analysis
        return analysis
    }

    /// A document that is neither open nor in the project (a request about some other file
    /// on disk): read and validated on its own, not kept.
    func analysisOutsideProject(path: String) -> DocumentAnalysis? {
        guard let bytes = try? readFileBytes(path) else { return nil }
        var scratch = project
        let file = ProjectFile(path: path, bytes: bytes)
        scratch.update(file)
        return DocumentAnalysis(uri: DocumentURI.uri(forPath: path), path: path, version: nil, file: file,
                                lineIndex: nil, encoding: encoding, project: scratch, generation: takeGeneration())
    }

    func openURI(forKey key: String) -> String? { openByKey[key] }

    /// The open documents' URIs by project key.
    var openDocumentsByKey: [String: String] { openByKey }

    private func reindexOpenDocuments() {
        openByKey = [:]
        for (uri, document) in documents { openByKey[document.key] = uri }
    }

    /// The URI a project key is published under: the open document's, else a `file://` URI.
    func uri(forKey key: String) -> String {
        openURI(forKey: key) ?? (key.hasPrefix("/") ? DocumentURI.uri(forPath: key) : key)
    }

    func opened(_ document: OpenDocument) {
        documents[document.uri] = document
        stale.insert(document.uri)
        syncStaleDocuments()
    }

    func edited(_ document: OpenDocument) {
        documents[document.uri] = document
        stale.insert(document.uri)
    }

    /// A closed document's key goes back to what is on disk: a workspace file or a file
    /// something imports keeps its place in the project with the disk's text; anything else
    /// leaves the project.
    func closed(_ document: OpenDocument) {
        documents[document.uri] = nil
        stale.remove(document.uri)
        guard let path = document.path, let bytes = try? readFileBytes(path) else {
            apply(project.remove(document.key))
            return
        }
        let role: Project.Role = isWorkspaceFile(path) ? .member : .dependency
        apply(project.update(ProjectFile(path: path, bytes: bytes, trees: recentTrees), role: role))
        if role == .dependency { apply(project.demote(path)) }
    }

    /// Hands every edited document's current text to the project.
    func syncStaleDocuments() {
        guard !stale.isEmpty else { return }
        let uris = stale.sorted()
        stale = []
        for uri in uris {
            guard var document = documents[uri], document.synced == nil else { continue }
            let file = document.currentFile()
            document.synced = file
            document.reparse = nil
            documents[uri] = document
            apply(project.update(file, role: .member))
        }
    }

    // MARK: Changes

    /// Records that these keys' diagnostics may have changed: their analyses and reports go.
    private func apply(_ keys: Set<String>) {
        changed.formUnion(keys)
        if !fileReports.isEmpty { for key in keys { fileReports[key] = nil } }
        if !fileAnalyses.isEmpty { for key in keys { fileAnalyses[key] = nil } }
        for (key, uri) in openByKey where keys.contains(key) { documents[uri]?.analysis = nil }
    }

    /// The keys whose diagnostics may have changed since the last call.
    func takeChanges() -> Set<String> {
        syncStaleDocuments()
        defer { changed = [] }
        return changed
    }

    private func takeGeneration() -> Int {
        defer { nextGeneration += 1 }
        return nextGeneration
    }

    // MARK: Workspace folders and files on disk

    /// Sets the workspace folders and queues their `.tdl` files for indexing.
    func setFolders(_ paths: [String]) {
        folders = []
        addFolders(paths)
    }

    func addFolders(_ paths: [String]) {
        let new = paths.map(normalizedPath).filter { !folders.contains($0) }
        guard !new.isEmpty else { return }
        folders += new
        let files = discoverFiles(new).files.map(normalizedPath)
        indexing.pending = files.reversed() + indexing.pending
        indexing.total += files.count
    }

    /// Drops the folders; their files leave the project unless open or imported from elsewhere.
    func removeFolders(_ paths: [String]) {
        let gone = Set(paths.map(normalizedPath))
        folders.removeAll { gone.contains($0) }
        indexing.pending.removeAll { !isWorkspaceFile($0) }
        for path in project.memberPaths where !isWorkspaceFile(path) && openURI(forKey: path) == nil {
            apply(project.demote(path))
        }
    }

    /// Whether `path` is a `.tdl` file under a workspace folder, outside hidden folders (as
    /// `discoverFiles` finds them).
    func isWorkspaceFile(_ path: String) -> Bool {
        guard path.hasSuffix(".tdl") else { return false }
        for folder in folders {
            let prefix = folder.hasSuffix("/") ? folder : folder + "/"
            guard path.hasPrefix(prefix) else { continue }
            let rest = path.dropFirst(prefix.count)
            if !rest.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { return true }
        }
        return false
    }

    /// Reads queued workspace files into the project until `budget` nanoseconds have passed
    /// (at least one file); returns whether files remain.
    func indexStep(budget: UInt64) -> Bool {
        let start = DispatchTime.now().uptimeNanoseconds
        repeat {
            guard let path = indexing.pending.popLast() else { break }
            indexing.done += 1
            guard openURI(forKey: path) == nil else { continue }  // the open text wins
            guard let bytes = try? readFileBytes(path) else { continue }
            apply(project.update(ProjectFile(path: path, bytes: bytes, trees: recentTrees), role: .member))
        } while DispatchTime.now().uptimeNanoseconds - start < budget
        if indexing.pending.isEmpty {
            indexing.total = 0
            indexing.done = 0
        }
        return !indexing.pending.isEmpty
    }

    /// Indexes everything still queued (cross-file requests need the whole workspace).
    func finishIndexing() {
        while indexStep(budget: .max) {}
    }

    /// A file changed on disk (created, saved by another program, deleted). An open document
    /// keeps its text; the disk is read again when it closes.
    func fileChangedOnDisk(_ path: String, deleted: Bool) {
        let path = normalizedPath(path)
        // A file an open document names (an image, a video): its TDL313 follows the disk.
        // Its sets' findings are kept with them: forget them, so they are checked again.
        for (key, uri) in openByKey where documents[uri]?.validationCache.looksUp(path) == true {
            documents[uri]?.validationCache.forgetSets()
            apply([key])
        }
        guard openURI(forKey: path) == nil else { return }
        let role: Project.Role = isWorkspaceFile(path) ? .member : .dependency
        if !deleted {
            guard role == .member || project.file(path) != nil else { return }  // not ours to follow
            if let bytes = try? readFileBytes(path) {
                apply(project.update(ProjectFile(path: path, bytes: bytes, trees: recentTrees), role: role))
                return
            }
        }
        apply(project.remove(path))
        changed.insert(path)
    }

    // MARK: Positions in other files

    /// `{uri, range}` of a range in any project file, with the line table the project keeps
    /// for it (an open document's current one), in the negotiated encoding.
    func location(path: String, range: ByteRange) -> JSONValue? {
        locationParts(path: path, range: range).map { ["uri": .string($0.uri), "range": $0.range.json] }
    }

    func locationParts(path: String, range: ByteRange) -> (uri: String, range: LSPRange)? {
        if let uri = openURI(forKey: path), let analysis = analysis(uri: uri) { return (uri, analysis.range(of: range)) }
        guard let file = project.file(path) else { return nil }
        return (uri(forKey: path), lspRange(range, in: file.lineIndex))
    }

    func lspRange(_ range: ByteRange, in index: LineIndex) -> LSPRange {
        func position(_ offset: Int) -> LSPPosition {
            let p = encoding == .utf16 ? index.utf16Position(of: offset) : index.utf8Position(of: offset)
            return LSPPosition(line: p.line, character: p.column)
        }
        return LSPRange(start: position(range.start), end: position(range.end))
    }
}
