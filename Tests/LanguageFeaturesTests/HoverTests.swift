import XCTest
import ProjectModel
import TemplateFormat
@testable import LanguageFeatures

final class HoverTests: XCTestCase {
    private let shared = NavFixture.source("""
    /// Base text.
    style base { font-size: 14; color: #222222 }
    """, path: "/w/shared.tdl")

    private let mainText = """
    format 1
    import "shared.tdl"

    /// Big titles.
    /// Used on every card.
    style title {
      style: base
      font-size: 28
    }

    template t "Card" {
      params {
        user: "friend"
      }
      // not a doc comment

      /// The greeting.
      text hello {
        style: title
        color: white
        text: "Hi {{user}}"
        align: center
        background: #0060DF80
      }
    }
    """

    private func hover(_ needle: String, plus: Int = 0, occurrence: Int = 0) -> HoverResult? {
        let (file, index, _) = NavFixture.file(mainText)
        let c = NavFixture.context(file, imports: [shared])
        return Hover.hover(at: NavFixture.offset(of: needle, in: file, occurrence: occurrence) + plus, in: c)
    }

    func testKindHoverShowsSchemaDocAndDocComment() throws {
        let result = try XCTUnwrap(hover("text hello"))
        XCTAssertTrue(result.markdown.contains("```tdl\ntext hello\n```"))
        XCTAssertTrue(result.markdown.contains("The greeting."))
        XCTAssertEqual(result.range.length, 4)
        // Inherited along the chain, own values left out: font-size from title, nothing else
        // (color is set on the element).
        XCTAssertTrue(result.markdown.contains("`font-size: 28` — from style `title`"), result.markdown)
        XCTAssertFalse(result.markdown.contains("`color: #222222`"))
    }

    func testStyleReferenceHoverShowsChainAndDocComment() throws {
        let result = try XCTUnwrap(hover("style: title", plus: 8))
        XCTAssertTrue(result.markdown.contains("Big titles.\nUsed on every card."))
        XCTAssertTrue(result.markdown.contains("`font-size: 28` — from style `title`"))
        XCTAssertTrue(result.markdown.contains("`color: #222222` — from style `base`"))
        XCTAssertFalse(result.markdown.contains("`font-size: 14`"), "overridden by the nearer style")
        let imported = try XCTUnwrap(hover("style: base", plus: 8))
        XCTAssertTrue(imported.markdown.contains("Defined in `/w/shared.tdl`"))
        XCTAssertTrue(imported.markdown.contains("Base text."))
    }

    func testPropertyHoverShowsTypeDefaultRangeAndOverride() throws {
        let align = try XCTUnwrap(hover("align:"))
        XCTAssertTrue(align.markdown.contains("**align**: enum"))
        XCTAssertTrue(align.markdown.contains("Default: `left`"))
        XCTAssertTrue(align.markdown.contains("`justify`"))
        let fontSize = try XCTUnwrap(hover("font-size: 28"))
        XCTAssertTrue(fontSize.markdown.contains("number (px, pt)"), fontSize.markdown)
        let color = try XCTUnwrap(hover("color: white"))
        XCTAssertTrue(color.markdown.contains("overriding `#222222` from style `base`"), color.markdown)
    }

    func testColoursAsHexAndRGB() throws {
        let named = try XCTUnwrap(hover("white"))
        XCTAssertEqual(named.markdown, "Colour `white`: `#FFFFFF` · rgb(255, 255, 255)")
        let hex = try XCTUnwrap(hover("#0060DF80", plus: 3))
        XCTAssertEqual(hex.markdown, "Colour `#0060DF80` · rgba(0, 96, 223, 0.5)")
    }

    func testParameterAndEnumValueAndDirectives() throws {
        let param = try XCTUnwrap(hover("{{user}}", plus: 3))
        XCTAssertTrue(param.markdown.contains("param user: \"friend\""))
        XCTAssertTrue(param.markdown.contains("used 1 time "))
        XCTAssertTrue(try XCTUnwrap(hover("center")).markdown.contains("for `align`"))
        XCTAssertTrue(try XCTUnwrap(hover("format")).markdown.contains("format version"))
        XCTAssertTrue(try XCTUnwrap(hover("\"shared.tdl\"", plus: 2)).markdown.contains("Styles: `base`"))
    }

    func testNoHoverOnPunctuationOrInBrokenFiles() {
        XCTAssertNil(hover("{\n  params"))
        let (file, index, _) = NavFixture.file("template t {\n  text a {\n    font-size: \"")
        let c = NavFixture.context(file)
        for offset in -1...(file.tree.bytes.count + 2) { _ = Hover.hover(at: offset, in: c) }
        XCTAssertNotNil(Hover.hover(at: NavFixture.offset(of: "font-size", in: file), in: c))
    }
}
