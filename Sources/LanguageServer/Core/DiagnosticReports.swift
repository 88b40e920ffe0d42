import Basics
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
        var out: [UInt8] = []
        if previous == report.resultID {
            out.append(contentsOf: Array(#"{"kind":"unchanged","resultId":"#.utf8))
            JSONSerializer.writeString(report.resultID, into: &out)
        } else {
            out.reserveCapacity(report.items.count + 64)
            out.append(contentsOf: Array(#"{"kind":"full","resultId":"#.utf8))
            JSONSerializer.writeString(report.resultID, into: &out)
            out.append(contentsOf: Array(#","items":"#.utf8))
            out.append(contentsOf: report.items)
        }
        out.append(UInt8(ascii: "}"))
        return out
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
        var out: [UInt8] = Array(#"{"items":["#.utf8)
        for (k, key) in keys.enumerated() {
            try context.checkCancelled()
            if k > 0 { out.append(UInt8(ascii: ",")) }
            let uri = workspace.uri(forKey: key)
            let version = workspace.openURI(forKey: key).flatMap { workspace.documents[$0]?.version }
            let report = present.contains(key) ? self.report(uri: uri, workspace: workspace) : nil
            let resultID = report?.resultID ?? "gone"
            let unchanged = previous[uri] == resultID
            out.append(contentsOf: Array((unchanged ? #"{"kind":"unchanged","uri":"# : #"{"kind":"full","uri":"#).utf8))
            JSONSerializer.writeString(uri, into: &out)
            out.append(contentsOf: Array(#","version":"#.utf8))
            if let version { JSONSerializer.writeNumber(Double(version), into: &out) } else { out.append(contentsOf: Array("null".utf8)) }
            out.append(contentsOf: Array(#","resultId":"#.utf8))
            JSONSerializer.writeString(resultID, into: &out)
            if !unchanged {
                out.append(contentsOf: Array(#","items":"#.utf8))
                out.append(contentsOf: report?.items ?? Array("[]".utf8))
            }
            out.append(UInt8(ascii: "}"))
        }
        out.append(contentsOf: Array("]}".utf8))
        workspace.reportedPaths = present
        return out
    }

    /// The current report of a document: an open one's (reusing its last report's JSON), else a
    /// project file's (kept until it changes), else nil.
    static func report(uri: String, workspace: Workspace) -> Workspace.FileReport? {
        if let document = workspace.documents[uri], let analysis = workspace.analysis(uri: uri) {
            if let last = document.pulled, last.file === analysis.file, last.generation == analysis.generation { return last.report }
            var items: [UInt8] = []
            var recording: PublishedDiagnostics.Recording? = document.published.begin(analysis.diagnostics)
            DiagnosticConversion.writeAll(analysis, workspace: workspace, previous: document.published,
                                          recording: &recording, into: &items)
            if let recording { document.published.finish(recording, payload: items) }
            let report = Workspace.FileReport(file: analysis.file, resultID: resultID(of: items), items: items)
            workspace.documents[uri]?.pulled = (analysis.file, analysis.generation, report)
            return report
        }
        guard let path = DocumentURI.path(of: uri).map(normalizedPath) ?? (workspace.project.file(uri) != nil ? uri : nil),
              let file = workspace.project.file(path) else { return nil }
        if let kept = workspace.fileReports[path], kept.file === file { return kept }
        guard let analysis = workspace.analysis(path: path) else { return nil }
        var items: [UInt8] = []
        DiagnosticConversion.writeAll(analysis, workspace: workspace, into: &items)
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
