import TemplateFormat

/// A place in some document: what definition and references answer. `path` is the
/// project's key for the document (a file path, or a URI for an unsaved one).
public struct SourceLocation: Sendable, Hashable {
    public let path: String
    public let range: ByteRange

    public init(path: String, range: ByteRange) {
        self.path = path
        self.range = range
    }
}
