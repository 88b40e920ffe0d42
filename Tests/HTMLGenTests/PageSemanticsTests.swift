import Foundation
@testable import HTMLGen
import TemplateFormat
import Validator
import XCTest

/// What exported pages say about their content beyond its look: direction (`dir`,
/// `direction`, which side `align` means).
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
            XCTAssertGreaterThanOrEqual(ids.count, 8)
            let html = export(source)
            for id in ids {
                let tag = startTag(html, id: id)
                XCTAssertTrue(tag.contains(" dir=\"auto\""), "\(lang): \(id): \(tag)")
            }
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

    /// A label runs in the direction of its first strong character (else the set's), and
    /// its `text-anchor` puts the side that `align` names at that side of the box.
    func testLabelsRunInTheirOwnDirection() {
        let latin = "Total", arabic = "المجموع", neutral = "42 %"
        for setLang in ["en", "ar"] {
            let setRTL = setLang == "ar"
            for text in [latin, arabic, neutral] {
                let labelRTL = text == arabic || (text == neutral && setRTL)
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
}
