import JSONText
import LSPProtocol
import XCTest
@testable import LanguageServer

/// The navigation handlers through the server, in process: capabilities, position
/// conversion, result shapes, and refusals as JSON-RPC errors.
final class FeaturesNavTests: XCTestCase {
    private let stylesURI = "file:///nav/styles.tdl"
    private let mainURI = "file:///nav/main.tdl"
    private let stylesText = "/// Titles.\nstyle title { font-size: 28 }\n"
    private let mainText = """
    format 1
    import "styles.tdl"
    template card {
      size: 100 x 100
      params {
        user: "friend"
      }
      text hello { style: title; text: "😀 Hi {{user}}" }
      text other { text: "{{user}}" }
    }

    """

    private func harness(snippets: Bool = true) throws -> ServerHarness {
        let h = try ServerHarness(capabilities: ["textDocument": ["completion": ["completionItem": [
            "snippetSupport": .bool(snippets), "documentationFormat": snippets ? ["markdown", "plaintext"] : ["plaintext"]]]]])
        h.open(stylesURI, stylesText)
        h.open(mainURI, mainText)
        return h
    }

    private func at(_ uri: String, _ line: Int, _ character: Int) -> JSONValue {
        ServerHarness.position(uri, line, character)
    }

    func testCapabilitiesAdvertised() throws {
        let caps = try harness().initializeResult["capabilities"]
        XCTAssertEqual(caps["completionProvider"]["triggerCharacters"], [":", "{", " ", "\"", "/"])
        XCTAssertEqual(caps["hoverProvider"], true)
        XCTAssertEqual(caps["definitionProvider"], true)
        XCTAssertEqual(caps["referencesProvider"], true)
        XCTAssertEqual(caps["documentHighlightProvider"], true)
        XCTAssertEqual(caps["renameProvider"]["prepareProvider"], true)
        XCTAssertEqual(caps["documentSymbolProvider"], true)
        XCTAssertEqual(caps["workspaceSymbolProvider"], true)
    }

    func testCompletionSnippetsAndPlainText() throws {
        let h = try harness()
        h.open("file:///nav/new.tdl", "template t {\n  text a {\n    fo")
        let result = try h.request("textDocument/completion", at("file:///nav/new.tdl", 2, 6)).get()
        let items = result["items"].arrayValue ?? []
        let fontSize = try XCTUnwrap(items.first { $0["label"] == "font-size" })
        XCTAssertEqual(fontSize["insertTextFormat"], 2)
        XCTAssertEqual(fontSize["textEdit"]["newText"], "font-size: ${1:16}")
        XCTAssertEqual(fontSize["textEdit"]["range"]["start"]["character"], 4)
        XCTAssertEqual(fontSize["textEdit"]["range"]["end"]["character"], 6)
        XCTAssertEqual(fontSize["kind"], 10)
        XCTAssertEqual(fontSize["documentation"]["kind"], "markdown")

        let plain = try harness(snippets: false)
        plain.open("file:///nav/new.tdl", "template t {\n  text a {\n    fo")
        let plainItems = try plain.request("textDocument/completion", at("file:///nav/new.tdl", 2, 6)).get()["items"].arrayValue ?? []
        let plainFont = try XCTUnwrap(plainItems.first { $0["label"] == "font-size" })
        XCTAssertEqual(plainFont["insertTextFormat"], 1)
        XCTAssertEqual(plainFont["textEdit"]["newText"], "font-size: 16")
        XCTAssertNotNil(plainFont["documentation"].stringValue, "plain documentation for a client without markdown")
    }

    func testHoverRangeInUTF16AfterEmoji() throws {
        let h = try harness()
        // Line 7 (0-based): `{{user}}` after an emoji, which is two UTF-16 code units.
        let result = try h.request("textDocument/hover", at(mainURI, 7, 45)).get()
        XCTAssertTrue(result["contents"]["value"].stringValue?.contains("param user") ?? false)
        XCTAssertEqual(result["range"]["start"]["character"], 44)
        XCTAssertEqual(result["range"]["end"]["character"], 48)
        XCTAssertEqual(try h.request("textDocument/hover", at(mainURI, 3, 2)).get()["contents"]["value"].stringValue?.contains("**size**"), true)
    }

    func testDefinitionAcrossImportAndReferences() throws {
        let h = try harness()
        let definition = try h.request("textDocument/definition", at(mainURI, 7, 24)).get()
        XCTAssertEqual(definition[0]["uri"].stringValue, stylesURI)
        XCTAssertEqual(definition[0]["range"]["start"], ["line": 1, "character": 6])

        var params = at(mainURI, 5, 5)
        params["context"] = ["includeDeclaration": true]
        let refs = try h.request("textDocument/references", params).get().arrayValue ?? []
        XCTAssertEqual(refs.count, 3)
        params["context"] = ["includeDeclaration": false]
        XCTAssertEqual(try h.request("textDocument/references", params).get().arrayValue?.count, 2)

        var fromStyles = at(stylesURI, 1, 8)
        fromStyles["context"] = ["includeDeclaration": true]
        let styleRefs = try h.request("textDocument/references", fromStyles).get().arrayValue ?? []
        XCTAssertEqual(Set(styleRefs.compactMap { $0["uri"].stringValue }), [stylesURI, mainURI], "open importers are searched")
    }

    func testDocumentHighlightKinds() throws {
        let h = try harness()
        let highlights = try h.request("textDocument/documentHighlight", at(mainURI, 5, 5)).get().arrayValue ?? []
        XCTAssertEqual(highlights.map { $0["kind"] }, [3, 2, 2])
    }

    func testPrepareRenameAndRename() throws {
        let h = try harness()
        let prepared = try h.request("textDocument/prepareRename", at(mainURI, 5, 5)).get()
        XCTAssertEqual(prepared["placeholder"], "user")
        XCTAssertEqual(try h.request("textDocument/prepareRename", at(mainURI, 3, 3)).get(), .null, "a property key")

        var params = at(mainURI, 7, 24)
        params["newName"] = "headline"
        let edit = try h.request("textDocument/rename", params).get()
        XCTAssertEqual(edit["changes"][mainURI].arrayValue?.count, 1)
        XCTAssertEqual(edit["changes"][stylesURI].arrayValue?.first?["newText"], "headline")

        params["newName"] = "not valid"
        guard case .failure(let error) = h.request("textDocument/rename", params) else { return XCTFail("must refuse") }
        XCTAssertEqual(error.code, ErrorCode.requestFailed)
        XCTAssertTrue(error.message.contains("not a valid name"))
        var clash = at(mainURI, 8, 7)
        clash["newName"] = "hello"
        guard case .failure(let clashError) = h.request("textDocument/rename", clash) else { return XCTFail("must refuse a clash") }
        XCTAssertTrue(clashError.message.contains("already exists"))
    }

    func testDocumentAndWorkspaceSymbols() throws {
        let h = try harness()
        let symbols = try h.request("textDocument/documentSymbol", ["textDocument": ["uri": .string(mainURI)]]).get()
        XCTAssertEqual(symbols[0]["name"], "card")
        XCTAssertEqual(symbols[0]["detail"], "template")
        XCTAssertEqual(symbols[0]["children"].arrayValue?.map { $0["name"] }, ["params", "hello", "other"])
        let found = try h.request("workspace/symbol", ["query": "tit"]).get().arrayValue ?? []
        XCTAssertEqual(found.first?["name"], "title")
        XCTAssertEqual(found.first?["location"]["uri"].stringValue, stylesURI)
    }

    func testBadParamsAreErrorsNotCrashes() throws {
        let h = try harness()
        guard case .failure(let error) = h.request("textDocument/hover", ["textDocument": ["uri": "file:///nav/main.tdl"]]) else {
            return XCTFail("missing position")
        }
        XCTAssertEqual(error.code, ErrorCode.invalidParams)
        XCTAssertNotNil(try? h.request("textDocument/completion", at(mainURI, 500, 500)).get())
    }
}
