import ProjectModel
import TemplateFormat

/// A range to highlight in the current document, and whether the name is defined there
/// (write) or used (read).
public struct DocumentHighlight: Sendable, Hashable {
    public enum Kind: String, Sendable { case read, write }
    public let range: ByteRange
    public let kind: Kind
}

/// Go to definition, find references and document highlight for styles, element names and
/// parameters. Styles are followed across the project (`Project.references(to:)`); elements
/// and parameters stay inside their template or annotation set.
public enum Navigation {
    /// The symbol whose name holds `offset`, resolved to its definition.
    public static func symbol(at offset: Int, in context: NavigationContext) -> ResolvedSymbol? {
        guard let local = context.localIndex(at: offset), let occurrence = local.occurrence(at: offset) else { return nil }
        let file = context.file
        switch occurrence.key.kind {
        case .style:
            if occurrence.isDefinition {
                // Only the style that defines the name counts (a second block of that name is a duplicate).
                let defines = file.summary.style(named: occurrence.key.name)?.nameRange == occurrence.range
                return ResolvedSymbol(key: occurrence.key, occurrence: occurrence,
                                      definition: defines ? SourceLocation(path: file.path, range: occurrence.range) : nil)
            }
            let definition = context.scope.style(named: occurrence.key.name).map {
                SourceLocation(path: $0.path, range: $0.nameRange)
            }
            return ResolvedSymbol(key: occurrence.key, occurrence: occurrence, definition: definition)
        case .element, .parameter:
            let definition = local.definition(of: occurrence.key).map {
                SourceLocation(path: file.path, range: $0.range)
            }
            return ResolvedSymbol(key: occurrence.key, occurrence: occurrence, definition: definition)
        }
    }

    public static func definition(at offset: Int, in context: NavigationContext) -> [SourceLocation] {
        guard let symbol = symbol(at: offset, in: context), let definition = symbol.definition else { return [] }
        return [definition]
    }

    /// Every place the symbol at `offset` is written: for a style, in every file of the
    /// project whose scope resolves the name to the same definition, open or not. Ordered by
    /// document, then position.
    public static func references(at offset: Int, includeDeclaration: Bool, in context: NavigationContext) -> [SourceLocation] {
        guard let symbol = symbol(at: offset, in: context) else { return [] }
        return occurrences(of: symbol, in: context)
            .filter { includeDeclaration || !$0.isDefinition }
            .map(\.location)
    }

    public static func highlights(at offset: Int, in context: NavigationContext) -> [DocumentHighlight] {
        guard let local = context.localIndex(at: offset), let occurrence = local.occurrence(at: offset) else { return [] }
        // Elements and parameters live in one top-level block; a style's uses are anywhere.
        let index = occurrence.key.kind == .style ? context.index : local
        return index.occurrences(of: occurrence.key).map {
            DocumentHighlight(range: $0.range, kind: $0.isDefinition ? .write : .read)
        }
    }

    /// One written name of a symbol somewhere.
    struct Located {
        let location: SourceLocation
        let isDefinition: Bool
    }

    /// All occurrences of a resolved symbol.
    static func occurrences(of symbol: ResolvedSymbol, in context: NavigationContext) -> [Located] {
        guard symbol.kind == .style, let definition = symbol.definition else {
            let local = context.localIndex(at: symbol.occurrence.range.start) ?? context.index
            return local.occurrences(of: symbol.key).map {
                Located(location: SourceLocation(path: context.file.path, range: $0.range), isDefinition: $0.isDefinition)
            }
        }
        return context.project.references(to: StyleID(path: definition.path, name: symbol.name)).map {
            Located(location: SourceLocation(path: $0.path, range: $0.range), isDefinition: $0.isDefinition)
        }
    }
}
