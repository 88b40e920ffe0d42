import XCTest
import ToolSupport
@testable import TDLCommands

/// `export --data`: the JSON file of parameter values, read without Foundation.
final class DataFileTests: XCTestCase {
    func parse(_ text: String) -> Result<[String: String], ParameterData.Problem> {
        parse(Array(text.utf8))
    }

    /// Values as their type and text ("string Ada", "number 3", "boolean true"), so the test
    /// needs no import of HTMLGen.
    func parse(_ bytes: [UInt8]) -> Result<[String: String], ParameterData.Problem> {
        ParameterData.parse(bytes).map { values in
            values.mapValues { "\($0.typeName) \($0.text)" }
        }
    }

    func problem(_ text: String) -> (message: String, status: Int32)? {
        guard case .failure(let p) = parse(text) else { return nil }
        return (p.message, p.exitStatus)
    }

    func testStringsNumbersAndBooleans() throws {
        let values = try parse(#"{"who": "Ada \"L\" \u00e9", "n": 3, "x": -2.5e-3, "big": 1e308, "on": true, "off": false}"#).get()
        XCTAssertEqual(values["who"], "string Ada \"L\" é")
        XCTAssertEqual(values["n"], "number 3")
        XCTAssertEqual(values["x"], "number -0.0025")
        XCTAssertEqual(values["big"]?.hasPrefix("number 1"), true)
        XCTAssertEqual(values["on"], "boolean true")
        XCTAssertEqual(values["off"], "boolean false")
        XCTAssertEqual(values.count, 6)
        XCTAssertEqual(try parse("{}").get(), [:])
        XCTAssertEqual(try parse(" \t\r\n{\"a\": 0} \n").get(), ["a": "number 0"])
        XCTAssertEqual(try parse("{\"a\": 0.30000000000000004}").get(), ["a": "number 0.30000000000000004"])
    }

    func testAKeyGivenTwiceTakesItsLastValue() throws {
        XCTAssertEqual(try parse(#"{"who": "a", "who": "b"}"#).get(), ["who": "string b"])
        XCTAssertEqual(try parse(#"{"who": [1], "who": "x"}"#).get(), ["who": "string x"])
        XCTAssertEqual(problem(#"{"who": "x", "who": [1]}"#)?.message,
                       "parameter values must be strings, numbers or booleans; `who` is not")
        XCTAssertEqual(problem(#"{"a": [1], "a": [2]}"#)?.message,
                       "parameter values must be strings, numbers or booleans; `a` is not", "listed once")
    }

    func testWrongTypesAreListedSorted() {
        let one = problem(#"{"who": "x", "list": [1]}"#)
        XCTAssertEqual(one?.message, "parameter values must be strings, numbers or booleans; `list` is not")
        XCTAssertEqual(one?.status, 1)
        let three = problem(#"{"z": [1], "a": null, "m": {"k": 1}, "ok": 1}"#)
        XCTAssertEqual(three?.message, "parameter values must be strings, numbers or booleans; `a`, `m`, `z` are not")
        XCTAssertEqual(three?.status, 1)
    }

    /// Malformed JSON says where (line and column, on the file's own lines) and what was
    /// expected there, not only that it is not JSON.
    func testNotJSONSaysWhereAndWhatWasExpected() {
        let cases: [(String, String, Int, Int)] = [
            ("{not json", "expected a key (a string in double quotes) or `}`, found `n`", 1, 2),
            ("", "expected a value, found the end of the input", 1, 1),
            ("{\"a\": 1,}", "expected a key after `,`, found `}`: JSON allows no comma after the last member", 1, 9),
            ("{\n  \"a\": 01\n}", "a number may not start with `0` followed by a digit (leading zero)", 2, 9),
            ("{\"a\": NaN}", "expected a value (an object, array, string, number, `true`, `false` or `null`), found `N`", 1, 7),
            ("{\"a\": 1} x", "expected the end of the input after the value, found `x`", 1, 10),
            ("{\"a\": \"\\ud800\"}", "expected a `\\u` escape of a low surrogate after a high one (an unpaired surrogate), found `\"`", 1, 14),
            ("{\"a\": 1e999}", "number out of range: `1e999` is too large", 1, 7),
            ("{\"a\": -1e999}", "number out of range: `-1e999` is too large", 1, 7),  // never an infinite number
            ("{\"a\": \"\u{1}\"}", "the control character U+0001 in a string: write it as an escape (`\\n`, `\\t`, `\\u00XX`), or close the string with `\"` before it", 1, 8),
            ("{\r\n\"who\": \"Ada\"\r\n\"n\": 1}", "expected `,` or `}` after a value in the object, found `\"`", 3, 1),
        ]
        for (text, reason, line, column) in cases {
            guard case .failure(let p) = parse(text) else {
                XCTFail("accepted \(text.debugDescription)")
                continue
            }
            XCTAssertEqual(p.message, "not valid JSON: " + reason, text.debugDescription)
            XCTAssertEqual(p.exitStatus, 2, text)
            XCTAssertEqual(p.line, line, text.debugDescription)
            XCTAssertEqual(p.column, column, text.debugDescription)
        }
        guard case .failure(let p) = parse([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D]) else {
            return XCTFail("invalid UTF-8 accepted")
        }
        XCTAssertEqual(p.message, "not valid JSON: invalid UTF-8 in a string: the byte FF (not UTF-8)")
        XCTAssertEqual([p.line, p.column], [1, 7])
    }

    func testABareValueIsNotAnObject() {
        for text in ["3", "\"text\"", "true", "null"] {  // valid JSON, but no parameter values
            let p = problem(text)
            XCTAssertEqual(p?.message, "expected a JSON object of parameter values, such as {\"user\": \"Ada\"}", text)
            XCTAssertEqual(p?.status, 2, text)
        }
    }

    func testNotAnObject() {
        for text in ["[1, 2]", "[]", "[{\"who\": \"Ada\"}]"] {
            let p = problem(text)
            XCTAssertEqual(p?.message, "expected a JSON object of parameter values, such as {\"user\": \"Ada\"}", text)
            XCTAssertEqual(p?.status, 2, text)
        }
    }

    func testByteOrderMarksAndUTF16And32() throws {
        let text = "{\"who\": \"é😀\", \"n\": 2}"
        let expected = ["who": "string é😀", "n": "number 2"]
        let utf16LE = text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let utf16BE = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let utf32LE = text.unicodeScalars.flatMap { s in (0..<4).map { UInt8((s.value >> (8 * $0)) & 0xFF) } }
        let utf32BE = text.unicodeScalars.flatMap { s in (0..<4).reversed().map { UInt8((s.value >> (8 * $0)) & 0xFF) } }
        XCTAssertEqual(try parse([0xEF, 0xBB, 0xBF] + Array(text.utf8)).get(), expected, "UTF-8 with a BOM")
        XCTAssertEqual(try parse([0xFF, 0xFE] + utf16LE).get(), expected, "UTF-16LE with a BOM")
        XCTAssertEqual(try parse([0xFE, 0xFF] + utf16BE).get(), expected, "UTF-16BE with a BOM")
        XCTAssertEqual(try parse(utf16LE).get(), expected, "UTF-16LE")
        XCTAssertEqual(try parse(utf16BE).get(), expected, "UTF-16BE")
        XCTAssertEqual(try parse([0xFF, 0xFE, 0, 0] + utf32LE).get(), expected, "UTF-32LE with a BOM")
        XCTAssertEqual(try parse([0, 0, 0xFE, 0xFF] + utf32BE).get(), expected, "UTF-32BE with a BOM")
        XCTAssertEqual(try parse(utf32LE).get(), expected, "UTF-32LE")
        XCTAssertEqual(try parse(utf32BE).get(), expected, "UTF-32BE")
        XCTAssertEqual(try parse(utf16LE + [0x20]).get(), expected, "half a code unit at the end is ignored")

        // An unpaired surrogate in UTF-16 is not text.
        let unpaired: [UInt8] = [0xFF, 0xFE] + Array("{\"a\":\"".utf16).flatMap { [UInt8($0), 0] } + [0x00, 0xD8] + [0x22, 0, 0x7D, 0]
        guard case .failure(let p) = parse(unpaired) else { return XCTFail("unpaired surrogate accepted") }
        XCTAssertEqual(p.message, "not valid UTF-16 (little-endian) text, which its first bytes say it is")
        // Positions in a UTF-16 file are its lines and characters.
        let malformed = Array("{\n \"é😀\": 1,\n}".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        guard case .failure(let q) = parse([0xFF, 0xFE] + malformed) else { return XCTFail("trailing comma accepted") }
        XCTAssertEqual([q.line, q.column], [3, 1], q.message)
        // A BOM is only one at the very start.
        guard case .failure = parse(Array(" ".utf8) + [0xEF, 0xBB, 0xBF] + Array("{}".utf8)) else {
            return XCTFail("BOM after a space accepted")
        }
    }

    func testExportReportsDataProblemsAsBefore() {
        let dir = Scratch(); defer { dir.remove() }
        let path = dir.write("t.tdl", "format 1\ntemplate t {\n  size: 10 x 10\n  params {\n    who: \"you\"\n  }\n  text a {\n    text: \"Hi {{who}}\"\n  }\n}\n")
        func run(_ json: String) -> RunResult {
            runTool(["export", "--data", dir.write("d.json", json), path])
        }
        let notJSON = run("{\n  \"who\": Ada\n}")
        XCTAssertEqual(notJSON.status, 2)
        XCTAssertEqual(notJSON.err, "\(dir.path)/d.json:2:10: error: not valid JSON: expected a value (an object, array, string, "
                       + "number, `true`, `false` or `null`), found `A`\n")
        let notObject = run("[1]")
        XCTAssertEqual(notObject.status, 2)
        XCTAssertEqual(notObject.err, "\(dir.path)/d.json: error: expected a JSON object of parameter values, such as {\"user\": \"Ada\"}\n")
        let wrong = run("{\"b\": null, \"a\": []}")
        XCTAssertEqual(wrong.status, 1)
        XCTAssertEqual(wrong.err, "\(dir.path)/d.json: error: parameter values must be strings, numbers or booleans; `a`, `b` are not\n")
        let good = run("\u{FEFF}{\"who\": \"Ada\"}")
        XCTAssertEqual(good.status, 0, good.err)
        XCTAssertTrue(good.out.contains("Hi Ada"), good.out)
    }
}

/// `export -o FOLDER`: the folder is made with its parents, and failures say why.
final class ExportFolderTests: XCTestCase {
    let two = "format 1\ntemplate a {\n  size: 10 x 10\n}\ntemplate b {\n  size: 10 x 10\n}\n"

    func testNestedFolderIsCreated() {
        let dir = Scratch(); defer { dir.remove() }
        let path = dir.write("two.tdl", two)
        let r = runTool(["export", "-o", dir.path + "/x/y/z", path])
        XCTAssertEqual(r.status, 0, r.err)
        XCTAssertTrue(dir.read("x/y/z/a.html").hasPrefix("<!doctype html>"))
        XCTAssertTrue(dir.read("x/y/z/b.html").hasPrefix("<!doctype html>"))
    }

    func testAFileInTheWay() {
        let dir = Scratch(); defer { dir.remove() }
        let path = dir.write("two.tdl", two)
        let file = dir.write("file", "x")
        let folder = runTool(["export", "-o", file + "/", path])
        XCTAssertEqual(folder.status, 2)
        XCTAssertEqual(folder.err, "\(file)/: error: cannot create the folder: file exists\n")
        let parent = runTool(["export", "-o", file + "/sub", path])
        XCTAssertEqual(parent.status, 2)
        XCTAssertEqual(parent.err, "\(file)/sub: error: cannot create the folder: not a directory\n")
        let asFile = runTool(["export", "-o", file, path])
        XCTAssertEqual(asFile.status, 2)
        XCTAssertTrue(asFile.err.contains("'\(file)' is a file, but 2 items are exported"), asFile.err)
        XCTAssertEqual(dir.read("file"), "x")
    }
}

/// Where `import "…"` looks for the commands: the importer's folder, normalised
/// (ToolSupport's `resolveImportPath`, with the working directory for standard input).
final class CommandImportPathTests: XCTestCase {
    func resolve(_ path: String, from importer: String?) -> String? {
        resolveImportPath(path, importer: importer, workingDirectory: "/work/dir")
    }

    func testRelativeToTheImporter() {
        XCTAssertEqual(resolve("styles.tdl", from: "/p/main.tdl"), "/p/styles.tdl")
        XCTAssertEqual(resolve("lib/styles.tdl", from: "/p/main.tdl"), "/p/lib/styles.tdl")
        XCTAssertEqual(resolve("../styles.tdl", from: "/p/q/main.tdl"), "/p/styles.tdl")
        XCTAssertEqual(resolve("./a/./b.tdl", from: "/p//main.tdl"), "/p/a/b.tdl")
        XCTAssertEqual(resolve("styles.tdl", from: "/main.tdl"), "/styles.tdl")
        XCTAssertEqual(resolve("../../../x.tdl", from: "/p/main.tdl"), "/x.tdl")
    }

    func testRelativeImporters() {
        XCTAssertEqual(resolve("styles.tdl", from: "main.tdl"), "styles.tdl")
        XCTAssertEqual(resolve("styles.tdl", from: "sub/main.tdl"), "sub/styles.tdl")
        XCTAssertEqual(resolve("../styles.tdl", from: "sub/main.tdl"), "styles.tdl")
        XCTAssertEqual(resolve("../styles.tdl", from: "main.tdl"), "../styles.tdl")
        // `check .` names files ./x.tdl; their imports keep that spelling.
        XCTAssertEqual(resolve("styles.tdl", from: "./main.tdl"), "./styles.tdl")
        XCTAssertEqual(resolve("lib/../s.tdl", from: "./sub/main.tdl"), "./sub/s.tdl")
    }

    func testAbsoluteImportsAndStandardInput() {
        XCTAssertEqual(resolve("/abs//s.tdl", from: "sub/main.tdl"), "/abs/s.tdl")
        XCTAssertEqual(resolve("s.tdl", from: nil), "/work/dir/s.tdl")
        XCTAssertEqual(resolve("../s.tdl", from: nil), "/work/s.tdl")
        XCTAssertEqual(resolveImportPath("s.tdl", importer: nil, workingDirectory: ""), "s.tdl",
                       "no working directory: relative to wherever the process is")
    }
}

final class WorkflowCommandEscapingTests: XCTestCase {
    func testEscapesEveryOccurrence() {
        XCTAssertEqual(workflowCommandEscaped("50% a\r\nb\nc\rd", property: false), "50%25 a%0D%0Ab%0Ac%0Dd")
        XCTAssertEqual(workflowCommandEscaped("a:b,c", property: false), "a:b,c", "`:` and `,` are fine in a message")
        XCTAssertEqual(workflowCommandEscaped("C:\\x,y%.tdl", property: true), "C%3A\\x%2Cy%25.tdl")
        XCTAssertEqual(workflowCommandEscaped("é\n\u{301}:", property: true), "é%0A\u{301}%3A",
                       "also before a combining mark, so no raw line break ends the command")
        XCTAssertEqual(workflowCommandEscaped("", property: true), "")
    }

    func testPluralOfFix() {
        XCTAssertEqual(plural(1, "fix", "fixes"), "1 fix")
        XCTAssertEqual(plural(2, "fix", "fixes"), "2 fixes")
        XCTAssertEqual(plural(0, "file"), "0 files")
    }
}
