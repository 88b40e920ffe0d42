/// Paths as hover and completion show them: relative to the document's folder, as an
/// `import` would write them, rather than the absolute paths the server works with.
enum RelativePath {
    /// `path` relative to the folder of `documentPath` (`shared.tdl`, `../styles/base.tdl`)
    /// when both are absolute paths; anything else (a URI of an unsaved document) as it is.
    /// Works on the strings only, as `import` paths are resolved.
    static func display(_ path: String, from documentPath: String) -> String {
        guard path.hasPrefix("/"), documentPath.hasPrefix("/") else { return path }
        let target = path.split(separator: "/", omittingEmptySubsequences: true)
        let folder = documentPath.split(separator: "/", omittingEmptySubsequences: true).dropLast()
        var common = 0
        while common < folder.count && common < target.count - 1 && folder[folder.startIndex + common] == target[common] {
            common += 1
        }
        let ups = Array(repeating: "..", count: folder.count - common)
        return (ups + target[common...].map(String.init)).joined(separator: "/")
    }
}
