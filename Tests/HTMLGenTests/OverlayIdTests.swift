import Foundation
import HTMLGen
import TestSupport
import XCTest

/// Overlays inlined in one page must not share an id: every id an annotation SVG holds
/// starts with its set's name, and every reference in it (`url(#…)`, `href="#…"`, ARIA ids)
/// resolves inside the same SVG. Checked over the example and over random sets, each
/// exported under two names, standalone and as the HTML figure.
final class OverlayIdTests: XCTestCase {
    /// A random annotation set named `name`: every kind, arrows to elements and to points,
    /// markers at both ends, blurs (which draw the image again), labels.
    static func randomSet(_ name: String, _ random: inout SeededRandom) -> String {
        var lines = ["annotations \(name) \"Review \(name)\" {", "  image: \"shot.png\"", "  size: 800 x 600"]
        let count = Int.random(in: 1...12, using: &random)
        var names: [String] = []
        for i in 0..<count {
            let x = Int.random(in: 0...700, using: &random), y = Int.random(in: 0...500, using: &random)
            let kinds = ["rect", "ellipse", "highlight", "blur", "arrow", "line", "label", "number"]
            let kind = kinds[Int.random(in: 0..<kinds.count, using: &random)]
            // Some elements unnamed: their ids are generated (`rect.1`).
            let elementName = Bool.random(using: &random) ? " e\(i)" : ""
            lines.append("  \(kind)\(elementName) {")
            switch kind {
            case "arrow", "line":
                lines.append("    from: \(x), \(y)")
                if let target = names.randomElement(using: &random), Bool.random(using: &random) {
                    lines.append("    to: \(target)")
                } else {
                    lines.append("    to: \(Int.random(in: 0...800, using: &random)), \(Int.random(in: 0...600, using: &random))")
                }
                lines.append("    head: \(["filled", "open", "circle", "square", "bar", "none"].randomElement(using: &random) ?? "none")")
                lines.append("    tail: \(["filled", "open", "circle", "none"].randomElement(using: &random) ?? "none")")
            case "label":
                lines.append("    text: \"Note \(i)\"")
                lines.append("    at: \(x), \(y)")
            case "number":
                lines.append("    at: \(x), \(y)")
            default:
                lines.append("    at: \(x), \(y)")
                lines.append("    size: \(Int.random(in: 1...100, using: &random)) x \(Int.random(in: 1...100, using: &random))")
            }
            lines.append("  }")
            if !elementName.isEmpty { names.append(String(elementName.dropFirst())) }
        }
        lines.append("}")
        return "format 1\n\n" + lines.joined(separator: "\n") + "\n"
    }

    /// The values of every ` id="…"` in a text.
    static func ids(_ text: String) -> [String] { values(text, after: " id=\"", until: "\"") }

    /// Every id a text refers to: `url(#…)`, `href="#…"` and the ARIA id lists.
    static func references(_ text: String) -> [String] {
        values(text, after: "url(#", until: ")") + values(text, after: "href=\"#", until: "\"")
            + values(text, after: "aria-labelledby=\"", until: "\"").flatMap { $0.split(separator: " ").map(String.init) }
            + values(text, after: "aria-describedby=\"", until: "\"").flatMap { $0.split(separator: " ").map(String.init) }
    }

    static func values(_ text: String, after start: String, until end: String) -> [String] {
        var out: [String] = []
        var rest = text[...]
        while let a = rest.range(of: start), let b = rest.range(of: end, range: a.upperBound..<rest.endIndex) {
            out.append(String(rest[a.upperBound..<b.lowerBound]))
            rest = rest[b.upperBound...]
        }
        return out
    }

    /// The outputs of a document's first set, in both annotation formats.
    static func outputs(_ source: String) -> [String] {
        let document = resolve(source)
        guard let item = document.items.first else { return [] }
        return [ExportFormat.svg, .html].compactMap { Exporter.render(item, as: $0) }.map { String(decoding: $0, as: UTF8.self) }
    }

    func checkApart(_ a: String, _ b: String, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        for (one, other) in zip(OverlayIdTests.outputs(a), OverlayIdTests.outputs(b)) {
            for text in [one, other] {
                let ids = OverlayIdTests.ids(text)
                XCTAssertEqual(Set(ids).count, ids.count, "\(what): an id repeats", file: file, line: line)
                let missing = Set(OverlayIdTests.references(text)).subtracting(ids)
                XCTAssertEqual(missing, [], "\(what): references to no id of the same SVG", file: file, line: line)
            }
            let shared = Set(OverlayIdTests.ids(one)).intersection(OverlayIdTests.ids(other))
            XCTAssertEqual(shared, [], "\(what): ids both overlays hold", file: file, line: line)
        }
    }

    func testTheExampleTwiceUnderTwoNamesSharesNoId() throws {
        let source = try String(contentsOf: repositoryRoot.appendingPathComponent("Examples/annotated-screenshot.tdl"), encoding: .utf8)
        let renamed = source.replacingOccurrences(of: "annotations checkout ", with: "annotations checkout-again ")
        XCTAssertNotEqual(source, renamed)
        checkApart(source, renamed, "the example")
        // And its ids are what the page's stylesheet and the ARIA attributes see.
        let svg = OverlayIdTests.outputs(source)[0]
        XCTAssertTrue(svg.contains("<g id=\"checkout-total\">"), svg)
        XCTAssertTrue(svg.contains("marker-end=\"url(#checkout.tdl.5.head)\""), svg)
        XCTAssertTrue(svg.contains("filter=\"url(#checkout.tdl.3.blur)\""), svg)
    }

    func testRandomSetsInlinedTogetherShareNoId() {
        var random = SeededRandom(seed: 17)
        for round in 0..<60 {
            let a = OverlayIdTests.randomSet("first", &random)
            let sameAgain = a.replacingOccurrences(of: "annotations first ", with: "annotations first2 ")
            let b = OverlayIdTests.randomSet("second", &random)
            checkApart(a, sameAgain, "round \(round), one set under two names:\n\(a)")
            checkApart(a, b, "round \(round), two sets:\n\(a)\n\(b)")
        }
    }

    /// A name that is no XML name still gives valid, distinct ids (the validator refuses such
    /// names; the exporter does not rely on it).
    func testIdPrefixIsAnXMLName() {
        XCTAssertEqual(OverlayIdTests.ids(OverlayIdTests.outputs("format 1\nannotations shot {\n  size: 10 x 10\n  rect r {\n    at: 1, 1\n    size: 2 x 2\n  }\n}\n")[0]),
                       ["shot.tdl.title", "shot.tdl.desc", "shot-r"])
    }
}
