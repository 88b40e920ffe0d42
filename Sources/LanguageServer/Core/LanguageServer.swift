import Dispatch
import LSPProtocol
import TemplateFormat
import Validator

/// The TDL language server without any I/O: messages in, messages out. The stdio loop
/// (`StdioServer`) and the tests both drive it through `handle`.
///
/// Not thread-safe: one thread calls `handle`. Only `cancel(_:)` may be called from another.
public final class LanguageServer: @unchecked Sendable {
    public static let name = "template-lsp"
    public static let version = "0.1.0"

    public enum State: Sendable, Equatable { case uninitialized, running, shutDown, exited }

    public private(set) var state: State = .uninitialized
    /// Set by the `exit` notification: 0 after `shutdown`, 1 without.
    public private(set) var exitCode: Int32?
    public private(set) var encoding: PositionEncoding = .utf16
    /// True when the client pulls diagnostics (`textDocument/diagnostic`); never push then.
    public private(set) var pullsDiagnostics = false
    private var clientRefreshesDiagnostics = false
    private var clientCapabilities: JSONValue = .null
    private var initializationOptions: JSONValue = .null
    private var trace = "off"
    private var nextServerRequest = 1

    let workspace = Workspace()
    let cancellation = CancellationRegistry()
    private let registry: FeatureRegistry
    /// URIs whose diagnostics are due (push mode), published by `publishPendingDiagnostics`.
    private var pendingPublish: [String] = []

    public init(registry: FeatureRegistry = .standard) {
        self.registry = registry
    }

    // MARK: Entry points

    /// Handles one framed payload (bytes that should be a JSON-RPC message). Malformed JSON
    /// is logged and answered -32700, a payload that is not a valid message -32600 (one
    /// answer for a batch array: LSP has none); with the request's id when one can be read,
    /// else with a null id, as JSON-RPC 2.0 asks. It never stops the server.
    public func handle(payload: [UInt8], publishDiagnostics: Bool = true) -> [Message] {
        let json: JSONValue
        do {
            json = try JSONParser.parse(payload)
        } catch {
            return [logMessage(.error, "malformed JSON: \(error)"),
                    .response(id: Message.salvageID(from: payload),
                              result: .failure(ResponseError(code: ErrorCode.parseError, message: "\(error)")))]
        }
        let message: Message
        do {
            message = try Message(json: json)
        } catch {
            return [logMessage(.error, "invalid message: \(error.reason)"),
                    .response(id: error.id, result: .failure(ResponseError(code: ErrorCode.invalidRequest, message: error.reason)))]
        }
        return handle(message, publishDiagnostics: publishDiagnostics)
    }

    /// Handles one message. With `publishDiagnostics: false`, pushed diagnostics wait for
    /// `publishPendingDiagnostics()` (the stdio loop defers them while more edits are queued,
    /// so a burst of keystrokes publishes once, for the last version).
    public func handle(_ message: Message, publishDiagnostics: Bool = true) -> [Message] {
        var out: [Message]
        switch message {
        case .request(let id, let method, let params):
            out = handleRequest(id: id, method: method, params: params)
        case .notification(let method, let params):
            out = handleNotification(method: method, params: params)
        case .response:
            out = []  // answers to our own requests (diagnostic refresh): nothing to do
        }
        if publishDiagnostics { out += publishPendingDiagnostics() }
        return out
    }

    /// Marks a request cancelled; safe from any thread (the stdin reader calls it as soon as
    /// `$/cancelRequest` arrives, so a queued request is answered -32800 without running).
    public func cancel(_ id: RequestID) { cancellation.cancel(id) }

    /// `publishDiagnostics` for every document changed since the last call, at its current version.
    public func publishPendingDiagnostics() -> [Message] {
        publishPendingDiagnosticsPayloads().compactMap { payload in
            (try? JSONParser.parse(payload)).flatMap { try? Message(json: $0) }
        }
    }

    /// The same messages as `publishPendingDiagnostics`, as unframed JSON bytes (what the
    /// stdio loop writes: no `JSONValue` tree is built for large diagnostic lists).
    public func publishPendingDiagnosticsPayloads() -> [[UInt8]] {
        guard !pendingPublish.isEmpty else { return [] }
        let uris = pendingPublish
        pendingPublish = []
        return uris.compactMap { uri in
            workspace.analysis(uri: uri).map {
                DiagnosticConversion.publishPayload($0, workspace: workspace, previous: workspace.documents[uri]?.published)
            }
        }
    }

    // MARK: Requests

    private func handleRequest(id: RequestID, method: String, params: JSONValue) -> [Message] {
        defer { cancellation.finish(id) }
        let started = DispatchTime.now().uptimeNanoseconds
        var out: [Message] = []
        let result: Result<JSONValue, ResponseError>
        switch state {
        case .uninitialized where method != "initialize":
            result = .failure(ResponseError(code: ErrorCode.serverNotInitialized, message: "the server is not initialized"))
        case .shutDown, .exited:
            result = .failure(ResponseError(code: ErrorCode.invalidRequest, message: "the server is shut down"))
        default:
            if cancellation.isCancelled(id) {
                result = .failure(ResponseError(code: ErrorCode.requestCancelled, message: "request cancelled"))
            } else {
                result = run(id: id, method: method, params: params, log: &out)
            }
        }
        out.append(.response(id: id, result: result))
        if trace != "off" {
            let ms = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
            var traceParams = JSONObject()
            traceParams["message"] = .string("Received request '\(method) - (\(id))'. Processed in \((ms * 100).rounded() / 100) ms.")
            if trace == "verbose" { traceParams["verbose"] = .string("Params: \(params)") }
            out.append(.notification(method: "$/logTrace", params: .object(traceParams)))
        }
        return out
    }

    private func run(id: RequestID, method: String, params: JSONValue, log: inout [Message]) -> Result<JSONValue, ResponseError> {
        do {
            switch method {
            case "initialize":
                guard state == .uninitialized else {
                    return .failure(ResponseError(code: ErrorCode.invalidRequest, message: "initialize was already received"))
                }
                return .success(try initialize(params))
            case "shutdown":
                state = .shutDown
                return .success(.null)
            case "textDocument/diagnostic" where pullsDiagnostics:
                return .success(try documentDiagnostic(params))
            default:
                guard let handler = registry.handler(for: method) else { return .failure(.methodNotFound(method)) }
                let context = RequestContext(workspace: workspace, cancellation: cancellation, requestID: id,
                                             clientCapabilities: clientCapabilities, initializationOptions: initializationOptions)
                return .success(try handler(context, params))
            }
        } catch let error as ResponseError {
            if error.code != ErrorCode.requestCancelled && error.code != ErrorCode.invalidParams {
                log.append(logMessage(.error, "\(method) failed: \(error.message)"))
            }
            return .failure(error)
        } catch {
            log.append(logMessage(.error, "\(method) failed: \(error)"))
            return .failure(.internalError("\(method) failed: \(error)"))
        }
    }

    private func initialize(_ params: JSONValue) throws(ResponseError) -> JSONValue {
        guard case .object = params else { throw .invalidParams("initialize needs InitializeParams") }
        clientCapabilities = params["capabilities"]
        initializationOptions = params["initializationOptions"]
        encoding = PositionEncoding.negotiate(clientCapabilities: clientCapabilities)
        workspace.encoding = encoding
        pullsDiagnostics = !clientCapabilities["textDocument"]["diagnostic"].isNull
        clientRefreshesDiagnostics = clientCapabilities["workspace"]["diagnostics"]["refreshSupport"].boolValue ?? false
        if let value = params["trace"].stringValue { trace = value }
        workspace.folders = Self.folders(from: params)
        state = .running

        var capabilities = JSONObject()
        capabilities["positionEncoding"] = .string(encoding.rawValue)
        capabilities["textDocumentSync"] = ["openClose": true, "change": 2, "save": ["includeText": false]]
        if pullsDiagnostics {
            capabilities["diagnosticProvider"] = ["identifier": "tdl", "interFileDependencies": true, "workspaceDiagnostics": false]
        }
        for (key, value) in registry.capabilities { capabilities[key] = value }
        return ["capabilities": .object(capabilities),
                "serverInfo": ["name": .string(Self.name), "version": .string(Self.version)]]
    }

    private static func folders(from params: JSONValue) -> [String] {
        if let folders = params["workspaceFolders"].arrayValue {
            return folders.compactMap { $0["uri"].stringValue.flatMap(DocumentURI.path(of:)) }
        }
        if let uri = params["rootUri"].stringValue, let path = DocumentURI.path(of: uri) { return [path] }
        if let path = params["rootPath"].stringValue { return [path] }
        return []
    }

    /// `textDocument/diagnostic`: a full report, or `unchanged` when the client already has this one.
    private func documentDiagnostic(_ params: JSONValue) throws(ResponseError) -> JSONValue {
        guard let uri = params["textDocument"]["uri"].stringValue else { throw .invalidParams("missing textDocument.uri") }
        let analysis: DocumentAnalysis
        if let open = workspace.analysis(uri: uri) {
            analysis = open
        } else if let path = DocumentURI.path(of: uri), let disk = workspace.analysis(path: path) {
            analysis = disk
        } else {
            return ["kind": "full", "items": []]
        }
        let resultID = "\(analysis.version ?? 0).\(analysis.generation)"
        if params["previousResultId"].stringValue == resultID {
            return ["kind": "unchanged", "resultId": .string(resultID)]
        }
        return ["kind": "full", "resultId": .string(resultID),
                "items": .array(DiagnosticConversion.json(analysis, workspace: workspace))]
    }

    // MARK: Notifications

    private func handleNotification(method: String, params: JSONValue) -> [Message] {
        if method == "exit" {
            exitCode = state == .shutDown ? 0 : 1
            state = .exited
            return []
        }
        guard state == .running else { return [] }
        switch method {
        case "initialized": return []
        case "$/cancelRequest":
            if let id = RequestID(params["id"]) { cancel(id) }
            return []
        case "$/setTrace":
            if let value = params["value"].stringValue, ["off", "messages", "verbose"].contains(value) { trace = value }
            return []
        case "textDocument/didOpen": return didOpen(params)
        case "textDocument/didChange": return didChange(params)
        case "textDocument/didSave":
            if let uri = params["textDocument"]["uri"].stringValue, workspace.documents[uri] != nil { schedulePublish(uri) }
            return []
        case "textDocument/didClose": return didClose(params)
        default:
            return []  // unknown notifications are ignored, as LSP asks
        }
    }

    private func didOpen(_ params: JSONValue) -> [Message] {
        let item = params["textDocument"]
        guard let uri = item["uri"].stringValue, let text = item["text"].stringValue else {
            return [logMessage(.error, "didOpen without textDocument.uri and text")]
        }
        if let refusal = DocumentLimits.refusal(size: text.utf8.count) {
            return tooLarge(uri, refusal)
        }
        let document = OpenDocument(uri: uri, path: DocumentURI.path(of: uri).map(FilePaths.normalize),
                                    languageID: item["languageId"].stringValue ?? "tdl",
                                    version: item["version"].intValue ?? 0, bytes: Array(text.utf8), analysis: nil)
        workspace.documents[uri] = document
        schedulePublish(uri)
        return documentChanged(document)
    }

    private func didChange(_ params: JSONValue) -> [Message] {
        guard let uri = params["textDocument"]["uri"].stringValue, let version = params["textDocument"]["version"].intValue,
              let changes = params["contentChanges"].arrayValue else {
            return [logMessage(.error, "didChange without textDocument.uri, version and contentChanges")]
        }
        guard var document = workspace.documents[uri] else {
            return [logMessage(.warning, "didChange for \(uri), which is not open: ignored")]
        }
        guard version > document.version else {
            return [logMessage(.warning, "didChange for \(uri) with version \(version) after \(document.version): ignored")]
        }
        do {
            workspace.documents[uri] = nil  // so the buffer below is uniquely referenced
            try document.apply(changes: changes, encoding: encoding)
            if let refusal = DocumentLimits.refusal(size: document.bytes.count) {
                pendingPublish.removeAll { $0 == uri }
                var out = tooLarge(uri, refusal)
                if !pullsDiagnostics {
                    out.append(.notification(method: "textDocument/publishDiagnostics", params: ["uri": .string(uri), "diagnostics": []]))
                }
                return out
            }
            document.version = version
            workspace.documents[uri] = document
        } catch {
            workspace.documents[uri] = document
            return [logMessage(.error, "didChange for \(uri): \(error.reason); change ignored")]
        }
        schedulePublish(uri)
        return documentChanged(document)
    }

    private func didClose(_ params: JSONValue) -> [Message] {
        guard let uri = params["textDocument"]["uri"].stringValue, let document = workspace.documents.removeValue(forKey: uri) else {
            return []
        }
        pendingPublish.removeAll { $0 == uri }
        var out = documentChanged(document)
        if !pullsDiagnostics {
            out.append(.notification(method: "textDocument/publishDiagnostics", params: ["uri": .string(uri), "diagnostics": []]))
        }
        return out
    }

    /// Documents importing the changed one get fresh analyses: pushed again, or, for a pull
    /// client, a `workspace/diagnostic/refresh` request.
    private func documentChanged(_ document: OpenDocument) -> [Message] {
        guard let path = document.path else { return [] }
        let dependents = workspace.dependents(ofPath: path).filter { $0 != document.uri }
        guard !dependents.isEmpty else { return [] }
        for uri in dependents {
            workspace.invalidate(uri: uri)
            schedulePublish(uri)
        }
        guard pullsDiagnostics && clientRefreshesDiagnostics else { return [] }
        let id = RequestID.string("tdl-\(nextServerRequest)")
        nextServerRequest += 1
        return [.request(id: id, method: "workspace/diagnostic/refresh", params: .null)]
    }

    private func schedulePublish(_ uri: String) {
        guard !pullsDiagnostics, !pendingPublish.contains(uri) else { return }
        pendingPublish.append(uri)
    }

    /// A document over `DocumentLimits.maximumBytes` is not kept (its analysis would take
    /// about ten times its size in memory): the user is told, and later changes to it are
    /// ignored as changes to a document that is not open.
    private func tooLarge(_ uri: String, _ refusal: String) -> [Message] {
        let text = "\(uri) is not analysed: \(refusal)"
        return [logMessage(.error, text), .notification(method: "window/showMessage", params: ["type": 1, "message": .string(text)])]
    }

    // MARK: Logging

    enum LogLevel: Int { case error = 1, warning = 2, info = 3, log = 4 }

    func logMessage(_ level: LogLevel, _ text: String) -> Message {
        .notification(method: "window/logMessage", params: ["type": .int(level.rawValue), "message": .string(text)])
    }
}
