import XCTest
import ProjectModel
import TemplateFormat
import Validator
@testable import LanguageFeatures

/// Every editing feature over every prefix of a document that uses each construct: half-typed
/// input must give well-formed answers (ranges inside the document, in order) and never trap.
final class EditFeaturesRobustnessTests: XCTestCase {
    private let sample = """
    format 1
    import "shared.tdl"
    /// A card.
    style card { background: #FFFFFF; corner-radius: 8px; style: base }
    style base { color: rebeccapurple }
    /* block
       comment */
    template t "Title ✓" {
      size: 327x180
      params { who: "you"; n: 3 }
      // two
      // lines
      text hello {
        style: card
        text: "Hi {{who}} 😀 \\{x"
        align: centre
      }
      image logo { src: "img/a.png"; at: 0, 0 }
      textarea body { text: \"\"\"
        many
        lines {{who}}
        \"\"\" }
    }
    annotations a { image: "shot.png"; size: 10 x 10; arrow x { from: 1, 2; to: y } }
    """

    func testEveryPrefixGivesWellFormedAnswers() {
        let full = Array(sample.utf8)
        for length in 0...full.count {
            let bytes = Array(full[0..<length])
            let tree = SyntaxTree.parse(bytes)
            let lines = LineIndex(bytes)
            let diagnostics = Validator.validate(tree)
            let all = ByteRange(start: 0, end: bytes.count)
            func inside(_ r: ByteRange) -> Bool { r.start >= 0 && r.end <= bytes.count && r.start <= r.end }

            let tokens = SemanticTokens.tokens(in: tree, splittingLinesWith: lines)
            XCTAssertTrue(tokens.allSatisfy { inside($0.range) && !$0.range.isEmpty }, "prefix \(length)")
            XCTAssertTrue(zip(tokens, tokens.dropFirst()).allSatisfy { $0.range.end <= $1.range.start }, "prefix \(length)")
            for token in tokens {
                XCTAssertEqual(lines.line(containing: token.range.start), lines.line(containing: token.range.end - 1), "prefix \(length)")
            }
            _ = SemanticTokens.tokens(in: tree, range: ByteRange(start: length / 2, end: length))
            XCTAssertTrue(DocumentColors.colors(in: tree).allSatisfy { inside($0.range) })
            XCTAssertTrue(FoldingRanges.ranges(in: tree, lines: lines).allSatisfy { $0.startLine < $0.endLine && $0.endLine < lines.lineCount })
            for offset in stride(from: 0, through: length, by: 7) {
                let chain = SelectionRanges.chain(at: offset, in: tree)
                XCTAssertTrue(chain.allSatisfy(inside), "prefix \(length) offset \(offset)")
            }
            XCTAssertTrue(DocumentLinks.links(in: tree, documentPath: "/p/doc.tdl").allSatisfy { inside($0.range) })
            XCTAssertTrue(InlayHints.hints(in: tree, range: all).allSatisfy { $0.position <= bytes.count })
            let quick = CodeActions.quickFixes(for: diagnostics, in: all, documentLength: bytes.count)
            XCTAssertTrue(quick.allSatisfy { $0.edits.allSatisfy { inside($0.range) } })
            if let fixAll = CodeActions.fixAll(diagnostics, documentLength: bytes.count) {
                let edits = fixAll.edits
                XCTAssertTrue(zip(edits, edits.dropFirst()).allSatisfy { $0.range.end <= $1.range.start }, "prefix \(length)")
            }
            if length % 40 == 0 {
                let file = ProjectFile(path: "/w/x.tdl", tree: tree)
                _ = Preview.page(for: file, in: Project(files: [file], loader: nil), diagnostics: diagnostics, at: length / 2)
            }
        }
    }
}
