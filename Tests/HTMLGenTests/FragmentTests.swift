import Foundation
import HTMLGen
import TemplateFormat
import TestSupport
import XCTest

/// `export --fragment` (`TemplateHTML.fragment`): what a page's rules say, each element
/// carries in its own `style` attribute, and nothing of the fragment can reach a host page.
/// The browser suite (`Tests/e2e/browser/fragments.py`) checks the same in Chromium, with a
/// host page whose ids and rules clash with the fragments.
final class FragmentTests: XCTestCase {
    /// The fragment of the first template of `source`.
    func fragment(_ source: String, prefix: String = "frag") -> String {
        guard let item = resolve(source).items.first else { return "" }
        return String(decoding: TemplateHTML.fragment(item, prefix: prefix), as: UTF8.self)
    }

    /// `id="…" style="…"` pairs of a fragment, the style unescaped.
    static func inlineStyles(_ fragment: String) -> [String: String] {
        var styles: [String: String] = [:]
        let pattern = try? NSRegularExpression(pattern: #" id="([^"]*)" style="([^"]*)""#)
        let ns = fragment as NSString
        for m in pattern?.matches(in: fragment, range: NSRange(location: 0, length: ns.length)) ?? [] {
            let style = ns.substring(with: m.range(at: 2)).replacingOccurrences(of: "&quot;", with: "\"")
                .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
            styles[ns.substring(with: m.range(at: 1))] = style
        }
        return styles
    }

    /// Over generated templates (groups with and without a size, hidden and rotated members,
    /// all component kinds): every element of the page is in the fragment, its id prefixed,
    /// and its `style` attribute ends with exactly the declarations of the page's rule for it;
    /// nothing global is written.
    func testEveryElementCarriesItsPageRuleUnderAPrefixedID() {
        var random = SeededRandom(seed: 1707)
        for round in 0..<150 {
            var body = ""
            for i in 0..<(1 + random.below(5)) {
                NaturalGroupTests.tdl(NaturalGroupTests.generate(&random, depth: 0), name: "n\(i)", indent: "  ", into: &body)
            }
            let extra = round % 3 == 0 ? "  button c { label: \"A long label\"; max-lines: 1; at: 1, 1; size: 40 x 20 }\n"
                + "  divider d { at: 0, 90; size: 100 x 4; thickness: 2 }\n  video v { src: \"v.mp4\"; at: 5, 5; size: 40 x 30 }\n"
                + "  text f { text: \"Serif\"; font: \"Georgia\" bold; at: 0, 0 }\n" : ""
            let source = "format 1\ntemplate t {\n  size: 300 x 200\n\(body)\(extra)}\n"
            let page = export(source)
            let fragment = self.fragment(source)
            let rules = pageDeclarations(page), styles = Self.inlineStyles(fragment)
            XCTAssertFalse(rules.isEmpty, source)
            XCTAssertEqual(Set(styles.keys), Set(rules.keys.map { "frag-" + $0 }), source)
            for (id, declarations) in rules {
                // A fragment has no `.tdl-canvas [id]` rule: a grid member says its position itself.
                guard let style = styles["frag-" + id]?.replacingOccurrences(
                    of: "position:relative;align-self:start;grid-area:", with: "grid-area:") else { continue }
                XCTAssertTrue(style.hasSuffix(";" + declarations), "\(id): \(style) does not end with \(declarations)\n\(source)")
                XCTAssertTrue(style.hasPrefix("all:revert;"), style)
            }
            for global in ["<style", "<main", "<html", ":root", "html,body", "*,*::before", "class=\"tdl-"] {
                XCTAssertFalse(fragment.contains(global), "\(global) in\n\(fragment)")
            }
            XCTAssertTrue(fragment.hasPrefix("<div id=\"frag\" class=\"frag\""), fragment)
            // A clamped button's span is clamped inline, as the page's `#id>span` rule does.
            if round % 3 == 0 { XCTAssertTrue(fragment.contains("<span style=\"display:-webkit-box;"), fragment) }
        }
    }

    /// The canvas scales to the column the fragment is in, never above its designed size.
    func testTheCanvasScalesToItsContainer() {
        let f = fragment("format 1\ntemplate t { size: 600 x 280; background: #14213D; lang: \"ar\" }\n", prefix: "news")
        XCTAssertTrue(f.contains("container-type:inline-size"), f)
        XCTAssertTrue(f.contains("--u:min(1px,100cqw/600)"), f)
        XCTAssertTrue(f.contains("width:calc(600*var(--u));height:calc(280*var(--u))"), f)
        XCTAssertTrue(f.contains(" lang=\"ar\" dir=\"rtl\""), f)
        XCTAssertTrue(f.contains("class=\"news-canvas\""), f)
    }

    /// Document text reaches a fragment only escaped, as on a page.
    func testHostileTextIsEscaped() {
        let h = SecurityTests.hostile
        let f = fragment("""
        format 1
        template t {
          size: 100 x 100
          text a { text: "\(h)"; font: "Arial" }
          button b { label: "\(h)"; action: "/go?q=\(h)" }
          image c { src: "i/\(h).png"; alt: "\(h)"; size: 10 x 10 }
        }
        """)
        XCTAssertFalse(f.contains("<script"), f)
        XCTAssertTrue(f.contains(">\(SecurityTests.escapedText)</p>"), f)
        XCTAssertTrue(f.contains("alt=\"\(SecurityTests.escapedAttribute)\""), f)
    }

    func testPrefixesThatCanStartIDs() {
        for good in ["a", "news-header", "Card_2", "x-1-y"] { XCTAssertTrue(TemplateHTML.isUsablePrefix(good), good) }
        for bad in ["", "1a", "-a", "a b", "a.b", "a\"b", "é", "a<"] { XCTAssertFalse(TemplateHTML.isUsablePrefix(bad), bad) }
    }
}
