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

    func testStructuralErrorsRefuseAndLeaveFileUntouched() {
        let dir = Scratch(); defer { dir.remove() }
        let bad = dir.write("bad.tdl", broken)
        let r = runTool(["format", bad])
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.err, "\(bad):3:10: error: unterminated string: a `\"` is missing before the end of the line\n"
                       + "\(bad): not formatted: the error above breaks its structure; fix it, then format again "
                       + "(`template-fmt explain TDL003` shows how)\n0 files reformatted, 0 files unchanged, 1 error\n")
        XCTAssertEqual(dir.read("bad.tdl"), broken)
        let stdin = runTool(["format"], stdin: broken)
        XCTAssertEqual(stdin.status, 2)
        XCTAssertEqual(stdin.out, "", "nothing is printed for a document that cannot be formatted")
        XCTAssertTrue(stdin.err.hasPrefix("<stdin>:3:10: error:"), stdin.err)
        XCTAssertTrue(stdin.err.hasSuffix("<stdin>: not formatted: the error above breaks its structure; fix it, then format again (`template-fmt explain TDL003` shows how)\n"), stdin.err)
    }

    /// The example: `327x1` (an unknown unit) no longer stops the formatter. The bad
    /// value is kept as written, everything else is formatted, and the exit status is 0.
    func testValueLevelErrorsAreFormattedAround() {
        let dir = Scratch(); defer { dir.remove() }
        let input = "format 1\ntemplate card {\n      size: 327x1\n  text t {text: \"Hi\";opacity:.5}\n}\n"
        let expected = "format 1\ntemplate card {\n  size: 327x1\n  text t {\n    text: \"Hi\"\n    opacity: .5\n  }\n}\n"
        let path = dir.write("card.tdl", input)
        let check = runTool(["format", "--check", path])
        XCTAssertEqual(check.status, 1, check.err)
        XCTAssertEqual(check.out, path + "\n")
        let r = runTool(["format", path])
        XCTAssertEqual(r.status, 0, r.err)
        XCTAssertEqual(r.err, "1 file reformatted, 0 files unchanged\n")
        XCTAssertEqual(dir.read("card.tdl"), expected)
        XCTAssertEqual(runTool(["format", "-"], stdin: input).out, expected)
        XCTAssertEqual(runTool(["format", "--check", path]).status, 0, "formatted once, it is canonical")
    }

    /// A UTF-16 file: `check` reports it once, `format` leaves it alone and says how to
    /// convert it.
    func testUTF16FileIsReportedOnceAndNotFormatted() throws {
        let dir = Scratch(); defer { dir.remove() }
        let path = dir.path + "/wide.tdl"
        let utf16 = [UInt8]([0xFF, 0xFE]) + messy.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(utf16)))
        let check = runTool(["check", "--format", "json", path])
        XCTAssertEqual(check.status, 1)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(check.out.utf8)) as? [[String: Any]])
        XCTAssertEqual(report.compactMap { $0["code"] as? String }, ["TDL017"])
        let format = runTool(["format", path])
        XCTAssertEqual(format.status, 2)
        XCTAssertTrue(format.err.hasPrefix("\(path):1:1: error: this file is UTF-16 (little-endian) text (by its byte order mark), "
                                           + "but TDL files are UTF-8: save it as UTF-8, e.g. `iconv -f UTF-16 -t UTF-8 FILE > FILE.new`"), format.err)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), Data(utf16), "left untouched")
    }

    /// When every structural error has a certain fix, the refusal names `check --fix` with
    /// the path; running that command must indeed unblock formatting.
    func testRefusalNamesTheCommandThatUnblocksIt() {
        let dir = Scratch(); defer { dir.remove() }
        let input = "format 1\ntemplate card {\n  size: 10 x 10\n  text title\n  {\n  text: \"Hi\"\n  }\n}\n"
        let path = dir.write("it's here.tdl", input)
        let r = runTool(["format", path])
        XCTAssertEqual(r.status, 2)
        let quoted = "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
        XCTAssertTrue(r.err.contains("\(path): not formatted: the error above breaks its structure; `template-fmt check --fix \(quoted)` repairs it, then format again\n"), r.err)
        XCTAssertEqual(dir.read("it's here.tdl"), input)
        XCTAssertEqual(runTool(["check", "--fix", path]).status, 0)
        let again = runTool(["format", path])
        XCTAssertEqual(again.status, 0, again.err)
        XCTAssertEqual(dir.read("it's here.tdl"), "format 1\ntemplate card {\n  size: 10 x 10\n  text title {\n    text: \"Hi\"\n  }\n}\n")
        XCTAssertEqual(FormatCommand.shellQuoted("-a.tdl"), "./-a.tdl")
        XCTAssertEqual(FormatCommand.shellQuoted("dir/a_b-1.tdl"), "dir/a_b-1.tdl")
        XCTAssertEqual(FormatCommand.shellQuoted("a b$.tdl"), "'a b$.tdl'")
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
