import Foundation
import XCTest
import Validator
@testable import TDLCommands

final class CheckCommandTests: XCTestCase {
    let good = """
    format 1

    template card "Card" {
      size: 200 x 100
      text title {
        text: "Hello"
        at: 10, 10
        size: 100 x 20
      }
    }

    """
    let bad = """
    format 1

    template card "Card" {
      size: 200 x 100
      text title {
        txt: "Hello"
        at: 10, 10
        size: 100 x 20
      }
    }

    """

    func testExamplesAreClean() {
        let r = runTool(["check", examplesFolder])
        XCTAssertEqual(r.status, 0, r.out)
        XCTAssertTrue(r.out.hasPrefix("no problems in "), r.out)
    }

    func testTextOutputPointsAtTheProblem() {
        let dir = Scratch(); defer { dir.remove() }
        let path = dir.write("bad.tdl", bad)
        let r = runTool(["check", path])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.out.contains("\(path):6:5: error[TDL102]: `text` has no property `txt`; did you mean `text`?"), r.out)
        XCTAssertTrue(r.out.contains("6 |     txt: \"Hello\"\n  |     ^^^\n"), r.out)
        XCTAssertTrue(r.out.contains("help: Change to `text`"), r.out)
        XCTAssertTrue(r.out.hasSuffix("2 errors in 1 file\n") || r.out.contains(" in 1 file\n"), r.out)
        XCTAssertFalse(r.out.contains("\u{1B}["), "no colour unless asked")
        XCTAssertTrue(runTool(["check", path], color: true).out.contains("\u{1B}[1;31m"))
    }

    func testTextOutputOfTabsCRLFWideLinesAndNotes() {
        // Tabs kept in the caret line, CRLF lines, a note, non-ASCII text and a line too
        // long to show whole (a window with ellipses), each with and without colour.
        var text = "style s {\r\n\tfont-size 12\r\n\tcolor: White\r\n}\r\nstyle s {\n  color: red\n}\n"
        text += "style café {\n\tcolor: Whïte\n}\ntemplate w { size: 10 x 10 "
        text += (0..<8).map { "text t\($0) { text: \"€\"; size: 5x5 } " }.joined() + "}\n"
        let plain = runTool(["check", "--stdin-filename", "t.tdl", "-"], stdin: text)
        XCTAssertEqual(plain.status, 1)
        let out = plain.out
        XCTAssertTrue(out.contains("""
            t.tdl:3:9: error[TDL108]: colour names are lower case: `white`
              |
            3 | \tcolor: White
              | \t       ^^^^^
              = help: Change to `white` (template-fmt check --fix applies it)

            """), out)
        XCTAssertTrue(out.contains("""
            t.tdl:5:1: error[TDL104]: `s` is already defined at the top level of this file
              |
            5 | style s {
              | ^^^^^^^
              = note: first defined here (t.tdl:1:1)

            """), out)
        XCTAssertTrue(out.contains("""
            t.tdl:9:11: error[TDL001]: unexpected character `ï`; identifiers are ASCII letters, digits, `_` and `-`; `color` expects a colour: `#RRGGBB`, `#RGB`, `#RRGGBBAA`, `#RGBA` or a named colour
              |
            9 | \tcolor: Whïte
              | \t         ^

            """), out)
        XCTAssertTrue(out.contains("""
            t.tdl:11:88: error[TDL008]: unknown unit `x5` on `5x5`; a size is written `5 x 5` with spaces around `x`
               |
            11 | … t0 { text: "€"; size: 5x5 } text t1 { text: "€"; size: 5x5 } text t2 { text: "€"; size: 5x5 } text t3 { text: "€";…
               |                                                          ^^^
               = help: Write `5 x 5` (template-fmt check --fix applies it)

            """), out)
        // Each `5x5` is one error (TDL008), not also a type error; `é` in a header one (TDL001).
        XCTAssertTrue(out.hasSuffix("15 errors, 2 warnings, 1 hint in 1 file\n"), out)

        let colored = runTool(["check", "--stdin-filename", "t.tdl", "-"], stdin: text, color: true).out
        XCTAssertTrue(colored.contains("""
            \u{1B}[1mt.tdl:5:1: \u{1B}[0m\u{1B}[1;31merror[TDL104]\u{1B}[0m\u{1B}[1m: `s` is already defined at the top level of this file\u{1B}[0m
            \u{1B}[1;34m  |\u{1B}[0m
            \u{1B}[1;34m5 |\u{1B}[0m style s {
            \u{1B}[1;34m  |\u{1B}[0m \u{1B}[1;31m^^^^^^^\u{1B}[0m
            \u{1B}[1;34m  = \u{1B}[0mnote: first defined here (t.tdl:1:1)

            """), colored)
        // Without its colour codes, the coloured report is the plain one.
        var stripped = "", inCode = false
        for c in colored.unicodeScalars {
            if c == "\u{1B}" { inCode = true } else if inCode { if c == "m" { inCode = false } } else { stripped.unicodeScalars.append(c) }
        }
        XCTAssertEqual(stripped, out)
    }

    func testJSONOutputParses() throws {
        let dir = Scratch(); defer { dir.remove() }
        let path = dir.write("bad.tdl", bad)
        let r = runTool(["check", "--format", "json", path])
        XCTAssertEqual(r.status, 1)
        let array = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [[String: Any]])
        let first = try XCTUnwrap(array.first { $0["code"] as? String == "TDL102" })
        XCTAssertEqual(first["file"] as? String, path)
        XCTAssertEqual(first["line"] as? Int, 6)
        XCTAssertEqual(first["column"] as? Int, 5)
        XCTAssertEqual(first["endLine"] as? Int, 6)
        XCTAssertEqual(first["endColumn"] as? Int, 8)
        XCTAssertEqual(first["severity"] as? String, "error")
        XCTAssertNotNil(first["message"] as? String)
        let fixes = try XCTUnwrap(first["fixes"] as? [[String: Any]])
        XCTAssertEqual(fixes.first?["title"] as? String, "Change to `text`")
        XCTAssertEqual(runTool(["check", "--format", "json", dir.write("good.tdl", good)]).out, "[]\n")
    }

    func testJSONColumnsCountUnicodeScalars() throws {
        let dir = Scratch(); defer { dir.remove() }
        let path = dir.write("u.tdl", "format 1\nstyle s { font: \"日本🚀\" bolt }\n")
        let r = runTool(["check", "--format", "json", path])
        let array = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [[String: Any]])
        let weight = try XCTUnwrap(array.first { $0["code"] as? String == "TDL108" })
        // `style s { font: "日本🚀" ` is 22 scalars, so `bolt` starts at column 23.
        XCTAssertEqual(weight["column"] as? Int, 23)
        XCTAssertEqual(weight["endColumn"] as? Int, 27)
    }

    func testGitHubOutput() {
        let dir = Scratch(); defer { dir.remove() }
        let path = dir.write("bad.tdl", bad)
        let r = runTool(["check", "--format", "github", path])
        XCTAssertEqual(r.status, 1)
        let line = r.out.split(separator: "\n").first { $0.contains("TDL102") }.map(String.init) ?? ""
        XCTAssertEqual(line, "::error file=\(path),line=6,col=5,endLine=6,endColumn=8,title=TDL102::`text` has no property `txt`; did you mean `text`?")
    }

    func testSARIFOutputParses() throws {
        let dir = Scratch(); defer { dir.remove() }
        let path = dir.write("bad.tdl", bad)
        let r = runTool(["check", "--format", "sarif", path])
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        XCTAssertEqual(root["version"] as? String, "2.1.0")
        let run = try XCTUnwrap((root["runs"] as? [[String: Any]])?.first)
        let driver = try XCTUnwrap((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try XCTUnwrap(driver["rules"] as? [[String: Any]])
        XCTAssertTrue(rules.contains { $0["id"] as? String == "TDL102" && (($0["help"] as? [String: Any])?["text"] as? String)?.isEmpty == false })
        let results = try XCTUnwrap(run["results"] as? [[String: Any]])
        let result = try XCTUnwrap(results.first { $0["ruleId"] as? String == "TDL102" })
        XCTAssertEqual(result["level"] as? String, "error")
        let index = try XCTUnwrap(result["ruleIndex"] as? Int)
        XCTAssertEqual(rules[index]["id"] as? String, "TDL102")
        let location = try XCTUnwrap((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        let region = try XCTUnwrap(location["region"] as? [String: Any])
        XCTAssertEqual(region["startLine"] as? Int, 6)
        XCTAssertEqual(region["startColumn"] as? Int, 5)
    }

    func testFixAppliesCertainFixesInPlace() {
        let dir = Scratch(); defer { dir.remove() }
        let path = dir.write("fix.tdl", "style s {\n  font-size 12\n  color: White\n}\ntemplate t {\n  size: 10 x 10\n  text a { text: \"x\"; style: s; size: 5x5 }\n}\n")
        let r = runTool(["check", "--fix", path])
        XCTAssertEqual(dir.read("fix.tdl"), "format 1\nstyle s {\n  font-size: 12\n  color: white\n}\ntemplate t {\n  size: 10 x 10\n  text a { text: \"x\"; style: s; size: 5 x 5 }\n}\n")
        XCTAssertFalse(r.out.contains("TDL011"), r.out)
        XCTAssertEqual(r.status, 0, r.out)
    }

    /// `--fix` writes a file that keeps an error inside a value (as `format` does), but
    /// never one whose structure is broken.
    func testFixWritesAroundValueErrorsButNeverABrokenStructure() {
        let dir = Scratch(); defer { dir.remove() }
        let valueError = dir.write("value.tdl", "format 1\ntemplate t {\n  size: 10 x 10\n  text a { text: \"x\"; opacity: .5; color: White }\n}\n")
        let r = runTool(["check", "--fix", valueError])
        XCTAssertEqual(dir.read("value.tdl"), "format 1\ntemplate t {\n  size: 10 x 10\n  text a { text: \"x\"; opacity: .5; color: white }\n}\n")
        XCTAssertTrue(r.out.contains("applied 1 fix"), r.out)
        XCTAssertTrue(r.out.contains("TDL001"), r.out)
        XCTAssertEqual(r.status, 1)
        let broken = "format 1\ntemplate t {\n  size: 10 x 10\n  text a { text: \"x\"; color: White }\n"
        let structural = dir.write("broken.tdl", broken)
        let s = runTool(["check", "--fix", structural])
        XCTAssertEqual(dir.read("broken.tdl"), broken)
        XCTAssertTrue(s.out.contains("not rewritten: 1 fix would leave syntax errors that break its structure"), s.out)
    }

    func testStrictTurnsWarningsIntoFailure() {
        let dir = Scratch(); defer { dir.remove() }
        let path = dir.write("warn.tdl", "format 1\nstyle unused {\n  color: red\n}\n")
        XCTAssertEqual(runTool(["check", path]).status, 0)
        XCTAssertEqual(runTool(["check", "--strict", path]).status, 1)
    }

    func testStandardInputWithName() {
        let r = runTool(["check", "--stdin-filename", "card.tdl", "-"], stdin: bad)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.out.contains("card.tdl:6:5: error[TDL102]"), r.out)
    }

    func testOutputIsOrderedByPath() {
        let dir = Scratch(); defer { dir.remove() }
        for name in ["c.tdl", "a.tdl", "b/z.tdl"] { _ = dir.write(name, bad) }
        let r = runTool(["check", "--format", "github", dir.path])
        let files = r.out.split(separator: "\n").compactMap { line -> String? in
            guard let s = line.range(of: "file="), let e = line.range(of: ",line=") else { return nil }
            return String(line[s.upperBound..<e.lowerBound])
        }
        XCTAssertEqual(files.count, 3 * (files.count / 3))
        XCTAssertEqual(files, files.sorted())
    }

    func testImportsResolveRelativeToTheFile() {
        let dir = Scratch(); defer { dir.remove() }
        _ = dir.write("lib/styles.tdl", "format 1\nstyle brand {\n  color: #003366\n}\n")
        let main = dir.write("main.tdl", "format 1\nimport \"lib/styles.tdl\"\n\ntemplate t {\n  size: 100 x 100\n  text a {\n    style: brand\n    text: \"Hi\"\n    at: 0, 0\n    size: 50 x 20\n  }\n}\n")
        let r = runTool(["check", main])
        XCTAssertEqual(r.status, 0, r.out)
        _ = dir.write("cycle-a.tdl", "format 1\nimport \"cycle-b.tdl\"\n")
        _ = dir.write("cycle-b.tdl", "format 1\nimport \"cycle-a.tdl\"\n")
        let cycle = runTool(["check", "--format", "json", dir.path + "/cycle-a.tdl"])
        XCTAssertTrue(cycle.out.contains("TDL114"), cycle.out)
        let missing = runTool(["check", dir.write("m.tdl", "format 1\nimport \"nope.tdl\"\n")])
        XCTAssertTrue(missing.out.contains("TDL113"), missing.out)
    }

    func testExplain() {
        let r = runTool(["explain", "TDL302"])
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(r.out.hasPrefix("TDL302: "), r.out)
        XCTAssertTrue(r.out.contains("Bad:") && r.out.contains("Good:"), r.out)
        XCTAssertEqual(runTool(["explain", "tdl302"]).out, r.out, "codes are case-insensitive")
        XCTAssertEqual(runTool(["explain", "TDL999"]).status, 2)
        XCTAssertTrue(runTool(["explain", "--list"]).out.contains("TDL001"))
    }

    /// Every explanation is laid out the same way: the title line, then paragraphs and
    /// sections (`Bad:`, `Good:`, `Fix:`, the suppression note) each after a blank line, a
    /// `Bad:` and a `Good:` example, one final newline.
    func testEveryExplanationSeparatesItsSections() {
        let starts = ["Bad:", "Good:", "Fix:", "Suppress with", "Syntax errors cannot be suppressed"]
        for code in DiagnosticCode.all {
            let r = runTool(["explain", code.code])
            XCTAssertEqual(r.status, 0)
            let lines = r.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            XCTAssertEqual(lines.first, "\(code.code): \(code.title)")
            XCTAssertEqual(lines.dropFirst().first, "", "\(code.code): a blank line after the title")
            XCTAssertEqual(lines.filter { $0 == "Bad:" }.count, 1, "\(code.code)")
            XCTAssertEqual(lines.filter { $0 == "Good:" }.count, 1, "\(code.code)")
            for (i, line) in lines.enumerated() where starts.contains(where: { line.hasPrefix($0) }) {
                XCTAssertEqual(lines[i - 1], "", "\(code.code): no blank line before \"\(line)\"")
            }
            XCTAssertTrue(r.out.hasSuffix(".\n") && !r.out.hasSuffix("\n\n"), "\(code.code) ends with one newline")
        }
    }
}
