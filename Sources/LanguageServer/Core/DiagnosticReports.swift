import Basics
import JSONText
import LSPProtocol
import ProjectModel
import TemplateFormat
import ToolSupport

/// Pulled diagnostics: `textDocument/diagnostic` and `workspace/diagnostic`, written as JSON
/// bytes. An open document's report is written the way a push is (`DiagnosticConversion`,
/// copying every diagnostic unchanged since the last report), so pulling costs what pushing
/// does; a file that is not open keeps its report until it or what it imports changes.
///
/// A result id is a hash of the report's items: equal ids mean equal reports, so a client
/// holding the current one is answered `unchanged`, whatever happened in between.
enum DiagnosticReports {
    /// `textDocument/diagnostic`: a full report, or `unchanged` when the client has this one.
    static func document(_ params: JSONValue, workspace: Workspace) throws(ResponseError) -> [UInt8] {
        guard let uri = params["textDocument"]["uri"].stringValue else { throw .invalidParams("missing textDocument.uri") }
        let previous = params["previousResultId"].stringValue
        guard let report = report(uri: uri, workspace: workspace) else {
            return Array(#"{"kind":"full","items":[]}"#.utf8)
        }
        var out = JSONWriter(capacity: report.items.count + 64)
        if previous == report.resultID {
            out.raw(#"{"kind":"unchanged","resultId":"#)
            out.string(report.resultID)
        } else {
            out.raw(#"{"kind":"full","resultId":"#)
            out.string(report.resultID)
            out.raw(#","items":"#)
            out.raw(report.items)
        }
        out.raw(UInt8(ascii: "}"))
        return out.bytes
    }

    /// `workspace/diagnostic`: a report for every file of the workspace (open documents
    /// included, with their versions), `unchanged` where the client's result id is current,
    /// and an empty one, once, for a file reported before that is gone.
    static func workspace(_ params: JSONValue, workspace: Workspace, context: RequestContext) throws(ResponseError) -> [UInt8] {
        workspace.finishIndexing()
        var previous: [String: String] = [:]
        for entry in params["previousResultIds"].arrayValue ?? [] {
            if let uri = entry["uri"].stringValue, let value = entry["value"].stringValue { previous[uri] = value }
        }
        var keys = workspace.project.memberPaths.filter { workspace.isWorkspaceFile($0) || workspace.openURI(forKey: $0) != nil }
        let present = Set(keys)
        let gone = workspace.reportedPaths.subtracting(present)
        keys += gone.sorted()
        var out = JSONWriter()
        out.raw(#"{"items":"#)
        out.beginArray()
        for key in keys {
            try context.checkCancelled()
            out.item()
            let uri = workspace.uri(forKey: key)
            let version = workspace.openURI(forKey: key).flatMap { workspace.documents[$0]?.version }
            let report = present.contains(key) ? self.report(uri: uri, workspace: workspace) : nil
            let resultID = report?.resultID ?? "gone"
            let unchanged = previous[uri] == resultID
            out.raw(unchanged ? #"{"kind":"unchanged","uri":"# : #"{"kind":"full","uri":"#)
            out.string(uri)
            out.raw(#","version":"#)
            if let version { out.number(version) } else { out.null() }
            out.raw(#","resultId":"#)
            out.string(resultID)
            if !unchanged {
                out.raw(#","items":"#)
                if let report { out.raw(report.items) } else { out.raw("[]") }
            }
            out.raw(UInt8(ascii: "}"))
        }
        out.endArray()
        out.raw(UInt8(ascii: "}"))
        workspace.reportedPaths = present
        return out.bytes
    }

    /// The current report of a document: an open one's (reusing its last report's JSON), else a
    /// project file's (kept until it changes), else nil.
    static func report(uri: String, workspace: Workspace) -> Workspace.FileReport? {
        if let document = workspace.documents[uri], let analysis = workspace.analysis(uri: uri) {
            if let last = document.pulled, last.file === analysis.file, last.generation == analysis.generation { return last.report }
            var writer = JSONWriter()
            var recording: PublishedDiagnostics.Recording? = document.published.begin(analysis.diagnostics)
            DiagnosticConversion.writeAll(analysis, workspace: workspace, previous: document.published,
                                          recording: &recording, into: &writer)
            let items = writer.bytes
            if let recording { document.published.finish(recording, payload: items) }
            let report = Workspace.FileReport(file: analysis.file, resultID: resultID(of: items), items: items)
            workspace.documents[uri]?.pulled = (analysis.file, analysis.generation, report)
            return report
        }
        guard let path = DocumentURI.path(of: uri).map(normalizedPath) ?? (workspace.project.file(uri) != nil ? uri : nil),
              let file = workspace.project.file(path) else { return nil }
        if let kept = workspace.fileReports[path], kept.file === file { return kept }
        guard let analysis = workspace.analysis(path: path) else { return nil }
        var writer = JSONWriter()
        DiagnosticConversion.writeAll(analysis, workspace: workspace, into: &writer)
        let items = writer.bytes
        let report = Workspace.FileReport(file: file, resultID: resultID(of: items), items: items)
        workspace.fileReports[path] = report
        return report
    }

    /// The items' fingerprint, in hex.
    static func resultID(of items: [UInt8]) -> String {
        let digits = String(fingerprint(items[...]), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
