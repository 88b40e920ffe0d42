import Foundation
import JSONText
import LSPProtocol
import TestSupport
import XCTest
@testable import LanguageServer

/// Completion, code actions and definition as an editor without snippet support sees them,
/// through the server: what goes on the wire and what it does to the document.
final class EditorFeatureTests: XCTestCase {
    private let plainClient: JSONValue = ["textDocument": ["completion": ["completionItem": ["snippetSupport": false]]]]

    private func items(_ h: ServerHarness, _ uri: String, _ line: Int, _ character: Int) throws -> [JSONValue] {
        try h.request("textDocument/completion", ServerHarness.position(uri, line, character)).get()["items"].arrayValue ?? []
    }

    func testBlockCompletionWithoutSnippetsIsClosedAndIndented() throws {
        let h = try ServerHarness(capabilities: plainClient)
        let uri = "file:///e/a.tdl"
        let text = "format 1\n\ntemplate t {\n  size: 375 x 667\n  group g {\n    te\n  }\n}\n"
        h.open(uri, text)
        let item = try XCTUnwrap(try items(h, uri, 5, 6).first { $0["label"] == "text" && $0["kind"] == 14 })
        XCTAssertEqual(item["insertTextFormat"], 1)
        XCTAssertEqual(item["textEdit"]["newText"], "text {\n      text: \"Text\"\n    }")
        let edited = applying([item["textEdit"]], to: text)
        XCTAssertTrue(edited.contains("    text {\n      text: \"Text\"\n    }\n  }\n}"), edited)
        h.replaceAll(uri, version: 2, text: edited)
        let diagnostics = h.published(uri).last?["diagnostics"].arrayValue ?? []
        XCTAssertEqual(diagnostics.count, 0, "\(diagnostics)")
    }

    func testKeyOnlyOverAWrittenValue() throws {
        let h = try ServerHarness(capabilities: plainClient)
        let uri = "file:///e/b.tdl"
        let text = "template t {\n  size: 375 x 667\n  backg: red\n}\n"
        h.open(uri, text)
        let item = try XCTUnwrap(try items(h, uri, 2, 7).first { $0["label"] == "background" })
        XCTAssertEqual(item["textEdit"]["newText"], "background")
        XCTAssertEqual(applying([item["textEdit"]], to: text), "template t {\n  size: 375 x 667\n  background: red\n}\n")
    }

    func testPathCompletionListsTheDocumentsFolder() throws {
        let folder = try TemporaryFolder(prefix: "tdl-paths")
        let dir = folder.path
        try folder.makeFolder("img")
        for name in ["img/logo.png", "img/notes.txt", "base.tdl", "clip.mp4", ".secret.tdl"] {
            _ = FileManager.default.createFile(atPath: dir + "/" + name, contents: Data())
        }
        let h = try ServerHarness(capabilities: plainClient)
        let uri = DocumentURI.uri(forPath: dir + "/main.tdl")
        h.open(uri, "import \"\"\ntemplate t {\n  image a { src: \"img/\" }\n}\n")
        XCTAssertEqual(try items(h, uri, 0, 8).map { $0["label"].stringValue ?? "" }, ["img/", "base.tdl"])
        let inFolder = try items(h, uri, 2, 22)
        XCTAssertEqual(inFolder.map { $0["label"].stringValue ?? "" }, ["logo.png"])
        XCTAssertEqual(inFolder.first?["kind"], 17)
        XCTAssertEqual(inFolder.first?["textEdit"]["range"]["start"]["character"], 22, "after `img/`")
    }

    func testCodeActionsSuppressAndFix() throws {
        let h = try ServerHarness()
        let uri = "file:///e/c.tdl"
        let text = "format 1\n\ntemplate t {\n  size: 100 x 100\n  image a {\n    src: \"a.png\"\n    alt: \"\"\n    fit: stretch\n  }\n}\n"
        h.open(uri, text)
        let params: JSONValue = ["textDocument": ["uri": .string(uri)],
                                 "range": ["start": ["line": 7, "character": 10], "end": ["line": 7, "character": 10]],
                                 "context": ["diagnostics": []]]
        let actions = try h.request("textDocument/codeAction", params).get().arrayValue ?? []
        let titles = actions.compactMap { $0["title"].stringValue }
        XCTAssertTrue(titles.contains("Change to `fill`"), "\(titles)")
        let suppress = try XCTUnwrap(actions.first { $0["title"] == "Suppress TDL108 on this line" })
        XCTAssertEqual(suppress["kind"], "quickfix")
        XCTAssertEqual(suppress["isPreferred"], false)
        let edit = suppress["edit"]["changes"][uri][0]
        XCTAssertEqual(edit["newText"], "    // tdl-ignore TDL108\n")
        XCTAssertEqual(edit["range"]["start"]["line"], 7)
        XCTAssertEqual(suppress["diagnostics"][0]["code"], "TDL108")
    }

    func testDefinitionOnImportPath() throws {
        let h = try ServerHarness()
        h.open("file:///e/shared.tdl", "style s { opacity: 1 }\n")
        h.open("file:///e/main.tdl", "format 1\nimport \"shared.tdl\"\n")
        let result = try h.request("textDocument/definition", ServerHarness.position("file:///e/main.tdl", 1, 10)).get()
        XCTAssertEqual(result[0]["uri"], "file:///e/shared.tdl")
        XCTAssertEqual(result[0]["range"]["start"]["line"], 0)
        XCTAssertEqual(result[0]["range"]["start"]["character"], 0)
    }
}
