import LSPProtocol
import TemplateFormat
import Validator

/// What a feature handler sees: the documents, the client's capabilities and a way to
/// notice cancellation. Valid only during the call it is passed to.
public struct RequestContext {
    let workspace: Workspace
    let cancellation: CancellationRegistry
    /// The id of the request being answered.
    public let requestID: RequestID
    /// The `capabilities` the client sent in `initialize`.
    public let clientCapabilities: JSONValue
    /// The `initializationOptions` the client sent, `.null` when none.
    public let initializationOptions: JSONValue

    public var encoding: PositionEncoding { workspace.encoding }

    /// The analysis of `params.textDocument.uri`: the open document's current version, else
    /// the file on disk. Throws -32602 when the params name no document or it cannot be read.
    public func document(_ params: JSONValue) throws(ResponseError) -> DocumentAnalysis {
        guard let uri = params["textDocument"]["uri"].stringValue else {
            throw .invalidParams("missing textDocument.uri")
        }
        guard let analysis = analysis(uri: uri) else { throw .invalidParams("unknown document \(uri)") }
        return analysis
    }

    /// The analysis of a URI: the open document, else a `file://` file on disk, else nil.
    public func analysis(uri: String) -> DocumentAnalysis? {
        if let open = workspace.analysis(uri: uri) { return open }
        guard let path = DocumentURI.path(of: uri) else { return nil }
        return workspace.analysis(path: path)
    }

    /// The analysis of a path (an import): an open document with that path wins over the disk.
    public func analysis(path: String) -> DocumentAnalysis? { workspace.analysis(path: path) }

    /// Every open document, analysed, ordered by URI.
    public var openDocuments: [DocumentAnalysis] {
        workspace.documents.keys.sorted().compactMap { workspace.analysis(uri: $0) }
    }

    /// Paths of the workspace folders (from `workspaceFolders`, else `rootUri`/`rootPath`).
    public var workspaceFolders: [String] { workspace.folders }

    /// `.tdl` files under the workspace folders, at most `limit` (hidden folders skipped).
    public func workspaceFiles(limit: Int = 10_000) -> [String] { workspace.tdlFiles(limit: limit) }

    /// The loader the validator uses: imports resolved against the importer's folder, open
    /// documents first, then files on disk.
    public var importLoader: ImportLoader { workspace.importLoader() }

    public var isCancelled: Bool { cancellation.isCancelled(requestID) }

    /// Throws -32800 when the client cancelled this request; call it between chunks of long work.
    public func checkCancelled() throws(ResponseError) {
        if isCancelled { throw ResponseError(code: ErrorCode.requestCancelled, message: "request cancelled") }
    }

    /// Converts a Validator diagnostic of `analysis` to an LSP `Diagnostic` (what
    /// `publishDiagnostics` and `textDocument/diagnostic` send; code actions echo it back).
    public func lspDiagnostic(_ diagnostic: Diagnostic, in analysis: DocumentAnalysis) -> JSONValue {
        DiagnosticConversion.json(diagnostic, in: analysis, workspace: workspace)
    }
}
