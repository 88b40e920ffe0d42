import Foundation
import XCTest

/// `check` looks up the files a document names on the disk, relative to the document's
/// folder (TDL313), and not for standard input, which has no folder.
final class LocalFileCheckTests: XCTestCase {
    static let page = """
        format 1

        template card {
          size: 375 x 400
          image here {
            src: "img/a.png?v=2"
            alt: "A"
            size: 100 x 40
          }
          image beside {
            src: "../shared/b.png"
            alt: "B"
            at: 0, 50
            size: 100 x 40
          }
          image encoded {
            src: "img/x/../c%20d.png#top"
            alt: "C"
            at: 0, 100
            size: 100 x 40
          }
          image gone {
            src: "img/gone.png"
            alt: "D"
            at: 0, 150
            size: 100 x 40
          }
          image folder {
            src: "img"
            alt: "E"
            at: 0, 200
            size: 100 x 40
          }
        }

        """

    func testMissingFilesAreReportedRelativeToTheDocument() {
        let scratch = Scratch()
        defer { scratch.remove() }
        let page = scratch.write("docs/page.tdl", LocalFileCheckTests.page)
        _ = scratch.write("docs/img/a.png", "")
        _ = scratch.write("shared/b.png", "")
        _ = scratch.write("docs/img/c d.png", "")
        let r = runTool(["check", page])
        let lines = r.out.split(separator: "\n").filter { $0.contains("TDL313") }
        XCTAssertEqual(lines.count, 2, r.out)
        XCTAssertTrue(lines[0].hasSuffix("page.tdl:23:10: warning[TDL313]: `src` names `img/gone.png`, which does not exist (relative to this document's folder); the exported page will not find it"), r.out)
        XCTAssertTrue(lines[1].contains("page.tdl:29:10: warning[TDL313]: `src` names `img`,"), "a folder is not a file: \(r.out)")
        XCTAssertEqual(r.status, 0, "a warning")
        XCTAssertNotEqual(runTool(["check", "--strict", page]).status, 0)

        // Created, the warning goes.
        _ = scratch.write("docs/img/gone.png", "")
        XCTAssertEqual(runTool(["check", page]).out.components(separatedBy: "TDL313").count - 1, 1)
    }

    func testStandardInputHasNoFolderToLookIn() {
        let r = runTool(["check", "-"], stdin: LocalFileCheckTests.page)
        XCTAssertFalse(r.out.contains("TDL313") || r.err.contains("TDL313"), r.out + r.err)
    }
}
