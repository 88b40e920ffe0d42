import Foundation
import XCTest
@testable import ToolSupport

final class FileDiscoveryTests: XCTestCase {
    func testDirectoryIsWalkedRecursivelyForTemplatesSkippingHiddenEntries() throws {
        let root = try makeTemporaryDirectory()
        for file in ["a.tdl", "b.txt", "sub/c.tdl", "sub/deep/f.tdl", ".hidden/d.tdl", ".e.tdl", "sub/.g.tdl", "tdl", "sub/x.tdl.bak"] {
            try writeFile("\(root)/\(file)", "x")
        }
        let result = discoverFiles([root])
        XCTAssertEqual(result.files, ["\(root)/a.tdl", "\(root)/sub/c.tdl", "\(root)/sub/deep/f.tdl"])
        XCTAssertEqual(result.errors, [])
    }

    func testExplicitFilesAreTakenWhateverTheirExtensionOrName() throws {
        let root = try makeTemporaryDirectory()
        try writeFile("\(root)/notes.txt", "x")
        try writeFile("\(root)/.hidden.tdl", "x")
        let result = discoverFiles(["\(root)/notes.txt", "\(root)/.hidden.tdl"])
        XCTAssertEqual(result.files, ["\(root)/.hidden.tdl", "\(root)/notes.txt"])
        XCTAssertEqual(result.errors, [])
    }

    func testMissingPathsAreReportedAndTheRestStillProcessed() throws {
        let root = try makeTemporaryDirectory()
        try writeFile("\(root)/a.tdl", "x")
        let result = discoverFiles(["\(root)/missing.tdl", "\(root)/a.tdl", "\(root)/gone"])
        XCTAssertEqual(result.files, ["\(root)/a.tdl"])
        XCTAssertEqual(result.errors, [
            FileError(path: "\(root)/missing.tdl", message: "no such file or directory"),
            FileError(path: "\(root)/gone", message: "no such file or directory"),
        ])
        XCTAssertEqual(result.errors[0].description, "\(root)/missing.tdl: no such file or directory")
    }

    func testOutputIsSortedAndDeduplicatedAcrossArguments() throws {
        let root = try makeTemporaryDirectory()
        try writeFile("\(root)/z.tdl", "x")
        try writeFile("\(root)/m/b.tdl", "x")
        try writeFile("\(root)/a.tdl", "x")
        let result = discoverFiles(["\(root)/z.tdl", root, "\(root)/m", "\(root)/a.tdl", root])
        XCTAssertEqual(result.files, ["\(root)/a.tdl", "\(root)/m/b.tdl", "\(root)/z.tdl"])
    }

    func testTrailingSlashDoesNotDoubleTheSeparator() throws {
        let root = try makeTemporaryDirectory()
        try writeFile("\(root)/a.tdl", "x")
        XCTAssertEqual(discoverFiles([root + "/"]).files, ["\(root)/a.tdl"])
    }

    func testCustomExtension() throws {
        let root = try makeTemporaryDirectory()
        try writeFile("\(root)/a.tmpl", "x")
        try writeFile("\(root)/b.tdl", "x")
        XCTAssertEqual(discoverFiles([root], extension: "tmpl").files, ["\(root)/a.tmpl"])
    }

    func testSymlinkLoopsTerminateAndSymlinkedDirectoriesAreSearched() throws {
        let root = try makeTemporaryDirectory()
        try writeFile("\(root)/tree/a.tdl", "x")
        try writeFile("\(root)/tree/sub/c.tdl", "x")
        try writeFile("\(root)/elsewhere/b.tdl", "x")
        XCTAssertEqual(symlink("..", "\(root)/tree/sub/loop"), 0)            // cycle back to tree
        XCTAssertEqual(symlink("../elsewhere", "\(root)/tree/linked"), 0)    // a real extra directory
        XCTAssertEqual(symlink("a.tdl", "\(root)/tree/alias.tdl"), 0)        // symlinked file
        XCTAssertEqual(symlink("nowhere.tdl", "\(root)/tree/dangling.tdl"), 0)

        let result = discoverFiles(["\(root)/tree"])
        XCTAssertEqual(result.files, [
            "\(root)/tree/a.tdl", "\(root)/tree/alias.tdl", "\(root)/tree/linked/b.tdl", "\(root)/tree/sub/c.tdl",
        ])
        XCTAssertEqual(result.errors, [FileError(path: "\(root)/tree/dangling.tdl", message: "no such file or directory")])
    }

    func testFifoInsideDirectoryIsNotCollected() throws {
        let root = try makeTemporaryDirectory()
        try writeFile("\(root)/a.tdl", "x")
        XCTAssertEqual(mkfifo("\(root)/pipe.tdl", 0o600), 0)
        XCTAssertEqual(discoverFiles([root]).files, ["\(root)/a.tdl"])
    }

    func testUnreadableSubdirectoryIsReportedWithoutStoppingTheWalk() throws {
        let root = try makeTemporaryDirectory()
        try writeFile("\(root)/a.tdl", "x")
        try writeFile("\(root)/locked/b.tdl", "x")
        XCTAssertEqual(chmod("\(root)/locked", 0), 0)
        defer { chmod("\(root)/locked", 0o755) }
        let result = withoutRootPrivileges(opening: root) { discoverFiles([root]) }
        XCTAssertEqual(result.files, ["\(root)/a.tdl"])
        XCTAssertEqual(result.errors, [FileError(path: "\(root)/locked", message: "permission denied")])
    }
}
