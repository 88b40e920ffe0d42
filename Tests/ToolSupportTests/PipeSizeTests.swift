#if canImport(Glibc)
import Glibc
#endif
import XCTest
import ToolSupport

/// The tools' output pipe is widened so megabytes of output are not written 64 KiB
/// at a time.
final class PipeSizeTests: XCTestCase {
    #if os(Linux)
    private let getPipeSize: Int32 = 1032  // F_GETPIPE_SZ

    func testAPipeIsWidenedToOneMebibyte() throws {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        defer { close(ends[0]); close(ends[1]) }
        let before = fcntl(ends[1], getPipeSize)
        widenPipe(ends[1])
        let after = fcntl(ends[1], getPipeSize)
        // Where the system allows less (pipe-max-size), the pipe keeps its size.
        let limit = (try? String(contentsOfFile: "/proc/sys/fs/pipe-max-size", encoding: .utf8))
            .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 0
        if limit >= 1 << 20 {
            XCTAssertEqual(after, 1 << 20, "was \(before)")
        } else {
            XCTAssertEqual(after, before)
        }
    }
    #endif
}
