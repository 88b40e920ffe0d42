import TemplateFormat
import Validator

/// Quick fixes the editor offers beside the validator's own, for problems whose fix is a
/// choice the author makes: which value of a list was meant, which of two conflicting
/// properties to keep, whether to delete an unused parameter. Never certain (`check --fix`
/// does not apply them), and each only removes text or writes a value the property accepts.
enum EditorFixes {
    static func fixes(for diagnostic: Diagnostic, in tree: SyntaxTree) -> [CodeAction] {
        switch diagnostic.code {
        case "TDL108": return valueChoices(diagnostic, in: tree)
        case "TDL119": return conflictRemovals(diagnostic, in: tree)
        case "TDL305": return parameterRemoval(diagnostic, in: tree)
        default: return []
        }
    }

    /// The property whose key or value holds `offset`.
    static func property(at offset: Int, in tree: SyntaxTree) -> (property: PropertySyntax, block: BlockSyntax)? {
        guard let block = SyntaxLookup.innermostBlock(containing: offset, in: tree),
              let property = SyntaxLookup.property(of: block, at: offset) else { return nil }
        return (property, block)
    }

    /// An unknown value of a list (an enum, a colour name, a font weight): the three values
    /// nearest to what is written, leaving out those the validator already suggests.
    static func valueChoices(_ diagnostic: Diagnostic, in tree: SyntaxTree) -> [CodeAction] {
        guard let (property, block) = property(at: diagnostic.range.start, in: tree),
              let schema = SchemaDocs.property(property.key, inKind: block.kind) else { return [] }
        let candidates: [String]
        switch schema.type {
        case .enumeration(let values): candidates = values
        case .color: candidates = Schema.namedColorNames
        case .font: candidates = Schema.fontWeights
        default: return []
        }
        let written = tree.text(of: diagnostic.range)
        let offered = Set(diagnostic.fixes.flatMap(\.edits).map(\.newText))
        return nearestCandidates(to: written, among: candidates.filter { !offered.contains($0) && $0 != written }, limit: 3).map {
            CodeAction(title: "Change to `\($0)`", kind: .quickFix,
                       edits: [TextEdit(range: diagnostic.range, newText: $0)], diagnostics: [diagnostic], isPreferred: false)
        }
    }

    /// Two properties that exclude each other (`size` with `width`, `device` with `size`):
    /// keep one side, deleting every written property that excludes it.
    static func conflictRemovals(_ diagnostic: Diagnostic, in tree: SyntaxTree) -> [CodeAction] {
        guard let (second, block) = property(at: diagnostic.range.start, in: tree),
              let related = diagnostic.related.first(where: { $0.path == nil }),
              let first = SyntaxLookup.property(of: block, at: related.range.start),
              let kind = Schema.kind(block.kind) else { return [] }
        let written = block.properties
        func conflicting(with kept: PropertySyntax) -> [PropertySyntax] {
            let excluded = kind.property(kept.key)?.excludes ?? []
            return written.filter { other in
                other.range != kept.range
                    && (excluded.contains(other.key) || kind.property(other.key)?.excludes.contains(kept.key) == true)
            }
        }
        var actions: [CodeAction] = []
        for kept in [first, second] {
            let removed = conflicting(with: kept)
            guard !removed.isEmpty else { continue }
            let names = removed.map { "`\($0.key)`" }
            let title = "Remove " + (names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1])
            actions.append(CodeAction(title: title, kind: .quickFix, edits: removed.map(PropertyRemoval.edit(removing:)),
                                      diagnostics: [diagnostic], isPreferred: false))
        }
        return actions
    }

    /// A parameter no string uses: delete its line from `params`.
    static func parameterRemoval(_ diagnostic: Diagnostic, in tree: SyntaxTree) -> [CodeAction] {
        guard let (property, block) = property(at: diagnostic.range.start, in: tree), block.kindID == .params else { return [] }
        return [CodeAction(title: "Remove the parameter `\(property.key)`", kind: .quickFix,
                           edits: [PropertyRemoval.edit(removing: property)], diagnostics: [diagnostic], isPreferred: false)]
    }
}
