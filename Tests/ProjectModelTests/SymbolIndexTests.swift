import XCTest
import TemplateFormat
@testable import ProjectModel

final class SymbolIndexTests: XCTestCase {
    private func index(_ text: String) -> (SyntaxTree, SymbolIndex) {
        let tree = SyntaxTree.parse(text)
        return (tree, SymbolIndex(tree: tree))
    }

    func testDefinitionsAndReferencesInDocumentOrder() {
        let (tree, index) = index("""
        import "a.tdl"
        style s { style: base }
        template t {
          params { p: 1 }
          text x { style: s; text: "{{p}} {{ p }} \\{{p}} {{bad name}}" }
        }
        annotations n {
          image: "i.png"
          rect r { at: 1, 2 }
          arrow a { from: r; to: 3, 4 }
          label l { text: "{{p}}" }
        }
        """)
        let described = index.occurrences.map { "\($0.key.kind.rawValue):\(tree.text(of: $0.range)):\($0.isDefinition ? "def" : "ref")" }
        XCTAssertEqual(described, [
            "style:s:def", "style:base:ref",
            "parameter:p:def", "element:x:def", "style:s:ref", "parameter:p:ref", "parameter:p:ref",
            "element:r:def", "element:a:def", "element:r:ref", "element:l:def",
        ])
        XCTAssertEqual(index.imports, [ImportDirective(path: "a.tdl", range: ByteRange(offset: 7, length: 7))])
        let template = index.occurrences[2].key.container
        let annotations = index.occurrences[7].key.container
        XCTAssertNotEqual(template, annotations)
        XCTAssertEqual(index.definedNames(.element, container: annotations), ["r", "a", "l"])
        XCTAssertEqual(index.definedNames(.style), ["s"])
    }

    func testOccurrenceAtBoundaries() {
        let (_, index) = index("style abc {}\n")
        let start = 6
        XCTAssertEqual(index.occurrence(at: start)?.key.name, "abc")
        XCTAssertEqual(index.occurrence(at: start + 3)?.key.name, "abc", "just after the name")
        XCTAssertNil(index.occurrence(at: start + 4))
        XCTAssertNil(index.occurrence(at: 0))
    }

    func testBrokenInputNeverTraps() {
        for text in ["", "{{", "style", "template t {\n  params {\n    p:", "annotations a {\n  arrow { to: }\n", "\"{{x"] {
            let index = SymbolIndex(tree: SyntaxTree.parse(text))
            for o in index.occurrences { XCTAssertLessThanOrEqual(o.range.end, text.utf8.count) }
        }
    }
}
