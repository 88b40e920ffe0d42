import Foundation
import ProjectModel
import TestSupport
import ToolSupport
import XCTest

/// The disk loader's `exists`: for one run of a command (`oneRun`), a folder found missing is
/// remembered, so the files named in it cost one look; the server's loader looks every time.
final class DiskLoaderTests: XCTestCase {
    func testOneRunAgreesWithTheDiskAndRemembersMissingFolders() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path("img"), withIntermediateDirectories: true)
        try Data().write(to: URL(fileURLWithPath: folder.path("img/a.png")))
        try FileManager.default.createDirectory(atPath: folder.path("img/sub.png"), withIntermediateDirectories: true)
        let oneRun = ProjectLoader.disk(oneRun: true)
        let always = ProjectLoader.disk()
        for loader in [oneRun, always] {
            guard let exists = loader.exists else { return XCTFail("the disk loader looks") }
            XCTAssertTrue(exists(folder.path("img/a.png")))
            XCTAssertFalse(exists(folder.path("img/b.png")), "a missing file in a folder that is there")
            XCTAssertFalse(exists(folder.path("img/sub.png")), "a folder is not a file")
            XCTAssertFalse(exists(folder.path("assets/a.png")), "a file in a missing folder")
            XCTAssertFalse(exists(folder.path("assets/b.png")))
            XCTAssertFalse(exists(folder.path("img/a.png/x")), "under a file")
        }
        // The folder appears during the run: the one-run loader keeps what it found (a
        // command's run is a moment), the server's loader sees the file.
        try FileManager.default.createDirectory(atPath: folder.path("assets"), withIntermediateDirectories: true)
        try Data().write(to: URL(fileURLWithPath: folder.path("assets/a.png")))
        XCTAssertEqual(oneRun.exists?(folder.path("assets/a.png")), false)
        XCTAssertEqual(always.exists?(folder.path("assets/a.png")), true)
        // A file made in a folder known to be there is seen by both.
        try Data().write(to: URL(fileURLWithPath: folder.path("img/b.png")))
        XCTAssertEqual(oneRun.exists?(folder.path("img/b.png")), true)
    }

    /// What the one-run loader remembers, it tells (`folderKnownMissing`), under the name
    /// `resolve` gives the folder itself; it knows nothing before a file in the folder was
    /// looked for, and the server's loader remembers nothing.
    func testOneRunTellsTheFoldersItFoundMissing() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path("img"), withIntermediateDirectories: true)
        let oneRun = ProjectLoader.disk(oneRun: true)
        XCTAssertNil(ProjectLoader.disk().folderKnownMissing)
        guard let exists = oneRun.exists, let knownMissing = oneRun.folderKnownMissing else { return XCTFail("the one-run loader remembers") }
        let importer = folder.path("doc.tdl")
        let resolved = { (path: String) -> String in (try? oneRun.resolve(path, importer).get()) ?? "" }
        XCTAssertFalse(knownMissing(resolved("assets")), "not looked for yet")
        XCTAssertFalse(exists(resolved("assets/a.png")))
        XCTAssertTrue(knownMissing(resolved("assets")))
        XCTAssertFalse(exists(resolved("img/a.png")))
        XCTAssertFalse(knownMissing(resolved("img")), "a folder that is there")
    }
}
