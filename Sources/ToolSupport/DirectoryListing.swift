// One folder's entries for path completion in the language server: the names an editor
// offers after `src: "` or `import "`, folders marked so that the next level can be listed
// when the user types into one.

/// The entries of the folder `path`, sorted by name: names starting with `.` are skipped,
/// folders (and links to folders) end with `/`. At most `limit` entries, the first by name,
/// so a huge folder costs one `readdir` pass and `limit` `stat`s. Empty when the folder
/// cannot be read.
public func listDirectory(_ path: String, limit: Int = 1000) -> [String] {
    guard case .success(let names) = directoryEntries(path) else { return [] }
    var result: [String] = []
    for name in names.filter({ !$0.hasPrefix(".") }).sorted().prefix(max(0, limit)) {
        if case .success(let status) = fileStatus(joinPath(path, name)), status.isDirectory {
            result.append(name + "/")
        } else {
            result.append(name)
        }
    }
    return result
}
