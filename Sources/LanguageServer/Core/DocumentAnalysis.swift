import JSONText
import LSPProtocol
import ProjectModel
import TemplateFormat
import Validator

/// One version of one document, validated against the project once and shared by every
/// request for that version. Immutable, so handlers may keep it as long as they like.
public final class DocumentAnalysis: Sendable {
    public let uri: String
    /// File system path for `file://` URIs; nil for unsaved documents.
    public let path: String?
    /// The client's version for an open document; nil for a file read from disk.
    public let version: Int?
    /// The document as the project holds it (its tree, summary and symbol index).
    public let file: ProjectFile
    public var bytes: [UInt8] { file.bytes }
    public var tree: SyntaxTree { file.tree }
    public let lineIndex: LineIndex
    /// `bytes.count`, kept: positions are clamped to it for every diagnostic published, and
    /// `bytes` is a call (and a reference count) away.
    let byteCount: Int
    /// Every diagnostic (syntax and validator), sorted by position.
    public let diagnostics: [Diagnostic]
    public let encoding: PositionEncoding
    /// Distinguishes analyses of the same version (something it imports changed).
    let generation: Int

    init(uri: String, path: String?, version: Int?, file: ProjectFile, lineIndex: LineIndex?,
         encoding: PositionEncoding, project: Project, cache: ValidationCache? = nil, generation: Int) {
        self.uri = uri
        self.path = path
        self.version = version
        self.file = file
        self.encoding = encoding
        self.generation = generation
        self.lineIndex = lineIndex ?? file.lineIndex
        self.byteCount = file.bytes.count
        self.diagnostics = Validator.validate(file, in: project, cache: cache)
    }

    /// A read-only analysis of a document on its own (tests): its imports come through `loader`.
    public convenience init(uri: String, bytes: [UInt8], version: Int? = nil, encoding: PositionEncoding = .utf16,
                            loader: ImportLoader? = nil) {
        let path = DocumentURI.path(of: uri)
        let tree = SyntaxTree.parse(bytes)
        let file = path.map { ProjectFile(path: $0, tree: tree) } ?? ProjectFile(unsaved: uri, tree: tree)
        let project = Project(files: [file], loader: loader.map { ProjectLoader($0) })
        self.init(uri: uri, path: path, version: version, file: file, lineIndex: nil, encoding: encoding,
                  project: project, generation: 0)
    }

    // MARK: Positions

    /// Byte offset of an LSP position; lines past the end clamp to the end of the document,
    /// characters past a line's end clamp to the end of its content.
    public func offset(of position: LSPPosition) -> Int {
        switch encoding {
        case .utf16: return lineIndex.offset(line: position.line, utf16Column: position.character)
        case .utf8: return lineIndex.offset(line: position.line, utf8Column: position.character)
        }
    }

    /// Byte offset of a JSON `Position`; throws -32602 when it is not one.
    public func offset(ofJSON json: JSONValue) throws(ResponseError) -> Int {
        guard let position = LSPPosition(json: json) else { throw .invalidParams("expected a Position {line, character}") }
        return offset(of: position)
    }

    public func position(of offset: Int) -> LSPPosition {
        let p = encoding == .utf16 ? lineIndex.utf16Position(of: offset) : lineIndex.utf8Position(of: offset)
        return LSPPosition(line: p.line, character: p.column)
    }

    public func range(of range: ByteRange) -> LSPRange {
        LSPRange(start: position(of: range.start), end: position(of: range.end))
    }

    /// `range(of:)` for ranges visited in order of their start: `hint` is a line at or before
    /// it (the previous range's start line), so no line needs a search from scratch.
    func range(of range: ByteRange, after hint: Int) -> LSPRange {
        func position(_ offset: Int, _ hint: Int) -> LSPPosition {
            if encoding == .utf16 {
                let p = lineIndex.utf16Position(of: offset, after: hint)
                return LSPPosition(line: p.line, character: p.column)
            }
            let line = lineIndex.line(containing: offset, after: hint)
            return LSPPosition(line: line, character: min(max(offset, 0), byteCount) - lineIndex.lineStarts[line])
        }
        let start = position(range.start, hint)
        return LSPRange(start: start, end: position(range.end, start.line))
    }

    /// Byte range of a JSON `Range`; throws -32602 when it is not one. A reversed range is
    /// returned in order.
    public func byteRange(ofJSON json: JSONValue) throws(ResponseError) -> ByteRange {
        guard let range = LSPRange(json: json) else { throw .invalidParams("expected a Range {start, end}") }
        return byteRange(of: range)
    }

    public func byteRange(of range: LSPRange) -> ByteRange {
        let a = offset(of: range.start), b = offset(of: range.end)
        return ByteRange(start: min(a, b), end: max(a, b))
    }

    // MARK: JSON helpers

    /// `{uri, range}`.
    public func location(of range: ByteRange) -> JSONValue {
        ["uri": .string(uri), "range": self.range(of: range).json]
    }

    /// An LSP `TextEdit` for a TemplateFormat edit.
    public func textEdit(_ edit: TextEdit) -> JSONValue {
        ["range": range(of: edit.range).json, "newText": .string(edit.newText)]
    }

    /// The document's text of a byte range.
    public func text(of range: ByteRange) -> String { tree.text(of: range) }
}
