import XCTest
import TemplateFormat
@testable import LanguageFeatures

final class DocumentColorsTests: XCTestCase {
    func testFindsHexAndNamedColoursInColourProperties() {
        let text = "format 1\nstyle s { color: white; background: #FF000080 }\ntemplate t {\n  size: 1 x 1\n  text a { text: \"x\"; align: center; color: #abc }\n}\n"
        let tree = SyntaxTree.parse(text)
        let colors = DocumentColors.colors(in: tree)
        XCTAssertEqual(colors.map { tree.text(of: $0.range) }, ["white", "#FF000080", "#abc"])
        XCTAssertEqual(colors[0].red, 1); XCTAssertEqual(colors[0].green, 1); XCTAssertEqual(colors[0].alpha, 1)
        XCTAssertEqual(colors[1].red, 1); XCTAssertEqual(colors[1].green, 0)
        XCTAssertEqual(colors[1].alpha, 128.0 / 255, accuracy: 1e-9)
        XCTAssertEqual(colors[2].blue, 0xCC / 255.0, accuracy: 1e-9)
    }

    func testMalformedColoursAndNonColourIdentifiersAreSkipped() {
        let text = "template t { text a { color: #12; align: red; text: \"#FFFFFF\" } }"
        XCTAssertTrue(DocumentColors.colors(in: SyntaxTree.parse(text)).isEmpty)
    }

    func testPresentationsGiveHexAndAnExactName() {
        let range = ByteRange(start: 3, end: 8)
        let opaque = DocumentColors.presentations(red: 1, green: 1, blue: 1, alpha: 1, range: range)
        XCTAssertEqual(opaque.map(\.label), ["#FFFFFF", "white"])
        XCTAssertEqual(opaque.first?.edit, TextEdit(range: range, newText: "#FFFFFF"))
        let translucent = DocumentColors.presentations(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.5, range: range)
        XCTAssertEqual(translucent.map(\.label), ["#33669980"])
        XCTAssertEqual(DocumentColors.presentations(red: 0, green: 0, blue: 0, alpha: 0, range: range).map(\.label), ["#00000000", "transparent"])
        // Synonyms give one name; out-of-range and NaN channels are clamped, not trapped.
        XCTAssertEqual(DocumentColors.presentations(red: 0, green: 1, blue: 1, alpha: 1, range: range).map(\.label), ["#00FFFF", "aqua"])
        XCTAssertEqual(DocumentColors.presentations(red: .nan, green: 7, blue: -3, alpha: 2, range: range).map(\.label), ["#00FF00", "lime"])
    }
}
