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
        XCTAssertTrue(result.markdown.contains("From style `title`:\n- `font-size: 28`"), result.markdown)
        XCTAssertFalse(result.markdown.contains("`color: #222222`"))
        XCTAssertFalse(result.markdown.contains("— from style"), "the style is named once, not on every line")
    }

    func testStyleReferenceHoverShowsChainAndDocComment() throws {
        let result = try XCTUnwrap(hover("style: title", plus: 8))
        XCTAssertTrue(result.markdown.contains("Big titles.\nUsed on every card."))
        XCTAssertTrue(result.markdown.contains("From style `title`:\n- `font-size: 28`"), result.markdown)
        XCTAssertTrue(result.markdown.contains("From style `base` in `shared.tdl`:\n- `color: #222222`"), result.markdown)
        XCTAssertFalse(result.markdown.contains("`font-size: 14`"), "overridden by the nearer style")
        XCTAssertFalse(result.markdown.contains("/w/"), "paths relative to the document")
        let imported = try XCTUnwrap(hover("style: base", plus: 8))
        XCTAssertTrue(imported.markdown.contains("Defined in `shared.tdl`"))
        XCTAssertTrue(imported.markdown.contains("Base text."))
    }

    func testPropertyHoverShowsTypeDefaultRangeAndOverride() throws {
        let align = try XCTUnwrap(hover("align:"))
        XCTAssertTrue(align.markdown.contains("**align**: enum"))
        XCTAssertTrue(align.markdown.contains("Default: `start`"))
        XCTAssertTrue(align.markdown.contains("`justify`"))
        let fontSize = try XCTUnwrap(hover("font-size: 28"))
        XCTAssertTrue(fontSize.markdown.contains("number (px, pt)"), fontSize.markdown)
        let color = try XCTUnwrap(hover("color: white"))
        XCTAssertTrue(color.markdown.contains("overriding `#222222` from style `base` in `shared.tdl`"), color.markdown)
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

    private func hover(in text: String, at needle: String, plus: Int = 0) -> HoverResult? {
        let (file, _, _) = NavFixture.file(text)
        let c = NavFixture.context(file, imports: [shared])
        return Hover.hover(at: NavFixture.offset(of: needle, in: file) + plus, in: c)
    }

    func testNumbersWithAndWithoutUnits() throws {
        let text = """
        template t {
          size: 375 x 667
          text a {
            text: "x"
            at: 24, 64
            font-size: 12pt
            line-height: 150%
            rotation: -2deg
            opacity: 0.5
            corner-radius: 8
          }
          text b {
            text: "y"
            line-height: 1.5
            font-size: 2000
          }
        }
        """
        XCTAssertEqual(try XCTUnwrap(hover(in: text, at: "12pt", plus: 1)).markdown,
                       "`12pt`: 12 pt = 16 px  \n`font-size`: number (px, pt) · range 1 … 1000")
        XCTAssertTrue(try XCTUnwrap(hover(in: text, at: "150%")).markdown.hasPrefix("`150%`: 150% of the font size"))
        XCTAssertTrue(try XCTUnwrap(hover(in: text, at: "1.5")).markdown.hasPrefix("`1.5`: 1.5 × the font size"))
        XCTAssertTrue(try XCTUnwrap(hover(in: text, at: "-2deg")).markdown.hasPrefix("`-2deg`: -2° clockwise"))
        XCTAssertTrue(try XCTUnwrap(hover(in: text, at: "64")).markdown.hasPrefix("`64`: y = 64 px"))
        XCTAssertTrue(try XCTUnwrap(hover(in: text, at: "667")).markdown.hasPrefix("`667`: height = 667 px"))
        XCTAssertTrue(try XCTUnwrap(hover(in: text, at: "8\n")).markdown.hasPrefix("`8`: 8 px (a bare number is in px)"))
        XCTAssertTrue(try XCTUnwrap(hover(in: text, at: "0.5")).markdown.contains("range 0 … 1"))
        XCTAssertTrue(try XCTUnwrap(hover(in: text, at: "2000")).markdown.contains("Outside the range"))
        let range = try XCTUnwrap(hover(in: text, at: "12pt", plus: 2)).range
        XCTAssertEqual(range.length, 4, "the whole number with its unit")
    }

    func testCodesInSuppressionComments() throws {
        let text = """
        format 1
        // tdl-ignore-file TDL304, TDL999
        template t {
          size: 375 x 667
          // tdl-ignore TDL301 TDL001
          text a { text: "x" }
        }
        """
        let code = try XCTUnwrap(hover(in: text, at: "TDL301", plus: 3))
        XCTAssertTrue(code.markdown.hasPrefix("**TDL301** · warning"), code.markdown)
        XCTAssertTrue(code.markdown.contains("Bad:"), "the explanation with its examples")
        XCTAssertEqual(code.range.length, 6)
        XCTAssertTrue(try XCTUnwrap(hover(in: text, at: "TDL304")).markdown.contains("Unused style"))
        XCTAssertTrue(try XCTUnwrap(hover(in: text, at: "TDL999")).markdown.contains("is not a diagnostic code"))
        XCTAssertTrue(try XCTUnwrap(hover(in: text, at: "TDL001")).markdown.contains("cannot be silenced"))
        XCTAssertNil(hover(in: text, at: "tdl-ignore TDL301", plus: 2), "the marker itself has no hover")
    }

    func testImportHoverShowsTheRelativePath() throws {
        let result = try XCTUnwrap(hover("\"shared.tdl\"", plus: 2))
        XCTAssertTrue(result.markdown.hasPrefix("Imports `shared.tdl`."), result.markdown)
    }

    func testPropertyInAStyleShowsEveryKindsDefault() throws {
        let result = try XCTUnwrap(hover(in: "style s {\n  color: red\n}\n", at: "color"))
        XCTAssertTrue(result.markdown.contains("`#FF0000` on `label`"), result.markdown)
        XCTAssertFalse(result.markdown.contains("Required"))
    }

    func testRelativePaths() {
        XCTAssertEqual(RelativePath.display("/w/shared.tdl", from: "/w/main.tdl"), "shared.tdl")
        XCTAssertEqual(RelativePath.display("/w/lib/a.tdl", from: "/w/main.tdl"), "lib/a.tdl")
        XCTAssertEqual(RelativePath.display("/x/a.tdl", from: "/w/sub/main.tdl"), "../../x/a.tdl")
        XCTAssertEqual(RelativePath.display("/w/a.tdl", from: "untitled:1"), "/w/a.tdl", "no folder to be relative to")
    }
}
