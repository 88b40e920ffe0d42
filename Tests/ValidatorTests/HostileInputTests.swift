import ProjectModel
import XCTest
import TemplateFormat
import Validator

/// Documents built to be slow: long `style:` chains and cycles must be checked in time
/// linear in the number of styles (the cycle check once walked each chain from every
/// style, comparing names along an array: cubic, minutes for 10,000 styles).
final class HostileInputTests: XCTestCase {
    private func styles(_ count: Int, cycle: Bool) -> [UInt8] {
        var text = "format 1\n\n"
        for i in 0..<count {
            text += "style s\(i) {\n  style: s\(cycle ? (i + 1) % count : i + 1)\n}\n"
        }
        if !cycle { text += "style s\(count) {\n  font-size: 12\n}\n" }
        text += "\ntemplate t {\n  size: 10 x 10\n  text a {\n    style: s0\n    text: \"x\"\n  }\n}\n"
        return Array(text.utf8)
    }

    func testLongStyleCycleIsReportedOnceWithAShortMessage() {
        let count = 5_000
        let started = ContinuousClock.now
        let diagnostics = Validator.validate(SyntaxTree.parse(styles(count, cycle: true)), path: nil, loader: nil)
        let cycles = diagnostics.filter { $0.code == "TDL112" }
        // One cycle, one mistake: reported at its first style, the next ten as related locations.
        XCTAssertEqual(cycles.count, 1)
        XCTAssertEqual(cycles.first?.message, "style cycle: `s0` extends `s1` extends `s2` extends `s3` extends `s4` extends … (5000 styles) extends `s4999` extends `s0`")
        XCTAssertEqual(cycles.first?.related.count, 10)
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(30))
    }

    func testLongStyleChainWithoutCycleIsNotACycle() {
        let diagnostics = Validator.validate(SyntaxTree.parse(styles(5_000, cycle: false)), path: nil, loader: nil)
        XCTAssertFalse(diagnostics.contains { $0.code == "TDL112" })
    }

    func testShortCyclesKeepTheirFullMessageAndStylesLeadingIntoThemAreNotReported() {
        let text = """
            format 1

            style a {
              style: b
            }
            style b {
              style: c
            }
            style c {
              style: b
            }
            """
        let messages = Validator.validate(SyntaxTree.parse(Array(text.utf8)), path: nil, loader: nil)
            .filter { $0.code == "TDL112" }.map(\.message).sorted()
        XCTAssertEqual(messages, ["style cycle: `b` extends `c` extends `b`"])
    }
}
