import XCTest
import TemplateFormat
@testable import LanguageFeatures

final class DocumentSymbolsTests: XCTestCase {
    func testHierarchicalOutline() throws {
        let (file, _, _) = NavFixture.file("""
        format 1
        style title { font-size: 28 }
        template card "Card" {
          params {
            user: "friend"
          }
          group footer {
            button start { label: "Go" }
          }
          text { text: "unnamed" }
        }
        annotations shot {
          image: "s.png"
          arrow p { to: 1, 2 }
        }
        font-face "Brand Sans" {
          src: "fonts/brand-sans.woff2"
        }
        """)
        let outline = DocumentSymbols.outline(of: file.tree)
        XCTAssertEqual(outline.map(\.name), ["title", "card", "shot", "Brand Sans"])
        XCTAssertEqual(outline.map(\.detail), ["style", "template", "annotations", "font-face"])
        XCTAssertEqual(outline.map(\.kind), [.style, .template, .annotations, .fontFace])
        let card = outline[1]
        XCTAssertEqual(card.children.map(\.name), ["params", "footer", "text"])
        XCTAssertEqual(card.children.map(\.kind), [.parameters, .group, .component])
        XCTAssertEqual(card.children[0].children.map(\.name), ["user"])
        XCTAssertEqual(card.children[0].children.first?.kind, .parameter)
        XCTAssertEqual(card.children[1].children.first?.name, "start")
        XCTAssertEqual(card.children[1].children.first?.detail, "button")
        XCTAssertEqual(outline[2].children.first?.kind, .annotationElement)
        XCTAssertEqual(NavFixture.text(card.selectionRange, in: file), "card")
        XCTAssertTrue(NavFixture.text(card.range, in: file).hasPrefix("template card"))
        XCTAssertTrue(NavFixture.text(card.range, in: file).hasSuffix("}"))
    }

    func testSelectionInsideRangeEvenInBrokenFiles() {
        for text in ["template", "template t {\n  text a {\n", "{ }\n}\nstyle", "templat x {\n  bogus y {\n"] {
            let tree = SyntaxTree.parse(text)
            var stack = DocumentSymbols.outline(of: tree)
            while let s = stack.popLast() {
                XCTAssertFalse(s.name.isEmpty)
                XCTAssertTrue(s.range.start <= s.selectionRange.start && s.selectionRange.end <= s.range.end, "\(text): \(s)")
                stack += s.children
            }
        }
        XCTAssertEqual(DocumentSymbols.outline(of: SyntaxTree.parse("templat x {\n}\n")).first?.kind, .unknown)
    }
}
