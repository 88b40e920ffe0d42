import XCTest
@testable import ToolSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An endless source read as standard input stops one chunk past the limit.
final class HostileInputTests: XCTestCase {
    func testReadingAnEndlessSourceStopsPastTheLimit() throws {
        let fd = open("/dev/zero", O_RDONLY)
        try XCTSkipIf(fd < 0, "no /dev/zero")
        defer { close(fd) }
        let (bytes, error) = readAll(from: fd, limit: 100_000)
        XCTAssertNil(error)
        XCTAssertGreaterThan(bytes.count, 100_000)
        XCTAssertLessThanOrEqual(bytes.count, 100_000 + 64 * 1024)
    }

    func testRefusalOfStandardInputOnlyPastTheLimit() {
        XCTAssertNil(standardInputRefusal([0x20]))
        XCTAssertNil(standardInputRefusal([UInt8](repeating: 0x20, count: 128 << 20)))
        XCTAssertEqual(standardInputRefusal([UInt8](repeating: 0x20, count: (128 << 20) + 1)),
                       "too large: more than 134217728 bytes; a TDL document may have at most 134217728 bytes (128 MiB)")
    }
}
