import XCTest
import JSONText
import TemplateFormat
import Validator
import ProjectModel
import ToolSupport
@testable import LanguageServer
import TestSupport

/// Pushed diagnostics copy the JSON of unchanged diagnostics from the previous push; the
/// bytes must always be what writing everything afresh gives.
final class PublishedDiagnosticsTests: XCTestCase {
    static let document = """
    format 1

    style heading {
      font-size: 24
      color: #777777
    }

    template first {
      size: 400 x 300
      params {
        name: "friend"
        unused: 1
      }
      text title { style: heading; text: "Hello, {{name}} 😀 {{nobody}}"; at: 10, 10; size: 300 x 40 }
      image hero { src: "hero.png"; at: 380, 280; size: 100 x 100 }
      image pic { style: heading; src: "a.png"; alt: "a"; at: 0, 0; size: 10 x 10 }
      image late { style: later; src: "a.png"; alt: "a"; at: 0, 0; size: 10 x 10 }
      text dup { text: "x"; colr: red }
      text dup { text: ""; at: 390, 10; size: 50 x 0 }
    }

    template second {
      size: 200 x 200
      text a { text: "again"; colour: red; color: white; background: white }
      button go { label: "Go"; action: "javascript:alert(1)"; at: 150, 150; size: 80 x 40 }
    }

    annotations notes {
      size: 800 x 600
      rect box { at: 10, 10; size: 100 x 50 }
      arrow pointer { from: box; to: nowhere }
    }

    style later {
      font-size: 12
    }

    """

    func testRandomKeystrokesPublishTheSameBytesAsAFreshWrite() throws {
        var generator = SeededRandom(seed: 110)
        let pieces = ["x", " ", "\n", "}", "{", ":", "é", "😀", "  colr: red\n", "  at: 999, 999\n", "\""]
        var totalReused = 0
        for _ in 0..<12 {
            let h = try ServerHarness()
            let uri = "file:///t/memo.tdl"
            h.open(uri, Self.document)
            for version in 2..<30 {
                let lines = (h.text(uri) ?? "").components(separatedBy: "\n")
                let line = Int.random(in: 0..<lines.count, using: &generator)
                let length = lines[line].utf16.count
                let character = Int.random(in: 0...length, using: &generator)
                let end = Bool.random(using: &generator) ? character : min(length, character + 2)
                let text = end == character ? pieces.randomElement(using: &generator) ?? "x" : ""
                let payloads = change(h, uri, version: version, range: (line, character, line, end), text: text)
                XCTAssertEqual(payloads.count, 1)
                let analysis = try XCTUnwrap(h.server.workspace.analysis(uri: uri))
                // The reparsed, partly revalidated analysis is what analysing afresh gives (with
                // the server's disk loader: the images it names are missing, TDL313).
                let file = ProjectFile(path: analysis.path ?? uri, tree: SyntaxTree.parse(analysis.bytes))
                XCTAssertEqual(analysis.diagnostics, Validator.validate(file, in: Project(files: [file], loader: .disk())))
                let fresh = DiagnosticConversion.publishPayload(analysis, workspace: h.server.workspace)
                XCTAssertEqual(payloads.first, fresh, "after editing to:\n\(h.text(uri) ?? "")")
                if payloads.first != fresh { return }
                totalReused += h.server.workspace.documents[uri]?.published.lastReused ?? 0
            }
        }
        XCTAssertGreaterThan(totalReused, 0, "unchanged diagnostics are copied from the previous push")
    }

    /// Typing in one template leaves every other template's diagnostics as they were: all
    /// of those are copied.
    func testAnEditInOneTemplateCopiesTheOthers() throws {
        let h = try ServerHarness()
        let uri = "file:///t/memo.tdl"
        h.open(uri, Self.document)
        _ = change(h, uri, version: 2, range: (23, 0, 23, 0), text: "  ")
        let analysis = try XCTUnwrap(h.server.workspace.analysis(uri: uri))
        let outsideSecond = analysis.diagnostics.filter { analysis.range(of: $0.range).start.line < 21 && $0.related.isEmpty }
        let reused = try XCTUnwrap(h.server.workspace.documents[uri]?.published.lastReused)
        XCTAssertGreaterThanOrEqual(reused, outsideSecond.count - 2)  // document-level ones are written again
        XCTAssertGreaterThan(reused, 3)
    }

    /// A style whose property an element kind does not use is reported at the first element
    /// of that kind using it in each template (TDL120, with a related location in the style).
    /// The validator works that finding out once per style and kind; each template's copy
    /// must still be recognised as unchanged after an edit elsewhere, or every keystroke
    /// writes them all again.
    func testStyleFindingsRepeatedAtEachUseAreCopied() throws {
        let h = try ServerHarness()
        let uri = "file:///t/styles.tdl"
        let templates = (0..<6).map { "template a\($0) {\n  size: 400 x 300\n  image i { style: big; src: \"a.png\"; alt: \"a\"; at: 0, 0; size: 10 x 10 }\n}\n" }
        let text = "format 1\n\nstyle big {\n  font-size: 24\n}\n\n" + templates.joined(separator: "\n")
            + "\ntemplate b {\n  size: 200 x 200\n  text t { text: \"x\"; at: 0, 0; size: 10 x 10 }\n}\n"
        h.open(uri, text)
        let before = try XCTUnwrap(h.server.workspace.analysis(uri: uri))
        XCTAssertEqual(before.diagnostics.filter { $0.code == "TDL120" }.count, 6)
        // Typing in template b leaves the six findings of the templates before it where they were.
        let lineInB = try XCTUnwrap(text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("template b") }) + 2
        _ = change(h, uri, version: 2, range: (lineInB, 0, lineInB, 0), text: "  ")
        let reused = try XCTUnwrap(h.server.workspace.documents[uri]?.published.lastReused)
        XCTAssertGreaterThanOrEqual(reused, 6)
    }

    /// A line added between a diagnostic and a related location further down moves only
    /// the related location: that diagnostic must be written again.
    func testARelatedLocationThatMovedIsWrittenAgain() throws {
        let h = try ServerHarness()
        let uri = "file:///t/memo.tdl"
        h.open(uri, Self.document)
        _ = change(h, uri, version: 2, range: (23, 0, 23, 0), text: "\n")
        let payload = try XCTUnwrap(change(h, uri, version: 3, range: (23, 0, 23, 0), text: "\n").first)
        let analysis = try XCTUnwrap(h.server.workspace.analysis(uri: uri))
        XCTAssertEqual(payload, DiagnosticConversion.publishPayload(analysis, workspace: h.server.workspace))
        let related = analysis.diagnostics.filter { $0.code == "TDL120" && $0.related.contains { analysis.range(of: $0.range).start.line > 30 } }
        XCTAssertEqual(related.count, 1, "the late style's font-size does not apply to an image")
    }

    /// Applies an incremental change and returns the publish payloads it causes, as the
    /// stdio loop writes them.
    /// The previous diagnostic with the same wording is looked for a bounded way ahead
    /// (`PublishedDiagnostics.lookAhead`): when an edit removes more diagnostics than that
    /// at once, the ones after them are written afresh (the same bytes), and the next edit
    /// copies them again.
    func testRemovingMoreDiagnosticsThanTheLookAheadStillPublishesTheSameBytes() throws {
        let h = try ServerHarness()
        let uri = "file:///t/many.tdl"
        let count = PublishedDiagnostics.lookAhead + 40
        // Each element is partly outside its canvas (TDL301): one diagnostic per line.
        let crowded = (0..<count).map { "  text t\($0) { text: \"x\"; at: 390, \($0); size: 50 x 10 }" }.joined(separator: "\n")
        let text = "format 1\n\ntemplate crowded {\n  size: 400 x 300\n\(crowded)\n}\n\n"
            + "template after {\n  size: 200 x 200\n  text a { text: \"x\"; at: 190, 10; size: 50 x 10 }\n  text b { text: \"y\"; at: 190, 50; size: 50 x 10 }\n}\n\n"
            + "template tail {\n  size: 200 x 200\n  text c { text: \"z\"; at: 10, 10; size: 50 x 10 }\n}\n"
        h.open(uri, text)
        let before = try XCTUnwrap(h.server.workspace.analysis(uri: uri)).diagnostics.count
        XCTAssertGreaterThan(before, count)
        // Delete every element of `crowded` (lines 4 ..< 4 + count) in one edit.
        let payloads = change(h, uri, version: 2, range: (4, 0, 4 + count, 0), text: "")
        let analysis = try XCTUnwrap(h.server.workspace.analysis(uri: uri))
        XCTAssertLessThan(analysis.diagnostics.count, before - PublishedDiagnostics.lookAhead)
        XCTAssertEqual(payloads.first, DiagnosticConversion.publishPayload(analysis, workspace: h.server.workspace))
        XCTAssertEqual(h.server.workspace.documents[uri]?.published.lastReused, 0, "`after`'s diagnostics are past the look-ahead")
        // The next keystroke (in `tail`) copies `after`'s diagnostics again.
        let lines = (h.text(uri) ?? "").components(separatedBy: "\n")
        let last = try XCTUnwrap(lines.lastIndex { $0.hasPrefix("  text c") })
        let again = change(h, uri, version: 3, range: (last, 0, last, 0), text: " ")
        let next = try XCTUnwrap(h.server.workspace.analysis(uri: uri))
        XCTAssertEqual(again.first, DiagnosticConversion.publishPayload(next, workspace: h.server.workspace))
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(h.server.workspace.documents[uri]?.published.lastReused), 2)
    }

    private func change(_ h: ServerHarness, _ uri: String, version: Int, range: (Int, Int, Int, Int), text: String) -> [[UInt8]] {
        let r: JSONValue = ["start": ["line": .int(range.0), "character": .int(range.1)],
                            "end": ["line": .int(range.2), "character": .int(range.3)]]
        _ = h.server.handle(.notification(method: "textDocument/didChange", params: [
            "textDocument": ["uri": .string(uri), "version": .int(version)],
            "contentChanges": [["range": r, "text": .string(text)]]]), publishDiagnostics: false)
        return h.server.publishPendingDiagnosticsPayloads()
    }
}
