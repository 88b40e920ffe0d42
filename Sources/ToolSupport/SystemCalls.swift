import TemplateFormat

// Thin internal wrappers over the POSIX calls the rest of ToolSupport shares, so each
// feature file deals in Swift values (Result, String) rather than errno and C structs.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// strerror text with a lower-case first letter, so messages read as "path: no such file
/// or directory" — the same shape whichever feature reports them.
func systemErrorText(_ code: Int32) -> String {
    guard let cText = strerror(code) else { return "error \(code)" }
    let text = String(cString: cText)
    guard let first = text.first else { return "error \(code)" }
    return first.lowercased() + text.dropFirst()
}

/// The parts of `struct stat` the tools look at.
struct FileStatus: Sendable, Equatable {
    var mode: UInt32
    var device: UInt64
    var inode: UInt64
    var size: Int
    var owner: UInt32
    var group: UInt32
    /// Last modification, in nanoseconds since the epoch.
    var modified: Int64

    private var format: UInt32 { mode & UInt32(S_IFMT) }
    var isDirectory: Bool { format == UInt32(S_IFDIR) }
    var isRegularFile: Bool { format == UInt32(S_IFREG) }
    var isSymbolicLink: Bool { format == UInt32(S_IFLNK) }
    /// Permission bits including setuid/setgid/sticky — what a rewrite should preserve.
    var permissionBits: UInt32 { mode & 0o7777 }

    init(_ raw: stat) {
        mode = UInt32(raw.st_mode)
        device = UInt64(raw.st_dev)
        inode = UInt64(raw.st_ino)
        size = Int(raw.st_size)
        owner = UInt32(raw.st_uid)
        group = UInt32(raw.st_gid)
        #if canImport(Darwin)
        modified = Int64(raw.st_mtimespec.tv_sec) &* 1_000_000_000 &+ Int64(raw.st_mtimespec.tv_nsec)
        #else
        modified = Int64(raw.st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(raw.st_mtim.tv_nsec)
        #endif
    }

    /// The same file (inode), whatever its contents now.
    func isSameFile(as other: FileStatus) -> Bool {
        device == other.device && inode == other.inode
    }

    /// The same file, not written to since `other` was taken (as far as size and mtime tell).
    func isSameVersion(as other: FileStatus) -> Bool {
        isSameFile(as: other) && size == other.size && modified == other.modified
    }
}

/// `stat` (or `lstat` when `followLinks` is false); the failure carries errno.
func fileStatus(_ path: String, followLinks: Bool = true) -> Result<FileStatus, SystemErrorCode> {
    var raw = stat()
    let rc = followLinks ? stat(path, &raw) : lstat(path, &raw)
    return rc == 0 ? .success(FileStatus(raw)) : .failure(SystemErrorCode(errno))
}

/// `fstat` on an open descriptor.
func fileStatus(descriptor fd: Int32) -> Result<FileStatus, SystemErrorCode> {
    var raw = stat()
    return fstat(fd, &raw) == 0 ? .success(FileStatus(raw)) : .failure(SystemErrorCode(errno))
}

/// errno wrapped so it can be the failure type of a `Result`.
struct SystemErrorCode: Error, Sendable, Equatable {
    var code: Int32
    init(_ code: Int32) { self.code = code }
}

/// `close` that retries nothing (retrying close after EINTR is unsafe on Linux) and reports errno.
@discardableResult
func closeDescriptor(_ fd: Int32) -> Int32 {
    close(fd) == 0 ? 0 : errno
}

/// Reads `fd` until end of file, retrying on EINTR, or until more than `limit` bytes have
/// arrived (an endless source such as `/dev/zero` on standard input then ends the read).
/// Returns the bytes read so far and the errno that stopped it, if any.
func readAll(from fd: Int32, sizeHint: Int = 0, limit: Int = Int.max) -> (bytes: [UInt8], error: Int32?) {
    // The expected size (plus one byte, to notice growth) is read straight into the array's
    // storage; only a file that grew, or a pipe, goes through the chunk loop below.
    var ended = false
    var failure: Int32? = nil
    var bytes = [UInt8](unsafeUninitializedCapacity: max(sizeHint, 0) + 1) { buffer, count in
        guard let base = buffer.baseAddress else { return }
        adviseHugePages(base, byteCount: buffer.count)
        while count < buffer.count {
            let n = read(fd, base + count, buffer.count - count)
            if n > 0 {
                count += n
            } else if n == 0 {
                ended = true
                return
            } else if errno != EINTR {
                failure = errno
                return
            }
        }
    }
    if ended || failure != nil || bytes.count > limit { return (bytes, failure) }
    let chunkSize = 64 * 1024
    var chunk = [UInt8](repeating: 0, count: chunkSize)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, chunkSize) }
        if count > 0 {
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > limit { return (bytes, nil) }
        } else if count == 0 {
            return (bytes, nil)
        } else if errno != EINTR {
            return (bytes, errno)
        }
    }
}

/// Writes every byte, looping over partial writes and EINTR. Returns errno on failure.
func writeAll(_ bytes: [UInt8], to fd: Int32) -> Int32? {
    bytes.withUnsafeBytes { writeAll($0, to: fd) }
}

func writeAll(_ buffer: UnsafeRawBufferPointer, to fd: Int32) -> Int32? {
    guard let base = buffer.baseAddress else { return nil }
    var offset = 0
    while offset < buffer.count {
        let written = write(fd, base + offset, buffer.count - offset)
        if written > 0 {
            offset += written
        } else if written < 0 && errno == EINTR {
            continue
        } else {
            // write returning 0 for a non-empty request should not happen; treat as I/O error.
            return written < 0 ? errno : EIO
        }
    }
    return nil
}

/// Directory entry names (without "." and ".."), unsorted.
func directoryEntries(_ path: String) -> Result<[String], SystemErrorCode> {
    guard let dir = opendir(path) else { return .failure(SystemErrorCode(errno)) }
    defer { closedir(dir) }
    var names: [String] = []
    while true {
        errno = 0
        guard let entry = readdir(dir) else {
            if errno != 0 { return .failure(SystemErrorCode(errno)) }
            return .success(names)
        }
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        if name != "." && name != ".." { names.append(name) }
    }
}

/// Joins a directory and an entry name without doubling the slash ("dir/" + "a" → "dir/a").
func joinPath(_ directory: String, _ name: String) -> String {
    directory.hasSuffix("/") ? directory + name : directory + "/" + name
}

/// What `exchangeFiles` did.
enum ExchangeResult: Equatable {
    case exchanged
    /// The platform or file system cannot exchange two names atomically.
    case unsupported
    case failed(Int32)
}

/// Swaps the files at two paths in one atomic step (`renameat2` with `RENAME_EXCHANGE`),
/// so that neither name is ever missing and the file that was displaced can still be
/// looked at. `renameat2` is reached through `dlsym` because Swift's Glibc module does not
/// declare it; elsewhere, and on file systems without the flag, the answer is `unsupported`.
func exchangeFiles(_ first: String, _ second: String) -> ExchangeResult {
    #if canImport(Glibc)
    guard let renameat2 = renameat2Function else { return .unsupported }
    if renameat2(AT_FDCWD, first, AT_FDCWD, second, 2 /* RENAME_EXCHANGE */) == 0 { return .exchanged }
    let code = errno
    return code == EINVAL || code == ENOSYS || code == ENOTSUP || code == EOPNOTSUPP ? .unsupported : .failed(code)
    #else
    return .unsupported
    #endif
}

#if canImport(Glibc)
private typealias Renameat2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
private let renameat2Function: Renameat2? = dlsym(nil, "renameat2").map { unsafeBitCast($0, to: Renameat2.self) }
#endif
