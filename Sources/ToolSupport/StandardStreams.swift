#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes `bytes` to standard output, all of them (partial writes and EINTR are retried).
/// A write that fails (a closed pipe, a full disk) ends the attempt: there is nowhere left
/// to report it.
public func writeStandardOutput(_ bytes: [UInt8]) {
    _ = writeAll(bytes, to: STDOUT_FILENO)
}

/// Writes bytes in place to standard output, as `writeStandardOutput`.
public func writeStandardOutput(_ buffer: UnsafeRawBufferPointer) {
    _ = writeAll(buffer, to: STDOUT_FILENO)
}

/// Writes `bytes` to standard error, as `writeStandardOutput`.
public func writeStandardError(_ bytes: [UInt8]) {
    _ = writeAll(bytes, to: STDERR_FILENO)
}
