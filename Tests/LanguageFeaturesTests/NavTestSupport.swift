import ProjectModel
import TemplateFormat
@testable import LanguageFeatures

/// Test documents written with a `|` marking the cursor (the marker is removed), and the
/// projects they are read in.
enum NavFixture {
    static func file(_ text: String, path: String = "/w/main.tdl") -> (ProjectFile, SymbolIndex, Int) {
        var bytes = Array(text.utf8)
        let cursor = bytes.firstIndex(of: UInt8(ascii: "|")) ?? bytes.count
        if cursor < bytes.count { bytes.remove(at: cursor) }
        let file = ProjectFile(path: path, bytes: bytes)
        return (file, file.symbols, cursor)
    }

    static func source(_ text: String, path: String) -> ProjectFile {
        ProjectFile(path: path, tree: SyntaxTree.parse(text))
    }

    /// Imports read from in-memory files keyed by path (`/w/` + the path written; no folders).
    static func loader(_ files: [ProjectFile]) -> ProjectLoader {
        let bytes = Dictionary(files.map { ($0.path, $0.bytes) }, uniquingKeysWith: { a, _ in a })
        return ProjectLoader(
            resolve: { path, _ in .success(path.hasPrefix("/") ? path : "/w/" + path) },
            read: { path in bytes[path].map { .success($0) } ?? .failure(ImportFailure("no such file")) })
    }

    /// `file` in a project whose other members are `others` (open documents, workspace
    /// files), with `imports` readable on demand.
    static func context(_ file: ProjectFile, imports: [ProjectFile] = [], others: [ProjectFile] = []) -> NavigationContext {
        NavigationContext(project: Project(files: [file] + others, loader: loader(imports)), file: file)
    }

    /// Offset of the n-th occurrence (0-based) of `needle` in the file's text.
    static func offset(of needle: String, in file: ProjectFile, occurrence: Int = 0) -> Int {
        let hay = file.tree.bytes
        let n = Array(needle.utf8)
        var seen = 0
        var k = 0
        while k + n.count <= hay.count {
            if Array(hay[k..<k + n.count]) == n {
                if seen == occurrence { return k }
                seen += 1
            }
            k += 1
        }
        return -1
    }

    static func text(_ range: ByteRange, in file: ProjectFile) -> String { file.tree.text(of: range) }
}
