import Foundation
import HTMLGen
import TemplateFormat
import TestSupport
import XCTest

/// `--to email`: what email clients drop is never needed, every element is shown once in
/// the order of its rows, and what email cannot show is refused with the element's name.
final class EmailHTMLTests: XCTestCase {
    /// What Gmail and others remove or ignore; an email must not rely on any of it.
    static let forbidden = ["position", "var(", "calc(", "display:flex", "display:grid", "<style", "<script", "z-index", "transform"]

    static func email(_ source: String) -> (html: String?, issues: [ExportIssue], item: ResolvedItem?) {
        guard let item = resolve(source).items.first else { return (nil, [], nil) }
        let email = EmailHTML.render(item)
        return (email.html.map { String(decoding: $0, as: UTF8.self) }, email.issues, item)
    }

    /// Each element with the siblings of its container, depth first.
    static func containers(_ elements: [ResolvedElement], visit: ([ResolvedElement]) -> Void) {
        visit(elements)
        for e in elements where e.kindID == .group { containers(e.children, visit: visit) }
    }

    static func occurrences(of needle: String, in text: String) -> [Range<String.Index>] {
        var found: [Range<String.Index>] = []
        var start = text.startIndex
        while let r = text.range(of: needle, range: start..<text.endIndex) {
            found.append(r)
            start = r.upperBound
        }
        return found
    }

    func testGeneratedEmailsShowEveryElementOnceInTheOrderOfTheirRows() {
        var random = SeededRandom(seed: 0xE4A1)
        var elements = 0, pairs = 0
        for round in 0..<150 {
            let source = EmailDocuments.template(&random, width: [600, 480, 320][round % 3])
            let (html, issues, item) = Self.email(source)
            guard let html, let item else {
                XCTFail("round \(round): refused: \(issues.map(\.message))\n\(source)")
                continue
            }
            XCTAssertEqual(issues, [], "round \(round)")
            for word in Self.forbidden {
                XCTAssertFalse(html.contains(word), "round \(round): the email holds `\(word)`")
            }
            // No table or cell wider than the canvas.
            let canvasWidth = Int(item.canvasSize?.width ?? 0)
            for r in Self.occurrences(of: " width=\"", in: html) {
                let digits = html[r.upperBound...].prefix { $0.isNumber || $0 == "%" }
                if digits.hasSuffix("%") { continue }
                XCTAssertLessThanOrEqual(Int(digits) ?? .max, canvasWidth, "round \(round)")
            }
            var position: [String: String.Index] = [:]
            Self.containers(item.children) { siblings in
                for e in siblings {
                    let found = Self.occurrences(of: "id=\"\(e.id)\"", in: html)
                    XCTAssertEqual(found.count, 1, "round \(round): `\(e.id)` appears \(found.count) times")
                    position[e.id] = found.first?.lowerBound
                    elements += 1
                }
                // One above the other in the same columns, or side by side in the same row:
                // the first comes first.
                for a in siblings {
                    for b in siblings where a.id != b.id {
                        guard let p = a.box, let q = b.box, let pw = p.width, let ph = p.height, let qw = q.width, let qh = q.height,
                              let pa = position[a.id], let pb = position[b.id] else { continue }
                        let sharesColumns = p.x < q.x + qw && q.x < p.x + pw
                        let sharesRows = p.y < q.y + qh && q.y < p.y + ph
                        if (sharesColumns && p.y + ph <= q.y) || (sharesRows && p.x + pw <= q.x) {
                            pairs += 1
                            XCTAssertLessThan(pa, pb, "round \(round): `\(a.id)` is above or left of `\(b.id)` but comes after it")
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(elements, 700)
        XCTAssertGreaterThan(pairs, 1500)
    }

    func testAnElementDrawnOverAnotherIsRefusedNamingBoth() {
        var random = SeededRandom(seed: 0xE4A2)
        var refused = 0
        for round in 0..<100 {
            let source = EmailDocuments.template(&random)
            guard let item = resolve(source).items.first, !item.children.isEmpty else { continue }
            let target = random.pick(item.children)
            guard let box = target.box, let w = box.width, let h = box.height, w >= 1, h >= 1 else { continue }
            // A text over part of a top-level element: it overlaps that one only.
            let over = "  text covering {\n    text: \"Over\"\n    at: \(Int(box.x)), \(Int(box.y))\n    size: \(max(1, Int(w) / 2)) x \(max(1, Int(h) / 2))\n  }\n}\n"
            let changed = String(source.dropLast(2)) + over
            let (html, issues, _) = Self.email(changed)
            XCTAssertNil(html, "round \(round): an overlap was written")
            let overlaps = issues.filter { $0.kind == .emailOverlap }
            XCTAssertEqual(overlaps.count, 1, "round \(round): \(issues.map(\.message))")
            XCTAssertEqual(overlaps.first?.severity, .error)
            let message = overlaps.first?.message ?? ""
            XCTAssertTrue(message.contains("`covering`") && message.contains("`\(target.name ?? target.id)`") && message.contains("overlap"),
                          "round \(round): \(message)")
            refused += 1
        }
        XCTAssertGreaterThan(refused, 80)
    }

    /// Four boxes around an empty square, none over another: no row or column separates them.
    func testAPinwheelIsRefusedAsInterlocked() {
        var source = "format 1\ntemplate t {\n  size: 200 x 200\n"
        for (name, box) in [("a", "0, 0\n    size: 60 x 20"), ("b", "60, 0\n    size: 20 x 60"),
                            ("c", "20, 60\n    size: 60 x 20"), ("d", "0, 20\n    size: 20 x 60")] {
            source += "  text \(name) {\n    text: \"X\"\n    at: \(box)\n  }\n"
        }
        let (html, issues, _) = Self.email(source + "}\n")
        XCTAssertNil(html)
        XCTAssertEqual(issues.map(\.kind), [.emailOverlap])
        let message = issues.first?.message ?? ""
        XCTAssertTrue(message.contains("text `a`, text `b`, text `c`, text `d` interlock"), message)
    }

    func testAVideoIsRefusedWithTheReason() {
        let (html, issues, _) = Self.email("""
        format 1
        template t {
          size: 600 x 400
          group box {
            at: 10, 10
            size: 400 x 300
            video clip {
              src: "clip.mp4"
              poster: "clip.jpg"
              size: 320 x 180
            }
          }
        }
        """)
        XCTAssertNil(html)
        XCTAssertEqual(issues.map(\.kind), [.emailUnsupported])
        XCTAssertEqual(issues.first?.severity, .error)
        let message = issues.first?.message ?? ""
        XCTAssertTrue(message.contains("video `clip`") && message.contains("do not play video") && message.contains("poster"), message)
    }

    func testWhatEmailCannotPlaceIsRefusedAndWhatItApproximatesWarns() {
        let base = """
        format 1
        template t {
          size: 600 x 200
          text a {
            text: "A"
            at: 10, 10
            size: 100 x 20
            rotation: 10
            opacity: 0.5
          }
          text b {
            text: "B"
            at: POSITION
            size: 100 x 20
          }
        }
        """
        let outside = Self.email(base.replacingOccurrences(of: "POSITION", with: "550, 10"))
        XCTAssertNil(outside.html)
        XCTAssertTrue(outside.issues.contains { $0.kind == .emailUnsupported && $0.message.contains("text `b`") && $0.message.contains("outside the canvas") },
                      "\(outside.issues.map(\.message))")
        let fine = Self.email(base.replacingOccurrences(of: "POSITION", with: "200, 10"))
        XCTAssertNotNil(fine.html)
        XCTAssertEqual(fine.issues.map(\.severity), [.warning, .warning])
        XCTAssertTrue(fine.issues.allSatisfy { $0.kind == .emailApproximation && $0.message.contains("text `a`") })
        XCTAssertFalse(fine.html?.contains("opacity:0.5") ?? true)
        let unsized = Self.email(base.replacingOccurrences(of: "POSITION", with: "200, 10").replacingOccurrences(of: "    size: 100 x 20\n  }", with: "  }"))
        XCTAssertNil(unsized.html)
        XCTAssertTrue(unsized.issues.contains { $0.message.contains("text `b`") && $0.message.contains("no fixed width") })
        let wide = Self.email(base.replacingOccurrences(of: "POSITION", with: "200, 10").replacingOccurrences(of: "600 x 200", with: "900 x 200"))
        XCTAssertNotNil(wide.html)
        XCTAssertTrue(wide.issues.contains { $0.severity == .warning && $0.message.contains("900 px wide") })
    }

    func testPreheaderLanguageDirectionAndBulletproofButton() {
        let (html, issues, _) = Self.email("""
        format 1
        template t {
          size: 400 x 100
          lang: "ar"
          description: "Preview <text> & more"
          button go {
            label: "Go"
            action: "https://example.com/?a=1&b=2"
            at: 20, 20
            size: 120 x 40
            background: #0060DF
            font: "Georgia"
          }
        }
        """)
        XCTAssertEqual(issues, [])
        let text = html ?? ""
        XCTAssertTrue(text.contains("<html lang=\"ar\" dir=\"rtl\">"), text)
        // The layout itself runs from the left, as TDL places boxes.
        XCTAssertTrue(text.contains("<table role=\"presentation\" dir=\"ltr\" width=\"400\" align=\"center\""), text)
        XCTAssertTrue(text.contains("mso-hide:all\">Preview &lt;text&gt; &amp; more</div>"), text)
        XCTAssertTrue(text.contains("bgcolor=\"#0060DF\""))
        XCTAssertTrue(text.contains("<a id=\"go\" href=\"https://example.com/?a=1&amp;b=2\" dir=\"auto\" style=\"display:block;"), text)
        XCTAssertTrue(text.contains("background-color:#0060DF;overflow:hidden;font-family:&quot;Georgia&quot;,serif"), text)
    }

    /// Text escaped, refused URLs left out, font names only when safe: as on the page.
    func testHostileTextAndURLsStayInert() {
        for payload in ["\\\"><script>alert(1)</script>", "' onmouseover='alert(1)", "</td></tr></table><img src=x onerror=alert(1)>"] {
            let (html, _, _) = Self.email("""
            format 1
            template t {
              size: 600 x 200
              description: "\(payload)"
              text a {
                text: "\(payload)"
                font: "Inter; background:url(x)"
                size: 200 x 40
              }
              button b {
                label: "\(payload)"
                action: "javascript:alert(1)"
                at: 0, 50
                size: 100 x 40
              }
              image i {
                src: "javascript:alert(1)"
                alt: "\(payload)"
                at: 0, 100
                size: 40 x 40
              }
            }
            """)
            let text = (html ?? "<script").lowercased()
            for bad in ["<script", "<img src=x", "javascript:", "url("] {
                XCTAssertFalse(text.contains(bad), "\(payload): \(bad)")
            }
            // Every attribute of every tag (quoted values taken out) is one the writer uses.
            let allowed: Set<String> = ["lang", "charset", "http-equiv", "content", "name", "style", "role", "width", "height",
                                        "cellpadding", "cellspacing", "border", "align", "valign", "bgcolor", "dir", "id",
                                        "href", "src", "alt", "aria-label"]
            let tags = try! NSRegularExpression(pattern: "<[a-z][^>]*>")
            let quoted = try! NSRegularExpression(pattern: "\"[^\"]*\"")
            let names = try! NSRegularExpression(pattern: "\\s([a-z-]+)")
            let ns = text as NSString
            var checked = 0
            for tag in tags.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
                let bare = quoted.stringByReplacingMatches(in: ns.substring(with: tag.range), range: NSRange(location: 0, length: tag.range.length), withTemplate: "")
                let b = bare as NSString
                for m in names.matches(in: bare, range: NSRange(location: 0, length: b.length)) {
                    let name = b.substring(with: m.range(at: 1))
                    XCTAssertTrue(allowed.contains(name), "\(payload): attribute `\(name)` in \(bare)")
                    checked += 1
                }
            }
            XCTAssertGreaterThan(checked, 50, payload)
        }
    }

    func testAnnotationSetsAreNotEmails() {
        let document = resolve("format 1\nannotations a {\n  image: \"shot.png\"\n  size: 100 x 100\n}\n")
        guard let item = document.items.first else { return XCTFail("no item") }
        XCTAssertFalse(ExportFormat.email.supports(.annotations))
        XCTAssertNil(Exporter.render(item, as: .email))
    }
}
