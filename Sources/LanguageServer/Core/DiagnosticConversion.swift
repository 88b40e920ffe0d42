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
        out.append(contentsOf: #"{"range":"#.utf8)
        writeRange(analysis.range(of: diagnostic.range), into: &out)
        out.append(contentsOf: #","severity":"#.utf8)
        JSONSerializer.writeNumber(Double(diagnostic.severity.rawValue), into: &out)
        out.append(contentsOf: workspace.codeMembers(diagnostic.code))
        out.append(contentsOf: #","source":"tdl","message":"#.utf8)
        JSONSerializer.writeString(diagnostic.message, into: &out)
        if !diagnostic.tags.isEmpty {
            out.append(contentsOf: #","tags":["#.utf8)
            for (k, tag) in diagnostic.tags.enumerated() {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                JSONSerializer.writeNumber(Double(tag.rawValue), into: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        if !diagnostic.related.isEmpty {
            out.append(contentsOf: #","relatedInformation":["#.utf8)
            for (k, item) in diagnostic.related.enumerated() {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                let target: DocumentAnalysis?
                if let path = item.path, path != analysis.path {
                    target = workspace.analysis(path: path)
                } else {
                    target = analysis
                }
                out.append(contentsOf: #"{"location":{"uri":"#.utf8)
                if let target {
                    JSONSerializer.writeString(target.uri, into: &out)
                    out.append(contentsOf: #","range":"#.utf8)
                    writeRange(target.range(of: item.range), into: &out)
                } else {
                    // A related file that cannot be read any more still gets a location, at its start.
                    JSONSerializer.writeString(DocumentURI.uri(forPath: item.path ?? ""), into: &out)
                    out.append(contentsOf: #","range":"#.utf8)
                    writeRange(LSPRange(start: LSPPosition(line: 0, character: 0), end: LSPPosition(line: 0, character: 0)), into: &out)
                }
                out.append(contentsOf: #"},"message":"#.utf8)
                JSONSerializer.writeString(item.message, into: &out)
                out.append(UInt8(ascii: "}"))
            }
            out.append(UInt8(ascii: "]"))
        }
        out.append(UInt8(ascii: "}"))
    }

    /// `[d1,d2,...]` for every diagnostic of the analysis.
    static func writeAll(_ analysis: DocumentAnalysis, workspace: Workspace, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        for (k, diagnostic) in analysis.diagnostics.enumerated() {
            if k > 0 { out.append(UInt8(ascii: ",")) }
            write(diagnostic, in: analysis, workspace: workspace, into: &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    /// The whole `textDocument/publishDiagnostics` message, unframed.
    static func publishPayload(_ analysis: DocumentAnalysis, workspace: Workspace) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256 + analysis.diagnostics.count * 300)
        out.append(contentsOf: #"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"#.utf8)
        JSONSerializer.writeString(analysis.uri, into: &out)
        if let version = analysis.version {
            out.append(contentsOf: #","version":"#.utf8)
            JSONSerializer.writeNumber(Double(version), into: &out)
        }
        out.append(contentsOf: #","diagnostics":"#.utf8)
        writeAll(analysis, workspace: workspace, into: &out)
        out.append(contentsOf: "}}".utf8)
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

    private static func writeRange(_ range: LSPRange, into out: inout [UInt8]) {
        out.append(contentsOf: #"{"start":{"line":"#.utf8)
        JSONSerializer.writeNumber(Double(range.start.line), into: &out)
        out.append(contentsOf: #","character":"#.utf8)
        JSONSerializer.writeNumber(Double(range.start.character), into: &out)
        out.append(contentsOf: #"},"end":{"line":"#.utf8)
        JSONSerializer.writeNumber(Double(range.end.line), into: &out)
        out.append(contentsOf: #","character":"#.utf8)
        JSONSerializer.writeNumber(Double(range.end.character), into: &out)
        out.append(contentsOf: "}}".utf8)
    }
}

extension Workspace {
    /// `,"code":"X","codeDescription":{"href":"..."}` for a code, built once per code: the
    /// same few codes repeat across thousands of diagnostics.
    func codeMembers(_ code: String) -> [UInt8] {
        if let bytes = codeMemberBytes[code] { return bytes }
        var out: [UInt8] = []
        out.append(contentsOf: #","code":"#.utf8)
        JSONSerializer.writeString(code, into: &out)
        out.append(contentsOf: #","codeDescription":{"href":"#.utf8)
        JSONSerializer.writeString(DocumentationLinks.url(for: code), into: &out)
        out.append(UInt8(ascii: "}"))
        codeMemberBytes[code] = out
        return out
    }
}
