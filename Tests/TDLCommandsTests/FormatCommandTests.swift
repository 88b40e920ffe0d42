import Foundation
import XCTest
@testable import TDLCommands

final class FormatCommandTests: XCTestCase {
    let messy = "format   1\nstyle  heading{color:#abcdef;font-size:20}\n"
    let canonical = "format 1\nstyle heading {\n  color: #ABCDEF\n  font-size: 20\n}\n"
    let broken = "format 1\nstyle heading {\n  color: \"oops\n}\n"

    func testFormatsInPlaceAndKeepsCanonicalFilesUntouched() throws {
        let dir = Scratch(); defer { dir.remove() }
        let a = dir.write("a.tdl", messy)
        let b = dir.write("sub/b.tdl", canonical)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: a)
        let past = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: b)
        let r = runTool(["format", dir.path])
        XCTAssertEqual(r.status, 0, r.err)
        XCTAssertEqual(dir.read("a.tdl"), canonical)
        XCTAssertEqual(dir.read("sub/b.tdl"), canonical)
        let attributes = try FileManager.default.attributesOfItem(atPath: a)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o640, "permissions kept")
        let mtime = try FileManager.default.attributesOfItem(atPath: b)[.modificationDate] as? Date
        XCTAssertEqual(mtime, past, "a canonical file is not rewritten")
        XCTAssertTrue(r.err.contains("1 file reformatted, 1 file unchanged"), r.err)
    }

    func testCheckListsFilesThatWouldChangeAndChangesNothing() {
        let dir = Scratch(); defer { dir.remove() }
        _ = dir.write("a.tdl", messy)
        _ = dir.write("b.tdl", canonical)
        let r = runTool(["format", "--check", dir.path])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.out, dir.path + "/a.tdl\n")
        XCTAssertEqual(dir.read("a.tdl"), messy)
        XCTAssertEqual(runTool(["format", "--check", dir.path + "/b.tdl"]).status, 0)
    }

    func testDiffPrintsUnifiedDiff() {
        let dir = Scratch(); defer { dir.remove() }
        let a = dir.write("a.tdl", messy)
        let r = runTool(["format", "--diff", a])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.out.hasPrefix("--- a/\(a)\n+++ b/\(a)\n@@ "), r.out)
        XCTAssertTrue(r.out.contains("+  color: #ABCDEF\n"))
        XCTAssertTrue(r.out.contains("-format   1\n"))
        XCTAssertEqual(dir.read("a.tdl"), messy)
    }

    func testStandardInputToStandardOutput() {
        let r = runTool(["format"], stdin: messy)
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.out, canonical)
        let dash = runTool(["format", "-"], stdin: messy)
        XCTAssertEqual(dash.out, canonical)
        let check = runTool(["format", "--check", "-"], stdin: messy)
        XCTAssertEqual(check.status, 1)
    }

    func testSyntaxErrorsRefuseAndLeaveFileUntouched() {
        let dir = Scratch(); defer { dir.remove() }
        let bad = dir.write("bad.tdl", broken)
        let r = runTool(["format", bad])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.err.contains("\(bad):3:10: error: unterminated string"), r.err)
        XCTAssertEqual(dir.read("bad.tdl"), broken)
        let stdin = runTool(["format"], stdin: broken)
        XCTAssertEqual(stdin.status, 2)
        XCTAssertEqual(stdin.out, "", "nothing is printed for a document that cannot be formatted")
        XCTAssertTrue(stdin.err.hasPrefix("<stdin>:3:10: error:"), stdin.err)
    }

    func testEditorConfigIsHonoured() {
        let dir = Scratch(); defer { dir.remove() }
        _ = dir.write(".editorconfig", "root = true\n[*.tdl]\nindent_style = tab\nend_of_line = crlf\n")
        let a = dir.write("a.tdl", messy)
        XCTAssertEqual(runTool(["format", a]).status, 0)
        XCTAssertEqual(dir.read("a.tdl"), canonical.replacingOccurrences(of: "  ", with: "\t").replacingOccurrences(of: "\n", with: "\r\n"))
    }

    func testUsageErrors() {
        let unknown = runTool(["format", "--frobnicate", "x.tdl"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.err.contains("unknown option '--frobnicate'"), unknown.err)
        XCTAssertEqual(runTool(["format", "--check", "--diff", "x.tdl"]).status, 2)
        let missing = runTool(["format", "/nonexistent/x.tdl"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.err.contains("/nonexistent/x.tdl"), missing.err)
        XCTAssertEqual(runTool(["format"]).status, 2, "no paths and a terminal for stdin")
        XCTAssertEqual(runTool(["bogus"]).status, 2)
    }

    func testDoubleDashEndsOptions() {
        let dir = Scratch(); defer { dir.remove() }
        _ = dir.write("-odd.tdl", messy)
        let r = runTool(["format", "--check", "--", dir.path + "/-odd.tdl"])
        XCTAssertEqual(r.status, 1)
    }

    func testHelpAndVersion() {
        XCTAssertEqual(runTool(["--version"]).out, "template-fmt \(TemplateFmt.version)\n")
        let help = runTool(["format", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.out.contains("--check"))
        XCTAssertTrue(runTool(["--help"]).out.contains("format"))
    }
}
