import JSONText
import LSPProtocol
import XCTest
@testable import LanguageServer

/// Drives a `LanguageServer` in process, as an editor would, without pipes.
/// Shared by every test file in this target (features helpers included).
final class ServerHarness {
    let server: LanguageServer
    private var nextID = 1
    /// Every notification the server sent (diagnostics, logs), oldest first.
    private(set) var notifications: [(method: String, params: JSONValue)] = []
    /// Requests the server sent to the client (e.g. workspace/diagnostic/refresh).
    private(set) var serverRequests: [(method: String, params: JSONValue)] = []
    /// The result of `initialize`.
    private(set) var initializeResult: JSONValue = .null

    /// A server, initialized (unless `initialize: false`) with `capabilities`.
    init(capabilities: JSONValue = [:], initialize: Bool = true, registry: FeatureRegistry = .standard,
         rootPath: String? = nil) throws {
        server = LanguageServer(registry: registry)
        if initialize {
            var params: JSONValue = ["processId": .null, "capabilities": capabilities]
            if let rootPath { params["rootUri"] = .string(DocumentURI.uri(forPath: rootPath)) } else { params["rootUri"] = .null }
            initializeResult = try request("initialize", params).get()
            notify("initialized", [:])
        }
    }

    /// Capabilities of a client that pulls diagnostics.
    static let pullCapabilities: JSONValue = [
        "textDocument": ["diagnostic": ["dynamicRegistration": false]],
        "workspace": ["diagnostics": ["refreshSupport": true]],
    ]

    /// Sends a request and returns its answer (the other messages are recorded).
    @discardableResult
    func request(_ method: String, _ params: JSONValue = .null) -> Result<JSONValue, ResponseError> {
        let id = RequestID.int(nextID)
        nextID += 1
        return send(.request(id: id, method: method, params: params), id: id)
    }

    /// Sends a message whose answer has `id`; fails the test when none comes.
    func send(_ message: Message, id: RequestID) -> Result<JSONValue, ResponseError> {
        var answer: Result<JSONValue, ResponseError>?
        for out in server.handle(message) {
            if case .response(let rid, let result) = out, rid == id { answer = result } else { record(out) }
        }
        guard let answer else {
            XCTFail("no answer to request \(id)")
            return .failure(ResponseError(code: 0, message: "no answer"))
        }
        return answer
    }

    func notify(_ method: String, _ params: JSONValue = .null) {
        for out in server.handle(.notification(method: method, params: params)) { record(out) }
    }

    /// Feeds raw payload bytes (possibly malformed JSON) and returns everything the server sent.
    func raw(_ payload: String) -> [Message] { server.handle(payload: Array(payload.utf8)) }

    private func record(_ message: Message) {
        switch message {
        case .notification(let method, let params): notifications.append((method, params))
        case .request(_, let method, let params): serverRequests.append((method, params))
        case .response: break
        }
    }

    func clearRecorded() {
        notifications.removeAll()
        serverRequests.removeAll()
    }

    // MARK: Documents

    func open(_ uri: String, _ text: String, version: Int = 1) {
        notify("textDocument/didOpen", ["textDocument": ["uri": .string(uri), "languageId": "tdl", "version": .int(version), "text": .string(text)]])
    }

    /// An incremental change of `[startLine:startChar, endLine:endChar)` to `text`.
    func change(_ uri: String, version: Int, range: (Int, Int, Int, Int), text: String) {
        let r: JSONValue = ["start": ["line": .int(range.0), "character": .int(range.1)],
                            "end": ["line": .int(range.2), "character": .int(range.3)]]
        notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": .int(version)],
                                          "contentChanges": [["range": r, "text": .string(text)]]])
    }

    func replaceAll(_ uri: String, version: Int, text: String) {
        notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": .int(version)],
                                          "contentChanges": [["text": .string(text)]]])
    }

    /// The current text the server holds for `uri`.
    func text(_ uri: String) -> String? {
        server.workspace.documents[uri].map { String(decoding: $0.bytes, as: UTF8.self) }
    }

    /// The pushed `publishDiagnostics` params for `uri`, oldest first.
    func published(_ uri: String) -> [JSONValue] {
        notifications.filter { $0.method == "textDocument/publishDiagnostics" && $0.params["uri"].stringValue == uri }.map(\.params)
    }

    /// `{textDocument: {uri}, position: {line, character}}`.
    static func position(_ uri: String, _ line: Int, _ character: Int) -> JSONValue {
        ["textDocument": ["uri": .string(uri)], "position": ["line": .int(line), "character": .int(character)]]
    }
}
