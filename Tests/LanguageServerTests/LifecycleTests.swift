import JSONText
import LSPProtocol
import XCTest
@testable import LanguageServer

final class LifecycleTests: XCTestCase {
    private func code(_ result: Result<JSONValue, ResponseError>) -> Int? {
        if case .failure(let error) = result { return error.code }
        return nil
    }

    func testInitializeResult() throws {
        let h = try ServerHarness()
        let result = h.initializeResult
        XCTAssertEqual(result["serverInfo"]["name"], "template-lsp")
        XCTAssertEqual(result["serverInfo"]["version"].stringValue, LanguageServer.version)
        let caps = result["capabilities"]
        XCTAssertEqual(caps["positionEncoding"], "utf-16")
        XCTAssertEqual(caps["textDocumentSync"]["change"].intValue, 2)
        XCTAssertEqual(caps["documentFormattingProvider"], true)
        XCTAssertTrue(caps["diagnosticProvider"].isNull, "a push client is not offered pull diagnostics")
    }

    func testRequestBeforeInitializeIsRefused() throws {
        let h = try ServerHarness(initialize: false)
        XCTAssertEqual(code(h.request("textDocument/formatting", [:])), ErrorCode.serverNotInitialized)
        XCTAssertEqual(code(h.request("shutdown")), ErrorCode.serverNotInitialized)
        // Notifications before initialize are dropped silently.
        h.open("file:///t/a.tdl", "format 1\n")
        XCTAssertTrue(h.notifications.isEmpty)
        XCTAssertNoThrow(try h.request("initialize", ["capabilities": [:]]).get())
    }

    func testSecondInitializeIsInvalid() throws {
        let h = try ServerHarness()
        XCTAssertEqual(code(h.request("initialize", ["capabilities": [:]])), ErrorCode.invalidRequest)
    }

    func testInitializeWithoutParamsIsInvalidParams() throws {
        let h = try ServerHarness(initialize: false)
        XCTAssertEqual(code(h.request("initialize", .null)), ErrorCode.invalidParams)
        XCTAssertEqual(h.server.state, .uninitialized)
    }

    func testShutdownThenExitIsZero() throws {
        let h = try ServerHarness()
        XCTAssertEqual(try h.request("shutdown").get(), .null)
        XCTAssertEqual(code(h.request("textDocument/formatting", [:])), ErrorCode.invalidRequest)
        XCTAssertEqual(code(h.request("shutdown")), ErrorCode.invalidRequest)
        XCTAssertNil(h.server.exitCode)
        h.notify("exit")
        XCTAssertEqual(h.server.exitCode, 0)
    }

    func testExitWithoutShutdownIsOne() throws {
        let h = try ServerHarness()
        h.notify("exit")
        XCTAssertEqual(h.server.exitCode, 1)
    }

    func testUnknownRequestAndNotification() throws {
        let h = try ServerHarness()
        XCTAssertEqual(code(h.request("textDocument/nonsense", [:])), ErrorCode.methodNotFound)
        h.notify("$/somethingElse", ["x": 1])
        h.notify("custom/notification")
        XCTAssertTrue(h.notifications.isEmpty)
        XCTAssertNil(h.server.exitCode)
    }

    func testMalformedJSONAndInvalidMessagesAreAnswered() throws {
        let h = try ServerHarness()
        let out = h.raw(#"{"jsonrpc":"2.0","id":41,"method":"x", "params": {"#)
        XCTAssertTrue(out.contains { if case .response(.int(41), .failure(let e)) = $0 { return e.code == ErrorCode.parseError }; return false })
        XCTAssertTrue(out.contains { $0.method == "window/logMessage" })
        // Without a readable id: logged, and answered with a null id (JSON-RPC 2.0).
        let unreadable = h.raw("}{ nonsense")
        XCTAssertEqual(unreadable.count, 2)
        XCTAssertEqual(unreadable.first?.method, "window/logMessage")
        XCTAssertTrue(unreadable.contains { if case .response(nil, .failure(let e)) = $0 { return e.code == ErrorCode.parseError }; return false })
        // A batch (LSP has none) and JSON that is not an object: one -32600 each, null id.
        for payload in [#"[{"jsonrpc":"2.0","id":1,"method":"shutdown"},{"jsonrpc":"2.0","method":"exit"}]"#, "[]", "42", "null", #""text""#] {
            let answers = h.raw(payload).filter { if case .response = $0 { return true }; return false }
            XCTAssertEqual(answers.count, 1, payload)
            XCTAssertTrue(answers.contains { if case .response(nil, .failure(let e)) = $0 { return e.code == ErrorCode.invalidRequest }; return false }, payload)
        }
        XCTAssertNil(h.server.exitCode, "nothing in the batch ran")
        // Valid JSON that is not a message: -32600 with the id.
        let invalid = h.raw(#"{"id":9,"method":"shutdown"}"#)
        XCTAssertTrue(invalid.contains { if case .response(.int(9), .failure(let e)) = $0 { return e.code == ErrorCode.invalidRequest }; return false })
        // The server goes on.
        XCTAssertEqual(try h.request("shutdown").get(), .null)
    }

    func testInvalidParams() throws {
        let h = try ServerHarness()
        XCTAssertEqual(code(h.request("textDocument/formatting", [:])), ErrorCode.invalidParams)
        h.open("file:///t/a.tdl", "format 1\n")
        XCTAssertEqual(code(h.request("textDocument/formatting", ["textDocument": ["uri": "file:///t/a.tdl"]])), ErrorCode.invalidParams)
        XCTAssertEqual(code(h.request("textDocument/rangeFormatting",
                                      ["textDocument": ["uri": "file:///t/a.tdl"], "options": ["tabSize": 2, "insertSpaces": true],
                                       "range": ["start": 3]])), ErrorCode.invalidParams)
    }

    func testFailingHandlerAnswersAnErrorAndTheServerGoesOn() throws {
        struct Boom: Error {}
        var registry = FeatureRegistry()
        registry.register("test/boom", capability: nil) { _, _ in throw Boom() }
        registry.register("test/refuse", capability: "testProvider", ["x": 1]) { _, _ in
            throw ResponseError(code: ErrorCode.requestFailed, message: "no")
        }
        let h = try ServerHarness(registry: registry)
        XCTAssertEqual(code(h.request("test/boom")), ErrorCode.internalError)
        XCTAssertTrue(h.notifications.contains { $0.method == "window/logMessage" })
        XCTAssertEqual(code(h.request("test/refuse")), ErrorCode.requestFailed)
        XCTAssertEqual(h.initializeResult["capabilities"]["testProvider"]["x"].intValue, 1)
        // Not registered, so not advertised and not answered.
        XCTAssertTrue(h.initializeResult["capabilities"]["documentFormattingProvider"].isNull)
        XCTAssertEqual(code(h.request("textDocument/formatting", [:])), ErrorCode.methodNotFound)
        XCTAssertEqual(try h.request("shutdown").get(), .null)
    }

    func testCancelledRequestThatHasNotRunAnswersRequestCancelled() throws {
        let h = try ServerHarness()
        h.open("file:///t/a.tdl", "format 1\n")
        // The stdin reader registers the cancel before the queued request is processed.
        h.server.cancel(.int(500))
        let result = h.send(.request(id: .int(500), method: "textDocument/formatting",
                                     params: ["textDocument": ["uri": "file:///t/a.tdl"], "options": ["tabSize": 2, "insertSpaces": true]]),
                            id: .int(500))
        XCTAssertEqual(code(result), ErrorCode.requestCancelled)
        // A cancel notification for an unknown or finished request is harmless.
        h.notify("$/cancelRequest", ["id": 12345])
        XCTAssertNoThrow(try h.request("shutdown").get())
    }

    func testHandlersSeeCancellation() throws {
        var registry = FeatureRegistry()
        registry.register("test/long", capability: nil) { context, _ in
            context.cancellation.cancel(context.requestID)  // as if the client cancelled mid-way
            try context.checkCancelled()
            return "finished"
        }
        let h = try ServerHarness(registry: registry)
        XCTAssertEqual(code(h.request("test/long")), ErrorCode.requestCancelled)
    }

    func testTraceNotifications() throws {
        let h = try ServerHarness()
        _ = h.request("textDocument/nonsense", [:])
        XCTAssertFalse(h.notifications.contains { $0.method == "$/logTrace" })
        h.notify("$/setTrace", ["value": "verbose"])
        _ = h.request("textDocument/nonsense", ["a": 1])
        let trace = h.notifications.first { $0.method == "$/logTrace" }
        XCTAssertTrue(trace?.params["message"].stringValue?.contains("textDocument/nonsense") == true)
        XCTAssertNotNil(trace?.params["verbose"].stringValue)
    }

    func testPositionEncodingNegotiation() throws {
        let utf8 = try ServerHarness(capabilities: ["general": ["positionEncodings": ["utf-16", "utf-8"]]])
        XCTAssertEqual(utf8.initializeResult["capabilities"]["positionEncoding"], "utf-8")
        let utf16 = try ServerHarness(capabilities: ["general": ["positionEncodings": ["utf-32", "utf-16"]]])
        XCTAssertEqual(utf16.initializeResult["capabilities"]["positionEncoding"], "utf-16")
    }

    func testRegistryMergesCapabilityObjects() {
        var registry = FeatureRegistry()
        registry.register(Feature(method: "a", capabilities: [("p", ["full": true])], handler: { _, _ in .null }))
        registry.register(Feature(method: "b", capabilities: [("p", ["range": true])], handler: { _, _ in .null }))
        XCTAssertEqual(JSONValue.object(registry.capabilities).description, #"{"p":{"full":true,"range":true}}"#)
    }
}
