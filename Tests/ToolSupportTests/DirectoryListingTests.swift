import Foundation
import XCTest
import ToolSupport

final class DirectoryListingTests: XCTestCase {
    func testEntriesSortedFoldersMarkedHiddenSkipped() throws {
        let dir = try makeTemporaryDirectory()
        for name in ["b.png", "a.tdl", ".hidden.tdl", "c d.mp4"] {
            _ = FileManager.default.createFile(atPath: dir + "/" + name, contents: Data())
        }
        try FileManager.default.createDirectory(atPath: dir + "/img", withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: dir + "/.git", withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: dir + "/linked", withDestinationPath: dir + "/img")
        try FileManager.default.createSymbolicLink(atPath: dir + "/dangling.png", withDestinationPath: dir + "/nowhere")
        XCTAssertEqual(listDirectory(dir), ["a.tdl", "b.png", "c d.mp4", "dangling.png", "img/", "linked/"])
        XCTAssertEqual(listDirectory(dir + "/"), listDirectory(dir))
    }

    func testLimitAndUnreadableFolders() throws {
        let dir = try makeTemporaryDirectory()
        for n in 0..<30 { _ = FileManager.default.createFile(atPath: dir + "/f\(n + 10).png", contents: Data()) }
        XCTAssertEqual(listDirectory(dir, limit: 3), ["f10.png", "f11.png", "f12.png"], "the first by name")
        XCTAssertEqual(listDirectory(dir, limit: 0), [])
        XCTAssertEqual(listDirectory(dir + "/missing"), [])
        XCTAssertEqual(listDirectory(dir + "/f10.png"), [], "a file is no folder")
    }
}
