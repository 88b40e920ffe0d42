import Foundation
@testable import HTMLGen
import TemplateFormat
import Validator
import XCTest

/// Parameters and data, and the shape of the HTML and SVG output.
final class RenderingTests: XCTestCase {
    static let card = """
    format 1
    template card "Card" {
      size: 300 x 200
      params {
        user: "friend"
        count: 3
        pro: false
      }
      text hello { text: "Hi {{user}}, {{count}} new; pro: {{pro}}; {{ user }} \\{{user}} {{other}}" }
    }
    template second { size: 10 x 10; params { other: 1 } }
    """

    func testParametersTakeTheirDefaults() {
        let document = resolve(RenderingTests.card)
        XCTAssertEqual(document.issues, [])
        XCTAssertEqual(document.items[0].children[0][.text],
                       .string("Hi friend, 3 new; pro: false; {{ user }} {{user}} {{other}}"))
        XCTAssertEqual(document.items[0].parameters.map(\.value), [.string("friend"), .number(3), .bool(false)])
    }

    func testDataReplacesDefaults() {
        let document = resolve(RenderingTests.card, data: ["user": .string("Ada <3"), "count": .number(2.5), "pro": .bool(true)])
        XCTAssertEqual(document.issues, [])
        XCTAssertEqual(document.items[0].children[0][.text],
                       .string("Hi Ada <3, 2.5 new; pro: true; {{ user }} {{user}} {{other}}"))
        XCTAssertTrue(export(RenderingTests.card, data: ["user": .string("Ada <3")]).contains("Hi Ada &lt;3, 3 new"))
        let json = export(RenderingTests.card, as: .json, data: ["count": .number(2.5)])
        XCTAssertTrue(json.contains("\"count\": 2.5"), json)
    }

    func testUnknownKeysWarnAndWrongTypesAreErrors() {
        let document = resolve(RenderingTests.card, data: ["user": .number(1), "pro": .string("yes"), "nobody": .bool(true), "other": .number(2)])
        let warnings = document.issues.filter { $0.severity == .warning }
        let errors = document.issues.filter { $0.severity == .error }
        XCTAssertEqual(warnings.map(\.kind), [.unknownParameter])
        XCTAssertTrue(warnings[0].message.contains("`nobody`"), warnings[0].message)
        XCTAssertEqual(errors.map(\.kind), [.wrongParameterType, .wrongParameterType])
        XCTAssertTrue(errors[0].message.contains("`user` of template `card` is a string"), errors[0].message)
        XCTAssertTrue(errors[1].message.contains("`pro` of template `card` is a boolean"), errors[1].message)
        XCTAssertTrue(document.hasErrors)
        // The defaults stand where the data was wrong.
        XCTAssertEqual(document.items[0].children[0][.text],
                       .string("Hi friend, 3 new; pro: false; {{ user }} {{user}} {{other}}"))
        // A key is unknown only when no resolved template declares it.
        let onlyFirst = ResolvedDocument.resolve(SyntaxTree.parse(RenderingTests.card), data: ["other": .number(2)], only: ["card"])
        XCTAssertEqual(onlyFirst.issues.map(\.kind), [.unknownParameter])
        XCTAssertEqual(ParameterBinding.unknownKeys(["b": .bool(true), "a": .bool(true)], declared: []).map(\.message).count, 2)
    }

    func testParamValueText() {
        XCTAssertEqual(ParamValue.number(14).text, "14")
        XCTAssertEqual(ParamValue.number(0.1).text, "0.1")
        XCTAssertEqual(ParamValue.number(1e22).text, "10000000000000000000000")
        XCTAssertEqual(ParamValue.bool(true).text, "true")
    }

    /// A line break in a text's value starts a new line on the page (`pre-line`: spaces still
    /// collapse), whether it is written as `\n`, kept by a `"""` string or comes with a
    /// parameter's value; a text without one gets no such rule.
    func testLineBreaksInTextAreKept() {
        let source = """
        format 1
        template t {
          size: 300 x 300
          params {
            note: "plain"
          }
          text escaped { text: "One\\nTwo"; at: 0, 0 }
          text block {
            text: \"\"\"
              One
              Two
              \"\"\"
            at: 0, 40
          }
          text plain { text: "One Two"; at: 0, 80 }
          text param { text: "{{note}}"; at: 0, 120 }
        }
        """
        func rule(_ id: String, _ html: String) -> String { declarations(of: id, in: html) }
        let page = export(source)
        XCTAssertTrue(rule("escaped", page).hasSuffix(";white-space:pre-line"), rule("escaped", page))
        XCTAssertTrue(rule("block", page).contains("white-space:pre-line"), rule("block", page))
        XCTAssertFalse(rule("plain", page).contains("white-space"), rule("plain", page))
        XCTAssertFalse(rule("param", page).contains("white-space"), rule("param", page))
        let filled = export(source, data: ["note": .string("Line one\nLine two")])
        XCTAssertTrue(rule("param", filled).contains("white-space:pre-line"), rule("param", filled))
    }

    func testTemplatePageStructure() {
        let source = """
        format 1
        template page "Page" {
          size: 320 x 480
          lang: "pt-BR"
          text t { text: "x"; at: 1, 2; z: 3; opacity: 0.5; rotation: -2deg; visible: false; underline: true; max-lines: 2 }
          textarea ta { text: "a\\n\\nb" }
          image i { src: "a.png"; fit: contain }
          image nameless-alt { src: "b.png" }
          button b { label: "Go"; action: "/go"; align: right; max-lines: 1 }
          video v { src: "v.mp4"; autoplay: true; muted: true; controls: false }
          divider d { at: 0, 100; width: 320; thickness: 2; color: #FF000080 }
          divider tall { at: 0, 200; size: 320 x 10; thickness: 2 }
          divider framed { at: 0, 300; width: 320; thickness: 2; background: #EEEEEE }
        }
        """
        let html = export(source)
        XCTAssertTrue(html.hasPrefix("<!doctype html>\n<html lang=\"pt-BR\">\n<head>\n<meta charset=\"utf-8\">\n"), html)
        XCTAssertTrue(html.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"))
        XCTAssertTrue(html.contains("<title>Page</title>"))
        XCTAssertEqual(html.components(separatedBy: "<style>").count, 2, "one style block")
        XCTAssertTrue(html.contains("@media (max-width:320px){:root{--u:calc(100vw/320)}}"))
        XCTAssertTrue(html.contains("@supports (width:1cqw){body{container-type:inline-size}:root{--u:min(1px,100cqw/320)}}"), html)
        XCTAssertTrue(html.contains(".tdl-canvas{position:relative;overflow:hidden;margin:0 auto;width:calc(320*var(--u));min-height:calc(480*var(--u));display:grid;"), html)
        XCTAssertTrue(declarations(of: "t", in: html).hasPrefix("position:absolute;left:calc(1*var(--u));top:calc(2*var(--u));z-index:3;opacity:0.5;transform:rotate(-2deg);"), html)
        XCTAssertTrue(html.contains("text-decoration:underline"))
        XCTAssertTrue(declarations(of: "t", in: html).hasSuffix("-webkit-line-clamp:2;overflow:hidden;display:none"), html)
        XCTAssertTrue(idRuleSelectors(html).contains("#ta") && html.contains("white-space:pre-wrap"))
        XCTAssertTrue(withoutAppearanceClasses(html).contains("<p id=\"ta\" dir=\"auto\">a\n\nb</p>"))
        XCTAssertTrue(withoutAppearanceClasses(html).contains("<img id=\"i\" src=\"a.png\" alt=\"\">"))
        XCTAssertTrue(withoutAppearanceClasses(html).contains("<img id=\"nameless-alt\" src=\"b.png\" alt=\"\">"), "alt is always present")
        XCTAssertTrue(html.contains("object-fit:contain"))
        XCTAssertTrue(withoutAppearanceClasses(html).contains("<a id=\"b\" class=\"tdl-button\" dir=\"auto\" href=\"/go\"><span>Go</span></a>"), html)
        XCTAssertTrue(idRuleSelectors(html).contains("#b") && html.contains("text-align:right") && !html.contains("justify-content:flex"), "a button's side is its text-align alone")
        XCTAssertTrue(html.contains(".tdl-button{display:flex;flex-direction:column;justify-content:center}"))
        XCTAssertTrue(html.contains("#b>span{display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:1;overflow:hidden}"))
        XCTAssertTrue(withoutAppearanceClasses(html).contains("<video id=\"v\" class=\"tdl-motion\" src=\"v.mp4\" autoplay muted playsinline></video>"), html)
        XCTAssertTrue(withoutAppearanceClasses(html).contains("<hr id=\"d\">"))
        // A divider as tall as its rule is its top border (printed, kept in forced colours);
        // a taller or framed one a strip across the box, printed as drawn.
        XCTAssertTrue(declarations(of: "d", in: html).hasPrefix("grid-area:") && declarations(of: "d", in: html).hasSuffix(
            "height:calc(2*var(--u));border-top:calc(2*var(--u)) solid rgba(255,0,0,0.502)"), html)
        for id in ["tall", "framed"] {
            XCTAssertTrue(declarations(of: id, in: html).contains(
                "background-size:100% calc(2*var(--u));-webkit-print-color-adjust:exact;print-color-adjust:exact;forced-color-adjust:none"), html)
        }
        XCTAssertTrue(html.contains("<meta name=\"color-scheme\" content=\"light\">"), html)
        XCTAssertTrue(html.contains(".tdl-canvas a:focus-visible{outline:2px solid #1A1A1A;"), html)
        XCTAssertTrue(html.contains("@media (forced-colors:active){.tdl-canvas a.tdl-button{border:1px solid ButtonText}}"), html)
        XCTAssertTrue(html.hasSuffix("</main>\n</body>\n</html>\n"))
    }

    /// Elements laid out alike (the same members in the same places of groups of one size)
    /// share one `#id` rule, its selector naming each of them; an element laid out like no
    /// other keeps a rule of its own. What each element is given is what it was before.
    func testElementsLaidOutAlikeShareOneRule() {
        let html = export("""
        format 1
        template t {
          size: 400 x 300
          group a { at: 0, 0; size: 200 x 100; text ta { text: "1"; at: 0, 0; size: 100 x 20 }
                    button ba { label: "Go"; action: "/go"; at: 0, 40; size: 80 x 30; max-lines: 1 } }
          group b { at: 0, 100; size: 200 x 100; text tb { text: "2"; at: 0, 0; size: 100 x 20 }
                    button bb { label: "Go"; action: "/go"; at: 0, 40; size: 80 x 30; max-lines: 1 } }
          group c { at: 200, 0; size: 200 x 100; text tc { text: "3"; at: 0, 0; size: 100 x 21 } }
        }
        """)
        XCTAssertTrue(html.contains("\n#a-ta,#b-tb{grid-area:1/1/2/3;min-height:calc(20*var(--u))}\n"), html)
        XCTAssertTrue(html.contains("\n#a-ba,#b-bb{grid-area:3/1;min-height:calc(30*var(--u))}\n"), html)
        XCTAssertTrue(html.contains("\n#a-ba>span,#b-bb>span{display:-webkit-box;"), html)
        XCTAssertTrue(html.contains("\n#c-tc{grid-area:1/1;min-height:calc(21*var(--u))}\n"), html)
        XCTAssertTrue(html.contains("\n#a{grid-area:1/1;min-height:calc(100*var(--u))}\n"), html)
        XCTAssertEqual(declarations(of: "a-ta", in: html), declarations(of: "b-tb", in: html))
        XCTAssertEqual(Set(pageDeclarations(html).keys), ["a", "a-ta", "a-ba", "b", "b-tb", "b-bb", "c", "c-tc"])
    }

    /// A video that plays by itself has a still twin for readers who ask for less motion:
    /// same box (one rule for both ids), paused, with controls, loading nothing until shown.
    func testAVideoThatPlaysByItselfHasAStillTwin() {
        let html = export("""
        format 1
        template t {
          size: 400 x 300
          video clip { src: "c.mp4"; autoplay: true; muted: true; controls: false; captions: "c.vtt"; at: 0, 0; size: 100 x 50 }
          video calm { src: "d.mp4"; at: 0, 100; size: 100 x 50 }
        }
        """)
        let plain = withoutAppearanceClasses(html)
        XCTAssertTrue(plain.contains("<video id=\"clip\" class=\"tdl-motion\" src=\"c.mp4\" autoplay muted playsinline><track kind=\"captions\" src=\"c.vtt\" srclang=\"en\" default></video>"), html)
        XCTAssertTrue(plain.contains("<video id=\"clip.still\" class=\"tdl-still\" src=\"c.mp4\" controls muted preload=\"none\"><track kind=\"captions\" src=\"c.vtt\" srclang=\"en\"></video>"), html)
        XCTAssertTrue(html.contains("\n#clip,#clip\\.still{"), html)
        XCTAssertTrue(html.contains("@media (prefers-reduced-motion:reduce){.tdl-canvas .tdl-motion{display:none}.tdl-canvas .tdl-still{display:block}}"), html)
        XCTAssertTrue(plain.contains("<video id=\"calm\" src=\"d.mp4\" controls></video>"), html)
        XCTAssertFalse(export("format 1\ntemplate t { size: 10 x 10; video v { src: \"v.mp4\" } }").contains("prefers-reduced-motion"),
                       "no motion rules without a video that plays by itself")
    }

    func testAnnotationOverlay() {
        let source = """
        format 1
        annotations shot "Shot" {
          image: "s.png"
          size: 400 x 300
          rect box { at: 100, 100; size: 100 x 50; corner-radius: 4; fill: #FFFF0080 }
          arrow a { from: 0, 125; to: box; head: open; tail: bar; cap: round; dash: dotted }
          line l { from: box; to: 390, 290; head: square; tail: filled }
          highlight h { at: 0, 0; size: 10 x 10; z: -1 }
          blur b { at: 10, 10; size: 20 x 20; radius: 4; fill: #000000 }
          label t { text: "Look here please"; at: 200, 200; size: 100 x 60; align: center; background: white; rotation: 10 }
          ellipse e { at: 0, 0; size: 40 x 20; scale: 2; visible: false }
        }
        """
        let svg = export(source, as: .svg)
        XCTAssertTrue(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" xml:lang=\"en\" width=\"400\" height=\"300\" viewBox=\"0 0 400 300\" role=\"img\" aria-labelledby=\"shot.tdl.title\" aria-describedby=\"shot.tdl.desc\">\n<title id=\"shot.tdl.title\">Shot</title>\n<desc id=\"shot.tdl.desc\">"), svg)
        XCTAssertTrue(svg.contains("<image id=\"shot.tdl.image\" href=\"s.png\" x=\"0\" y=\"0\" width=\"400\" height=\"300\"/>"), svg)
        // z order: the highlight (z -1) is painted first.
        let order = ["h", "box", "a", "l", "b", "t", "e"].compactMap { svg.range(of: "id=\"shot-\($0)\"")?.lowerBound }
        XCTAssertEqual(order.count, 7, svg)
        XCTAssertEqual(order, order.sorted())
        XCTAssertTrue(svg.contains("fill=\"#FFFF00\" fill-opacity=\"0.502\""), "translucent colours are split")
        // The arrow ends on the box's left edge (x = 100), pulled back by the open head's inset.
        XCTAssertTrue(svg.contains("<line x1=\"0\" y1=\"125\" x2=\"98.8\" y2=\"125\""), svg)
        XCTAssertTrue(svg.contains("stroke-linecap=\"round\" stroke-dasharray=\"0 4\" marker-end=\"url(#shot.tdl.1.head)\" marker-start=\"url(#shot.tdl.1.tail)\""), svg)
        XCTAssertTrue(svg.contains("<marker id=\"shot.tdl.1.head\" viewBox=\"0 0 10 10\" markerUnits=\"userSpaceOnUse\" markerWidth=\"12\" markerHeight=\"12\" refX=\"8\""), svg)
        XCTAssertTrue(svg.contains("<marker id=\"shot.tdl.1.tail\"") && svg.contains("d=\"M5 0V10\""), "bar tail")
        XCTAssertTrue(svg.contains("d=\"M10 0L0 5L10 10Z\""), "a filled tail points away from the line")
        XCTAssertTrue(svg.contains("d=\"M1 1H9V9H1Z\""), "square head")
        XCTAssertTrue(svg.contains("<filter id=\"shot.tdl.4.blur\" filterUnits=\"userSpaceOnUse\" x=\"-2\" y=\"-2\" width=\"44\" height=\"44\"><feGaussianBlur stdDeviation=\"4\"/></filter>"), svg)
        XCTAssertTrue(svg.contains("<g clip-path=\"url(#shot.tdl.4.clip)\"><use href=\"#shot.tdl.image\" filter=\"url(#shot.tdl.4.blur)\"/></g>"), svg)
        XCTAssertTrue(export(source).contains("<g clip-path=\"url(#shot.tdl.4.clip)\"><image href=\"s.png\""), "the figure's SVG has no image of its own to use")
        XCTAssertTrue(svg.contains("<g id=\"shot-t\" transform=\"translate(250 230) rotate(10) translate(-250 -230)\">"), svg)
        XCTAssertTrue(svg.contains("text-anchor=\"middle\""))
        XCTAssertTrue(svg.contains("<tspan x=\"250\""))
        XCTAssertTrue(svg.contains("<g id=\"shot-e\" transform=\"translate(20 10) scale(2) translate(-20 -10)\" display=\"none\">"), svg)
        XCTAssertTrue(svg.hasSuffix("</svg>\n"))
        let html = export(source)
        XCTAssertTrue(html.contains("<figure class=\"tdl-figure\">\n  <img src=\"s.png\" alt=\"Shot\" width=\"400\" height=\"300\">\n  <svg viewBox=\"0 0 400 300\" role=\"img\" aria-labelledby=\"shot.tdl.title\" aria-describedby=\"shot.tdl.desc\">\n    <title id=\"shot.tdl.title\">Shot</title>\n"), html)
        XCTAssertTrue(html.contains(".tdl-figure{position:relative;margin:0 auto;max-width:400px}"), html)
        XCTAssertTrue(html.contains(".tdl-figure::before{content:\"\";display:block;padding-top:75%}"), "the figure keeps the declared shape")
        XCTAssertTrue(html.contains(".tdl-figure>img{position:absolute;left:0;top:0;display:block;width:100%;height:100%;object-fit:fill}"), "the image fills it")
    }

    func testLabelsWrapAndFit() {
        let e = resolve("""
        format 1
        annotations s { image: "a.png"; label fit { text: "one\\ntwo three"; font-size: 10 } ; label wrap { text: "aaa bbb ccc ddd"; size: 45 x 40; font-size: 10 } }
        """).items[0].children
        let fit = AnnotationGeometry.labelLayout(e[0])
        XCTAssertEqual(fit.lines, ["one", "two three"])
        // "two three" in Helvetica's widths at 10 px, plus 2.5 px of padding each side.
        XCTAssertEqual(fit.width, Double(278 + 722 + 556 + 278 + 278 + 556 + 333 + 556 + 556) / 100 + 5, accuracy: 1e-9)
        XCTAssertEqual(fit.height, 2 * 12 + 5)
        XCTAssertEqual(AnnotationGeometry.labelLayout(e[1]).lines, ["aaa bbb", "ccc ddd"])
    }
}
