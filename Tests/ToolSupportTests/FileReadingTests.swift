import Foundation
import XCTest
@testable import ToolSupport

final class FileReadingTests: XCTestCase {
    func testReadsRegularFilesExactly() throws {
        let dir = try makeTemporaryDirectory()
        let bytes: [UInt8] = [0, 1, 0xFF, 0x0D, 0x0A] + Array(repeating: 0x41, count: 200_000)
        try writeFile("\(dir)/a.tdl", bytes)
        try writeFile("\(dir)/empty.tdl", [])
        XCTAssertEqual(try readFileBytes("\(dir)/a.tdl"), bytes)
        XCTAssertEqual(try readFileBytes("\(dir)/empty.tdl"), [])
    }

    func testDirectoryIsRefused() throws {
        let dir = try makeTemporaryDirectory()
        XCTAssertThrowsError(try readFileBytes(dir)) { error in
            XCTAssertEqual(error as? ReadError, .isDirectory(path: dir))
            XCTAssertEqual("\(error)", "\(dir): is a directory")
        }
    }

    func testFifoIsRefusedWithoutBlocking() throws {
        let dir = try makeTemporaryDirectory()
        let fifo = "\(dir)/pipe.tdl"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        // If this blocked, the test would hang: nobody ever opens the FIFO for writing.
        XCTAssertThrowsError(try readFileBytes(fifo)) { error in
            XCTAssertEqual(error as? ReadError, .notRegularFile(path: fifo))
            XCTAssertEqual("\(error)", "\(fifo): not a regular file")
        }
    }

    func testDeviceIsRefused() {
        XCTAssertThrowsError(try readFileBytes("/dev/null")) { error in
            XCTAssertEqual(error as? ReadError, .notRegularFile(path: "/dev/null"))
        }
    }

    func testMissingFileReportsStrerror() throws {
        let dir = try makeTemporaryDirectory()
        XCTAssertThrowsError(try readFileBytes("\(dir)/missing.tdl")) { error in
            XCTAssertEqual(error as? ReadError, .system(path: "\(dir)/missing.tdl", code: ENOENT))
            XCTAssertEqual("\(error)", "\(dir)/missing.tdl: no such file or directory")
        }
    }

    func testReadsStandardInputToEndOfFile() throws {
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        let payload = Array("line one\nline two".utf8)
        XCTAssertEqual(write(fds[1], payload, payload.count), payload.count)
        close(fds[1])

        let savedStdin = dup(STDIN_FILENO)
        XCTAssertEqual(dup2(fds[0], STDIN_FILENO), STDIN_FILENO)
        close(fds[0])
        defer {
            dup2(savedStdin, STDIN_FILENO)
            close(savedStdin)
        }
        XCTAssertEqual(readStandardInput(), payload)
    }
}
