import TemplateFormat

/// An editor action: a quick fix for one diagnostic (the validator's fixes, the editor's
/// own choices, suppressing it), or every certain fix at once (`source.fixAll.tdl`).
public struct CodeAction: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case quickFix = "quickfix"
        case sourceFixAll = "source.fixAll.tdl"
    }

    public var title: String
    public var kind: Kind
    /// Edits against the document the diagnostics came from; never overlapping.
    public var edits: [TextEdit]
    /// The diagnostics this action resolves (one for a quick fix).
    public var diagnostics: [Diagnostic]
    /// True for certain fixes: what the author meant beyond doubt (LSP `isPreferred`).
    public var isPreferred: Bool

    public init(title: String, kind: Kind, edits: [TextEdit], diagnostics: [Diagnostic], isPreferred: Bool) {
        self.title = title
        self.kind = kind
        self.edits = edits
        self.diagnostics = diagnostics
        self.isPreferred = isPreferred
    }
}

public enum CodeActions {
    /// Quick fixes for the diagnostics that overlap `range` (an empty range is the cursor),
    /// in diagnostic order, each diagnostic's fixes in the validator's order. Fixes whose
    /// edits fall outside the document are dropped.
    public static func quickFixes(for diagnostics: [Diagnostic], in range: ByteRange, documentLength: Int) -> [CodeAction] {
        var actions: [CodeAction] = []
        for diagnostic in diagnostics where diagnostic.range.intersects(range) {
            for fix in diagnostic.fixes where !fix.edits.isEmpty && FixSelection.fits(fix, documentLength: documentLength) {
                actions.append(CodeAction(title: fix.title, kind: .quickFix, edits: fix.edits,
                                          diagnostics: [diagnostic], isPreferred: fix.isCertain))
            }
        }
        return actions
    }

    /// Every quick fix for the diagnostics that overlap `range`: the validator's fixes,
    /// then the editor's own (`EditorFixes`), then the suppressions of each code.
    public static func actions(for diagnostics: [Diagnostic], in range: ByteRange, tree: SyntaxTree) -> [CodeAction] {
        let length = tree.bytes.count
        let here = diagnostics.filter { $0.range.intersects(range) }
        var actions = quickFixes(for: here, in: range, documentLength: length)
        for diagnostic in here { actions += EditorFixes.fixes(for: diagnostic, in: tree) }
        var suppressions: [CodeAction] = []
        for diagnostic in here {
            for action in SuppressionActions.actions(for: diagnostic, in: tree)
            where !suppressions.contains(where: { $0.title == action.title && $0.edits == action.edits }) {
                suppressions.append(action)
            }
        }
        return actions + suppressions.filter { action in action.edits.allSatisfy { $0.range.end <= length } }
    }

    /// Every certain fix at once, as `template-fmt check --fix` applies them in one round;
    /// nil when there is nothing to fix. Only one round: later rounds would need the edited
    /// text, and an editor applies the edits to the version it has.
    public static func fixAll(_ diagnostics: [Diagnostic], documentLength: Int) -> CodeAction? {
        let selection = FixSelection.certainFixes(diagnostics, documentLength: documentLength)
        guard !selection.edits.isEmpty else { return nil }
        let count = selection.diagnostics.count
        let title = count == 1 ? "Fix 1 problem" : "Fix all \(count) problems"
        return CodeAction(title: title, kind: .sourceFixAll, edits: selection.edits,
                          diagnostics: selection.diagnostics, isPreferred: true)
    }
}
