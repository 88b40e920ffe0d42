import TemplateFormat

/// One parsed document and the path it is known by (a file path or a URI: the server
/// decides, features only compare and hand it back in results).
public struct SourceFile: Sendable {
    public let path: String
    public let tree: SyntaxTree

    public init(path: String, tree: SyntaxTree) {
        self.path = path
        self.tree = tree
    }
}

/// Finds the document an `import "…"` names: `importPath` as written, `fromPath` the path of
/// the importing document. The server answers with open documents first, then files on
/// disk; nil when there is no such document. Features never do I/O themselves.
public typealias ImportResolver = (_ importPath: String, _ fromPath: String) -> SourceFile?

/// A place in some document: what definition and references answer.
public struct SourceLocation: Sendable, Hashable {
    public let path: String
    public let range: ByteRange

    public init(path: String, range: ByteRange) {
        self.path = path
        self.range = range
    }
}
