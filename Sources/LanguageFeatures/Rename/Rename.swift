import ProjectModel
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

/// Renaming styles (across every file of the project that sees them, open or not), element
/// names and parameters. A rename is refused unless every file means the same afterwards,
/// with the new name.
public enum Rename {
    /// The symbol name at `offset`, or an error saying why nothing there can be renamed.
    public static func prepare(at offset: Int, in context: NavigationContext) -> Result<RenameTarget, RenameError> {
        guard let symbol = Navigation.symbol(at: offset, in: context) else {
            return .failure(RenameError(message: "Only style, element and parameter names can be renamed."))
        }
        guard symbol.definition != nil else {
            let what = symbol.occurrence.isDefinition ? "is defined earlier in this file, so this one is a duplicate"
                : "is not defined, so there is nothing to rename"
            return .failure(RenameError(message: "`\(symbol.name)` \(what)."))
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
        if let clash = clash(of: symbol, newName: newName, in: context) {
            return .failure(clash)
        }
        var edits: [String: [TextEdit]] = [:]
        for place in Navigation.occurrences(of: symbol, in: context) {
            edits[place.location.path, default: []].append(TextEdit(range: place.location.range, newText: newName))
        }
        return .success(edits)
    }

    /// A name the new one would collide with, in the symbol's scope.
    static func clash(of symbol: ResolvedSymbol, newName: String, in context: NavigationContext) -> RenameError? {
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
            guard let definition = symbol.definition else { return nil }
            return styleClash(definingFile: definition.path, newName: newName, in: context.project)
        }
        return nil
    }

    /// Every file that can see the style (its own file and every file importing it, directly
    /// or not) must not know `newName` already: not as a top-level name of its own, not as a
    /// style in its scope, and not in a `style:` it writes (which would start to mean the
    /// renamed style).
    static func styleClash(definingFile: String, newName: String, in project: Project) -> RenameError? {
        for path in project.filesSeeing(definingFile) {
            guard let file = project.file(path) else { continue }
            if file.summary.topLevelNames.contains(newName) {
                let kind = file.tree.document.blocks.first { $0.name == newName }?.kind ?? "block"
                return RenameError(message: "`\(newName)` is already the name of a `\(kind)` in \(path).")
            }
            if let other = project.resolveStyle(named: newName, in: path) {
                return RenameError(message: "A style named `\(newName)` is already visible in \(path) (defined in \(other.path)).")
            }
            if file.summary.writtenStyleNames.contains(newName) {
                return RenameError(message: "\(path) already writes `style: \(newName)`, which would then mean the renamed style.")
            }
        }
        return nil
    }
}
