import XCTest
@testable import TDLCommands

/// `check --data FILE`: texts measured with the values the data gives (TDL312), read by the
/// same reader as `export --data`.
final class CheckDataTests: XCTestCase {
    let card = """
    format 1

    template card {
      size: 400 x 300
      params {
        title: "Hi"
      }
      text headline {
        text: "Hello {{title}}"
        at: 10, 10
        size: 200 x 24
      }
    }

    """

    func testALongValueFromDataIsReportedNamingTheParameter() {
        let dir = Scratch(); defer { dir.remove() }
        let path = dir.write("card.tdl", card)
        let long = dir.write("long.json", #"{"title": "a very long title that will not fit on one line"}"#)
        let short = dir.write("short.json", #"{"title": "Ada"}"#)
        XCTAssertEqual(runTool(["check", "--strict", path]).status, 0)
        XCTAssertEqual(runTool(["check", "--strict", "--data", short, path]).status, 0)
        let r = runTool(["check", "--strict", "--data", long, path])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.out.contains("card.tdl:9:11: warning[TDL312]"), r.out)
        XCTAssertTrue(r.out.contains("with `title` = \"a very long title that will not fit on o…\" from --data"), r.out)
        // Standard input takes the data too.
        let s = runTool(["check", "--data", long, "--stdin-filename", "card.tdl", "-"], stdin: card)
        XCTAssertTrue(s.out.contains("warning[TDL312]"), s.out)
    }

    func testAnUnusableDataFileIsReportedAsExportReportsIt() {
        let dir = Scratch(); defer { dir.remove() }
        let path = dir.write("card.tdl", card)
        let bad = dir.write("bad.json", "{\"title\": ")
        for data in [bad, dir.path + "/missing.json"] {
            let r = runTool(["check", "--data", data, path])
            XCTAssertEqual(r.status, 2, r.err)
            XCTAssertTrue(r.err.hasPrefix(data), r.err)
            let e = runTool(["export", "--data", data, path])
            XCTAssertEqual(r.err, e.err)
        }
    }
}
