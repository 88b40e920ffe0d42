import TemplateFormat

/// A range to highlight in the current document, and whether the name is defined there
/// (write) or used (read).
public struct DocumentHighlight: Sendable, Hashable {
    public enum Kind: String, Sendable { case read, write }
    public let range: ByteRange
    public let kind: Kind
}

/// Go to definition, find references and document highlight for styles, element names and
/// parameters. Styles are followed across imports; elements and parameters stay inside
/// their template or annotation set.
public enum Navigation {
    /// The symbol whose name holds `offset`, resolved to its definition.
    public static func symbol(at offset: Int, in context: NavigationContext) -> ResolvedSymbol? {
        guard let local = context.localIndex(at: offset), let occurrence = local.occurrence(at: offset) else { return nil }
        let file = context.file
        switch occurrence.key.kind {
        case .style:
            if occurrence.isDefinition {
                return ResolvedSymbol(key: occurrence.key, occurrence: occurrence,
                                      definition: SourceLocation(path: file.path, range: occurrence.range))
            }
            let scope = StyleScope(file: file, resolver: context.resolver)
            let definition = scope.style(named: occurrence.key.name).map {
                SourceLocation(path: $0.file.path, range: $0.nameRange)
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

    /// Every place the symbol at `offset` is written, in this document and, for styles, in
    /// the documents that see the same definition. Ordered by document, then position.
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

    /// All occurrences of a resolved symbol. A style defined in file D is found in every
    /// candidate document (this one, its imports, the other known files) whose own style
    /// scope resolves the name to the same definition.
    static func occurrences(of symbol: ResolvedSymbol, in context: NavigationContext) -> [Located] {
        let file = context.file
        guard symbol.kind == .style, let definition = symbol.definition else {
            let local = context.localIndex(at: symbol.occurrence.range.start) ?? context.index
            return local.occurrences(of: symbol.key).map {
                Located(location: SourceLocation(path: file.path, range: $0.range), isDefinition: $0.isDefinition)
            }
        }
        var result: [Located] = []
        for (candidate, index) in candidateFiles(context) {
            let written = index.occurrences(of: symbol.key)
            guard !written.isEmpty else { continue }
            let scope = StyleScope(file: candidate, resolver: context.resolver)
            guard let seen = scope.style(named: symbol.name),
                  seen.file.path == definition.path, seen.nameRange == definition.range else { continue }
            for o in written {
                // A second definition of the name in the same file is a duplicate, not this symbol.
                let isTheDefinition = o.isDefinition && candidate.path == definition.path && o.range == definition.range
                if o.isDefinition && !isTheDefinition { continue }
                result.append(Located(location: SourceLocation(path: candidate.path, range: o.range), isDefinition: isTheDefinition))
            }
        }
        return result
    }

    /// This document first, then its imports and the other files, each path once.
    static func candidateFiles(_ context: NavigationContext) -> [(SourceFile, SymbolIndex)] {
        var seen: Set<String> = [context.file.path]
        var result: [(SourceFile, SymbolIndex)] = [(context.file, context.index)]
        let imported = StyleScope(file: context.file, resolver: context.resolver).files
        for file in imported + context.otherFiles where seen.insert(file.path).inserted {
            result.append((file, SymbolIndex(tree: file.tree)))
        }
        return result
    }
}
