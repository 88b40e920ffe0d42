import XCTest
import ProjectModel
import TemplateFormat
@testable import LanguageFeatures

final class InlayHintsTests: XCTestCase {
    private let text = """
    style base { font-size: 16; color: #222222 }
    style panel {
      style: base
      background: #FFFFFF
      padding: 16
      corner-radius: 12
      border-width: 1
    }
    style loop-a { style: loop-b; color: red }
    style loop-b { style: loop-a; opacity: 0.5 }
    template t {
      size: 100 x 100
      text a { style: panel; text: "x"; padding: 4 }
      text b { style: base; font-size: 20; color: black }
      text c { style: loop-a }
      text d { style: missing }
    }
    """

    private func offset(_ needle: String) -> Int {
        let r = text.range(of: needle)!
        return text.utf8.distance(from: text.utf8.startIndex, to: r.upperBound)
    }

    func testHintListsWhatTheChainSuppliesAndTheElementDoesNotSet() {
        let tree = SyntaxTree.parse(text)
        let hints = InlayHints.hints(in: tree, range: ByteRange(start: 0, end: tree.bytes.count))
        let forA = hints.first { $0.position == offset("text a { style: panel") }
        XCTAssertEqual(forA?.label, "background, corner-radius, border-width +2")
        XCTAssertEqual(forA?.tooltip.split(separator: "\n").count, 5)
        XCTAssertTrue(forA?.tooltip.contains("font-size: 16  (from `base`)") ?? false, forA?.tooltip ?? "")
        XCTAssertFalse(forA?.tooltip.contains("padding") ?? true, "the element sets padding itself")
        // Everything overridden: no hint; unknown style: no hint; a cycle ends.
        XCTAssertNil(hints.first { $0.position == offset("text b { style: base") })
        XCTAssertNil(hints.first { $0.position == offset("text d { style: missing") })
        XCTAssertEqual(hints.first { $0.position == offset("text c { style: loop-a") }?.label, "color, opacity")
        // A style extending a style gets a hint too.
        XCTAssertEqual(hints.first { $0.position == offset("  style: base") }?.label, "font-size, color")
    }

    func testOnlyHintsInsideTheRange() {
        let tree = SyntaxTree.parse(text)
        let start = offset("text b {")
        let hints = InlayHints.hints(in: tree, range: ByteRange(start: start, end: tree.bytes.count))
        XCTAssertEqual(hints.map(\.label), ["color, opacity"])
    }

    func testImportedStylesComeFromTheLookup() {
        let other = ProjectFile(path: "/w/shared.tdl", tree: SyntaxTree.parse("style shared { color: red; style: local }"))
        let tree = SyntaxTree.parse("import \"shared.tdl\"\nstyle local { opacity: 1 }\ntemplate t { text a { style: shared; text: \"x\" } }")
        let scope = NavFixture.context(ProjectFile(path: "/w/main.tdl", tree: tree), imports: [other]).scope
        let hints = InlayHints.hints(in: tree, range: ByteRange(start: 0, end: tree.bytes.count), styles: scope)
        XCTAssertEqual(hints.map(\.label), ["color, opacity"])
        XCTAssertTrue(InlayHints.hints(in: tree, range: ByteRange(start: 0, end: tree.bytes.count)).isEmpty,
                      "without the scope, the imported style is unknown")
    }
}
