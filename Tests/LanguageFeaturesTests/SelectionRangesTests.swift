import XCTest
import TemplateFormat
@testable import LanguageFeatures

final class SelectionRangesTests: XCTestCase {
    func testChainFromAnInterpolationToTheDocument() {
        let text = "format 1\ntemplate t {\n  text a {\n    text: \"Hi {{who}}\"\n  }\n}\n"
        let tree = SyntaxTree.parse(text)
        let at = Array(text.utf8).firstIndex(of: UInt8(ascii: "w"))! + 1
        let chain = SelectionRanges.chain(at: at, in: tree).map { tree.text(of: $0) }
        let block = "text a {\n    text: \"Hi {{who}}\"\n  }"
        XCTAssertEqual(chain, ["{{who}}", "Hi {{who}}", "\"Hi {{who}}\"", "text: \"Hi {{who}}\"", block,
                               "template t {\n  " + block + "\n}", text])
        // Each step strictly contains the previous one, and the last is the document.
        let ranges = SelectionRanges.chain(at: at, in: tree)
        for (inner, outer) in zip(ranges, ranges.dropFirst()) {
            XCTAssertTrue(outer.start <= inner.start && outer.end >= inner.end && outer != inner)
        }
        XCTAssertEqual(ranges.last, ByteRange(start: 0, end: tree.bytes.count))
    }

    func testBodyOfABlockIsAStep() {
        let text = "template t {\n  size: 1 x 1\n  background: red\n}"
        let tree = SyntaxTree.parse(text)
        let at = Array(text.utf8).firstIndex(of: UInt8(ascii: "1"))!
        let chain = SelectionRanges.chain(at: at, in: tree).map { tree.text(of: $0) }
        XCTAssertEqual(chain, ["1", "1 x 1", "size: 1 x 1", "size: 1 x 1\n  background: red", text])
    }

    func testOffsetsOutsideTokensAndOutOfRange() {
        let text = "template t {\n\n  size: 1 x 1\n}"
        let tree = SyntaxTree.parse(text)
        let blank = SelectionRanges.chain(at: 13, in: tree)
        XCTAssertEqual(blank.last, ByteRange(start: 0, end: tree.bytes.count))
        XCTAssertFalse(SelectionRanges.chain(at: 10_000, in: tree).isEmpty)
        XCTAssertFalse(SelectionRanges.chain(at: -5, in: tree).isEmpty)
        XCTAssertTrue(SelectionRanges.chain(at: 0, in: SyntaxTree.parse("")).isEmpty)
    }
}
