// Paths as strings: normalising them, taking the folder of one, the working directory, and
// the two folder operations `export -o FOLDER` needs (does it exist; create it with its
// parents). The pure functions touch no file system, so symbolic links are not resolved.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `path` with empty and `.` components removed and `..` applied to the component before it,
/// without looking at the file system: `a//b/./c/../d/` → `a/b/d`.
///
/// - A trailing slash is dropped; a leading `/` is kept, and `..` at the root stays at the
///   root (`/../a` → `/a`).
/// - In a relative path a `..` with nothing left to remove is kept (`a/../../b` → `../b`).
/// - A leading `./` is kept (`./a/./b` → `./a/b`): it is how a path relative to the working
///   directory was spelled, and paths in messages read the way the user gave them (`check .`
///   reports `./x.tdl`, so an import of `s.tdl` from it reads `./s.tdl`).
/// - A relative path that cancels out is `.`; the empty path stays empty.
///
/// Because symbolic links are not followed, `link/..` becomes the folder holding `link`,
/// not the parent of the folder `link` points to.
public func normalizedPath(_ path: String) -> String {
    if path.isEmpty || isNormalized(path) { return path }
    let utf8 = path.utf8
    let absolute = utf8.first == UInt8(ascii: "/")
    let leadingDot = !absolute && (path == "." || path.hasPrefix("./"))
    var kept: [Substring] = []
    for component in path.split(separator: "/", omittingEmptySubsequences: true) {
        switch component {
        case ".":
            continue
        case "..":
            if let last = kept.last, last != ".." {
                kept.removeLast()
            } else if !absolute {
                kept.append(component)
            }
        default:
            kept.append(component)
        }
    }
    let joined = kept.joined(separator: "/")
    if absolute { return "/" + joined }
    if leadingDot { return joined.isEmpty ? "." : "./" + joined }
    return joined.isEmpty ? "." : joined
}

/// The folder part of `path`: everything before its last component, without the slash.
/// `a/b.tdl` → `a`, `/b.tdl` → `/`, `b.tdl` → `` (empty: no folder given), `a/b/` → `a`.
public func parentPath(_ path: String) -> String {
    // Bytes: a `/` is one byte in UTF-8, and this runs for every file a document names.
    func parent(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let slashByte = UInt8(ascii: "/")
        var end = bytes.count
        while end > 1 && bytes[end - 1] == slashByte { end -= 1 }
        guard let slash = bytes[..<end].lastIndex(of: slashByte) else { return "" }
        var head = slash
        while head > 1 && bytes[head - 1] == slashByte { head -= 1 }
        return head == 0 ? "/" : String(decoding: UnsafeBufferPointer(rebasing: bytes[..<head]), as: UTF8.self)
    }
    if let found = path.utf8.withContiguousStorageIfAvailable(parent) { return found }
    return Array(path.utf8).withUnsafeBufferPointer(parent)
}

/// Whether `normalizedPath` would give `path` back as it is: no component empty (`//`, a
/// trailing `/`), `.` or `..`. Most paths are (every file a document names is resolved):
/// they are then not split and joined again.
private func isNormalized(_ path: String) -> Bool {
    path.utf8.withContiguousStorageIfAvailable(isNormalized) ?? Array(path.utf8).withUnsafeBufferPointer(isNormalized)
}

private func isNormalized(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var length = 0, dots = 0, index = 0
    for b in bytes {
        if b == UInt8(ascii: "/") {
            if index > 0 && (length == 0 || (dots == length && length <= 2)) { return false }
            length = 0
            dots = 0
        } else {
            length += 1
            if b == UInt8(ascii: ".") { dots += 1 }
        }
        index += 1
    }
    return length > 0 && !(dots == length && length <= 2)
}

/// The working directory (`getcwd`), or nil when it cannot be found (it was deleted, or a
/// component of it is no longer searchable).
public func currentDirectoryPath() -> String? {
    guard let buffer = getcwd(nil, 0) else { return nil }
    defer { free(buffer) }
    return String(cString: buffer)
}

/// What a path names, following symbolic links.
public enum PathKind: Sendable, Equatable {
    /// Nothing, or nothing this process may look at (`stat` failed: a missing file, a
    /// dangling link, a component that is not a folder, no search permission).
    case missing
    case directory
    /// A regular file, device, FIFO, socket, ….
    case other
}

/// What `path` names: `stat(2)`, so a link to a folder is a folder.
public func pathKind(_ path: String) -> PathKind {
    switch fileStatus(path) {
    case .failure: return .missing
    case .success(let status): return status.isDirectory ? .directory : .other
    }
}

/// Creates the folder `path` and any missing parents (`mkdir -p`), with mode 0777 less the
/// umask. A folder (or a link to one) already there is fine.
///
/// Throws a `FileError` for `path` whose message is the strerror text of the first failure:
/// "file exists" when a file is in the way of the folder itself, "not a directory" when a
/// file is in the way of one of its parents, "permission denied", ….
public func createDirectories(_ path: String) throws(FileError) {
    if let code = makeDirectories(path) {
        throw FileError(path: path, message: systemErrorText(code))
    }
}

/// `mkdir -p`: nil when `path` is a folder afterwards, errno otherwise.
private func makeDirectories(_ path: String) -> Int32? {
    if mkdir(path, 0o777) == 0 { return nil }
    var code = errno
    // A folder already there (or one another process just made) is what was asked for,
    // whatever mkdir said about it (EEXIST, or EROFS on a read-only file system).
    if pathKind(path) == .directory { return nil }
    if code == ENOENT {
        // A parent is missing: make it, then try again. The parent is a shorter string, so
        // the recursion ends; "" (no parent left) fails in mkdir with ENOENT.
        let parent = parentPath(path)
        guard !parent.isEmpty, parent != path else { return code }
        if let failure = makeDirectories(parent) { return failure }
        if mkdir(path, 0o777) == 0 { return nil }
        code = errno
        if pathKind(path) == .directory { return nil }
    }
    return code
}
