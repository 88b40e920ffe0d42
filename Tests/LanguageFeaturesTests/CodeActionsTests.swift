import XCTest
import TemplateFormat
import Validator
@testable import LanguageFeatures

final class CodeActionsTests: XCTestCase {
    private func analyse(_ text: String) -> (bytes: [UInt8], diagnostics: [Diagnostic]) {
        let bytes = Array(text.utf8)
        return (bytes, Validator.validate(SyntaxTree.parse(bytes)))
    }

    private func offset(of needle: String, in text: String) -> Int {
        guard let r = text.range(of: needle) else { XCTFail("\(needle) not in text"); return 0 }
        return text.utf8.distance(from: text.utf8.startIndex, to: r.lowerBound)
    }

    func testSizeWithoutSpacesGetsACertainPreferredFix() {
        let text = "format 1\ntemplate t {\n  size: 327x180\n}\n"
        let (bytes, diagnostics) = analyse(text)
        let at = offset(of: "327x180", in: text)
        let actions = CodeActions.quickFixes(for: diagnostics, in: ByteRange(start: at, end: at), documentLength: bytes.count)
        let fix = try? XCTUnwrap(actions.first { $0.title.contains("327 x 180") })
        XCTAssertEqual(fix?.kind, .quickFix)
        XCTAssertEqual(fix?.isPreferred, true)
        XCTAssertEqual(fix?.diagnostics.count, 1)
        let fixed = String(decoding: FixSelection.apply(fix?.edits ?? [], to: bytes), as: UTF8.self)
        XCTAssertTrue(fixed.contains("size: 327 x 180"), fixed)
    }

    func testDidYouMeanIsOfferedButNotPreferred() {
        let text = "format 1\ntemplate t {\n  size: 10 x 10\n  text a {\n    text: \"hi\"\n    at: 0, 0\n    size: 5 x 5\n    algin: center\n  }\n}\n"
        let (bytes, diagnostics) = analyse(text)
        let at = offset(of: "algin", in: text)
        let actions = CodeActions.quickFixes(for: diagnostics, in: ByteRange(start: at, end: at + 2), documentLength: bytes.count)
        let change = actions.first { $0.title == "Change to `align`" }
        XCTAssertNotNil(change, "\(actions.map(\.title))")
        XCTAssertEqual(change?.isPreferred, false)
        XCTAssertEqual(change?.edits, [TextEdit(range: ByteRange(start: at, end: at + 5), newText: "align")])
    }

    func testMissingAltOffersInsertion() {
        let text = "format 1\ntemplate t {\n  size: 100 x 100\n  image logo {\n    src: \"logo.png\"\n    at: 0, 0\n    size: 10 x 10\n  }\n}\n"
        let (bytes, diagnostics) = analyse(text)
        let at = offset(of: "image logo", in: text)
        let actions = CodeActions.quickFixes(for: diagnostics, in: ByteRange(start: at, end: at + 5), documentLength: bytes.count)
        // A description to fill in, or decorative: each says which it is.
        let describe = actions.first { $0.title.hasPrefix("Add a description") }
        let decorative = actions.first { $0.title.hasPrefix("Mark as decorative") }
        XCTAssertNotNil(describe, "\(actions.map(\.title))")
        XCTAssertNotNil(decorative, "\(actions.map(\.title))")
        let described = String(decoding: FixSelection.apply(describe?.edits ?? [], to: bytes), as: UTF8.self)
        XCTAssertTrue(described.contains("    size: 10 x 10\n    alt: \"Describe the image\"\n  }"), described)
        let fixed = String(decoding: FixSelection.apply(decorative?.edits ?? [], to: bytes), as: UTF8.self)
        XCTAssertTrue(fixed.contains("    size: 10 x 10\n    alt: \"\"\n  }"), fixed)
    }

    func testOnlyDiagnosticsOverlappingTheRangeAreUsed() {
        let text = "format 1\ntemplate t {\n  size: 327x180\n  background: #FFF\n}\n"
        let (bytes, diagnostics) = analyse(text)
        XCTAssertFalse(diagnostics.isEmpty)
        let at = offset(of: "background", in: text)
        let actions = CodeActions.quickFixes(for: diagnostics, in: ByteRange(start: at, end: at), documentLength: bytes.count)
        XCTAssertTrue(actions.allSatisfy { !$0.title.contains("327") }, "\(actions.map(\.title))")
    }

    func testFixesOutsideTheDocumentAreDropped() {
        let stale = Diagnostic(code: "TDL999", severity: .error, range: ByteRange(start: 0, end: 1), message: "m",
                               fixes: [Fix(title: "far", edits: [TextEdit(range: ByteRange(start: 50, end: 60), newText: "")])])
        XCTAssertTrue(CodeActions.quickFixes(for: [stale], in: ByteRange(start: 0, end: 0), documentLength: 10).isEmpty)
        XCTAssertNil(CodeActions.fixAll([stale], documentLength: 10))
    }

    func testFixAllAppliesEveryCertainFixOnce() {
        let text = "format 1\ntemplate t {\n  size: 327x180\n  text a {\n    text: \"x\"\n    at: 0, 0\n    size: 5x5\n  }\n}\n"
        let (bytes, diagnostics) = analyse(text)
        let action = CodeActions.fixAll(diagnostics, documentLength: bytes.count)
        XCTAssertEqual(action?.kind, .sourceFixAll)
        XCTAssertEqual(action?.diagnostics.count, 2)
        let fixed = FixSelection.apply(action?.edits ?? [], to: bytes)
        let text2 = String(decoding: fixed, as: UTF8.self)
        XCTAssertTrue(text2.contains("size: 327 x 180") && text2.contains("size: 5 x 5"), text2)
        let remaining = Validator.validate(SyntaxTree.parse(fixed))
        XCTAssertFalse(remaining.contains { $0.fixes.contains(where: \.isCertain) }, "\(remaining)")
    }

    func testFixAllSkipsUncertainAndClashingFixes() {
        func diag(_ start: Int, _ end: Int, certain: Bool) -> Diagnostic {
            Diagnostic(code: "TDL900", severity: .warning, range: ByteRange(start: start, end: end), message: "m",
                       fixes: [Fix(title: "f", edits: [TextEdit(range: ByteRange(start: start, end: end), newText: "Z")], isCertain: certain)])
        }
        let diagnostics = [diag(4, 6, certain: true), diag(0, 2, certain: false), diag(5, 7, certain: true), diag(8, 8, certain: true), diag(8, 8, certain: true)]
        let action = CodeActions.fixAll(diagnostics, documentLength: 10)
        XCTAssertEqual(action?.edits.map(\.range), [ByteRange(start: 4, end: 6), ByteRange(start: 8, end: 8)])
        XCTAssertEqual(action?.title, "Fix all 2 problems")
        XCTAssertEqual(FixSelection.apply(action?.edits ?? [], to: Array("0123456789".utf8)), Array("0123Z67Z89".utf8))
    }

    func testNothingToFixGivesNoFixAll() {
        let (bytes, diagnostics) = analyse("format 1\n")
        XCTAssertNil(CodeActions.fixAll(diagnostics, documentLength: bytes.count))
    }
}
