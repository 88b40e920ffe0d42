/// Path arithmetic for imports and workspace files, on strings (no Foundation: it would
/// cost the server start-up time and memory).
enum FilePaths {
    /// The folder holding `path` (`/a/b.tdl` → `/a`, `b.tdl` → ``).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The absolute, normalized path an `import` of `path` in `importer` names; nil when
    /// the path is relative and the importer has no folder (an unsaved document, known by a
    /// URI such as `untitled:1`): the server's working directory means nothing to the author.
    static func resolveImport(_ path: String, from importer: String?) -> String? {
        if path.hasPrefix("/") { return normalize(path) }
        guard let importer, importer.hasPrefix("/") else { return nil }
        return normalize(directory(of: importer) + "/" + path)
    }

    /// Removes `.` and empty components and folds `name/..`; keeps a leading `/`.
    static func normalize(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." { parts.removeLast(); continue }
            if part == "..", absolute { continue }  // `/..` is `/`
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
    }
}
