import ProjectModel
import TemplateFormat
import Validator

extension Completion {
    /// Codes after `// tdl-ignore` or `// tdl-ignore-file`: every code that can be silenced
    /// (syntax errors cannot) and is not listed yet, those reported where the comment
    /// applies first, the first of them preselected.
    static func suppressionItems(_ comment: SuppressionComment, at offset: Int, in tree: SyntaxTree,
                                 diagnostics: [Diagnostic]) -> [CompletionItem] {
        guard offset > comment.markerEnd else { return [] }
        let bytes = tree.bytes
        var start = offset
        while start > comment.markerEnd && Identifier.isContinue(bytes[start - 1]) { start -= 1 }
        var end = offset
        while end < comment.token.end && Identifier.isContinue(bytes[end]) { end += 1 }
        let word = ByteRange(start: start, end: end)
        let listed = Set(comment.codes.filter { $0.range != word }.map { $0.text.uppercased() })
        var reported: [String] = []
        let covered = comment.covered(in: tree)
        for d in diagnostics where !reported.contains(d.code) {
            if let covered, !(d.range.start >= covered.start && d.range.start <= covered.end) { continue }
            reported.append(d.code)
        }
        var items: [CompletionItem] = []
        for code in DiagnosticCode.all where code.isSuppressible && !listed.contains(code.code) {
            let rank = reported.firstIndex(of: code.code)
            items.append(CompletionItem(
                label: code.code, kind: .code, detail: "\(code.severity): \(code.title)",
                documentation: code.explanation, replaceRange: word,
                sortText: rank.map { sortKey(0, $0) } ?? sortKey(1, items.count), preselect: rank == 0))
        }
        return items.sorted { $0.sortText < $1.sortText }
    }
}
