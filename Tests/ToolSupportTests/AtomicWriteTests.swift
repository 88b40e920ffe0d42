import Foundation
import XCTest
@testable import ToolSupport
import TestSupport

final class AtomicWriteTests: XCTestCase {
    private func mode(_ path: String) -> UInt32 {
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0)
        return UInt32(info.st_mode) & 0o7777
    }

    func testReplacesContentsPreservesModeAndLeavesNoTemporaryFile() throws {
        let dir = try makeTemporaryDirectory()
        let path = "\(dir)/a.tdl"
        try writeFile(path, "old\n")
        XCTAssertEqual(chmod(path, 0o640), 0)

        try writeAtomically(Array("new contents\n".utf8), to: path, expectedOriginal: Array("old\n".utf8))

        XCTAssertEqual(try readFile(path), Array("new contents\n".utf8))
        XCTAssertEqual(mode(path), 0o640)
        XCTAssertEqual(try directoryListing(dir), ["a.tdl"])
    }

    func testReadOnlyFilesKeepTheirModeToo() throws {
        let dir = try makeTemporaryDirectory()
        let path = "\(dir)/ro.tdl"
        try writeFile(path, "x")
        XCTAssertEqual(chmod(path, 0o444), 0)
        try writeAtomically(Array("y".utf8), to: path, expectedOriginal: nil)
        XCTAssertEqual(try readFile(path), Array("y".utf8))
        XCTAssertEqual(mode(path), 0o444)
    }

    func testRefusesToOverwriteAFileChangedSinceItWasRead() throws {
        let dir = try makeTemporaryDirectory()
        let path = "\(dir)/a.tdl"
        try writeFile(path, "edited by someone else\n")

        XCTAssertThrowsError(try writeAtomically(Array("formatted\n".utf8), to: path, expectedOriginal: Array("original\n".utf8))) { error in
            XCTAssertEqual(error as? WriteError, .changedOnDisk(path: path))
            XCTAssertEqual("\(error)", "\(path): file changed on disk since it was read; not overwritten")
        }
        XCTAssertEqual(try readFile(path), Array("edited by someone else\n".utf8))
        XCTAssertEqual(try directoryListing(dir), ["a.tdl"])
    }

    /// An editor saving by rename after the last check, as ext4 allows while it flushes the
    /// editor's file during its rename: the exchange notices and puts the save back.
    func testSaveByRenameInTheLastWindowIsPutBack() throws {
        let dir = try makeTemporaryDirectory()
        let path = "\(dir)/a.tdl"
        try writeFile(path, "original\n")
        XCTAssertThrowsError(try writeAtomically(Array("formatted\n".utf8), to: path, expectedOriginal: Array("original\n".utf8),
                                                 beforeReplacing: {
            try? writeFile("\(dir)/.editor-save", "saved by the editor\n")
            XCTAssertEqual(rename("\(dir)/.editor-save", path), 0)
        })) { error in
            XCTAssertEqual(error as? WriteError, .changedOnDisk(path: path))
        }
        XCTAssertEqual(try readFile(path), Array("saved by the editor\n".utf8))
        XCTAssertEqual(try directoryListing(dir), ["a.tdl"])
    }

    /// The same for an editor that writes the file in place (same inode, new size).
    func testSaveInPlaceInTheLastWindowIsPutBack() throws {
        let dir = try makeTemporaryDirectory()
        let path = "\(dir)/a.tdl"
        try writeFile(path, "original\n")
        XCTAssertThrowsError(try writeAtomically(Array("formatted\n".utf8), to: path, expectedOriginal: Array("original\n".utf8),
                                                 beforeReplacing: { try? writeFile(path, "saved in place, longer\n") })) { error in
            XCTAssertEqual(error as? WriteError, .changedOnDisk(path: path))
        }
        XCTAssertEqual(try readFile(path), Array("saved in place, longer\n".utf8))
        XCTAssertEqual(try directoryListing(dir), ["a.tdl"])
    }

    /// Without interference the exchange replaces the file and leaves nothing beside it.
    func testExchangeReplacesWhenNothingInterferes() throws {
        let dir = try makeTemporaryDirectory()
        let path = "\(dir)/a.tdl"
        try writeFile(path, "original\n")
        var calls = 0
        try writeAtomically(Array("formatted\n".utf8), to: path, expectedOriginal: Array("original\n".utf8),
                            beforeReplacing: { calls += 1 })
        XCTAssertEqual(calls, 1)
        XCTAssertEqual(try readFile(path), Array("formatted\n".utf8))
        XCTAssertEqual(try directoryListing(dir), ["a.tdl"])
        XCTAssertEqual(exchangeFiles("\(dir)/missing-1", "\(dir)/missing-2"), .failed(ENOENT),
                       "renameat2 is reachable here, so the exchange path is the one tested")
    }

    func testDeletedTargetCountsAsChanged() throws {
        let dir = try makeTemporaryDirectory()
        let path = "\(dir)/gone.tdl"
        XCTAssertThrowsError(try writeAtomically([1, 2], to: path, expectedOriginal: [0])) { error in
            XCTAssertEqual(error as? WriteError, .changedOnDisk(path: path))
        }
        XCTAssertEqual(try directoryListing(dir), [])
    }

    func testCreatesANewFileWhenNoOriginalIsExpected() throws {
        let dir = try makeTemporaryDirectory()
        let path = "\(dir)/new.tdl"
        try writeAtomically(Array("hello".utf8), to: path, expectedOriginal: nil)
        XCTAssertEqual(try readFile(path), Array("hello".utf8))
        let umaskValue = umask(0o022); umask(umaskValue)
        XCTAssertEqual(mode(path), 0o666 & ~UInt32(umaskValue))
        XCTAssertEqual(try directoryListing(dir), ["new.tdl"])
    }

    func testEmptyAndLargeContents() throws {
        let dir = try makeTemporaryDirectory()
        let path = "\(dir)/a.tdl"
        try writeFile(path, "x")
        try writeAtomically([], to: path, expectedOriginal: Array("x".utf8))
        XCTAssertEqual(try readFile(path), [])

        var generator = SeededRandom(seed: 7)
        let large = (0..<1_000_000).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        try writeAtomically(large, to: path, expectedOriginal: [])
        XCTAssertEqual(try readFile(path), large)
    }

    func testMissingDirectoryFailsWithStrerrorText() throws {
        let dir = try makeTemporaryDirectory()
        let path = "\(dir)/no/such/dir/a.tdl"
        XCTAssertThrowsError(try writeAtomically([1], to: path, expectedOriginal: nil)) { error in
            guard case .system(let errorPath, let operation, let code)? = error as? WriteError else {
                return XCTFail("unexpected \(error)")
            }
            XCTAssertEqual(errorPath, path)
            XCTAssertEqual(operation, "create temporary file for")
            XCTAssertEqual(code, ENOENT)
            XCTAssertEqual("\(error)", "\(path): cannot create temporary file for: no such file or directory")
        }
    }

    func testDirectoryTargetIsRefused() throws {
        let dir = try makeTemporaryDirectory()
        try makeDirectory("\(dir)/d.tdl")
        XCTAssertThrowsError(try writeAtomically([1], to: "\(dir)/d.tdl", expectedOriginal: nil)) { error in
            XCTAssertEqual(error as? WriteError, .notRegularFile(path: "\(dir)/d.tdl"))
        }
        XCTAssertEqual(try directoryListing(dir), ["d.tdl"])
    }

    func testWritingThroughASymlinkKeepsTheLink() throws {
        let dir = try makeTemporaryDirectory()
        try writeFile("\(dir)/real/a.tdl", "old")
        XCTAssertEqual(symlink("real/a.tdl", "\(dir)/link.tdl"), 0)

        try writeAtomically(Array("new".utf8), to: "\(dir)/link.tdl", expectedOriginal: Array("old".utf8))

        var info = stat()
        XCTAssertEqual(lstat("\(dir)/link.tdl", &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFLNK, "the symlink must survive")
        XCTAssertEqual(try readFile("\(dir)/real/a.tdl"), Array("new".utf8))
        XCTAssertEqual(try directoryListing("\(dir)/real"), ["a.tdl"])
    }

    func testUnwritableDirectoryLeavesOriginalIntact() throws {
        let dir = try makeTemporaryDirectory()
        try writeFile("\(dir)/locked/a.tdl", "old")
        XCTAssertEqual(chmod("\(dir)/locked", 0o555), 0)
        defer { chmod("\(dir)/locked", 0o755) }
        try withoutRootPrivileges(opening: dir) {
            XCTAssertThrowsError(try writeAtomically([1], to: "\(dir)/locked/a.tdl", expectedOriginal: nil)) { error in
                XCTAssertTrue("\(error)".hasSuffix("permission denied"), "\(error)")
            }
        }
        XCTAssertEqual(try readFile("\(dir)/locked/a.tdl"), Array("old".utf8))
    }

    func testFullDiskFailureRemovesTheTemporaryFile() throws {
        // /dev/full accepts the open but fails every write with ENOSPC — but it is not a
        // directory we can create in, so simulate with a file-size limit instead: writes past
        // RLIMIT_FSIZE fail with EFBIG once SIGXFSZ is ignored.
        let dir = try makeTemporaryDirectory()
        let path = "\(dir)/a.tdl"
        try writeFile(path, "old")

        var saved = rlimit()
        XCTAssertEqual(getrlimit(Int32(RLIMIT_FSIZE.rawValue), &saved), 0)
        let previousHandler = signal(SIGXFSZ, SIG_IGN)
        var limited = saved
        limited.rlim_cur = 4096
        XCTAssertEqual(setrlimit(Int32(RLIMIT_FSIZE.rawValue), &limited), 0)
        defer {
            setrlimit(Int32(RLIMIT_FSIZE.rawValue), &saved)
            signal(SIGXFSZ, previousHandler)
        }

        XCTAssertThrowsError(try writeAtomically([UInt8](repeating: 65, count: 10_000), to: path, expectedOriginal: Array("old".utf8))) { error in
            guard case .system(_, "write", EFBIG)? = error as? WriteError else {
                return XCTFail("unexpected \(error)")
            }
        }
        XCTAssertEqual(try readFile(path), Array("old".utf8))
        XCTAssertEqual(try directoryListing(dir), ["a.tdl"])
    }
}
