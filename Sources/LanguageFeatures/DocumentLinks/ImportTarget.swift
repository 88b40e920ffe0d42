import ProjectModel
import TemplateFormat

/// Go to definition on the path of an `import`: the imported document, at its start.
public enum ImportTarget {
    /// The document the `import` under the cursor names (anywhere on its string), as the
    /// project resolves it; nil elsewhere or when it cannot be read.
    public static func location(at offset: Int, in context: NavigationContext) -> SourceLocation? {
        let offset = SyntaxLookup.clamp(offset, in: context.file.tree)
        for directive in context.file.tree.document.directives where directive.keyword == "import" {
            guard let atom = directive.atoms.first, atom.kind == .string,
                  atom.range.start <= offset && offset <= atom.range.end,
                  let imported = file(at: atom.range, in: context) else { continue }
            return SourceLocation(path: imported.path, range: ByteRange(start: 0, end: 0))
        }
        return nil
    }

    /// The file the import written at `range` leads to, if the project has it.
    static func file(at range: ByteRange, in context: NavigationContext) -> ProjectFile? {
        let file = context.file
        let targets = context.project.importTargets(of: file.path)
        guard let i = file.summary.imports.firstIndex(where: { $0.range == range }), i < targets.count,
              let target = targets[i] else { return nil }
        return context.project.file(target)
    }
}
