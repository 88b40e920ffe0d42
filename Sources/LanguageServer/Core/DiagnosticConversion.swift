import LSPProtocol
import TemplateFormat
import Validator

/// Validator diagnostics as LSP `Diagnostic` objects, written straight to JSON bytes: a
/// document with a thousand problems is published on every keystroke, and building
/// `JSONValue` trees for it cost as much as validating. `json` reads the bytes back for
/// the few callers that need values (pull reports, code actions, tests), so there is one
/// encoding of a diagnostic.
enum DiagnosticConversion {
    static func write(_ diagnostic: Diagnostic, in analysis: DocumentAnalysis, workspace: Workspace, into out: inout [UInt8]) {
        var line = 0
        write(diagnostic, in: analysis, workspace: workspace, lineHint: &line, into: &out)
    }

    /// `lineHint`: the start line of the previous diagnostic written (they come sorted).
    static func write(_ diagnostic: Diagnostic, in analysis: DocumentAnalysis, workspace: Workspace,
                      lineHint: inout Int, into out: inout [UInt8]) {
        let range = analysis.range(of: diagnostic.range, after: lineHint)
        lineHint = range.start.line
        write(diagnostic, at: range, in: analysis, workspace: workspace, into: &out)
    }

    private static func write(_ diagnostic: Diagnostic, at range: LSPRange, in analysis: DocumentAnalysis,
                              workspace: Workspace, into out: inout [UInt8]) {
        out.append(#"{"range":"#)
        writeRange(range, into: &out)
        out.append(#","severity":"#)
        JSONSerializer.writeNumber(Double(diagnostic.severity.rawValue), into: &out)
        out.append(contentsOf: workspace.codeMembers(diagnostic.code))
        out.append(#","source":"tdl","message":"#)
        JSONSerializer.writeString(diagnostic.message, into: &out)
        if !diagnostic.tags.isEmpty {
            out.append(#","tags":["#)
            for (k, tag) in diagnostic.tags.enumerated() {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                JSONSerializer.writeNumber(Double(tag.rawValue), into: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        if !diagnostic.related.isEmpty {
            out.append(#","relatedInformation":["#)
            for (k, item) in diagnostic.related.enumerated() {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                out.append(#"{"location":{"uri":"#)
                if let path = item.path, path != analysis.file.path {
                    // Another file: its URI and line table come from the project, never the disk.
                    JSONSerializer.writeString(workspace.uri(forKey: path), into: &out)
                    out.append(#","range":"#)
                    let range = workspace.project.file(path).map { workspace.lspRange(item.range, in: $0.lineIndex) }
                        ?? LSPRange(start: LSPPosition(line: 0, character: 0), end: LSPPosition(line: 0, character: 0))
                    writeRange(range, into: &out)
                } else {
                    JSONSerializer.writeString(analysis.uri, into: &out)
                    out.append(#","range":"#)
                    writeRange(analysis.range(of: item.range), into: &out)
                }
                out.append(#"},"message":"#)
                JSONSerializer.writeString(item.message, into: &out)
                out.append(UInt8(ascii: "}"))
            }
            out.append(UInt8(ascii: "]"))
        }
        out.append(UInt8(ascii: "}"))
    }

    /// `[d1,d2,...]` for every diagnostic of the analysis. With `previous`, a diagnostic
    /// published unchanged last time is copied from there, and this payload is recorded
    /// for the next time once `out` is complete.
    static func writeAll(_ analysis: DocumentAnalysis, workspace: Workspace,
                         previous: PublishedDiagnostics? = nil, recording: inout PublishedDiagnostics.Recording?,
                         into out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        var line = 0
        for (k, diagnostic) in analysis.diagnostics.enumerated() {
            if k > 0 { out.append(UInt8(ascii: ",")) }
            let range = analysis.range(of: diagnostic.range, after: line)
            line = range.start.line
            let start = out.count
            // Related locations in this document are compared by range; one in another
            // document (whose text may have changed) makes the diagnostic be written afresh.
            let related: [LSPRange]? = previous == nil || diagnostic.related.contains { $0.path != nil && $0.path != analysis.file.path }
                ? nil : diagnostic.related.map { analysis.range(of: $0.range) }
            if let related, let json = previous?.previousJSON(of: diagnostic, at: range, related: related) {
                out.append(contentsOf: json)
            } else {
                write(diagnostic, at: range, in: analysis, workspace: workspace, into: &out)
            }
            if let related { recording?.record(diagnostic, at: range, related: related, span: start..<out.count) }
        }
        out.append(UInt8(ascii: "]"))
    }

    static func writeAll(_ analysis: DocumentAnalysis, workspace: Workspace, into out: inout [UInt8]) {
        var recording: PublishedDiagnostics.Recording? = nil
        writeAll(analysis, workspace: workspace, recording: &recording, into: &out)
    }

    /// The whole `textDocument/publishDiagnostics` message, unframed. `previous` (the
    /// document's last publish) is reused where it can be and then holds this one.
    static func publishPayload(_ analysis: DocumentAnalysis, workspace: Workspace,
                               previous: PublishedDiagnostics? = nil) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256 + analysis.diagnostics.count * 300)
        out.append(#"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"#)
        JSONSerializer.writeString(analysis.uri, into: &out)
        if let version = analysis.version {
            out.append(#","version":"#)
            JSONSerializer.writeNumber(Double(version), into: &out)
        }
        out.append(#","diagnostics":"#)
        var recording = previous?.begin(analysis.diagnostics)
        writeAll(analysis, workspace: workspace, previous: previous, recording: &recording, into: &out)
        out.append("}}" as StaticString)
        if let previous, let recording { previous.finish(recording, payload: out) }
        return out
    }

    static func json(_ diagnostic: Diagnostic, in analysis: DocumentAnalysis, workspace: Workspace) -> JSONValue {
        var out: [UInt8] = []
        write(diagnostic, in: analysis, workspace: workspace, into: &out)
        return (try? JSONParser.parse(out)) ?? .null  // the writer's output is always valid JSON
    }

    static func json(_ analysis: DocumentAnalysis, workspace: Workspace) -> [JSONValue] {
        var out: [UInt8] = []
        writeAll(analysis, workspace: workspace, into: &out)
        return (try? JSONParser.parse(out))?.arrayValue ?? []
    }

    static func writeRange(_ range: LSPRange, into out: inout [UInt8]) { LSPJSON.writeRange(range, into: &out) }
}

extension Workspace {
    /// `,"code":"X","codeDescription":{"href":"..."}` for a code, built once per code: the
    /// same few codes repeat across thousands of diagnostics.
    func codeMembers(_ code: String) -> [UInt8] {
        if let bytes = codeMemberBytes[code] { return bytes }
        var out: [UInt8] = []
        out.append(#","code":"#)
        JSONSerializer.writeString(code, into: &out)
        out.append(#","codeDescription":{"href":"#)
        JSONSerializer.writeString(DocumentationLinks.url(for: code), into: &out)
        out.append(UInt8(ascii: "}"))
        codeMemberBytes[code] = out
        return out
    }
}
