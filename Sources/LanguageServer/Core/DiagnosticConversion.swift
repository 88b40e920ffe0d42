import JSONText
import TemplateFormat
import Validator

/// Validator diagnostics as LSP `Diagnostic` objects, written straight to JSON bytes: a
/// document with a thousand problems is published on every keystroke, and building
/// `JSONValue` trees for it cost as much as validating. `json` reads the bytes back for
/// the few callers that need values (pull reports, code actions, tests), so there is one
/// encoding of a diagnostic.
enum DiagnosticConversion {
    static func write(_ diagnostic: Diagnostic, in analysis: DocumentAnalysis, workspace: Workspace, into out: inout JSONWriter) {
        var line = 0
        write(diagnostic, in: analysis, workspace: workspace, lineHint: &line, into: &out)
    }

    /// `lineHint`: the start line of the previous diagnostic written (they come sorted).
    static func write(_ diagnostic: Diagnostic, in analysis: DocumentAnalysis, workspace: Workspace,
                      lineHint: inout Int, into out: inout JSONWriter) {
        let range = analysis.range(of: diagnostic.range, after: lineHint)
        lineHint = range.start.line
        write(diagnostic, at: range, in: analysis, workspace: workspace, into: &out)
    }

    private static func write(_ diagnostic: Diagnostic, at range: LSPRange, in analysis: DocumentAnalysis,
                              workspace: Workspace, into out: inout JSONWriter) {
        out.raw(#"{"range":"#)
        writeRange(range, into: &out)
        out.raw(#","severity":"#)
        out.number(diagnostic.severity.rawValue)
        out.raw(workspace.codeMembers(diagnostic.code))
        out.raw(#","source":"tdl","message":"#)
        out.string(diagnostic.message)
        if !diagnostic.tags.isEmpty {
            out.raw(#","tags":"#)
            out.beginArray()
            for tag in diagnostic.tags {
                out.item()
                out.number(tag.rawValue)
            }
            out.endArray()
        }
        if !diagnostic.related.isEmpty {
            out.raw(#","relatedInformation":"#)
            out.beginArray()
            for item in diagnostic.related {
                out.item()
                out.raw(#"{"location":{"uri":"#)
                if let path = item.path, path != analysis.file.path {
                    // Another file: its URI and line table come from the project, never the disk.
                    out.string(workspace.uri(forKey: path))
                    out.raw(#","range":"#)
                    let range = workspace.project.file(path).map { workspace.lspRange(item.range, in: $0.lineIndex) }
                        ?? LSPRange(start: LSPPosition(line: 0, character: 0), end: LSPPosition(line: 0, character: 0))
                    writeRange(range, into: &out)
                } else {
                    out.string(analysis.uri)
                    out.raw(#","range":"#)
                    writeRange(analysis.range(of: item.range), into: &out)
                }
                out.raw(#"},"message":"#)
                out.string(item.message)
                out.raw(UInt8(ascii: "}"))
            }
            out.endArray()
        }
        out.raw(UInt8(ascii: "}"))
    }

    /// `[d1,d2,...]` for every diagnostic of the analysis. With `previous`, a diagnostic
    /// published unchanged last time is copied from there, and this payload is recorded
    /// for the next time once `out` is complete.
    static func writeAll(_ analysis: DocumentAnalysis, workspace: Workspace,
                         previous: PublishedDiagnostics? = nil, recording: inout PublishedDiagnostics.Recording?,
                         into out: inout JSONWriter) {
        out.beginArray()
        var line = 0
        // The related ranges of the diagnostic at hand; one list, emptied for each.
        var related: [LSPRange] = []
        let old = previous?.payload ?? []
        old.withUnsafeBufferPointer { old in
            // A reused diagnostic needs only its range and these (read without copying it out:
            // a copy retains its boxes, and at 10,000 diagnostics each is a cache miss).
            let keys = Diagnostic.publishingKeys(of: analysis.diagnostics)
            analysis.diagnostics.withUnsafeBufferPointer { diagnostics in
                for i in diagnostics.indices {
                    out.item()
                    let range = analysis.range(of: diagnostics[i].range, after: line)
                    line = range.start.line
                    let start = out.count
                    // Related locations in this document are compared by range; one in another
                    // document (whose text may have changed) makes the diagnostic be written afresh.
                    related.removeAll(keepingCapacity: true)
                    var comparable = previous != nil
                    if comparable && keys[i].hasRelated {
                        for item in diagnostics[i].related {
                            if item.path != nil && item.path != analysis.file.path { comparable = false; break }
                            related.append(analysis.range(of: item.range))
                        }
                    }
                    let identity = keys[i].identity
                    if comparable, let span = previous?.previousSpan(of: identity, at: range, related: related) {
                        out.raw(UnsafeBufferPointer(rebasing: old[span]))
                    } else {
                        write(diagnostics[i], at: range, in: analysis, workspace: workspace, into: &out)
                    }
                    if comparable { recording?.record(identity, at: range, related: related, span: start..<out.count) }
                }
            }
        }
        out.endArray()
    }

    static func writeAll(_ analysis: DocumentAnalysis, workspace: Workspace, into out: inout JSONWriter) {
        var recording: PublishedDiagnostics.Recording? = nil
        writeAll(analysis, workspace: workspace, recording: &recording, into: &out)
    }

    /// The whole `textDocument/publishDiagnostics` message, unframed. `previous` (the
    /// document's last publish) is reused where it can be and then holds this one.
    static func publishPayload(_ analysis: DocumentAnalysis, workspace: Workspace,
                               previous: PublishedDiagnostics? = nil) -> [UInt8] {
        // Room for all of it at once: the last payload's size when there is one (an edit
        // changes it little), else an estimate. Growing a buffer of megabytes copies it.
        let estimate = 256 + analysis.diagnostics.count * 300
        var out = JSONWriter(capacity: max(estimate, (previous?.payload.count ?? 0) + 4096))
        out.raw(#"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"#)
        out.string(analysis.uri)
        if let version = analysis.version {
            out.raw(#","version":"#)
            out.number(version)
        }
        out.raw(#","diagnostics":"#)
        var recording = previous?.begin(analysis.diagnostics)
        writeAll(analysis, workspace: workspace, previous: previous, recording: &recording, into: &out)
        out.raw("}}")
        if let previous, let recording { previous.finish(recording, payload: out.bytes) }
        return out.bytes
    }

    static func json(_ diagnostic: Diagnostic, in analysis: DocumentAnalysis, workspace: Workspace) -> JSONValue {
        var out = JSONWriter()
        write(diagnostic, in: analysis, workspace: workspace, into: &out)
        return (try? JSONParser.parse(out.bytes)) ?? .null  // the writer's output is always valid JSON
    }

    static func json(_ analysis: DocumentAnalysis, workspace: Workspace) -> [JSONValue] {
        var out = JSONWriter()
        writeAll(analysis, workspace: workspace, into: &out)
        return (try? JSONParser.parse(out.bytes))?.arrayValue ?? []
    }

    static func writeRange(_ range: LSPRange, into out: inout JSONWriter) { LSPJSON.writeRange(range, into: &out) }
}

extension Workspace {
    /// `,"code":"X","codeDescription":{"href":"..."}` for a code, built once per code: the
    /// same few codes repeat across thousands of diagnostics.
    func codeMembers(_ code: String) -> [UInt8] {
        if let bytes = codeMemberBytes[code] { return bytes }
        var out = JSONWriter()
        out.raw(#","code":"#)
        out.string(code)
        out.raw(#","codeDescription":{"href":"#)
        out.string(DocumentationLinks.url(for: code))
        out.raw(UInt8(ascii: "}"))
        codeMemberBytes[code] = out.bytes
        return out.bytes
    }
}
