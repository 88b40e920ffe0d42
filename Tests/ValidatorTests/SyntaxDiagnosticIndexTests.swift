import TemplateFormat
import TestSupport
import XCTest
@testable import Validator

/// `SyntaxDiagnosticIndex` answers what a scan of the parser's diagnostics answers, whether
/// they come in order of start (as the parser writes them) or not.
final class SyntaxDiagnosticIndexTests: XCTestCase {
    func testTheIndexAgreesWithAScan() {
        var random = SeededRandom(seed: 118)
        for round in 0..<300 {
            var list: [Diagnostic] = (0..<Int.random(in: 0...12, using: &random)).map { k in
                let start = Int.random(in: 0...40, using: &random)
                return Diagnostic(code: "TDL00\(k % 10)", severity: .error,
                                  range: ByteRange(start: start, end: start + Int.random(in: 0...6, using: &random)), message: "\(k)")
            }
            if Bool.random(using: &random) { list.sort { $0.range.start < $1.range.start } }
            let index = SyntaxDiagnosticIndex(list)
            let byStart = list.enumerated().sorted { ($0.element.range.start, $0.offset) < ($1.element.range.start, $1.offset) }.map(\.element)
            for _ in 0..<20 {
                let start = Int.random(in: 0...45, using: &random)
                let range = ByteRange(start: start, end: start + Int.random(in: 0...10, using: &random))
                let scanned = byStart.first { ($0.range.start > range.start || $0.range.start == range.start)
                    && ($0.range.start < range.end || $0.range.start == range.start) && $0.range.end <= range.end }
                XCTAssertEqual(index.first(inside: range)?.message, scanned?.message, "round \(round), \(range)")
                XCTAssertEqual(index.hasDiagnostic(startingAt: start), list.contains { $0.range.start == start }, "round \(round)")
            }
        }
    }
}
