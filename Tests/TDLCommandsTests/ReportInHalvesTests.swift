import TemplateFormat
import TestSupport
import XCTest
@testable import TDLCommands

/// A report of many diagnostics written in two halves on two threads
/// (`DiagnosticRenderer.writeInHalves`) is byte for byte the report written in one run,
/// with the same counts: over files with random diagnostics (non-ASCII lines, notes that
/// point elsewhere, every severity), with and without colour.
final class ReportInHalvesTests: XCTestCase {
    func testTwoHalvesWriteWhatOneRunWrites() {
        var random = SeededRandom(seed: 115)
        for round in 0..<4 {
            var text = ""
            for k in 0..<3000 { text += k % 7 == 0 ? "  tëxt \(k) “quoted” 日本\n" : "line \(k)\n" }
            let bytes = Array(text.utf8)
            let count = DiagnosticRenderer.diagnosticsWorthHalves + Int.random(in: 0...3000, using: &random)
            var diagnostics: [Diagnostic] = []
            for k in 0..<count {
                let start = Int.random(in: 0..<bytes.count, using: &random)
                let end = min(bytes.count, start + Int.random(in: 0...40, using: &random))
                let severity = Severity.allCases.randomElement(using: &random) ?? .warning
                let related = Int.random(in: 0..<5, using: &random) == 0
                    ? [RelatedLocation(range: ByteRange(start: Int.random(in: 0..<bytes.count, using: &random), end: bytes.count), message: "see here")] : []
                diagnostics.append(Diagnostic(code: "TDL3\(10 + k % 80)", severity: severity, range: ByteRange(start: start, end: end),
                                              message: "message \(k)", related: related))
            }
            diagnostics.sort { ($0.range.start, $0.range.end) < ($1.range.start, $1.range.end) }
            let file = CheckedFile(path: "/tmp/page \(round).tdl", bytes: bytes, diagnostics: diagnostics)
            for color in [false, true] {
                var one = DiagnosticRenderer(color: color)
                one.workers = 1
                var two = one
                two.workers = 2
                var first: [UInt8] = [], second: [UInt8] = []
                let counts = one.writeText([file]) { first.append(contentsOf: $0) }
                let halves = two.writeText([file]) { second.append(contentsOf: $0) }
                XCTAssertEqual(halves, counts, "round \(round)")
                XCTAssertEqual(second.count, first.count, "round \(round), colour \(color)")
                XCTAssertTrue(second == first, "round \(round), colour \(color): the reports differ")
            }
        }
    }
}
