import LSPProtocol
import TemplateFormat
import Validator

/// Validator diagnostics as LSP `Diagnostic` objects.
enum DiagnosticConversion {
    static func json(_ diagnostic: Diagnostic, in analysis: DocumentAnalysis, workspace: Workspace) -> JSONValue {
        var object = JSONObject()
        object["range"] = analysis.range(of: diagnostic.range).json
        object["severity"] = .int(diagnostic.severity.rawValue)
        object["code"] = .string(diagnostic.code)
        object["codeDescription"] = ["href": .string(DocumentationLinks.url(for: diagnostic.code))]
        object["source"] = "tdl"
        object["message"] = .string(diagnostic.message)
        if !diagnostic.tags.isEmpty {
            object["tags"] = .array(diagnostic.tags.map { .int($0.rawValue) })
        }
        if !diagnostic.related.isEmpty {
            var related: [JSONValue] = []
            for item in diagnostic.related {
                let target: DocumentAnalysis?
                if let path = item.path, path != analysis.path {
                    target = workspace.analysis(path: path)
                } else {
                    target = analysis
                }
                // A related file that cannot be read any more still gets a location, at its start.
                let location: JSONValue = target?.location(of: item.range)
                    ?? ["uri": .string(DocumentURI.uri(forPath: item.path ?? "")),
                        "range": LSPRange(start: LSPPosition(line: 0, character: 0), end: LSPPosition(line: 0, character: 0)).json]
                related.append(["location": location, "message": .string(item.message)])
            }
            object["relatedInformation"] = .array(related)
        }
        return .object(object)
    }

    static func json(_ analysis: DocumentAnalysis, workspace: Workspace) -> [JSONValue] {
        analysis.diagnostics.map { json($0, in: analysis, workspace: workspace) }
    }
}
