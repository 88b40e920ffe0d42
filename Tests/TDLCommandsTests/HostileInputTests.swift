import TDLCommands
import TemplateFormat
import XCTest

/// Standard input is read only up to the document limit: an endless or huge input
/// (`template-fmt check - < /dev/zero`) is refused with exit 2 instead of exhausting memory.
final class HostileInputTests: XCTestCase {
    private func runWithInput(_ args: [String], _ input: [UInt8]) -> RunResult {
        let streams = CapturedStreams()
        let env = CommandEnvironment(
            writeOutput: { streams.appendOut($0) },
            writeError: { streams.appendErr($0) },
            readInput: { input },
            inputIsTerminal: false,
            colorOutput: false,
            parallelism: 1)
        let status = TemplateFmt.run(args, environment: env)
        return RunResult(status: status, out: streams.out, err: streams.err, outBytes: streams.outRaw)
    }

    func testStandardInputOverTheLimitIsRefusedByEveryCommand() {
        // What `readStandardInput` returns for a larger input: one byte past the limit.
        let tooLarge = [UInt8](repeating: 0x20, count: DocumentLimits.maximumBytes + 1)
        for args in [["check", "-"], ["check", "--format", "json", "-"], ["format", "-"], ["format", "--check", "-"],
                     ["export", "-"]] {
            let result = runWithInput(args, tooLarge)
            XCTAssertEqual(result.status, 2, "\(args)")
            XCTAssertTrue((result.out + result.err).contains("<stdin>"), "\(args): \(result.out) \(result.err)")
            XCTAssertTrue((result.out + result.err).contains("too large: more than 134217728 bytes"), "\(args): \(result.err)")
        }
        let named = runWithInput(["format", "--stdin-filename", "card.tdl", "-"], tooLarge)
        XCTAssertEqual(named.status, 2)
        XCTAssertTrue(named.err.hasPrefix("card.tdl: error: too large"), named.err)
    }

    func testStandardInputAtTheLimitIsStillRead() {
        let input = Array("format 1\n".utf8)
        let result = runWithInput(["format", "--check", "-"], input)
        XCTAssertEqual(result.status, 0, result.err)
    }
}

/// `check --fix` never writes a file whose structure is broken (what `format` refuses too);
/// an error inside a value does not stop the other fixes.
final class FixNeverWritesSyntaxErrorsTests: XCTestCase {
    func testFixesThatLeaveABrokenStructureAreNotWritten() {
        let dir = Scratch()
        defer { dir.remove() }
        let text = "format 1\n\ntemplate t {\n  size 10 x 10\n  text a {\n    text \"hi\"\n    at: 1, 1\n  }\n"
        let path = dir.write("mixed.tdl", text)
        let r = runTool(["check", "--fix", path])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(dir.read("mixed.tdl"), text)
        XCTAssertTrue(r.out.contains("mixed.tdl: not rewritten: 2 fixes would leave syntax errors that break its structure"), r.out)
        // Reported as the file is: the missing colons too, not only what would remain.
        XCTAssertTrue(r.out.contains("TDL011") && r.out.contains("TDL009"), r.out)
        XCTAssertFalse(r.out.contains("applied"), r.out)
    }

    func testFixesAroundAnErrorInAValueAreWritten() {
        let dir = Scratch()
        defer { dir.remove() }
        let path = dir.write("value.tdl", "format 1\n\ntemplate t {\n  size 10 x 10\n  text a {\n    text \"hi\"\n    at: 1, 1 @\n  }\n}\n")
        let r = runTool(["check", "--fix", path])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(dir.read("value.tdl"), "format 1\n\ntemplate t {\n  size: 10 x 10\n  text a {\n    text: \"hi\"\n    at: 1, 1 @\n  }\n}\n")
        XCTAssertTrue(r.out.contains("value.tdl: applied 2 fixes"), r.out)
        XCTAssertTrue(r.out.contains("TDL001") && !r.out.contains("TDL011"), r.out)
    }

    func testFixesThatRemoveEverySyntaxErrorAreWritten() {
        let dir = Scratch()
        defer { dir.remove() }
        let path = dir.write("fixable.tdl", "format 1\n\ntemplate t {\n  size 10 x 10\n}\n")
        let r = runTool(["check", "--fix", path])
        XCTAssertEqual(dir.read("fixable.tdl"), "format 1\n\ntemplate t {\n  size: 10 x 10\n}\n", r.out)
        XCTAssertTrue(r.out.contains("applied 1 fix"), r.out)
    }
}

/// A usage message stays short whatever the document holds.
final class ExportItemListTests: XCTestCase {
    func testExportToStandardOutputOfManyItemsNamesTenOfThem() {
        let dir = Scratch()
        defer { dir.remove() }
        let text = "format 1\n" + (0..<3_000).map { "\ntemplate t\($0) {\n  size: 10 x 10\n}\n" }.joined()
        let path = dir.write("many.tdl", text)
        let r = runTool(["export", path])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.err.contains("holds 3000 items (`t0`, `t1`, `t2`, `t3`, `t4`, `t5`, `t6`, `t7`, `t8`, `t9`, … 2990 more)"), r.err)
        XCTAssertLessThan(r.err.count, 400, r.err)
    }
}
