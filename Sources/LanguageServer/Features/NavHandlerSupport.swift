import LSPProtocol
import LanguageFeatures
import Validator
import TemplateFormat

/// What the navigation handlers share: turning the server's analysed documents into the
/// `SourceFile`s and `ImportResolver` that LanguageFeatures takes, and features' results
/// (paths and byte ranges) back into LSP locations.
struct NavDocuments {
    let context: RequestContext
    let analysis: DocumentAnalysis
    /// Imports resolved during this request, so one request analyses each file once.
    private let memo = ResolverMemo()

    init(_ context: RequestContext, _ params: JSONValue) throws {
        self.context = context
        self.analysis = try context.document(params)
    }

    var file: SourceFile { SourceFile(path: Self.path(of: analysis), tree: analysis.tree) }

    /// The path features know a document by: its file path, else its URI (untitled documents).
    static func path(of analysis: DocumentAnalysis) -> String { analysis.path ?? analysis.uri }

    /// Imports are relative to the importing file; open documents win over the disk.
    var resolver: ImportResolver {
        let context = self.context
        let memo = self.memo
        return { importPath, fromPath in
            guard let resolved = FilePaths.resolveImport(importPath, from: fromPath) else { return nil }
            if let known = memo.files[resolved] { return known }
            let found = context.analysis(path: resolved).map { SourceFile(path: NavDocuments.path(of: $0), tree: $0.tree) }
            memo.files[resolved] = found
            return found
        }
    }

    /// The other open documents, which may import this one.
    var openFiles: [SourceFile] {
        context.openDocuments.filter { $0.uri != analysis.uri }.map { SourceFile(path: Self.path(of: $0), tree: $0.tree) }
    }

    func navigationContext(includeOpenDocuments: Bool = false) -> NavigationContext {
        let analysis = self.analysis
        return NavigationContext(file: file, indexProvider: { SymbolIndexCache.shared.index(for: analysis) },
                                 resolver: resolver, otherFiles: includeOpenDocuments ? openFiles : [])
    }

    func offset(_ params: JSONValue) throws -> Int { try analysis.offset(ofJSON: params["position"]) }

    /// The analysis a feature's path refers to (for converting its ranges).
    func analysis(forPath path: String) -> DocumentAnalysis? {
        if path == Self.path(of: analysis) { return analysis }
        if path.hasPrefix("/") { return context.analysis(path: path) }
        return context.analysis(uri: path)
    }

    func locationJSON(_ location: SourceLocation) -> JSONValue? {
        analysis(forPath: location.path)?.location(of: location.range)
    }
}

/// Per-request memo of resolved imports (a class so the resolver closure can fill it).
final class ResolverMemo {
    var files: [String: SourceFile?] = [:]
}

/// The symbol index of the last few analysed documents: built once per document version
/// (an analysis is immutable, so identity means version) and shared by every request.
final class SymbolIndexCache: @unchecked Sendable {
    static let shared = SymbolIndexCache()
    private let entries = Locked<[(analysis: DocumentAnalysis, index: SymbolIndex)]>([])
    private let capacity = 16

    func index(for analysis: DocumentAnalysis) -> SymbolIndex {
        entries.withLock { entries in
            if let hit = entries.firstIndex(where: { $0.analysis === analysis }) {
                let entry = entries.remove(at: hit)
                entries.append(entry)
                return entry.index
            }
            let index = SymbolIndex(tree: analysis.tree)
            entries.removeAll { $0.analysis.uri == analysis.uri }
            entries.append((analysis, index))
            if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
            return index
        }
    }
}

extension JSONValue {
    /// An object from members, leaving out the nil ones (lsprotocol rejects `null` for
    /// optional-not-nullable fields).
    static func members(_ members: [(String, JSONValue?)]) -> JSONValue {
        .object(JSONObject(members.compactMap { key, value in value.map { (key: key, value: $0) } }))
    }
}
