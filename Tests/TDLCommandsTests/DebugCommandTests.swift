import TemplateFormat
import XCTest

/// `template-fmt debug tree`: hidden, for contributors; prints `SyntaxTree.dump()`.
final class DebugCommandTests: XCTestCase {
    func testTreeOfAFileAndOfStandardInput() {
        let dir = Scratch(); defer { dir.remove() }
        let text = "style a {\n  k 1\n"
        let path = dir.write("broken.tdl", text)
        let fromFile = runTool(["debug", "tree", path])
        XCTAssertEqual(fromFile.status, 0, "syntax errors are what it shows, not a failure")
        XCTAssertEqual(fromFile.out, SyntaxTree.parse(text).dump())
        XCTAssertTrue(fromFile.out.contains("error TDL011@12..13"), fromFile.out)
        XCTAssertEqual(fromFile.err, "")
        XCTAssertEqual(runTool(["debug", "tree"], stdin: text).out, fromFile.out)
        XCTAssertEqual(runTool(["debug", "tree", "-"], stdin: text).out, fromFile.out)
    }

    func testMistakesAreUsageErrors() {
        let dir = Scratch(); defer { dir.remove() }
        for (arguments, message) in [(["debug"], "debug needs what to show"), (["debug", "tokens", "x.tdl"], "debug shows `tree` only"),
                                     (["debug", "tree", "a.tdl", "b.tdl"], "debug tree takes one file"),
                                     (["debug", "tree", "--check", "a.tdl"], "unknown option '--check'")] {
            let r = runTool(arguments, stdin: "")
            XCTAssertEqual(r.status, 2, "\(arguments)")
            XCTAssertTrue(r.err.contains(message), "\(arguments): \(r.err)")
        }
        let missing = runTool(["debug", "tree", dir.path + "/missing.tdl"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.err.hasPrefix(dir.path + "/missing.tdl: error: "), missing.err)
        let folder = runTool(["debug", "tree", dir.path])
        XCTAssertEqual(folder.status, 2)
        XCTAssertTrue(folder.err.contains("is a directory"), folder.err)
        XCTAssertEqual(runTool(["debug", "tree"]).status, 2, "no file and a terminal: nothing to read")
    }

    func testHiddenFromTheMainHelpButHasItsOwn() {
        XCTAssertFalse(runTool(["--help"]).out.contains("debug"))
        let help = runTool(["debug", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.out.hasPrefix("Usage: template-fmt debug tree [FILE | -]"), help.out)
        XCTAssertEqual(runTool(["help", "debug"]).out, help.out)
    }
}
