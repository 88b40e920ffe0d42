import TemplateFormat

/// Plain one-line renderings of diagnostics: `path:line:col: severity: message`, with
/// 1-based lines and columns counted in Unicode scalars.
enum DiagnosticText {
    static func oneLine(_ diagnostics: [Diagnostic], path: String, tree: SyntaxTree) -> String {
        let index = LineIndex(tree.bytes)
        var text = ""
        for d in diagnostics {
            let p = index.scalarPosition(of: d.range.start)
            text += "\(path):\(p.line + 1):\(p.column + 1): \(d.severity): \(d.message)\n"
        }
        return text
    }
}
