/// Chooses the certain fixes of a set of diagnostics that can be applied together (first
/// certain fix of each diagnostic, in order, skipping any whose edits touch an edit already
/// taken). `template-fmt check --fix` and the language server's `source.fixAll.tdl` share it.
public enum FixSelection {
    public struct Selection: Sendable {
        /// The chosen edits, sorted by position, pairwise disjoint.
        public var edits: [TextEdit]
        /// The diagnostics whose fix was chosen.
        public var diagnostics: [Diagnostic]
    }

    public static func certainFixes(_ diagnostics: [Diagnostic], documentLength: Int) -> Selection {
        var chosen: [TextEdit] = []
        var fixed: [Diagnostic] = []
        for diagnostic in diagnostics {
            guard let fix = diagnostic.fixes.first(where: \.isCertain), !fix.edits.isEmpty,
                  fits(fix, documentLength: documentLength) else { continue }
            let clashes = fix.edits.contains { edit in chosen.contains { clash(edit, $0) } }
                || zip(fix.edits.indices, fix.edits).contains { i, edit in fix.edits[(i + 1)...].contains { clash(edit, $0) } }
            if clashes { continue }
            chosen += fix.edits
            fixed.append(diagnostic)
        }
        chosen.sort { ($0.range.start, $0.range.end) < ($1.range.start, $1.range.end) }
        return Selection(edits: chosen, diagnostics: fixed)
    }

    /// Applies disjoint edits to bytes (the result an editor gets from the edits): from the
    /// last start to the first, and insertions at one point in their order in the list, as
    /// LSP specifies.
    public static func apply(_ edits: [TextEdit], to bytes: [UInt8]) -> [UInt8] {
        var out = bytes
        let lastFirst = edits.indices.sorted { a, b in
            edits[a].range.start != edits[b].range.start ? edits[a].range.start > edits[b].range.start : a > b
        }
        for edit in lastFirst.map({ edits[$0] }) where edit.range.end <= out.count {
            out.replaceSubrange(edit.range.start..<edit.range.end, with: Array(edit.newText.utf8))
        }
        return out
    }

    /// Whether every edit of `fix` lies inside a document of this length.
    public static func fits(_ fix: Fix, documentLength: Int) -> Bool {
        fix.edits.allSatisfy { $0.range.start >= 0 && $0.range.end <= documentLength }
    }

    /// Overlapping edits, or two insertions at one point (their order would be arbitrary).
    static func clash(_ a: TextEdit, _ b: TextEdit) -> Bool {
        a.range.start < b.range.end && b.range.start < a.range.end
            || (a.range.isEmpty && b.range.isEmpty && a.range.start == b.range.start)
    }
}
