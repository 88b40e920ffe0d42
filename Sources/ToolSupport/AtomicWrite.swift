// Replacing a file in place without ever leaving it half-written. A formatter rewriting
// files in bulk must survive being killed, a full disk, or an editor saving the same file
// concurrently: write a sibling temporary file, flush it, then rename(2) it over the
// target — readers see either the old bytes or the new bytes, never a mix.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file could not be rewritten. The original file is intact in every case.
public enum WriteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The target no longer holds the bytes the tool read, so someone else edited it.
    case changedOnDisk(path: String)
    /// The target was replaced while it was being rewritten and could not be put back
    /// unambiguously: nothing was deleted, and the other version is at `keptAt`.
    case changedWhileWriting(path: String, keptAt: String)
    /// The target exists but is a directory, FIFO, device, ….
    case notRegularFile(path: String)
    /// A system call failed. `operation` says what was being attempted
    /// ("create temporary file for", "write", …); `code` is the errno value.
    case system(path: String, operation: String, code: Int32)

    public var path: String {
        switch self {
        case .changedOnDisk(let path), .changedWhileWriting(let path, _), .notRegularFile(let path),
             .system(let path, _, _): return path
        }
    }

    public var description: String {
        switch self {
        case .changedOnDisk(let path):
            return "\(path): file changed on disk since it was read; not overwritten"
        case .changedWhileWriting(let path, let keptAt):
            return "\(path): file changed on disk while it was being rewritten; the other version was kept as \(keptAt)"
        case .notRegularFile(let path):
            return "\(path): not a regular file; not overwritten"
        case .system(let path, let operation, let code):
            return "\(path): cannot \(operation): \(systemErrorText(code))"
        }
    }
}

/// Atomically replaces the contents of `path` with `bytes`.
///
/// The new contents go to a unique temporary file in the same directory (same file system,
/// so the final rename is atomic), which gets the original's permission bits and is fsynced
/// before it takes the target's place. If `expectedOriginal` is given, the target must still
/// hold exactly those bytes (a deleted target also counts as changed): it is re-read just
/// before the replacement, and the replacement itself is an exchange whose outcome is
/// checked, so an editor's save that lands while it runs is put back, never overwritten.
/// If `path` is a symlink the file it points to is replaced, keeping the link.
///
/// On any failure the temporary file is removed and the target left untouched.
public func writeAtomically(_ bytes: [UInt8], to path: String, expectedOriginal: [UInt8]?) throws {
    try writeAtomically(bytes, to: path, expectedOriginal: expectedOriginal, beforeReplacing: nil)
}

/// `beforeReplacing` runs after the last check and before the replacement: tests use it to
/// land a concurrent save in the window the exchange closes.
func writeAtomically(_ bytes: [UInt8], to path: String, expectedOriginal: [UInt8]?,
                     beforeReplacing: (() -> Void)?) throws {
    let target = resolveSymlink(path)

    var original: FileStatus? = nil
    switch fileStatus(target) {
    case .success(let status) where !status.isRegularFile:
        throw WriteError.notRegularFile(path: path)
    case .success(let status):
        original = status
    case .failure(let error) where error.code == ENOENT:
        if expectedOriginal != nil { throw WriteError.changedOnDisk(path: path) }
    case .failure(let error):
        throw WriteError.system(path: path, operation: "inspect", code: error.code)
    }

    // Replacing a file: start private (0600) and take on the original's mode before any byte
    // is written, so a 0600 file's contents are never readable through the temporary.
    // Creating one: let open(2) apply the umask as for any new file.
    let (tempPath, fd) = try createTemporaryFile(
        besides: target, mode: original == nil ? 0o666 : 0o600, reportingAs: path)
    var tempNeedsRemoval = true
    var descriptorOpen = true
    defer {
        if descriptorOpen { closeDescriptor(fd) }
        if tempNeedsRemoval { unlink(tempPath) }
    }

    if let original {
        // Best effort: only root may give a file away, and a user rewriting their own file
        // already owns the temporary. Done before fchmod, which chown may clear setuid from.
        _ = fchown(fd, uid_t(original.owner), gid_t(original.group))
        if fchmod(fd, mode_t(original.permissionBits)) != 0 {
            throw WriteError.system(path: path, operation: "set permissions on", code: errno)
        }
    }
    if let code = writeAll(bytes, to: fd) {
        throw WriteError.system(path: path, operation: "write", code: code)
    }
    if fsync(fd) != 0 {
        throw WriteError.system(path: path, operation: "sync", code: errno)
    }
    guard case .success(let written) = fileStatus(descriptor: fd) else {
        throw WriteError.system(path: path, operation: "inspect", code: errno)
    }
    descriptorOpen = false
    let closeError = closeDescriptor(fd)
    if closeError != 0 {
        throw WriteError.system(path: path, operation: "write", code: closeError)
    }

    guard let expectedOriginal else {
        beforeReplacing?()
        if rename(tempPath, target) != 0 {
            throw WriteError.system(path: path, operation: "replace", code: errno)
        }
        tempNeedsRemoval = false
        syncDirectory(containing: target)
        return
    }

    // Checked as late as possible: the window between this read and the replacement is
    // short, unlike the window between the tool's original read and now.
    let verified = try unchangedStatus(of: target, expected: expectedOriginal, reportingAs: path)
    beforeReplacing?()

    // The window that remains is not a few instructions: a rename over an existing file can
    // hold the directory for milliseconds while the file system flushes the new file (ext4
    // does), so an editor's save that started before the check above can still land after
    // it. Exchanging the two files instead of renaming leaves whatever the target held at
    // that instant under the temporary name, where it is checked before being deleted.
    switch exchangeFiles(tempPath, target) {
    case .unsupported:
        if rename(tempPath, target) != 0 {
            throw WriteError.system(path: path, operation: "replace", code: errno)
        }
        tempNeedsRemoval = false
    case .failed(let code):
        if code == ENOENT { throw WriteError.changedOnDisk(path: path) }
        throw WriteError.system(path: path, operation: "replace", code: code)
    case .exchanged:
        if case .success(let replaced) = fileStatus(tempPath, followLinks: false), replaced.isSameVersion(as: verified) {
            // The file replaced is the one verified: the temporary name now holds the
            // original's bytes and removing it (the deferred unlink) completes the rename.
            break
        }
        // Someone saved in between: swap back, so the target holds their file again.
        tempNeedsRemoval = false
        guard case .exchanged = exchangeFiles(tempPath, target),
              case .success(let back) = fileStatus(tempPath, followLinks: false), back.isSameFile(as: written) else {
            // The swap back failed, or a second save landed between the two exchanges: keep
            // every file and say where, rather than guess which one is wanted.
            throw WriteError.changedWhileWriting(path: path, keptAt: tempPath)
        }
        unlink(tempPath)
        throw WriteError.changedOnDisk(path: path)
    }
    syncDirectory(containing: target)
}

/// Re-reads `target` and returns its status if it still holds `expected` and the path named
/// the same file before and after the read (an editor renaming a new file over this one
/// mid-read would otherwise pass with the replaced file's bytes).
private func unchangedStatus(of target: String, expected: [UInt8], reportingAs path: String) throws -> FileStatus {
    let before = fileStatus(target)
    let current: [UInt8]
    do {
        current = try readFileBytes(target)
    } catch ReadError.system(_, let code) where code == ENOENT {
        throw WriteError.changedOnDisk(path: path)
    } catch ReadError.system(_, let code) {
        throw WriteError.system(path: path, operation: "re-read", code: code)
    } catch {
        throw WriteError.notRegularFile(path: path)
    }
    guard current == expected, case .success(let read) = before, case .success(let now) = fileStatus(target),
          now.isSameVersion(as: read), now.size == expected.count else {
        throw WriteError.changedOnDisk(path: path)
    }
    return now
}

/// Follows `path` if it is a symlink, so the rename replaces the linked file rather than the
/// link itself. Anything unresolvable is returned unchanged and fails later with a clear error.
private func resolveSymlink(_ path: String) -> String {
    guard case .success(let status) = fileStatus(path, followLinks: false), status.isSymbolicLink,
          let resolved = realpath(path, nil) else {
        return path
    }
    defer { free(resolved) }
    return String(cString: resolved)
}

/// Splits "dir/name" into ("dir", "name"); a bare name lives in ".".
private func splitDirectory(_ path: String) -> (directory: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let directory = path[..<slash].isEmpty ? "/" : String(path[..<slash])
    return (directory, String(path[path.index(after: slash)...]))
}

/// Creates `.<name>.tdl-tmp-<pid>-<random>` next to `target` with O_EXCL, so two tools (or
/// two runs) never share a temporary file. Hidden, so discovery and editors ignore it.
private func createTemporaryFile(besides target: String, mode: mode_t, reportingAs path: String) throws -> (String, Int32) {
    let (directory, name) = splitDirectory(target)
    // Keep the name under NAME_MAX (255 bytes) even for very long file names.
    let shortName = String(decoding: Array(name.utf8.prefix(180)), as: UTF8.self)
    var lastError = EEXIST
    for _ in 0..<16 {
        let random = String(UInt64.random(in: 0...UInt64.max), radix: 36)
        let tempPath = joinPath(directory, ".\(shortName).tdl-tmp-\(getpid())-\(random)")
        let fd = open(tempPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        if fd >= 0 { return (tempPath, fd) }
        lastError = errno
        if lastError != EEXIST && lastError != EINTR { break }
    }
    throw WriteError.system(path: path, operation: "create temporary file for", code: lastError)
}

/// Flushes the directory entry so the rename itself survives a crash. Best effort: the data
/// is already safe, and some file systems refuse fsync on directories.
private func syncDirectory(containing path: String) {
    let fd = open(splitDirectory(path).directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { return }
    _ = fsync(fd)
    closeDescriptor(fd)
}
