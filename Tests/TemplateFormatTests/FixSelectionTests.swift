import TemplateFormat
import XCTest

final class FixSelectionTests: XCTestCase {
    /// Edits apply from the last to the first whatever their order in the list, and
    /// insertions at one point land in list order (as LSP says), also when mixed with a
    /// replacement that ends there.
    func testEditsApplyAsAnEditorAppliesThem() {
        let text = Array("abcdef".utf8)
        func edit(_ start: Int, _ end: Int, _ newText: String) -> TextEdit { TextEdit(range: ByteRange(start: start, end: end), newText: newText) }
        XCTAssertEqual(FixSelection.apply([edit(0, 1, "A"), edit(4, 6, "EF")], to: text), Array("AbcdEF".utf8))
        XCTAssertEqual(FixSelection.apply([edit(4, 6, "EF"), edit(0, 1, "A")], to: text), Array("AbcdEF".utf8))
        XCTAssertEqual(FixSelection.apply([edit(3, 3, "1"), edit(3, 3, "2"), edit(3, 3, "3")], to: text), Array("abc123def".utf8))
        XCTAssertEqual(FixSelection.apply([edit(1, 3, "X"), edit(3, 3, "1"), edit(3, 3, "2")], to: text), Array("aX12def".utf8))
        // An edit past the end is left out, not a crash.
        XCTAssertEqual(FixSelection.apply([edit(2, 9, "x")], to: text), text)
    }
}
