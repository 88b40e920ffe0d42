import JSONText
import XCTest
@testable import LanguageServer

/// The features-edit handlers through the server, in process: each capability is advertised
/// and answers with LSP-shaped JSON in the negotiated encoding.
final class FeaturesEditTests: XCTestCase {
    let uri = "file:///t/edit/a.tdl"

    private func document(_ uri: String) -> JSONValue { ["textDocument": ["uri": .string(uri)]] }

    private func range(_ l0: Int, _ c0: Int, _ l1: Int, _ c1: Int) -> JSONValue {
        ["start": ["line": .int(l0), "character": .int(c0)], "end": ["line": .int(l1), "character": .int(c1)]]
    }

    func testCapabilitiesAreAdvertised() throws {
        let caps = try ServerHarness().initializeResult["capabilities"]
        XCTAssertEqual(caps["codeActionProvider"]["codeActionKinds"], ["quickfix", "source.fixAll.tdl"])
        XCTAssertEqual(caps["semanticTokensProvider"]["legend"]["tokenTypes"][0], "keyword")
        XCTAssertEqual(caps["semanticTokensProvider"]["range"], true)
        XCTAssertEqual(caps["semanticTokensProvider"]["full"], true)
        XCTAssertEqual(caps["colorProvider"], true)
        XCTAssertEqual(caps["foldingRangeProvider"], true)
        XCTAssertEqual(caps["selectionRangeProvider"], true)
        XCTAssertEqual(caps["documentLinkProvider"]["resolveProvider"], false)
        XCTAssertEqual(caps["inlayHintProvider"]["resolveProvider"], false)
    }

    func testQuickFixAndFixAll() throws {
        let h = try ServerHarness()
        h.open(uri, "format 1\ntemplate t {\n  size: 327x180\n}\n")
        var params = document(uri)
        params["range"] = range(2, 9, 2, 9)
        params["context"] = ["diagnostics": []]
        let actions = try h.request("textDocument/codeAction", params).get()
        let fix = actions.arrayValue?.first { $0["kind"] == "quickfix" }
        XCTAssertEqual(fix?["isPreferred"], true)
        XCTAssertEqual(fix?["edit"]["changes"][uri][0]["newText"], "327 x 180")
        XCTAssertEqual(fix?["edit"]["changes"][uri][0]["range"], range(2, 8, 2, 15))
        XCTAssertNotNil(fix?["diagnostics"][0]["code"].stringValue)
        XCTAssertTrue(actions.arrayValue?.contains { $0["kind"] == "source.fixAll.tdl" } ?? false)

        params["context"] = ["diagnostics": [], "only": ["source"]]
        let onlySource = try h.request("textDocument/codeAction", params).get()
        XCTAssertEqual(onlySource.arrayValue?.map { $0["kind"] }, ["source.fixAll.tdl"])
        XCTAssertNil(onlySource[0]["diagnostics"].arrayValue, "fix-all carries no diagnostics")

        params["range"] = .null
        if case .failure(let error) = h.request("textDocument/codeAction", params) {
            XCTAssertEqual(error.code, -32602)
        } else {
            XCTFail("a missing range is invalid params")
        }
    }

    func testSemanticTokensCountUTF16AfterEmoji() throws {
        let h = try ServerHarness()
        h.open(uri, "template t {\n  text a { text: \"😀 {{who}}\" }\n}\n")
        let data = try h.request("textDocument/semanticTokens/full", document(uri)).get()["data"].arrayValue?.compactMap(\.intValue) ?? []
        XCTAssertEqual(data.count % 5, 0)
        // Decode to absolute (line, start, length, type).
        var tokens: [(Int, Int, Int, Int)] = []
        var line = 0, start = 0
        for i in stride(from: 0, to: data.count, by: 5) {
            line += data[i]
            start = data[i] == 0 ? start + data[i + 1] : data[i + 1]
            tokens.append((line, start, data[i + 2], data[i + 3]))
        }
        let parameter = 5  // legend index of `parameter`
        let who = tokens.first { $0.3 == parameter }
        // `  text a { text: "😀 {{who}}" }`: the emoji is two UTF-16 units, so `who` starts at 23.
        XCTAssertEqual(who?.0, 1)
        XCTAssertEqual(who?.1, 23)
        XCTAssertEqual(who?.2, 3)

        var rangeParams = document(uri)
        rangeParams["range"] = range(0, 0, 0, 12)
        let ranged = try h.request("textDocument/semanticTokens/range", rangeParams).get()["data"].arrayValue ?? []
        XCTAssertEqual(ranged.count, 10, "template and t")
    }

    func testColoursAndPresentations() throws {
        let h = try ServerHarness()
        h.open(uri, "style s {\n  color: #FF0000\n  background: white\n}\n")
        let colors = try h.request("textDocument/documentColor", document(uri)).get()
        XCTAssertEqual(colors.arrayValue?.count, 2)
        XCTAssertEqual(colors[0]["color"]["red"].doubleValue, 1)
        XCTAssertEqual(colors[0]["range"], range(1, 9, 1, 16))
        XCTAssertEqual(colors[1]["range"], range(2, 14, 2, 19))

        var params = document(uri)
        params["range"] = range(1, 9, 1, 16)
        params["color"] = ["red": 1, "green": 1, "blue": 1, "alpha": 1]
        let presentations = try h.request("textDocument/colorPresentation", params).get()
        XCTAssertEqual(presentations.arrayValue?.map { $0["label"] }, ["#FFFFFF", "white"])
        XCTAssertEqual(presentations[0]["textEdit"]["range"], range(1, 9, 1, 16))
        params["color"] = ["red": "x"]
        if case .failure(let error) = h.request("textDocument/colorPresentation", params) {
            XCTAssertEqual(error.code, -32602)
        } else {
            XCTFail("a malformed colour is invalid params")
        }
    }

    func testFoldingAndSelectionRanges() throws {
        let h = try ServerHarness()
        h.open(uri, "// a\n// b\ntemplate t {\n  size: 1 x 1\n}\n")
        let folds = try h.request("textDocument/foldingRange", document(uri)).get()
        XCTAssertEqual(folds, [["startLine": 0, "endLine": 1, "kind": "comment"], ["startLine": 2, "endLine": 3, "kind": "region"]])

        var params = document(uri)
        params["positions"] = [["line": 3, "character": 2]]
        let selection = try h.request("textDocument/selectionRange", params).get()
        XCTAssertEqual(selection[0]["range"], range(3, 2, 3, 6), "the key")
        XCTAssertEqual(selection[0]["parent"]["range"], range(3, 2, 3, 13), "the property")
        var outermost = selection[0]
        while !outermost["parent"].isNull { outermost = outermost["parent"] }
        XCTAssertEqual(outermost["range"], range(0, 0, 5, 0), "the document")
    }

    func testDocumentLinksResolveAgainstTheDocument() throws {
        let h = try ServerHarness()
        h.open(uri, "template t {\n  image i { src: \"img/a b.png\"; alt: \"\" }\n  image j { src: \"javascript:x\"; alt: \"\" }\n}\n")
        let links = try h.request("textDocument/documentLink", document(uri)).get()
        XCTAssertEqual(links.arrayValue?.count, 1)
        XCTAssertEqual(links[0]["target"], "file:///t/edit/img/a%20b.png")
        XCTAssertEqual(links[0]["range"], range(1, 18, 1, 29))
    }

    func testInlayHintsFollowImportedStyles() throws {
        let h = try ServerHarness()
        h.open("file:///t/edit/styles.tdl", "style card { background: #FFFFFF; padding: 16 }\n")
        h.open(uri, "import \"styles.tdl\"\ntemplate t {\n  text a { style: card; text: \"x\"; padding: 2 }\n}\n")
        var params = document(uri)
        params["range"] = range(0, 0, 4, 0)
        let hints = try h.request("textDocument/inlayHint", params).get()
        XCTAssertEqual(hints.arrayValue?.count, 1)
        XCTAssertEqual(hints[0]["label"], "background")
        XCTAssertEqual(hints[0]["position"], ["line": 2, "character": 22])
    }

    func testPreviewAnswersHTMLOrARequestFailedError() throws {
        let h = try ServerHarness()
        h.open(uri, "format 1\ntemplate card {\n  size: 100 x 100\n  text a { text: \"Hello\"; at: 0, 0; size: 50 x 20 }\n}\n")
        let page = try h.request("tdl/preview", ServerHarness.position(uri, 3, 4)).get()
        XCTAssertEqual(page["name"], "card")
        XCTAssertTrue(page["html"].stringValue?.contains("Hello") ?? false)
        // The page's base is the document's folder, so relative images resolve from there.
        XCTAssertTrue(page["html"].stringValue?.contains("<base href=\"file:///t/edit/\">") ?? false)
        let spaced = "file:///t/my%20cards/b.tdl"
        h.open(spaced, "format 1\ntemplate b {\n  size: 10 x 10\n}\n")
        let spacedPage = try h.request("tdl/preview", ServerHarness.position(spaced, 0, 0)).get()
        XCTAssertTrue(spacedPage["html"].stringValue?.contains("<base href=\"file:///t/my%20cards/\">") ?? false)
        // An unsaved document has no folder: no base.
        h.open("untitled:Untitled-1", "format 1\ntemplate u {\n  size: 10 x 10\n}\n")
        let unsaved = try h.request("tdl/preview", ServerHarness.position("untitled:Untitled-1", 0, 0)).get()
        XCTAssertFalse(unsaved["html"].stringValue?.contains("<base") ?? true)

        h.replaceAll(uri, version: 2, text: "format 1\ntemplate card {\n  size: 100 x\n}\n")
        if case .failure(let error) = h.request("tdl/preview", ServerHarness.position(uri, 0, 0)) {
            XCTAssertEqual(error.code, -32803)
            XCTAssertTrue(error.message.contains("errors"), error.message)
        } else {
            XCTFail("a document with errors has no preview")
        }
    }
}
