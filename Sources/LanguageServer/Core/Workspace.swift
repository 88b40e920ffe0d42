import Foundation
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
                               cache: document.validationCache)
        document.analysis = analysis
        documents[uri] = document
        return analysis
    }

    /// An open document with this path, else the file on disk; nil when neither exists.
    func analysis(path: String) -> DocumentAnalysis? {
        let standardized = (path as NSString).standardizingPath
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

    private func analyse(uri: String, path: String?, version: Int?, bytes: [UInt8], cache: ValidationCache? = nil) -> DocumentAnalysis {
        let recorder = ImportRecorder()
        let loader = importLoader(recorder: recorder)
        let generation = nextGeneration
        nextGeneration += 1
        return DocumentAnalysis(uri: uri, path: path, version: version, bytes: bytes, lineIndex: nil, encoding: encoding,
                                loader: loader, cache: cache, generation: generation, recordImports: { recorder.paths })
    }

    /// Resolves imports against the importer's folder; open documents win over the disk.
    func importLoader(recorder: ImportRecorder? = nil) -> ImportLoader {
        var openBytes: [String: [UInt8]] = [:]
        for document in documents.values { if let path = document.path { openBytes[path] = document.bytes } }
        let snapshot = openBytes
        return { path, importer in
            let base = importer.map { ($0 as NSString).deletingLastPathComponent } ?? FileManager.default.currentDirectoryPath
            let joined = path.hasPrefix("/") ? path : (base.isEmpty ? path : base + "/" + path)
            let resolved = (joined as NSString).standardizingPath
            recorder?.record(resolved)
            if let bytes = snapshot[resolved] { return .loaded(path: resolved, bytes: bytes) }
            guard let bytes = Workspace.readFile(resolved) else { return .failed(message: "cannot read '\(path)'") }
            return .loaded(path: resolved, bytes: bytes)
        }
    }

    static func readFile(_ path: String) -> [UInt8]? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
              let data = FileManager.default.contents(atPath: path) else { return nil }
        return [UInt8](data)
    }

    /// `.tdl` files under the workspace folders (hidden folders and `.build*` skipped), at most `limit`.
    func tdlFiles(limit: Int) -> [String] {
        var found: [String] = []
        for folder in folders {
            guard let enumerator = FileManager.default.enumerator(atPath: folder) else { continue }
            while let relative = enumerator.nextObject() as? String {
                let name = (relative as NSString).lastPathComponent
                if name.hasPrefix(".") { enumerator.skipDescendants(); continue }
                if relative.hasSuffix(".tdl") {
                    found.append((folder as NSString).appendingPathComponent(relative))
                    if found.count >= limit { return found }
                }
            }
        }
        return found
    }
}

/// Collects the paths an analysis's loader was asked for. The validator may call the loader
/// from any thread, hence the lock.
final class ImportRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: Set<String> = []
    func record(_ path: String) { lock.lock(); recorded.insert(path); lock.unlock() }
    var paths: Set<String> { lock.lock(); defer { lock.unlock() }; return recorded }
}
