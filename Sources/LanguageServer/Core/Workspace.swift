import ToolSupport
import LSPProtocol
import TemplateFormat
import Validator

/// The server's documents: open ones (keyed by URI) and, through the import loader, files
/// on disk. Confined to the server's processing thread.
final class Workspace {
    var documents: [String: OpenDocument] = [:]
    var folders: [String] = []
    var encoding: PositionEncoding = .utf16
    private var nextGeneration = 1
    /// Serialized `code` and `codeDescription` members per diagnostic code (see `codeMembers`).
    var codeMemberBytes: [String: [UInt8]] = [:]

    /// The analysis of the open document's current version, computed at most once per version.
    func analysis(uri: String) -> DocumentAnalysis? {
        guard var document = documents[uri] else { return nil }
        if let analysis = document.analysis { return analysis }
        let analysis = analyse(uri: uri, path: document.path, version: document.version, bytes: document.bytes,
                               lineIndex: document.lineIndex, reparse: document.reparse, cache: document.validationCache)
        document.analysis = analysis
        document.reparse = nil
        documents[uri] = document
        return analysis
    }

    /// An open document with this path, else the file on disk; nil when neither exists.
    func analysis(path: String) -> DocumentAnalysis? {
        let standardized = FilePaths.normalize(path)
        if let uri = openURI(forPath: standardized) { return analysis(uri: uri) }
        guard let bytes = Self.readFile(standardized) else { return nil }
        return analyse(uri: DocumentURI.uri(forPath: standardized), path: standardized, version: nil, bytes: bytes)
    }

    func openURI(forPath path: String) -> String? {
        for (uri, document) in documents where document.path == path { return uri }
        return nil
    }

    /// Open documents whose last analysis loaded `path` as an import.
    func dependents(ofPath path: String) -> [String] {
        documents.compactMap { uri, document in
            document.analysis?.importedPaths.contains(path) == true ? uri : nil
        }.sorted()
    }

    /// Drops the analysis of `uri` so it is recomputed (an import changed).
    func invalidate(uri: String) {
        documents[uri]?.analysis = nil
    }

    private func analyse(uri: String, path: String?, version: Int?, bytes: [UInt8], lineIndex: LineIndex? = nil,
                         reparse: (tree: SyntaxTree, replaced: ByteRange, insertedCount: Int)? = nil,
                         cache: ValidationCache? = nil) -> DocumentAnalysis {
        let recorder = ImportRecorder()
        let loader = importLoader(recorder: recorder)
        let generation = nextGeneration
        nextGeneration += 1
        let tree = reparse.map { $0.tree.reparsed(replacing: $0.replaced, insertedCount: $0.insertedCount, in: bytes) }
        return DocumentAnalysis(uri: uri, path: path, version: version, bytes: bytes, tree: tree, lineIndex: lineIndex, encoding: encoding,
                                loader: loader, cache: cache, generation: generation, recordImports: { recorder.paths })
    }

    /// Resolves imports against the importer's folder; open documents win over the disk.
    func importLoader(recorder: ImportRecorder? = nil) -> ImportLoader {
        var openBytes: [String: [UInt8]] = [:]
        for document in documents.values { if let path = document.path { openBytes[path] = document.bytes } }
        let snapshot = openBytes
        return { path, importer in
            guard let resolved = FilePaths.resolveImport(path, from: importer) else {
                return .failed(message: "a relative import needs the document to be saved in a folder first")
            }
            recorder?.record(resolved)
            if let bytes = snapshot[resolved] { return .loaded(path: resolved, bytes: bytes) }
            guard let bytes = Workspace.readFile(resolved) else { return .failed(message: "cannot read '\(path)'") }
            return .loaded(path: resolved, bytes: bytes)
        }
    }

    /// A regular file's bytes (directories, FIFOs and devices refused), or nil.
    static func readFile(_ path: String) -> [UInt8]? { try? readFileBytes(path) }

    /// `.tdl` files under the workspace folders (hidden files and folders skipped), at most `limit`.
    func tdlFiles(limit: Int) -> [String] {
        Array(discoverFiles(folders).files.prefix(limit))
    }
}

/// Collects the paths an analysis's loader was asked for. The validator may call the loader
/// from any thread, hence the lock.
final class ImportRecorder: Sendable {
    private let recorded = Locked<Set<String>>([])
    func record(_ path: String) { recorded.withLock { _ = $0.insert(path) } }
    var paths: Set<String> { recorded.withLock { $0 } }
}
