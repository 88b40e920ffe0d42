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

/// Asks Linux for a 1 MiB pipe buffer when `fd` is a pipe (the default is 64 KiB): the
/// language server's diagnostics payloads, hundreds of kilobytes a keystroke, then go out
/// in a write or two while the editor reads, instead of 64 KiB at a time, each waiting for
/// the editor to drain the last (at 10,000 lines the editor had them about 0.5 ms sooner;
/// `check`'s report, read by a shell or a file, gained nothing measurable). Where refused
/// (the system's `pipe-max-size`, not a pipe), nothing changes.
public func widenPipe(_ fd: Int32) {
    #if os(Linux)
    var status = stat()
    guard fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFIFO else { return }
    let setPipeSize: Int32 = 1031  // F_SETPIPE_SZ, which Glibc's Swift module does not export
    _ = fcntl(fd, setPipeSize, Int32(1 << 20))
    #endif
}
