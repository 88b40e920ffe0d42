import XCTest
import TemplateFormat
@testable import ToolSupport

final class DocumentLimitTests: XCTestCase {
    /// A file over the limit is refused from its size, before any of it is read.
    func testAFileOverTheLimitIsRefusedWithoutReadingIt() throws {
        let path = try makeTemporaryDirectory() + "/limit.tdl"
        let fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0o644)
        XCTAssertGreaterThanOrEqual(fd, 0)
        XCTAssertEqual(ftruncate(fd, off_t(DocumentLimits.maximumBytes + 1)), 0)  // sparse: no disk used
        close(fd)
        XCTAssertThrowsError(try readFileBytes(path)) { error in
            XCTAssertEqual(error as? ReadError, .tooLarge(path: path, size: DocumentLimits.maximumBytes + 1))
            XCTAssertEqual("\(error)", "\(path): too large: 134217729 bytes; a TDL document may have at most 134217728 bytes (128 MiB)")
        }
        // At the limit itself the file is read.
        XCTAssertEqual(truncate(path, off_t(1 << 20)), 0)
        XCTAssertEqual(try readFileBytes(path).count, 1 << 20)
    }
}
