import TemplateFormat

/// What a cross-document request may look at: the document, its symbol index (built once
/// per version), how to reach its imports, and other known documents (open ones, workspace
/// files) that may import it and so use its styles.
public struct NavigationContext {
    public let file: SourceFile
    public let resolver: ImportResolver?
    public let otherFiles: [SourceFile]
    private let lazyIndex: LazySymbolIndex

    /// `index`: the document's symbol index when the caller has one (built once per version).
    public init(file: SourceFile, index: SymbolIndex, resolver: ImportResolver? = nil, otherFiles: [SourceFile] = []) {
        self.init(file: file, indexProvider: { index }, resolver: resolver, otherFiles: otherFiles)
    }

    /// `indexProvider` is called only when a request needs the whole document's symbols
    /// (highlighting a style, references, rename); hover and definition look at the
    /// top-level block under the cursor only.
    public init(file: SourceFile, indexProvider: @escaping () -> SymbolIndex, resolver: ImportResolver? = nil,
                otherFiles: [SourceFile] = []) {
        self.file = file
        self.lazyIndex = LazySymbolIndex(indexProvider)
        self.resolver = resolver
        self.otherFiles = otherFiles
    }

    /// The whole document's symbol index.
    public var index: SymbolIndex { lazyIndex.value }

    /// Symbols of the top-level block holding `offset` (or the whole index when it is built already).
    func localIndex(at offset: Int) -> SymbolIndex? {
        if let built = lazyIndex.built { return built }
        guard let top = file.tree.document.blocks.first(where: { $0.range.start <= offset && offset <= $0.range.end }) else {
            return nil
        }
        return SymbolIndex(topLevel: top)
    }
}

/// Builds the index on first use; one per request context.
final class LazySymbolIndex {
    private let make: () -> SymbolIndex
    private(set) var built: SymbolIndex?

    init(_ make: @escaping () -> SymbolIndex) { self.make = make }

    var value: SymbolIndex {
        if let built { return built }
        let index = make()
        built = index
        return index
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
