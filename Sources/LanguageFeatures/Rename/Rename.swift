import TemplateFormat

/// What prepareRename answers: the name's range and the text an editor pre-fills.
public struct RenameTarget: Sendable, Hashable {
    public let range: ByteRange
    public let placeholder: String
}

/// Why a rename is refused; `message` is shown to the user as is.
public struct RenameError: Error, Sendable, Hashable {
    public let message: String
}

/// Renaming styles (across the files that see them), element names and parameters.
public enum Rename {
    /// The symbol name at `offset`, or an error saying why nothing there can be renamed.
    public static func prepare(at offset: Int, in context: NavigationContext) -> Result<RenameTarget, RenameError> {
        guard let symbol = Navigation.symbol(at: offset, in: context) else {
            return .failure(RenameError(message: "Only style, element and parameter names can be renamed."))
        }
        guard symbol.definition != nil else {
            return .failure(RenameError(message: "`\(symbol.name)` is not defined, so there is nothing to rename."))
        }
        return .success(RenameTarget(range: symbol.occurrence.range, placeholder: symbol.name))
    }

    /// The edits, per document path, that rename the symbol at `offset` to `newName`.
    public static func edits(at offset: Int, newName: String, in context: NavigationContext) -> Result<[String: [TextEdit]], RenameError> {
        let symbol: ResolvedSymbol
        switch prepare(at: offset, in: context) {
        case .failure(let error): return .failure(error)
        case .success:
            guard let found = Navigation.symbol(at: offset, in: context) else {
                return .failure(RenameError(message: "Only style, element and parameter names can be renamed."))
            }
            symbol = found
        }
        guard Identifier.isValid(newName) else {
            return .failure(RenameError(message: "`\(newName)` is not a valid name: a name starts with an ASCII letter or `_` and continues with letters, digits, `_` or `-`."))
        }
        if newName == symbol.name { return .success([:]) }
        let places = Navigation.occurrences(of: symbol, in: context)
        if let clash = clash(of: symbol, newName: newName, places: places, in: context) {
            return .failure(clash)
        }
        var edits: [String: [TextEdit]] = [:]
        for place in places {
            edits[place.location.path, default: []].append(TextEdit(range: place.location.range, newText: newName))
        }
        return .success(edits)
    }

    /// A name the new one would collide with, in the symbol's scope.
    static func clash(of symbol: ResolvedSymbol, newName: String, places: [Navigation.Located],
                      in context: NavigationContext) -> RenameError? {
        let local = context.localIndex(at: symbol.occurrence.range.start) ?? context.index
        switch symbol.kind {
        case .element:
            if local.definedNames(.element, container: symbol.key.container).contains(newName) {
                return RenameError(message: "An element named `\(newName)` already exists here; names are unique across a template or annotation set.")
            }
        case .parameter:
            if local.definedNames(.parameter, container: symbol.key.container).contains(newName) {
                return RenameError(message: "A parameter named `\(newName)` already exists in this template.")
            }
        case .style:
            // Top-level names are unique in a file, and the new style name must not be
            // taken by another style any of the affected files can already see.
            let paths = Set(places.map(\.location.path))
            for (file, _) in Navigation.candidateFiles(context) where paths.contains(file.path) {
                if let block = file.tree.document.blocks.first(where: { $0.name == newName }) {
                    return RenameError(message: "`\(newName)` is already the name of a `\(block.kind)` in \(file.path).")
                }
                if let other = StyleScope(file: file, resolver: context.resolver).style(named: newName) {
                    return RenameError(message: "A style named `\(newName)` is already visible in \(file.path) (defined in \(other.file.path)).")
                }
            }
        }
        return nil
    }
}
