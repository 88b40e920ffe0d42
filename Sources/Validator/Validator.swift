import TemplateFormat

/// What the caller's loader gives back for an `import`: the file's bytes and a canonical
/// path (used to detect cycles and in messages), or why it could not be read.
public enum ImportResult: Sendable {
    case loaded(path: String, bytes: [UInt8])
    case failed(message: String)
}

/// Resolves an import path written in `importer` (nil for an unsaved document). The CLI
/// reads files; the language server reads open documents first. The validator itself does
/// no I/O.
public typealias ImportLoader = @Sendable (_ path: String, _ importer: String?) -> ImportResult

/// Runs every structure and lint rule over a parsed document.
public enum Validator {
    /// All diagnostics for the document, syntax ones included, sorted by position, with
    /// `// tdl-ignore` suppressions applied.
    public static func validate(_ tree: SyntaxTree, path: String? = nil, loader: ImportLoader? = nil) -> [Diagnostic] {
        var checker = Checker(tree: tree, path: path, loader: loader)
        checker.run()
        var all = tree.diagnostics + checker.diagnostics
        all = Suppressions(tree: tree).apply(to: all)
        all.sort { ($0.range.start, $0.range.end, $0.code) < ($1.range.start, $1.range.end, $1.code) }
        return all
    }

    public static func validate(_ bytes: [UInt8], path: String? = nil, loader: ImportLoader? = nil) -> [Diagnostic] {
        validate(SyntaxTree.parse(bytes), path: path, loader: loader)
    }
}
