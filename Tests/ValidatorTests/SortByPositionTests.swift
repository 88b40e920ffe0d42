import XCTest
import TemplateFormat
@testable import Validator
import TestSupport

/// `sortByPosition` moves diagnostics into place along the cycles of the sorting
/// permutation; it must give what a plain stable sort by (start, end, code) gives.
final class SortByPositionTests: XCTestCase {
    /// What `sortByPosition` must give: a plain stable sort by (start, end, code).
    static func stableSorted(_ list: [Diagnostic]) -> [Diagnostic] {
        list.enumerated().sorted { a, b in
            let x = a.element, y = b.element
            if x.range.start != y.range.start { return x.range.start < y.range.start }
            if x.range.end != y.range.end { return x.range.end < y.range.end }
            if x.code != y.code { return x.code < y.code }
            return a.offset < b.offset
        }.map(\.element)
    }

    func testInPlaceSortMatchesAStableSortOnShuffledListsWithTies() {
        var generator = SeededRandom(seed: 109)
        for round in 0..<200 {
            let count = Int.random(in: 0...60, using: &generator)
            var list: [Diagnostic] = []
            for k in 0..<count {
                let start = Int.random(in: 0...8, using: &generator)
                let end = start + Int.random(in: 0...2, using: &generator)
                let code = ["TDL101", "TDL301", "TDL302"].randomElement(using: &generator) ?? "TDL101"
                list.append(Diagnostic(code: code, severity: .warning, range: ByteRange(start: start, end: end), message: "\(round)-\(k)"))
            }
            let expected = SortByPositionTests.stableSorted(list).map(\.message)
            var sorted = list
            Validator.sortByPosition(&sorted)
            XCTAssertEqual(sorted.map(\.message), expected, "round \(round)")
        }
    }

    /// What validation usually gives: in order but for a few findings placed elsewhere
    /// (those inside a style, found from an element that uses it), taken out and merged back.
    func testNearlySortedListsWithAFewOutliersMatchAStableSort() {
        var generator = SeededRandom(seed: 110)
        for round in 0..<200 {
            let count = Int.random(in: 1...80, using: &generator)
            var list: [Diagnostic] = []
            var start = 0
            for k in 0..<count {
                start += Int.random(in: 0...3, using: &generator)
                list.append(Diagnostic(code: "TDL301", severity: .warning, range: ByteRange(start: start, end: start + 1), message: "\(round)-\(k)"))
            }
            for k in 0..<Int.random(in: 1...5, using: &generator) {
                let at = Int.random(in: 0...start + 2, using: &generator)
                let code = ["TDL101", "TDL301", "TDL320"].randomElement(using: &generator) ?? "TDL101"
                list.insert(Diagnostic(code: code, severity: .warning, range: ByteRange(start: at, end: at + Int.random(in: 0...2, using: &generator)),
                                       message: "\(round)-out-\(k)"), at: Int.random(in: 0...list.count, using: &generator))
            }
            let expected = SortByPositionTests.stableSorted(list).map(\.message)
            var sorted = list
            Validator.sortByPosition(&sorted)
            XCTAssertEqual(sorted.map(\.message), expected, "round \(round)")
        }
    }
}
