import JSONText
import LSPProtocol

/// Work-done progress for indexing the workspace folders (LSP `window/workDoneProgress`):
/// asked for when indexing is long enough to notice, begun once the client accepts the
/// token, reported every tenth, ended when the last file is in.
struct IndexingProgress {
    static let token = "tdl-indexing"
    /// Fewer files than this index in well under a second: no progress is shown.
    static let minimumFiles = 200

    var clientSupportsProgress = false
    private var requestID: RequestID?
    private var begun = false
    private var lastTenth = -1

    /// The params of a `window/workDoneProgress/create` request when one is due.
    func start(_ indexing: Workspace.IndexProgress) -> JSONValue? {
        guard clientSupportsProgress, requestID == nil, !begun, indexing.pending.count >= Self.minimumFiles else { return nil }
        return ["token": .string(Self.token)]
    }

    mutating func requested(id: RequestID) { requestID = id }

    /// The client answered a request of ours: when it is the create request, begin.
    mutating func answered(_ id: RequestID, stillIndexing: Bool) -> [Message] {
        guard id == requestID else { return [] }
        requestID = nil
        guard stillIndexing else { return [] }
        begun = true
        lastTenth = 0
        return [notification(["kind": "begin", "title": "Indexing TDL files", "cancellable": false, "percentage": 0])]
    }

    mutating func report(_ indexing: Workspace.IndexProgress) -> [Message] {
        guard begun, indexing.total > 0 else { return [] }
        let tenth = indexing.done * 10 / indexing.total
        guard tenth > lastTenth else { return [] }
        lastTenth = tenth
        return [notification(["kind": "report", "message": .string("\(indexing.done)/\(indexing.total) files"),
                              "percentage": .int(indexing.done * 100 / indexing.total)])]
    }

    /// Ends the progress once indexing is over (nothing when it never began).
    mutating func finished() -> [Message] {
        guard begun else { return [] }
        begun = false
        return [notification(["kind": "end", "message": "Indexed"])]
    }

    private func notification(_ value: JSONValue) -> Message {
        .notification(method: "$/progress", params: ["token": .string(Self.token), "value": value])
    }
}
