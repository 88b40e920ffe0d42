import XCTest
import TemplateFormat
@testable import LanguageFeatures

final class FoldingRangesTests: XCTestCase {
    private func regions(_ text: String) -> [FoldingRegion] {
        let tree = SyntaxTree.parse(text)
        return FoldingRanges.ranges(in: tree, lines: LineIndex(tree.bytes))
    }

    func testBlocksFoldUpToTheirClosingBrace() {
        let text = """
        format 1
        template t {
          size: 1 x 1
          group g {
            at: 0, 0
          }
        }
        """
        XCTAssertEqual(regions(text), [FoldingRegion(startLine: 1, endLine: 5, kind: .region),
                                       FoldingRegion(startLine: 3, endLine: 4, kind: .region)])
    }

    func testCommentRunsStringsAndImports() {
        let text = """
        // one
        // two
        import "a.tdl"
        import "b.tdl"
        /* block
           comment */
        template t { text a { text: \"\"\"
            line
            \"\"\" } }
        // alone
        """
        let found = regions(text)
        XCTAssertTrue(found.contains(FoldingRegion(startLine: 0, endLine: 1, kind: .comment)), "\(found)")
        XCTAssertTrue(found.contains(FoldingRegion(startLine: 2, endLine: 3, kind: .imports)), "\(found)")
        XCTAssertTrue(found.contains(FoldingRegion(startLine: 4, endLine: 5, kind: .comment)), "\(found)")
        XCTAssertTrue(found.contains { $0.startLine == 6 && $0.endLine == 8 }, "\(found)")
        XCTAssertFalse(found.contains { $0.startLine == 9 }, "a lone comment does not fold")
        XCTAssertEqual(Set(found.map(\.startLine)).count, found.count, "one region per start line")
    }

    func testSingleLineAndBrokenBlocks() {
        XCTAssertTrue(regions("template t { size: 1 x 1 }").isEmpty)
        let unclosed = regions("template t {\n  size: 1 x 1\n  text a {\n")
        XCTAssertTrue(unclosed.allSatisfy { $0.endLine > $0.startLine })
        XCTAssertEqual(unclosed.first?.startLine, 0)
        XCTAssertTrue(regions("").isEmpty)
    }
}
