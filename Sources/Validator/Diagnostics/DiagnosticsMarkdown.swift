/// The diagnostics reference for docs/LANGUAGE.md: every code with its severity, title and
/// explanation, in catalogue order. A test keeps the docs equal to this text.
public func diagnosticsReferenceMarkdown() -> String {
    var out = "| code | severity | title |\n| --- | --- | --- |\n"
    for code in DiagnosticCode.all {
        out += "| [\(code.code)](#\(code.code.lowercased())) | \(code.severity) | \(code.title) |\n"
    }
    for code in DiagnosticCode.all {
        var lines = code.explanation.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The first line repeats the code and title: it becomes the heading.
        if let first = lines.first, first.hasPrefix(code.code) { lines.removeFirst() }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        out += "\n### \(code.code)\n\n**\(code.title)** (\(code.severity))\n\n" + lines.joined(separator: "\n") + "\n"
    }
    return out
}
