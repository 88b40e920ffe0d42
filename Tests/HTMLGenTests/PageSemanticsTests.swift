import Basics
import Foundation
@testable import HTMLGen
import TemplateFormat
import Validator
import XCTest

/// What exported pages say about their content beyond its look: direction (`dir`,
/// `direction`, which side `align` means), headings, landmarks, captions, and a canvas that
/// fits the window it is shown in.
final class PageSemanticsTests: XCTestCase {
    /// The start tag of the element with this id, or "".
    func startTag(_ html: String, id: String) -> String {
        guard let at = html.range(of: " id=\"\(id)\"") else { return "" }
        let open = html[..<at.lowerBound].lastIndex(of: "<") ?? at.lowerBound
        let close = html[at.upperBound...].firstIndex(of: ">") ?? html.endIndex
        return String(html[open...close])
    }

    /// One template holding a block of every component kind that shows text (from the schema:
    /// the kinds with a `text` or `label` property), a button both with and without an
    /// action, and each again inside a group.
    func everyTextComponent(lang: String) -> (source: String, ids: [String]) {
        var blocks: [String] = []
        var ids: [String] = []
        let kinds = Schema.kinds.filter { $0.isComponent && $0.childPlacement == nil }
        XCTAssertTrue(kinds.contains { $0.name == "text" } && kinds.contains { $0.name == "button" })
        for kind in kinds {
            let key = kind.property("text") != nil ? "text" : kind.property("label") != nil ? "label" : nil
            guard let key else { continue }
            var variants = ["\(key): \"Hello.\""]
            if kind.property("action") != nil { variants.append("\(key): \"Hello.\"; action: \"/next\"") }
            if kind.property("heading") != nil { variants.append("\(key): \"Hello.\"; heading: 2") }
            for (i, v) in variants.enumerated() {
                blocks.append("  \(kind.name) \(kind.name)-\(i) { \(v) }")
                blocks.append("  group g-\(kind.name)-\(i) { \(kind.name) inner { \(v) } }")
                ids += ["\(kind.name)-\(i)", "g-\(kind.name)-\(i)-inner"]
            }
        }
        return ("format 1\ntemplate page {\n  size: 400 x 400\n  lang: \"\(lang)\"\n" + blocks.joined(separator: "\n") + "\n}\n", ids)
    }

    // MARK: Direction

    func testEveryElementThatShowsTextTakesItsDirectionFromItsText() {
        for lang in ["en", "ar"] {
            let (source, ids) = everyTextComponent(lang: lang)
            XCTAssertGreaterThanOrEqual(ids.count, 10)
            let html = export(source)
            for id in ids {
                let tag = startTag(html, id: id)
                XCTAssertTrue(tag.contains(" dir=\"auto\""), "\(lang): \(id): \(tag)")
            }
            // A textarea's paragraphs each take their own direction.
            XCTAssertTrue(declarations(of: "textarea-0", in: html).contains(";unicode-bidi:plaintext"), html)
            XCTAssertFalse(declarations(of: "text-0", in: html).contains("unicode-bidi"), "one paragraph: dir=auto does it")
        }
    }

    func testRightToLeftLanguagesGiveThePageItsDirection() {
        let rtl = ["ar", "he", "fa", "ur", "yi", "ckb", "dv", "ps", "ug", "ar-EG", "iw", "az-Arab", "pa-PK", "uz-AF", "und-Hebr"]
        let ltr = ["en", "pt-BR", "ar-Latn", "zh-Hant", "az", "pa", "sd-IN"]
        for (tags, expected) in [(rtl, true), (ltr, false)] {
            for tag in tags {
                let template = "format 1\ntemplate t { size: 10 x 10; lang: \"\(tag)\"; text a { text: \"x\" } }"
                let html = export(template)
                XCTAssertEqual(html.contains("<html lang=\"\(tag)\" dir=\"rtl\">"), expected, "template \(tag)")
                XCTAssertEqual(html.contains(" dir=\"rtl\""), expected, "template \(tag)")
                let set = "format 1\nannotations s { image: \"s.png\"; size: 10 x 10; lang: \"\(tag)\"; label l { text: \"!\" } }"
                let figure = export(set)
                XCTAssertTrue(figure.contains("<html lang=\"\(tag)\"" + (expected ? " dir=\"rtl\">" : ">")), "figure \(tag): \(figure)")
                let svg = export(set, as: .svg)
                XCTAssertTrue(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" xml:lang=\"\(tag)\"" + (expected ? " direction=\"rtl\"" : " width")),
                              "svg \(tag): \(svg)")
            }
        }
        // A page with no `lang` is English; a value that is no tag falls back to English too.
        XCTAssertTrue(export("format 1\ntemplate t { size: 10 x 10 }").contains("<html lang=\"en\">"))
        XCTAssertTrue(export("format 1\ntemplate t { size: 10 x 10; lang: \"not a tag\" }").contains("<html lang=\"en\">"))
    }

    /// `start` and `end` (written, or `start` by default) are the sides of the item's
    /// direction; `left`, `right`, `center` and `justify` are the same in both directions.
    func testAlignStartAndEndFollowTheLanguage() {
        let expectations: [(align: String?, ltr: String, rtl: String)] = [
            (nil, "left", "right"), ("start", "left", "right"), ("end", "right", "left"),
            ("left", "left", "left"), ("right", "right", "right"), ("center", "center", "center"),
            ("justify", "justify", "justify"),
        ]
        for (lang, rtl) in [("en", false), ("he", true)] {
            for e in expectations {
                let align = e.align.map { "; align: \($0)" } ?? ""
                let want = rtl ? e.rtl : e.ltr
                let template = resolve("format 1\ntemplate t { size: 100 x 100; lang: \"\(lang)\"; text a { text: \"x\"\(align) }; textarea b { text: \"x\"\(align) }; button c { label: \"x\"\(align) } }").items[0]
                XCTAssertEqual(template.children[0][.align], .keyword(want), "text, \(lang), \(e.align ?? "unset")")
                XCTAssertEqual(template.children[1][.align], .keyword(want), "textarea, \(lang), \(e.align ?? "unset")")
                // A button is centred unless it says otherwise.
                XCTAssertEqual(template.children[2][.align], .keyword(e.align == nil ? "center" : want), "button, \(lang)")
                let set = resolve("format 1\nannotations s { image: \"s.png\"; lang: \"\(lang)\"; label l { text: \"x\"\(align) } }").items[0]
                XCTAssertEqual(set.children[0][.align], .keyword(want), "label, \(lang), \(e.align ?? "unset")")
                let html = export("format 1\ntemplate t { size: 100 x 100; lang: \"\(lang)\"; text a { text: \"x\"\(align) } }")
                XCTAssertTrue(html.contains(";text-align:\(want)"), "\(lang), \(e.align ?? "unset"): \(html)")
                let json = export("format 1\ntemplate t { size: 100 x 100; lang: \"\(lang)\"; text a { text: \"x\"\(align) } }", as: .json)
                XCTAssertTrue(json.contains("\"align\": \"\(want)\""), json)
            }
        }
    }

    /// A label runs in the direction of its first strong character, else left to right (as
    /// HTML's `dir="auto"`), and its `text-anchor` puts the side that `align` names at that
    /// side of the box.
    func testLabelsRunInTheirOwnDirection() {
        let latin = "Total", arabic = "المجموع", neutral = "42 %"
        for setLang in ["en", "ar"] {
            let setRTL = setLang == "ar"
            for text in [latin, arabic, neutral] {
                let labelRTL = text == arabic
                for align in ["left", "right", "center", "start", "end", "justify"] {
                    let source = """
                    format 1
                    annotations s {
                      image: "s.png"
                      size: 400 x 100
                      lang: "\(setLang)"
                      label l { text: "\(text)"; at: 100, 20; size: 200 x 40; font-size: 20; align: \(align) }
                    }
                    """
                    let svg = export(source, as: .svg)
                    let textTag = section(svg, from: "<text", to: ">")
                    let side: String
                    switch align {
                    case "start", "justify": side = setRTL ? "right" : "left"
                    case "end": side = setRTL ? "left" : "right"
                    default: side = align
                    }
                    if align == "justify" {
                        // Justified text starts on the label's own start side.
                        XCTAssertFalse(textTag.contains("text-anchor"), textTag)
                    }
                    // The label's x: its padding is a quarter of the font size, 5, from its side.
                    let x = section(svg, from: "<tspan x=\"", to: "\"")
                    let anchor = section(textTag + ">", from: "text-anchor=\"", to: "\"")
                    let context = "set \(setLang), text \(text), align \(align): \(textTag)"
                    switch (align == "justify" ? (labelRTL ? "right" : "left") : side) {
                    case "center":
                        XCTAssertEqual(x, "200", context); XCTAssertEqual(anchor, "middle", context)
                    case "left":
                        XCTAssertEqual(x, "105", context); XCTAssertEqual(anchor, labelRTL ? "end" : "", context)
                    default:
                        XCTAssertEqual(x, "295", context); XCTAssertEqual(anchor, labelRTL ? "" : "end", context)
                    }
                    let direction = section(textTag + ">", from: " direction=\"", to: "\"")
                    XCTAssertEqual(direction, labelRTL == setRTL ? "" : (labelRTL ? "rtl" : "ltr"), context)
                }
            }
        }
    }

    // MARK: Headings and landmarks

    func testHeadingLevels() {
        for level in 1...6 {
            let source = "format 1\ntemplate t { size: 100 x 100; text a { text: \"Title\"; heading: \(level); font-size: 20 } }"
            let html = export(source)
            XCTAssertTrue(withoutAppearanceClasses(html).contains("<h\(level) id=\"a\" dir=\"auto\">Title</h\(level)>"), html)
            XCTAssertTrue(html.contains("font-size:max(20*var(--u),20*var(--t));font-weight:400"), "the look is the text's own")
            XCTAssertTrue(html.contains(".tdl-canvas h\(level),") || html.contains(".tdl-canvas h\(level){"), "margins reset")
            XCTAssertTrue(export(source, as: .json).contains("\"heading\": \(level)"))
        }
        // Without validation, a level outside 1…6 leaves a paragraph; so does a textarea
        // whose style sets a level (the property is not the textarea's).
        for bad in ["0", "7", "2.5", "-1"] {
            let html = export("format 1\ntemplate t { size: 10 x 10; text a { text: \"x\"; heading: \(bad) } }")
            XCTAssertTrue(withoutAppearanceClasses(html).contains("<p id=\"a\" dir=\"auto\">x</p>"), "\(bad): \(html)")
        }
        let styled = export("format 1\nstyle h { heading: 1 }\ntemplate t { size: 10 x 10; textarea a { style: h; text: \"x\" }; text b { style: h; text: \"y\" } }")
        XCTAssertTrue(withoutAppearanceClasses(styled).contains("<p id=\"a\" dir=\"auto\">x</p>"), styled)
        XCTAssertTrue(withoutAppearanceClasses(styled).contains("<h1 id=\"b\" dir=\"auto\">y</h1>"), styled)
    }

    func testTemplatePagesHoldTheirContentInMain() {
        let html = export("format 1\ntemplate t { size: 10 x 10; text a { text: \"x\" } }")
        let body = section(html, from: "<body>\n", to: "</body>")
        XCTAssertTrue(body.hasPrefix("<main class=\"tdl-canvas\">") && body.hasSuffix("</main>\n"), body)
    }

    func testFigurePagesHaveAMainLandmarkAndAHeading() {
        let source = "format 1\nannotations s \"Review <1> & more\" { image: \"s.png\"; size: 100 x 50; rect r { at: 1, 1; size: 5 x 5 } }"
        let html = export(source)
        let body = section(html, from: "<body>\n", to: "</body>")
        XCTAssertTrue(body.hasPrefix("<main>\n<h1 class=\"tdl-title\">Review &lt;1&gt; &amp; more</h1>\n<figure class=\"tdl-figure\">"), body)
        XCTAssertTrue(body.hasSuffix("</figure>\n</main>\n"), body)
        XCTAssertEqual(html.components(separatedBy: "<h1").count, 2, "one heading")
        // Visually hidden: out of the layout and clipped to nothing, but read by screen readers.
        let rule = section(html, from: ".tdl-title{", to: "}")
        for part in ["position:absolute", "width:1px", "height:1px", "overflow:hidden", "clip-path:inset(50%)"] {
            XCTAssertTrue(rule.contains(part), rule)
        }
        XCTAssertFalse(rule.contains("display:none") || rule.contains("visibility"), "still in the accessibility tree")
    }

    // MARK: Captions

    func testCaptionsBecomeATrack() {
        let source = """
        format 1
        template t {
          size: 100 x 100
          lang: "fr-CA"
          video a { src: "a.mp4"; captions: "subs/a fr.vtt" }
          video b { src: "b.mp4"; captions: "https://example.com/b.vtt"; controls: false; autoplay: true; muted: true }
          video c { src: "c.mp4" }
          group g { video d { src: "d.mp4"; captions: "d.vtt"; controls: true } }
        }
        """
        let html = export(source)
        XCTAssertTrue(html.contains("<video id=\"a\" src=\"a.mp4\" controls><track kind=\"captions\" src=\"subs/a%20fr.vtt\" srclang=\"fr-CA\"></video>"), html)
        // Without controls nobody could switch captions on, so they are on from the start.
        XCTAssertTrue(html.contains("<track kind=\"captions\" src=\"https://example.com/b.vtt\" srclang=\"fr-CA\" default></video>"), html)
        XCTAssertTrue(html.contains("<video id=\"c\" src=\"c.mp4\" controls></video>"), html)
        XCTAssertTrue(html.contains("<video id=\"g-d\" src=\"d.mp4\" controls><track kind=\"captions\" src=\"d.vtt\" srclang=\"fr-CA\"></video>"), html)
        XCTAssertTrue(export(source, as: .json).contains("\"captions\": \"subs/a%20fr.vtt\""), "percent-encoded, as every URL")
    }

    func testCaptionURLsPassTheURLPolicy() {
        for url in SecurityTests.badURLs {
            let document = resolve("format 1\ntemplate t { size: 10 x 10; video v { src: \"v.mp4\"; captions: \"\(url)\" } }")
            XCTAssertEqual(document.issues.map(\.kind), [.droppedURL], url)
            let html = String(decoding: Exporter.render(document.items[0], as: .html)!, as: UTF8.self)
            XCTAssertFalse(html.contains("<track"), "\(url): \(html)")
            XCTAssertTrue(html.contains("<video id=\"v\" src=\"v.mp4\" controls></video>"), html)
        }
    }

    // MARK: Narrow windows

    /// The canvas scales with the width the page has (the body, a size container: its `cqw`
    /// leaves out a vertical scrollbar, where `vw` counts it), never past 1 px per px.
    func testTheCanvasScalesToTheBodyWidth() {
        for (width, height) in [(375.0, 667.0), (1280, 720), (360.5, 100)] {
            let w = NumberText.string(width, .decimals(4)), h = NumberText.string(height, .decimals(4))
            let html = export("format 1\ntemplate t { size: \(w) x \(h) }")
            // After it only the focus, hover and forced-colour rules, which a checker that does
            // not know container units (and stops there) need not read.
            let tail = "@supports (width:1cqw){body{container-type:inline-size}:root{--u:min(1px,100cqw/\(w))}}\n"
            XCTAssertTrue(html.contains(tail), html)
            XCTAssertFalse(section(html, from: tail, to: "</style>").contains("\n#"), "no element rule after it: \(html)")
            XCTAssertTrue(html.contains("width:calc(\(w)*var(--u));height:calc(\(h)*var(--u))"), "both sides scale alike: the aspect ratio is kept")
            let fallback = html.range(of: "@media (max-width:\(w)px)"), supports = html.range(of: "@supports (width:1cqw)")
            XCTAssertNotNil(fallback)
            XCTAssertLessThan(fallback!.lowerBound, supports!.lowerBound, "the container rule comes last, so it wins where it applies")
        }
    }
}
