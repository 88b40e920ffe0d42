import ProjectModel
import TemplateFormat
import TestSupport
import XCTest

/// `FileSummary.updated` (the language server's summary after a keystroke) equals the
/// summary made from scratch whenever it gives one, over random files and random edits:
/// inside templates (most), on style uses, names, braces, imports and styles.
final class FileSummaryUpdateTests: XCTestCase {
    static func randomFile(_ random: inout SeededRandom) -> String {
        var text = "format 1\n"
        func imports() {
            for _ in 0..<Int.random(in: 0...2, using: &random) { text += "import \"f\(Int.random(in: 0..<3, using: &random)).tdl\"\n" }
        }
        func styles() {
            for _ in 0..<Int.random(in: 0...2, using: &random) {
                let name = ProjectIncrementalTests.styleNames.randomElement(using: &random) ?? "a"
                text += "style \(name) {\n  font-size: 12\n"
                if Bool.random(using: &random) { text += "  style: \(ProjectIncrementalTests.styleNames.randomElement(using: &random) ?? "a")\n" }
                text += "}\n"
            }
        }
        imports()
        styles()
        for t in 0..<Int.random(in: 1...4, using: &random) {
            text += "template t\(t) {\n  size: 100 x 100\n"
            for e in 0..<Int.random(in: 0...4, using: &random) {
                let style = Bool.random(using: &random) ? "style: \(ProjectIncrementalTests.styleNames.randomElement(using: &random) ?? "a")\n    " : ""
                text += "  text e\(e) {\n    \(style)text: \"hello \(e)\"\n  }\n"
            }
            text += "}\n"
            if Int.random(in: 0..<3, using: &random) == 0 { styles() }
            if Int.random(in: 0..<4, using: &random) == 0 { imports() }
        }
        return text
    }

    static let insertions = ["x", " ", "\n", "}", "{", "style: a", "style: b\n", "\"", "import \"z.tdl\"\n",
                             "template q {", "// note", "a", "text n { style: c }", "9", "-"]

    func testUpdatedSummaryEqualsOneMadeFromScratch() {
        var random = SeededRandom(seed: 1126)
        var reused = 0, edits = 0
        for _ in 0..<150 {
            var bytes = Array(FileSummaryUpdateTests.randomFile(&random).utf8)
            var tree = SyntaxTree.parse(bytes)
            var summary = FileSummary(tree)
            for _ in 0..<20 {
                let start = Int.random(in: 0...bytes.count, using: &random)
                let length = Bool.random(using: &random) ? 0 : Int.random(in: 0...min(5, bytes.count - start), using: &random)
                let inserted = length > 0 && Bool.random(using: &random) ? [] : Array((FileSummaryUpdateTests.insertions.randomElement(using: &random) ?? "x").utf8)
                let replaced = ByteRange(start: start, end: start + length)
                var next = bytes
                next.replaceSubrange(start..<start + length, with: inserted)
                let newTree = tree.reparsed(replacing: replaced, insertedCount: inserted.count, in: next)
                let fresh = FileSummary(newTree)
                edits += 1
                if let updated = FileSummary.updated(summary, from: tree, to: newTree, replaced: replaced, insertedCount: inserted.count) {
                    reused += 1
                    let context = "edit \(replaced) -> \(String(decoding: inserted, as: UTF8.self).debugDescription) in:\n\(String(decoding: bytes, as: UTF8.self))"
                    XCTAssertEqual(updated.imports, fresh.imports, context)
                    XCTAssertEqual(updated.styles.map { "\($0.name) \($0.node) \($0.nameRange) \($0.parentName ?? "-")" },
                                   fresh.styles.map { "\($0.name) \($0.node) \($0.nameRange) \($0.parentName ?? "-")" }, context)
                    XCTAssertEqual(updated.usedStyleNames, fresh.usedStyleNames, context)
                    XCTAssertEqual(updated.writtenStyleNames, fresh.writtenStyleNames, context)
                    XCTAssertEqual(updated.topLevelNames, fresh.topLevelNames, context)
                    for style in fresh.styles { XCTAssertEqual(updated.style(named: style.name)?.node, style.node, context) }
                }
                bytes = next
                tree = newTree
                summary = fresh
            }
        }
        print("FileSummaryUpdateTests: \(reused) of \(edits) edits reused the summary (seed 1126)")
        XCTAssertGreaterThan(reused, edits / 5, "the update path is exercised")
    }
}
