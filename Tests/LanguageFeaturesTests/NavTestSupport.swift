import TemplateFormat
@testable import LanguageFeatures

/// Test documents written with a `|` marking the cursor (the marker is removed).
enum NavFixture {
    static func file(_ text: String, path: String = "/w/main.tdl") -> (SourceFile, SymbolIndex, Int) {
        var bytes = Array(text.utf8)
        let cursor = bytes.firstIndex(of: UInt8(ascii: "|")) ?? bytes.count
        if cursor < bytes.count { bytes.remove(at: cursor) }
        let tree = SyntaxTree.parse(bytes)
        return (SourceFile(path: path, tree: tree), SymbolIndex(tree: tree), cursor)
    }

    static func source(_ text: String, path: String) -> SourceFile {
        SourceFile(path: path, tree: SyntaxTree.parse(text))
    }

    /// A resolver over in-memory files keyed by the path written in `import` (no directories).
    static func resolver(_ files: [SourceFile]) -> ImportResolver {
        return { importPath, _ in
            files.first { $0.path == "/w/" + importPath }
        }
    }

    /// Offset of the n-th occurrence (0-based) of `needle` in the file's text.
    static func offset(of needle: String, in file: SourceFile, occurrence: Int = 0) -> Int {
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

    static func text(_ range: ByteRange, in file: SourceFile) -> String { file.tree.text(of: range) }
}
