import TemplateFormat

/// What a cross-document request may look at: the document, its symbol index (built once
/// per version), how to reach its imports, and other known documents (open ones, workspace
/// files) that may import it and so use its styles.
public struct NavigationContext {
    public let file: SourceFile
    public let index: SymbolIndex
    public let resolver: ImportResolver?
    public let otherFiles: [SourceFile]

    public init(file: SourceFile, index: SymbolIndex, resolver: ImportResolver? = nil, otherFiles: [SourceFile] = []) {
        self.file = file
        self.index = index
        self.resolver = resolver
        self.otherFiles = otherFiles
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
