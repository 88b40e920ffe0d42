import JSONText
import LSPProtocol
import XCTest
@testable import LanguageServer

final class FormattingTests: XCTestCase {
    let uri = "file:///t/f.tdl"

    private func format(_ h: ServerHarness, tabSize: Int = 2, insertSpaces: Bool = true) throws -> [JSONValue] {
        let result = try h.request("textDocument/formatting", ["textDocument": ["uri": .string(uri)],
                                                               "options": ["tabSize": .int(tabSize), "insertSpaces": .bool(insertSpaces)]]).get()
        return try XCTUnwrap(result.arrayValue)
    }

    func testOneMinimalEditHonouringTabSize() throws {
        let h = try ServerHarness()
        let text = "format 1\n\ntemplate card {\nsize: 100 x 100\n  text t {\n  text: \"é 😀\"\n   }\n}\n"
        h.open(uri, text)
        let edits = try format(h, tabSize: 4)
        XCTAssertEqual(edits.count, 1, "one edit, not one per line")
        let formatted = applying(edits, to: text)
        XCTAssertEqual(formatted, "format 1\n\ntemplate card {\n    size: 100 x 100\n    text t {\n        text: \"é 😀\"\n    }\n}\n")
        XCTAssertEqual(edits[0]["range"]["start"]["line"].intValue, 3, "the unchanged prefix is not replaced")
        // Tabs.
        let tabbed = applying(try format(h, insertSpaces: false), to: text)
        XCTAssertTrue(tabbed.contains("\n\tsize: 100 x 100\n\ttext t {\n\t\ttext:"))
    }

    func testFormattedDocumentGetsNoEdits() throws {
        let h = try ServerHarness()
        h.open(uri, "format 1\n\ntemplate card {\n  size: 100 x 100\n}\n")
        XCTAssertEqual(try format(h), [])
    }

    /// A broken structure is an error answer whose message says where and what to do, for
    /// both requests: an empty list would look like formatting silently did nothing.
    func testBrokenStructureAnswersAnErrorTheEditorShows() throws {
        let h = try ServerHarness()
        h.open(uri, "format 1\ntemplate card {\n  size: 100 x 1\n  text t { text: \"unterminated\n}\n")
        let options: JSONValue = ["tabSize": 2, "insertSpaces": true]
        let whole = h.request("textDocument/formatting", ["textDocument": ["uri": .string(uri)], "options": options])
        guard case .failure(let error) = whole else { return XCTFail("formatted a broken document: \(whole)") }
        XCTAssertEqual(error.code, ErrorCode.requestFailed)
        XCTAssertEqual(error.message, "Not formatted: 2 errors break the structure, the first at line 2: missing `}` to close "
                       + "`template card` (TDL009). Fix them, then format again.")
        let ranged = h.request("textDocument/rangeFormatting", ["textDocument": ["uri": .string(uri)], "options": options,
                                                               "range": ["start": ["line": 2, "character": 0], "end": ["line": 2, "character": 1]]])
        guard case .failure(let rangeError) = ranged else { return XCTFail("range-formatted a broken document: \(ranged)") }
        XCTAssertEqual(rangeError, error)
        // A structural error with a certain fix: the message names its quick fix.
        h.replaceAll(uri, version: 2, text: "format 1\ntemplate card {\n  size: 100 x 1\n  text t\n  {\n  text: \"x\"\n  }\n}\n")
        guard case .failure(let fixable) = h.request("textDocument/formatting", ["textDocument": ["uri": .string(uri)], "options": options]) else {
            return XCTFail("formatted a broken document")
        }
        XCTAssertEqual(fixable.message, "Not formatted: an error breaks the structure at line 4: the `{` of `text` must be on the "
                       + "same line as its header (TDL012). Its quick fix (Move `{` up to the header) repairs it; then format again.")
    }

    /// `327x1` and other errors inside a value no longer stop formatting: kept as written.
    func testValueLevelErrorsAreFormattedAround() throws {
        let h = try ServerHarness()
        let text = "format 1\ntemplate card {\nsize: 327x1\n   opacity:.5\n}\n"
        h.open(uri, text)
        XCTAssertEqual(applying(try format(h), to: text), "format 1\ntemplate card {\n  size: 327x1\n  opacity: .5\n}\n")
    }

    func testRangeFormattingTouchesOnlyTheSelectedMember() throws {
        let h = try ServerHarness()
        let text = "format 1\n\nstyle a {\nfont-size: 1\n}\n\nstyle b {\nfont-size: 2\n}\n"
        h.open(uri, text)
        let result = try h.request("textDocument/rangeFormatting", [
            "textDocument": ["uri": .string(uri)], "options": ["tabSize": 2, "insertSpaces": true],
            "range": ["start": ["line": 7, "character": 0], "end": ["line": 7, "character": 3]]]).get()
        let edits = try XCTUnwrap(result.arrayValue)
        XCTAssertEqual(edits.count, 1)
        XCTAssertEqual(applying(edits, to: text), "format 1\n\nstyle a {\nfont-size: 1\n}\n\nstyle b {\n  font-size: 2\n}\n")
    }

    /// The case: two lines selected in a template change, and only those.
    func testRangeFormattingInsideATemplateChangesOnlyTheSelectedLines() throws {
        let h = try ServerHarness()
        let text = "format 1\ntemplate card {\nsize: 375 x 667\n  text t {\n  text:\"é 😀\"\n      at: 24 64\n  }\nbackground:   #f5f5f5\n}\n"
        h.open(uri, text)
        let result = try h.request("textDocument/rangeFormatting", [
            "textDocument": ["uri": .string(uri)], "options": ["tabSize": 2, "insertSpaces": true],
            "range": ["start": ["line": 4, "character": 0], "end": ["line": 6, "character": 0]]]).get()
        let edits = try XCTUnwrap(result.arrayValue)
        XCTAssertEqual(edits.count, 2)
        XCTAssertEqual(applying(edits, to: text),
                       "format 1\ntemplate card {\nsize: 375 x 667\n  text t {\n    text: \"é 😀\"\n    at: 24, 64\n  }\nbackground:   #f5f5f5\n}\n")
    }

    func testMinimalEditKeepsCharactersWhole() throws {
        // Old and new share the first byte of a multi-byte character (é = C3 A9, è = C3 A8).
        let edit = try XCTUnwrap(FormattingHandlers.minimalEdit(from: Array("aé\r\nz".utf8), to: Array("aè\r\nz".utf8)))
        XCTAssertEqual(edit.range.start, 1)
        XCTAssertEqual(edit.newText, "è")
        // Never split a CRLF.
        let crlf = try XCTUnwrap(FormattingHandlers.minimalEdit(from: Array("a\r\nb".utf8), to: Array("a\nb".utf8)))
        XCTAssertEqual(crlf.range, .init(start: 1, end: 3))
        XCTAssertEqual(crlf.newText, "\n")
        XCTAssertNil(FormattingHandlers.minimalEdit(from: [1, 2], to: [1, 2]))
    }
}
