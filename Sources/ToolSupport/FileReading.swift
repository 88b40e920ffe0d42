// Reading input files and standard input as raw bytes. The formatter works on bytes, so
// nothing here decodes text; the only policy is refusing things that are not regular files
// (a directory, or a FIFO that would block the tool forever) with a clear message.

import TemplateFormat

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file could not be read. `description` is "path: reason", ready for stderr.
public enum ReadError: Error, Sendable, Equatable, CustomStringConvertible {
    case isDirectory(path: String)
    case notRegularFile(path: String)
    /// A system call failed; `code` is the errno value.
    case system(path: String, code: Int32)
    /// Larger than the limit it was read with (`DocumentLimits.maximumBytes` unless given).
    case tooLarge(path: String, size: Int)

    public var path: String {
        switch self {
        case .isDirectory(let path), .notRegularFile(let path), .system(let path, _), .tooLarge(let path, _): return path
        }
    }

    public var description: String {
        switch self {
        case .isDirectory(let path): return "\(path): is a directory"
        case .notRegularFile(let path): return "\(path): not a regular file"
        case .system(let path, let code): return "\(path): \(systemErrorText(code))"
        case .tooLarge(let path, let size): return "\(path): too large: \(DocumentLimits.refusal(size: size) ?? "")"
        }
    }
}

/// Reads a regular file fully: at most `maximumBytes` (a larger file is `tooLarge`).
///
/// Checks the type with `stat` before opening, then opens with `O_NONBLOCK` and checks again
/// with `fstat`: the path could be swapped for a FIFO between the two calls, and opening a
/// FIFO for reading without `O_NONBLOCK` blocks until a writer appears.
public func readFileBytes(_ path: String, maximumBytes: Int = DocumentLimits.maximumBytes) throws -> [UInt8] {
    try checkRegularFile(fileStatus(path), path: path)

    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { throw ReadError.system(path: path, code: errno) }
    defer { closeDescriptor(fd) }

    let status = try checkRegularFile(fileStatus(descriptor: fd), path: path)
    guard status.size <= maximumBytes else { throw ReadError.tooLarge(path: path, size: status.size) }
    let (bytes, error) = readAll(from: fd, sizeHint: status.size, limit: maximumBytes)
    if let error { throw ReadError.system(path: path, code: error) }
    // The file may have grown since `fstat`.
    guard bytes.count <= maximumBytes else { throw ReadError.tooLarge(path: path, size: bytes.count) }
    return bytes
}

@discardableResult
private func checkRegularFile(_ result: Result<FileStatus, SystemErrorCode>, path: String) throws -> FileStatus {
    switch result {
    case .failure(let error):
        throw ReadError.system(path: path, code: error.code)
    case .success(let status) where status.isDirectory:
        throw ReadError.isDirectory(path: path)
    case .success(let status) where !status.isRegularFile:
        throw ReadError.notRegularFile(path: path)
    case .success(let status):
        return status
    }
}

/// Reads standard input to end of file. A read error ends input early: a tool reading a
/// pipe has nothing better to do than process what arrived. Reading stops one byte past
/// `DocumentLimits.maximumBytes`, so an endless input (`< /dev/zero`) cannot exhaust
/// memory; `standardInputRefusal` says why such an input is refused.
public func readStandardInput() -> [UInt8] {
    readAll(from: STDIN_FILENO, limit: DocumentLimits.maximumBytes).bytes
}

/// Why standard input that was read with `readStandardInput` is refused ("too large: …"),
/// or nil when it is not: more than `DocumentLimits.maximumBytes` bytes arrived.
public func standardInputRefusal(_ bytes: [UInt8]) -> String? {
    guard bytes.count > DocumentLimits.maximumBytes else { return nil }
    return "too large: more than \(DocumentLimits.maximumBytes) bytes; a TDL document may have at most "
        + "\(DocumentLimits.maximumBytes) bytes (128 MiB)"
}
