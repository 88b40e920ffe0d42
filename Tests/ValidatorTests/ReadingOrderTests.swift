import TemplateFormat
import TestSupport
import Validator
import XCTest

/// TDL317: reading order (source order) that clearly differs from the layout, and its fix.
final class ReadingOrderTests: XCTestCase {
    struct Item {
        var kind: String
        var x, y, w, h: Int
        var extra = ""
        var name: String

        var source: String {
            let key = kind == "button" ? "label" : kind == "image" ? "alt" : "text"
            let media = kind == "image" ? "    src: \"https://example.com/a.jpg\"\n" : kind == "video" ? "    src: \"https://example.com/a.mp4\"\n    captions: \"https://example.com/a.vtt\"\n" : ""
            let text = kind == "video" ? "" : "    \(key): \"Hi\"\n"
            let action = kind == "button" ? "    action: \"https://example.com\"\n" : ""
            return "  // the \(name)\n  \(kind) \(name) {\n\(text)\(media)\(action)    at: \(x), \(y)\n    size: \(w) x \(h)\n\(extra)  }\n"
        }
    }

    func document(_ items: [Item], lang: String? = nil) -> String {
        "format 1\n\ntemplate card {\n  size: 800 x 800\n" + (lang.map { "  lang: \"\($0)\"\n" } ?? "") + items.map(\.source).joined() + "}\n"
    }

    /// Written independently of the rule: b clearly precedes a.
    static func precedes(_ b: Item, _ a: Item, rightToLeft: Bool) -> Bool {
        let sharedWidth = min(b.x + b.w, a.x + a.w) - max(b.x, a.x)
        if b.y + b.h < a.y && sharedWidth > 0 { return true }
        let sharedHeight = min(b.y + b.h, a.y + a.h) - max(b.y, a.y)
        guard 2 * sharedHeight >= min(b.h, a.h) else { return false }
        return rightToLeft ? b.x >= a.x + a.w : b.x + b.w <= a.x
    }

    /// Seeded random layouts of content in cells of a grid (no two overlap), written in a
    /// random order: reported exactly when some member comes after one it clearly precedes,
    /// at the first such member; the fix keeps every line, leaves nothing out of place and
    /// changes no other finding.
    func testReportsClearMisordersAndTheFixPutsThemInOrder() {
        var rng = SeededRandom(seed: 3170)
        var reported = 0, fixed = 0
        for round in 0..<300 {
            let rightToLeft = round % 3 == 0
            var cells: [(Int, Int)] = []
            for r in 0..<4 { for c in 0..<4 { cells.append((r, c)) } }
            var items: [Item] = []
            for k in 0..<Int.random(in: 2...7, using: &rng) {
                let (r, c) = cells.remove(at: Int.random(in: 0..<cells.count, using: &rng))
                let kind = ["text", "button", "image", "video", "textarea"][Int.random(in: 0..<5, using: &rng)]
                // Jittered inside the cell, sometimes taller, so rows overlap unevenly.
                items.append(Item(kind: kind, x: c * 190 + Int.random(in: 0...20, using: &rng), y: r * 190 + Int.random(in: 0...30, using: &rng),
                                  w: Int.random(in: 120...160, using: &rng), h: Int.random(in: 60...150, using: &rng), name: "e\(k)"))
            }
            let source = document(items, lang: rightToLeft ? "ar" : "en")
            let bytes = Array(source.utf8)
            let found = validate(bytes)
            let context = "\(source)\n\(describe(found, in: bytes))"
            XCTAssertTrue(found.allSatisfy { $0.code == "TDL317" }, context)
            let expected = items.indices.first { j in items[..<j].contains { ReadingOrderTests.precedes(items[j], $0, rightToLeft: rightToLeft) } }
            XCTAssertEqual(found.count, expected == nil ? 0 : 1, context)
            guard let j = expected, let report = found.first else { continue }
            reported += 1
            XCTAssertTrue(report.message.hasPrefix("`\(items[j].kind) \(items[j].name)` comes after"), context)
            guard let fix = report.fixes.first else { continue }
            fixed += 1
            let after = applying(fix.edits, to: source)
            XCTAssertEqual(validate(after).count, 0, "after the fix:\n\(after)")
            // Every byte kept: the same lines, reordered.
            XCTAssertEqual(after.split(separator: "\n", omittingEmptySubsequences: false).sorted(),
                           source.split(separator: "\n", omittingEmptySubsequences: false).sorted(), after)
            XCTAssertNotEqual(after, source)
        }
        XCTAssertGreaterThan(reported, 100)
        XCTAssertGreaterThan(fixed, 100)
    }

    func item(_ name: String, _ x: Int, _ y: Int, _ w: Int = 100, _ h: Int = 40, kind: String = "text", extra: String = "") -> Item {
        Item(kind: kind, x: x, y: y, w: w, h: h, extra: extra, name: name)
    }

    /// What must stay quiet: rows that overlap, columns read column by column, what a
    /// reader does not meet, members of different groups, rows when the direction is not known.
    func testQuietWhereTheOrderIsNotClearlyWrong() {
        let cases: [(String, String)] = [
            ("rows overlapping a little", document([item("a", 200, 30), item("b", 0, 0)])),
            ("touching, no gap", document([item("a", 0, 40), item("b", 0, 0)])),
            ("two columns, column by column", document([item("a", 0, 0), item("b", 0, 100), item("c", 300, 0), item("d", 300, 100)])),
            ("hidden", document([item("a", 0, 100), item("b", 0, 0, extra: "    visible: false\n")])),
            ("decorative image", document([item("a", 0, 100), Item(kind: "image", x: 0, y: 0, w: 100, h: 40, extra: "", name: "b")]).replacingOccurrences(of: "alt: \"Hi\"", with: "alt: \"\"")),
            ("rotated", document([item("a", 0, 100), item("b", 0, 0, extra: "    rotation: 90\n")])),
            ("right to left, read from the right", document([item("a", 300, 0), item("b", 0, 0)], lang: "he")),
            ("direction not known: rows not judged", document([item("a", 300, 0), item("b", 0, 0)], lang: "az-Arab")),
            ("a divider is not read", document([item("a", 0, 100)]).replacingOccurrences(of: "}\n", with: "  divider rule {\n    at: 0, 0\n    size: 100 x 2\n  }\n}\n", options: .backwards)),
        ]
        for (name, source) in cases {
            let found = validate(source).filter { $0.code == "TDL317" }
            XCTAssertEqual(found.count, 0, "\(name):\n\(source)\n\(found.map(\.message))")
        }
        // Members of different groups are not compared; within a group they are.
        let grouped = "format 1\n\ntemplate card {\n  size: 800 x 800\n  group g1 {\n    at: 0, 100\n    size: 400 x 100\n    text a {\n      text: \"Hi\"\n      at: 0, 0\n      size: 100 x 40\n    }\n  }\n  group g2 {\n    at: 0, 0\n    size: 400 x 90\n    text b {\n      text: \"Hi\"\n      at: 0, 0\n      size: 100 x 40\n    }\n  }\n}\n"
        XCTAssertEqual(validate(grouped).map(\.code), [])
        let inOne = "format 1\n\ntemplate card {\n  size: 800 x 800\n  group g1 {\n    at: 0, 0\n    size: 400 x 400\n    text a {\n      text: \"Hi\"\n      at: 0, 100\n      size: 100 x 40\n    }\n    text b {\n      text: \"Hi\"\n      at: 0, 0\n      size: 100 x 40\n    }\n  }\n}\n"
        XCTAssertEqual(validate(inOne).map(\.code), ["TDL317"])
    }

    /// Reported at the later member, naming both; in a right-to-left language a member to
    /// the right is read first.
    func testTheReportNamesBothMembers() {
        let found = validate(document([item("a", 0, 100), item("b", 0, 0)]))
        XCTAssertEqual(found.map(\.message), ["`text b` comes after `text a` in the source, so a screen reader reads it later, but it is placed above it"])
        let rtl = validate(document([item("a", 0, 0), item("b", 300, 0)], lang: "ar"))
        XCTAssertEqual(rtl.map(\.message), ["`text b` comes after `text a` in the source, so a screen reader reads it later, but it is placed to its right in the same row"])
    }

    /// No fix where moving blocks could change what is drawn or what a comment governs.
    func testNoFixWhereReorderingIsRisky() {
        let overlapping = document([item("a", 0, 100), item("c", 150, 20, 100, 100), item("b", 0, 0, 200, 40)])
        let suppressed = document([item("a", 0, 100), item("b", 0, 0)]).replacingOccurrences(of: "  // the b\n", with: "  // tdl-ignore TDL303\n")
        let shared = document([item("a", 0, 100), item("b", 0, 0)]).replacingOccurrences(of: "  }\n  // the b\n  text b {", with: "  } text b {")
        for (name, source) in [("overlap", overlapping), ("suppression", suppressed), ("shared line", shared)] {
            let found = validate(source).filter { $0.code == "TDL317" }
            XCTAssertEqual(found.count, 1, "\(name):\n\(source)")
            XCTAssertEqual(found.first?.fixes.count, 0, "\(name):\n\(source)")
        }
    }
}
