import Dispatch
import ToolSupport
import JSONText
import LSPProtocol
import ProjectModel
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
    /// Whether the client tells the server when files come and go (`initialized` registers
    /// the watchers): then what a document's validation learnt of the files beside it is
    /// reused until such a change (`ValidationCache.reusesFileAnswers`).
    private var watchesFiles = false
    private var initializationOptions: JSONValue = .null
    private var trace = "off"
    private var nextServerRequest = 1
    /// Workspace folders from `initialize`, indexed once the client says `initialized`.
    private var initialFolders: [String] = []

    let workspace = Workspace()
    let cancellation = CancellationRegistry()
    private let registry: FeatureRegistry
    /// URIs whose diagnostics are due (push mode), published by `publishPendingDiagnostics`.
    private var pendingPublish: [String] = []
    /// Keys of the documents the message being handled opened or edited: a pull client asks
    /// for those itself, so only changes elsewhere call for a refresh.
    private var editedKeys: Set<String> = []
    /// Changes found while indexing, acted on once indexing ends (one refresh, not hundreds).
    private var indexingChanges: Set<String> = []
    /// Work-done progress of indexing (`window/workDoneProgress/create` sent, answered, begun).
    private var progress = IndexingProgress()

    public init(registry: FeatureRegistry = .standard) {
        self.registry = registry
    }

    // MARK: Entry points

    /// Handles one framed payload (bytes that should be a JSON-RPC message). Malformed JSON
    /// is logged and answered -32700, a payload that is not a valid message -32600 (one
    /// answer for a batch array: LSP has none); with the request's id when one can be read,
    /// else with a null id, as JSON-RPC 2.0 asks. It never stops the server.
    public func handle(payload: [UInt8], publishDiagnostics: Bool = true) -> [Message] {
        respond(toPayload: payload, publishDiagnostics: publishDiagnostics).compactMap(\.message)
    }

    /// `handle(payload:)` with what it sends as `Outgoing` values, diagnostics reports as the
    /// bytes they were written as (what the stdio loop writes).
    public func respond(toPayload payload: [UInt8], publishDiagnostics: Bool = true) -> [Outgoing] {
        let json: JSONValue
        do {
            json = try JSONParser.parse(payload)
        } catch {
            return [.message(logMessage(.error, "malformed JSON: \(error)")),
                    .message(.response(id: Message.salvageID(from: payload),
                                       result: .failure(ResponseError(code: ErrorCode.parseError, message: "\(error)"))))]
        }
        let message: Message
        do {
            message = try Message(json: json)
        } catch {
            return [.message(logMessage(.error, "invalid message: \(error.reason)")),
                    .message(.response(id: error.id, result: .failure(ResponseError(code: ErrorCode.invalidRequest, message: error.reason))))]
        }
        return respond(to: message, publishDiagnostics: publishDiagnostics)
    }

    /// Handles one message. With `publishDiagnostics: false`, pushed diagnostics wait for
    /// `publishPendingDiagnostics()` (the stdio loop defers them while more edits are queued,
    /// so a burst of keystrokes publishes once, for the last version).
    public func handle(_ message: Message, publishDiagnostics: Bool = true) -> [Message] {
        respond(to: message, publishDiagnostics: publishDiagnostics).compactMap(\.message)
    }

    public func respond(to message: Message, publishDiagnostics: Bool = true) -> [Outgoing] {
        var out: [Outgoing]
        editedKeys = []
        switch message {
        case .request(let id, let method, let params):
            out = handleRequest(id: id, method: method, params: params)
        case .notification(let method, let params):
            out = handleNotification(method: method, params: params).map { .message($0) }
        case .response(let id, _):
            // Answers to our own requests: the progress token's, or ones that need nothing.
            out = id.map { progress.answered($0, stillIndexing: workspace.indexing.isIndexing).map { .message($0) } } ?? []
        }
        out += afterChanges()
        if publishDiagnostics { out += publishPendingDiagnosticsPayloads().map { .payload($0) } }
        return out
    }

    /// Marks a request cancelled; safe from any thread (the stdin reader calls it as soon as
    /// `$/cancelRequest` arrives, so a queued request is answered -32800 without running).
    public func cancel(_ id: RequestID) { cancellation.cancel(id) }

    /// Whether indexing the workspace folders still has files to read.
    public var hasBackgroundWork: Bool { state == .running && workspace.indexing.isIndexing }

    /// Indexes workspace files for about `budget` nanoseconds (at least one file): the stdio
    /// loop calls it while no message waits, so requests are answered between steps.
    public func backgroundStep(budget: UInt64 = 4_000_000) -> [Outgoing] {
        guard hasBackgroundWork else { return [] }
        _ = workspace.indexStep(budget: budget)
        return progress.report(workspace.indexing).map { .message($0) } + afterChanges()
    }

    /// Indexes every queued file at once (tests, and requests that need the whole workspace).
    public func finishBackgroundWork() -> [Outgoing] {
        workspace.finishIndexing()
        return afterChanges()
    }

    /// `publishDiagnostics` for every document changed since the last call, at its current version.
    public func publishPendingDiagnostics() -> [Message] {
        publishPendingDiagnosticsPayloads().compactMap { Outgoing.payload($0).message }
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

    /// Acts on what the project says changed: open documents are published again (push), or
    /// the client is asked to pull again when something besides what it just edited changed
    /// (pull). While indexing, changes wait for its end; then progress ends too.
    private func afterChanges() -> [Outgoing] {
        guard state == .running else { return [] }
        let changed = workspace.takeChanges()
        if workspace.indexing.isIndexing {
            indexingChanges.formUnion(changed)
            return []
        }
        var out: [Outgoing] = progress.finished().map { .message($0) }
        let afterIndexing = indexingChanges
        indexingChanges = []
        func anyChanged(_ test: (String) -> Bool) -> Bool { changed.contains(where: test) || afterIndexing.contains(where: test) }
        guard !changed.isEmpty || !afterIndexing.isEmpty else { return out }
        if pullsDiagnostics {
            if clientRefreshesDiagnostics && anyChanged({ !editedKeys.contains($0) }) {
                out.append(.message(serverRequest("workspace/diagnostic/refresh", .null)))
            }
        } else {
            // Only open documents are pushed: look each of them up, not each changed key.
            for (key, uri) in workspace.openDocumentsByKey.sorted(by: { $0.key < $1.key })
            where changed.contains(key) || afterIndexing.contains(key) {
                schedulePublish(uri)
            }
        }
        return out
    }

    private func serverRequest(_ method: String, _ params: JSONValue) -> Message {
        let id = RequestID.string("tdl-\(nextServerRequest)")
        nextServerRequest += 1
        return .request(id: id, method: method, params: params)
    }

    // MARK: Requests

    private func handleRequest(id: RequestID, method: String, params: JSONValue) -> [Outgoing] {
        defer { cancellation.finish(id) }
        let started = DispatchTime.now().uptimeNanoseconds
        var log: [Message] = []
        let result: Result<ResponseBody, ResponseError>
        switch state {
        case .uninitialized where method != "initialize":
            result = .failure(ResponseError(code: ErrorCode.serverNotInitialized, message: "the server is not initialized"))
        case .shutDown, .exited:
            result = .failure(ResponseError(code: ErrorCode.invalidRequest, message: "the server is shut down"))
        default:
            if cancellation.isCancelled(id) {
                result = .failure(ResponseError(code: ErrorCode.requestCancelled, message: "request cancelled"))
            } else {
                result = run(id: id, method: method, params: params, log: &log)
            }
        }
        var out: [Outgoing] = log.map { .message($0) }
        switch result {
        case .success(.json(let value)): out.append(.message(.response(id: id, result: .success(value))))
        case .success(.raw(let bytes)): out.append(.response(id: id, rawResult: bytes))
        case .failure(let error): out.append(.message(.response(id: id, result: .failure(error))))
        }
        if trace != "off" {
            let ms = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
            var traceParams = JSONObject()
            traceParams["message"] = .string("Received request '\(method) - (\(id))'. Processed in \((ms * 100).rounded() / 100) ms.")
            if trace == "verbose" { traceParams["verbose"] = .string("Params: \(params)") }
            out.append(.message(.notification(method: "$/logTrace", params: .object(traceParams))))
        }
        return out
    }

    /// A result as a value, or as JSON bytes written by the diagnostics writer.
    enum ResponseBody {
        case json(JSONValue)
        case raw([UInt8])
    }

    private func run(id: RequestID, method: String, params: JSONValue, log: inout [Message]) -> Result<ResponseBody, ResponseError> {
        do {
            switch method {
            case "initialize":
                guard state == .uninitialized else {
                    return .failure(ResponseError(code: ErrorCode.invalidRequest, message: "initialize was already received"))
                }
                return .success(.json(try initialize(params)))
            case "shutdown":
                state = .shutDown
                return .success(.json(.null))
            case "textDocument/diagnostic" where pullsDiagnostics:
                return .success(.raw(try DiagnosticReports.document(params, workspace: workspace)))
            case "workspace/diagnostic" where pullsDiagnostics:
                let context = requestContext(id)
                return .success(.raw(try DiagnosticReports.workspace(params, workspace: workspace, context: context)))
            default:
                if let raw = registry.rawHandler(for: method) { return .success(.raw(try raw(requestContext(id), params))) }
                guard let handler = registry.handler(for: method) else { return .failure(.methodNotFound(method)) }
                return .success(.json(try handler(requestContext(id), params)))
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

    private func requestContext(_ id: RequestID) -> RequestContext {
        RequestContext(workspace: workspace, cancellation: cancellation, requestID: id,
                       clientCapabilities: clientCapabilities, initializationOptions: initializationOptions)
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
        initialFolders = Self.folders(from: params)
        progress.clientSupportsProgress = clientCapabilities["window"]["workDoneProgress"].boolValue ?? false
        state = .running

        var capabilities = JSONObject()
        capabilities["positionEncoding"] = .string(encoding.rawValue)
        capabilities["textDocumentSync"] = ["openClose": true, "change": 2, "save": ["includeText": false]]
        if pullsDiagnostics {
            capabilities["diagnosticProvider"] = ["identifier": "tdl", "interFileDependencies": true, "workspaceDiagnostics": true]
        }
        capabilities["workspace"] = ["workspaceFolders": ["supported": true, "changeNotifications": true]]
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

    // MARK: Notifications

    private func handleNotification(method: String, params: JSONValue) -> [Message] {
        if method == "exit" {
            exitCode = state == .shutDown ? 0 : 1
            state = .exited
            return []
        }
        guard state == .running else { return [] }
        switch method {
        case "initialized": return initialized()
        case "$/cancelRequest":
            // The reader thread registered the cancel when it arrived; every message before
            // this one is answered now, so the request it names is done (or never came).
            if let id = RequestID(params["id"]) { cancellation.finish(id) }
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
        case "workspace/didChangeWatchedFiles":
            // A `.tdl` file matches both watchers: some clients report it twice.
            var seen: Set<String> = []
            for change in params["changes"].arrayValue ?? [] {
                guard let uri = change["uri"].stringValue, let path = DocumentURI.path(of: uri),
                      seen.insert("\(change["type"].intValue ?? 0) \(uri)").inserted else { continue }
                workspace.fileChangedOnDisk(path, deleted: change["type"].intValue == 3)
            }
            return []
        case "workspace/didChangeWorkspaceFolders":
            let event = params["event"]
            workspace.removeFolders((event["removed"].arrayValue ?? []).compactMap { $0["uri"].stringValue.flatMap(DocumentURI.path(of:)) })
            workspace.addFolders((event["added"].arrayValue ?? []).compactMap { $0["uri"].stringValue.flatMap(DocumentURI.path(of:)) })
            return progressRequest().map { [$0] } ?? []
        default:
            return []  // unknown notifications are ignored, as LSP asks
        }
    }

    /// The workspace folders are indexed from now on (in the background), files on disk are
    /// watched where the client can register watchers, and long indexing shows progress.
    private func initialized() -> [Message] {
        var out: [Message] = []
        workspace.setFolders(initialFolders)
        if clientCapabilities["workspace"]["didChangeWatchedFiles"]["dynamicRegistration"].boolValue == true {
            watchesFiles = true
            // `.tdl` files in every way; any other file when it is created or deleted (kind 1 | 4),
            // since an open document may name it (TDL313).
            let watchers: JSONValue = ["watchers": [["globPattern": "**/*.tdl"], ["globPattern": "**/*", "kind": 5]]]
            out.append(serverRequest("client/registerCapability", ["registrations": [[
                "id": "tdl-watched-files", "method": "workspace/didChangeWatchedFiles", "registerOptions": watchers]]]))
        }
        if let request = progressRequest() { out.append(request) }
        return out
    }

    /// `window/workDoneProgress/create` when indexing is long enough to show.
    private func progressRequest() -> Message? {
        guard let params = progress.start(workspace.indexing) else { return nil }
        let request = serverRequest("window/workDoneProgress/create", params)
        if case .request(let id, _, _) = request { progress.requested(id: id) }
        return request
    }

    private func didOpen(_ params: JSONValue) -> [Message] {
        let item = params["textDocument"]
        guard let uri = item["uri"].stringValue, let text = item["text"].stringValue else {
            return [logMessage(.error, "didOpen without textDocument.uri and text")]
        }
        if let refusal = DocumentLimits.refusal(size: text.utf8.count) {
            return tooLarge(uri, refusal)
        }
        let document = OpenDocument(uri: uri, path: DocumentURI.path(of: uri).map(normalizedPath),
                                    languageID: item["languageId"].stringValue ?? "tdl",
                                    version: item["version"].intValue ?? 0, bytes: Array(text.utf8), analysis: nil,
                                    validationCache: ValidationCache(reusesFileAnswers: watchesFiles, tracksEdits: true))
        editedKeys.insert(document.key)
        workspace.opened(document)
        schedulePublish(uri)
        return []
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
                workspace.closed(document)
                var out = tooLarge(uri, refusal)
                if !pullsDiagnostics {
                    out.append(.notification(method: "textDocument/publishDiagnostics", params: ["uri": .string(uri), "diagnostics": []]))
                }
                return out
            }
            document.version = version
            workspace.edited(document)
        } catch {
            workspace.documents[uri] = document
            return [logMessage(.error, "didChange for \(uri): \(error.reason); change ignored")]
        }
        editedKeys.insert(document.key)
        schedulePublish(uri)
        return []
    }

    private func didClose(_ params: JSONValue) -> [Message] {
        guard let uri = params["textDocument"]["uri"].stringValue, let document = workspace.documents[uri] else {
            return []
        }
        pendingPublish.removeAll { $0 == uri }
        workspace.closed(document)
        guard !pullsDiagnostics else { return [] }
        return [.notification(method: "textDocument/publishDiagnostics", params: ["uri": .string(uri), "diagnostics": []])]
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
