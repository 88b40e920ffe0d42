import JSONText
import LSPProtocol
import ProjectModel
import TemplateFormat
import ToolSupport
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

    /// The analysis of a URI: the open document, else the project's file, else a `file://`
    /// file on disk (read for this request only), else nil.
    public func analysis(uri: String) -> DocumentAnalysis? {
        if let open = workspace.analysis(uri: uri) { return open }
        guard let path = DocumentURI.path(of: uri).map(normalizedPath) else { return nil }
        return workspace.analysis(path: path) ?? workspace.analysisOutsideProject(path: path)
    }

    /// The project: every workspace file, open documents' current text, and their imports.
    /// Cross-file requests (references, rename, workspace symbols) call `finishIndexing` first.
    public var project: Project {
        workspace.syncStaleDocuments()
        return workspace.project
    }

    /// Reads every workspace file still waiting to be indexed.
    public func finishIndexing() { workspace.finishIndexing() }

    /// `{uri, range}` of a range in any file of the project (line tables from the project).
    public func location(path: String, range: ByteRange) -> JSONValue? { workspace.location(path: path, range: range) }

    /// The URI and LSP range of a range in any file of the project.
    public func locationParts(path: String, range: ByteRange) -> (uri: String, range: LSPRange)? {
        workspace.locationParts(path: path, range: range)
    }

    /// Paths of the workspace folders (from `workspaceFolders`, else `rootUri`/`rootPath`).
    public var workspaceFolders: [String] { workspace.folders }

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
