import ProjectModel
import TemplateFormat

/// What a request may look at: the document (a file of the project) and the project, which
/// knows every other file (open or not) and what their names mean.
public struct NavigationContext {
    public let project: Project
    public let file: ProjectFile

    public init(project: Project, file: ProjectFile) {
        self.project = project
        self.file = file
    }

    /// The document's symbol index (built once per version, by its `ProjectFile`).
    public var index: SymbolIndex { file.symbols }

    /// The styles the document can use.
    public var scope: StyleScope { project.scope(of: file.path) }

    /// Symbols of the top-level block holding `offset` (or the whole index when it is built
    /// already): hover and definition look at the block under the cursor only.
    func localIndex(at offset: Int) -> SymbolIndex? {
        if let built = file.symbolsIfBuilt { return built }
        guard let top = file.tree.document.blocks.first(where: { $0.range.start <= offset && offset <= $0.range.end }) else {
            return nil
        }
        return SymbolIndex(topLevel: top)
    }
}

/// A symbol under the cursor, resolved to its definition.
public struct ResolvedSymbol: Sendable, Hashable {
    public let key: SymbolKey
    /// The name as written at the cursor (range in the current document).
    public let occurrence: SymbolOccurrence
    /// Where it is defined; nil for a name that refers to nothing (`style: missing`).
    public let definition: SourceLocation?

    public var kind: SymbolKind { key.kind }
    public var name: String { key.name }
}
