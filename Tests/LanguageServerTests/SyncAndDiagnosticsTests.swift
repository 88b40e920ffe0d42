import JSONText
import LSPProtocol
import Validator
import TestSupport
import XCTest
@testable import LanguageServer

final class SyncAndDiagnosticsTests: XCTestCase {
    let uri = "file:///t/doc.tdl"
    let valid = "format 1\n\ntemplate card {\n  size: 100 x 100\n}\n"

    func testIncrementalEditsAfterEmojiAndCJKCountUTF16() throws {
        let h = try ServerHarness()
        // 😀 is two UTF-16 units and four bytes; 中 is one unit and three bytes.
        h.open(uri, "a😀b中c\nline2\n")
        h.change(uri, version: 2, range: (0, 3, 0, 3), text: "X")   // after 😀: a😀|b
        XCTAssertEqual(h.text(uri), "a😀Xb中c\nline2\n")
        h.change(uri, version: 3, range: (0, 5, 0, 6), text: "文")  // replaces 中 (a😀Xb = 5 units)
        XCTAssertEqual(h.text(uri), "a😀Xb文c\nline2\n")
        h.change(uri, version: 4, range: (0, 6, 1, 4), text: "")    // joins lines: drops c\nline
        XCTAssertEqual(h.text(uri), "a😀Xb文2\n")
        // Positions past the end of a line clamp to it.
        h.change(uri, version: 5, range: (0, 99, 0, 99), text: "!")
        XCTAssertEqual(h.text(uri), "a😀Xb文2!\n")
    }

    /// A UTF-16 file an editor did not decode arrives with a NUL beside every character:
    /// one diagnostic says what it is (not one per NUL byte), and formatting says why not.
    func testUTF16TextGetsOneDiagnostic() throws {
        let h = try ServerHarness()
        let undecoded = String(valid.unicodeScalars.flatMap { [$0, "\u{0}"] }.map(Character.init))
        h.open(uri, undecoded)
        let diagnostics = try XCTUnwrap(h.published(uri).last?["diagnostics"].arrayValue)
        XCTAssertEqual(diagnostics.map { $0["code"].stringValue }, ["TDL017"])
        XCTAssertTrue(diagnostics.first?["message"].stringValue?.hasPrefix("this file is UTF-16 (little-endian) text") == true)
        XCTAssertEqual(diagnostics.first?["range"]["start"]["line"].intValue, 0)
        let formatting = h.request("textDocument/formatting", ["textDocument": ["uri": .string(uri)], "options": ["tabSize": 2, "insertSpaces": true]])
        guard case .failure(let error) = formatting else { return XCTFail("formatted UTF-16 text") }
        XCTAssertTrue(error.message.contains("(TDL017)"), error.message)
        // Saved as UTF-8, the same text is clean.
        h.replaceAll(uri, version: 2, text: valid)
        XCTAssertEqual(h.published(uri).last?["diagnostics"].arrayValue?.count, 0)
    }

    func testUTF8EncodingCountsBytes() throws {
        let h = try ServerHarness(capabilities: ["general": ["positionEncodings": ["utf-8"]]])
        h.open(uri, "a😀b\n")
        h.change(uri, version: 2, range: (0, 5, 0, 6), text: "B")
        XCTAssertEqual(h.text(uri), "a😀B\n")
    }

    func testSeveralChangesInOneNotificationApplyInOrder() throws {
        let h = try ServerHarness()
        h.open(uri, "abc\n")
        let r1: JSONValue = ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 1]]
        let r2: JSONValue = ["start": ["line": 0, "character": 2], "end": ["line": 0, "character": 2]]
        h.notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": 2],
                                            "contentChanges": [["range": r1, "text": "XY"], ["range": r2, "text": "-"]]])
        XCTAssertEqual(h.text(uri), "XY-bc\n")
        h.replaceAll(uri, version: 3, text: "whole\n")
        XCTAssertEqual(h.text(uri), "whole\n")
    }

    func testStaleAndOutOfOrderVersionsAreIgnored() throws {
        let h = try ServerHarness()
        h.open(uri, "abc\n", version: 5)
        h.clearRecorded()
        h.change(uri, version: 5, range: (0, 0, 0, 0), text: "stale")
        h.change(uri, version: 3, range: (0, 0, 0, 0), text: "older")
        XCTAssertEqual(h.text(uri), "abc\n")
        XCTAssertTrue(h.published(uri).isEmpty, "an ignored change publishes nothing")
        h.change(uri, version: 6, range: (0, 0, 0, 0), text: "new")
        XCTAssertEqual(h.text(uri), "newabc\n")
        XCTAssertEqual(h.published(uri).last?["version"].intValue, 6)
    }

    func testMalformedChangeLeavesTheDocumentAsItWas() throws {
        let h = try ServerHarness()
        h.open(uri, "abc\n")
        h.notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": 2],
                                            "contentChanges": [["range": ["start": 1], "text": "x"]]])
        XCTAssertEqual(h.text(uri), "abc\n")
        XCTAssertTrue(h.notifications.contains { $0.method == "window/logMessage" })
    }

    func testPushPublishesOnOpenChangeSaveWithVersionAndClearsOnClose() throws {
        let h = try ServerHarness()
        h.open(uri, "format 1\ntemplate x {\n  size: 1 x 1\n  text t { colr: red\n  text: \"a\" }\n}\n")
        let opened = try XCTUnwrap(h.published(uri).last)
        XCTAssertEqual(opened["version"].intValue, 1)
        let diagnostic = try XCTUnwrap(opened["diagnostics"].arrayValue?.first { $0["code"] == "TDL102" })
        XCTAssertEqual(diagnostic["severity"].intValue, 1)
        XCTAssertEqual(diagnostic["source"], "tdl")
        XCTAssertEqual(diagnostic["range"]["start"]["line"].intValue, 3)
        XCTAssertEqual(diagnostic["codeDescription"]["href"].stringValue?.hasSuffix("#tdl102"), true)
        XCTAssertTrue(diagnostic["message"].stringValue?.contains("color") == true)

        h.change(uri, version: 2, range: (3, 11, 3, 15), text: "color")
        let changed = try XCTUnwrap(h.published(uri).last)
        XCTAssertEqual(changed["version"].intValue, 2)
        XCTAssertFalse(changed["diagnostics"].arrayValue?.contains { $0["code"] == "TDL102" } ?? true)

        let before = h.published(uri).count
        h.notify("textDocument/didSave", ["textDocument": ["uri": .string(uri)]])
        XCTAssertEqual(h.published(uri).count, before + 1)

        h.notify("textDocument/didClose", ["textDocument": ["uri": .string(uri)]])
        let closed = try XCTUnwrap(h.published(uri).last)
        XCTAssertEqual(closed["diagnostics"].arrayValue?.count, 0)
        XCTAssertNil(h.text(uri))
        XCTAssertFalse(h.serverRequests.contains { $0.method == "workspace/diagnostic/refresh" })
    }

    func testUnnecessaryTagAndRelatedInformation() throws {
        let h = try ServerHarness()
        let text = "format 1\n\nstyle unused {\n  font-size: 12\n}\n\nstyle dup {\n  font-size: 1\n}\n\nstyle dup {\n  font-size: 2\n}\n"
        h.open(uri, text)
        let diagnostics = try XCTUnwrap(h.published(uri).last?["diagnostics"].arrayValue)
        let unused = try XCTUnwrap(diagnostics.first { $0["message"].stringValue?.contains("`unused`") == true })
        XCTAssertEqual(unused["tags"], [1])
        let related = diagnostics.compactMap { $0["relatedInformation"].arrayValue }.flatMap { $0 }
        XCTAssertFalse(related.isEmpty, "the duplicate style points at the first definition")
        XCTAssertEqual(related.first?["location"]["uri"].stringValue, uri)
        XCTAssertNotNil(LSPRange(json: related.first?["location"]["range"] ?? .null))
    }

    func testDeferredPublishingSendsOnlyTheLastVersion() throws {
        let h = try ServerHarness()
        h.open(uri, valid)
        _ = h.server.handle(.notification(method: "textDocument/didChange", params: [
            "textDocument": ["uri": .string(uri), "version": 2],
            "contentChanges": [["text": "format 1\n"]]]), publishDiagnostics: false)
        _ = h.server.handle(.notification(method: "textDocument/didChange", params: [
            "textDocument": ["uri": .string(uri), "version": 3],
            "contentChanges": [["text": "format 1\n\n"]]]), publishDiagnostics: false)
        let out = h.server.publishPendingDiagnostics()
        XCTAssertEqual(out.count, 1)
        if case .notification(_, let params) = out.first { XCTAssertEqual(params["version"].intValue, 3) } else { XCTFail() }
    }

    func testPullClientsAreNeverPushedTo() throws {
        let h = try ServerHarness(capabilities: ServerHarness.pullCapabilities)
        XCTAssertEqual(h.initializeResult["capabilities"]["diagnosticProvider"]["interFileDependencies"], true)
        h.open(uri, "format 1\ntemplate x {\n  size: 1 x 1\n  colr: red\n}\n")
        h.change(uri, version: 2, range: (0, 0, 0, 0), text: "")
        h.notify("textDocument/didClose", ["textDocument": ["uri": .string(uri)]])
        XCTAssertTrue(h.published(uri).isEmpty)
    }

    func testPullReportAndUnchanged() throws {
        let h = try ServerHarness(capabilities: ServerHarness.pullCapabilities)
        h.open(uri, "format 1\ntemplate x {\n  size: 1 x 1\n  colr: red\n}\n")
        let report = try h.request("textDocument/diagnostic", ["textDocument": ["uri": .string(uri)]]).get()
        XCTAssertEqual(report["kind"], "full")
        XCTAssertTrue(report["items"].arrayValue?.contains { $0["code"] == "TDL102" } == true)
        let resultID = try XCTUnwrap(report["resultId"].stringValue)
        let again = try h.request("textDocument/diagnostic", ["textDocument": ["uri": .string(uri)], "previousResultId": .string(resultID)]).get()
        XCTAssertEqual(again["kind"], "unchanged")
        h.change(uri, version: 2, range: (3, 2, 3, 6), text: "background")
        let fresh = try h.request("textDocument/diagnostic", ["textDocument": ["uri": .string(uri)], "previousResultId": .string(resultID)]).get()
        XCTAssertEqual(fresh["kind"], "full")
        XCTAssertFalse(fresh["items"].arrayValue?.contains { $0["code"] == "TDL102" } ?? true)
    }

    func testChangingAnImportRefreshesDependents() throws {
        let folder = try TemporaryFolder(prefix: "lsp-import")
        let dir = URL(fileURLWithPath: folder.path)
        let base = dir.appendingPathComponent("base.tdl").path
        let main = dir.appendingPathComponent("main.tdl").path
        let baseText = "format 1\n\nstyle shared {\n  font-size: 12\n}\n"
        try baseText.write(toFile: base, atomically: true, encoding: .utf8)
        let mainText = "format 1\nimport \"base.tdl\"\n\ntemplate x {\n  size: 10 x 10\n  text t {\n    style: shared\n    text: \"a\"\n  }\n}\n"
        let baseURI = DocumentURI.uri(forPath: base), mainURI = DocumentURI.uri(forPath: main)

        // Pull: a refresh request, and the new report sees the open (unsaved) import.
        let pull = try ServerHarness(capabilities: ServerHarness.pullCapabilities)
        pull.open(baseURI, baseText)
        pull.open(mainURI, mainText)
        let first = try pull.request("textDocument/diagnostic", ["textDocument": ["uri": .string(mainURI)]]).get()
        XCTAssertFalse(first["items"].arrayValue?.contains { $0["message"].stringValue?.contains("shared") == true } ?? true, "\(first)")
        let refreshes = pull.serverRequests.filter { $0.method == "workspace/diagnostic/refresh" }.count
        pull.change(baseURI, version: 2, range: (2, 6, 2, 12), text: "renamed")
        XCTAssertEqual(pull.serverRequests.filter { $0.method == "workspace/diagnostic/refresh" }.count, refreshes + 1)
        let second = try pull.request("textDocument/diagnostic", ["textDocument": ["uri": .string(mainURI)]]).get()
        XCTAssertTrue(second["items"].arrayValue?.contains { $0["message"].stringValue?.contains("shared") == true } ?? false, "\(second)")

        // Push: the dependent is published again.
        let push = try ServerHarness()
        push.open(baseURI, baseText)
        push.open(mainURI, mainText)
        let before = push.published(mainURI).count
        push.change(baseURI, version: 2, range: (2, 6, 2, 12), text: "renamed")
        XCTAssertEqual(push.published(mainURI).count, before + 1)
        XCTAssertTrue(push.published(mainURI).last?["diagnostics"].arrayValue?.contains { $0["message"].stringValue?.contains("shared") == true } ?? false)
    }

    func testOneAnalysisPerVersion() throws {
        let h = try ServerHarness()
        h.open(uri, valid)
        let a = try XCTUnwrap(h.server.workspace.analysis(uri: uri))
        let b = try XCTUnwrap(h.server.workspace.analysis(uri: uri))
        XCTAssertTrue(a === b)
        h.change(uri, version: 2, range: (0, 0, 0, 0), text: "// c\n")
        let c = try XCTUnwrap(h.server.workspace.analysis(uri: uri))
        XCTAssertFalse(a === c)
        XCTAssertEqual(c.version, 2)
    }

    func testPositionConversions() throws {
        let analysis = DocumentAnalysis(uri: uri, bytes: Array("a😀b\n中x\n".utf8))
        XCTAssertEqual(analysis.offset(of: LSPPosition(line: 0, character: 3)), 5)  // after 😀
        XCTAssertEqual(analysis.position(of: 5), LSPPosition(line: 0, character: 3))
        XCTAssertEqual(analysis.offset(of: LSPPosition(line: 1, character: 1)), 10)
        XCTAssertEqual(analysis.offset(of: LSPPosition(line: 9, character: 0)), analysis.bytes.count)
        XCTAssertThrowsError(try analysis.offset(ofJSON: ["line": -1, "character": 0]))
        let range = try analysis.byteRange(ofJSON: ["start": ["line": 1, "character": 1], "end": ["line": 0, "character": 1]])
        XCTAssertEqual(range.start, 1)
        XCTAssertEqual(range.end, 10)
        XCTAssertEqual(DocumentURI.path(of: "file:///a%20b/c%C3%A9.tdl"), "/a b/cé.tdl")
        XCTAssertEqual(DocumentURI.uri(forPath: "/a b/cé.tdl"), "file:///a%20b/c%C3%A9.tdl")
        XCTAssertNil(DocumentURI.path(of: "untitled:Untitled-1"))
    }
}

final class DiagnosticBytesTests: XCTestCase {
    /// The published bytes (what the stdio loop writes) are valid JSON-RPC and say the same
    /// as the values tests and handlers read.
    func testPublishedPayloadIsValidJSONRPC() throws {
        let h = try ServerHarness()
        let uri = "file:///t/p.tdl"
        h.open(uri, "format 1\n\nstyle unused {\n  font-size: 12\n}\n\ntemplate \"q\\\"😀\" {\n  colr: red\n}\n")
        h.change(uri, version: 2, range: (0, 0, 0, 0), text: "")
        _ = h.server.handle(.notification(method: "textDocument/didSave", params: ["textDocument": ["uri": .string(uri)]]),
                            publishDiagnostics: false)
        let payloads = h.server.publishPendingDiagnosticsPayloads()
        XCTAssertEqual(payloads.count, 1)
        let message = try Message(json: try JSONParser.parse(try XCTUnwrap(payloads.first)))
        guard case .notification("textDocument/publishDiagnostics", let params) = message else { return XCTFail("\(message)") }
        XCTAssertEqual(params["version"].intValue, 2)
        XCTAssertEqual(params["diagnostics"], h.published(uri).last?["diagnostics"])
        XCTAssertGreaterThan(params["diagnostics"].arrayValue?.count ?? 0, 1)
    }
}

final class ValidationReuseTests: XCTestCase {
    /// An edit inside one template re-checks that template only; the diagnostics are still
    /// exactly what a fresh validation gives.
    func testEditRevalidatesOnlyTheChangedTemplate() throws {
        let h = try ServerHarness()
        let uri = "file:///t/two.tdl"
        let text = "format 1\n\ntemplate a {\n  size: 10 x 10\n  colr: red\n}\n\ntemplate b {\n  size: 10 x 10\n  colr: blue\n}\n"
        h.open(uri, text)
        h.change(uri, version: 2, range: (9, 2, 9, 6), text: "background")
        let document = try XCTUnwrap(h.server.workspace.documents[uri])
        XCTAssertEqual(document.validationCache.lastReused, 1)
        let analysis = try XCTUnwrap(h.server.workspace.analysis(uri: uri))
        XCTAssertEqual(analysis.diagnostics, Validator.validate(analysis.tree, path: analysis.path))
        XCTAssertEqual(analysis.diagnostics.filter { $0.code == "TDL102" }.count, 1)
    }
}
