import TemplateFormat

/// The outcome of checking one file (or standard input), ready for any output format.
struct CheckedFile: Sendable {
    var path: String
    var bytes: [UInt8]
    var diagnostics: [Diagnostic]
    var lineIndex: LineIndex
    /// Set when the file could not be read or written; it then has no diagnostics.
    var ioError: String?
    /// Certain fixes applied by `--fix`.
    var fixesApplied = 0
    /// Certain fixes `--fix` did not apply because syntax errors would remain.
    var fixesWithheld = 0

    /// `lineIndex`: the table of `bytes`, when it was built already.
    init(path: String, bytes: [UInt8], diagnostics: [Diagnostic], lineIndex: LineIndex? = nil) {
        self.path = path
        self.bytes = bytes
        self.diagnostics = diagnostics
        // Positions are needed only to print diagnostics: a clean file skips the line table.
        self.lineIndex = lineIndex ?? LineIndex(diagnostics.isEmpty ? [] : bytes)
    }

    init(path: String, ioError: String) {
        self.path = path
        self.bytes = []
        self.diagnostics = []
        self.lineIndex = LineIndex([])
        self.ioError = ioError
    }

    /// 1-based line and column (Unicode scalars) of a byte offset.
    func position(_ offset: Int) -> (line: Int, column: Int) {
        let p = lineIndex.scalarPosition(of: offset)
        return (p.line + 1, p.column + 1)
    }

    /// `position(_:)` of an offset near the one whose 1-based line is `nearLine`, before or
    /// after it: the places a report's notes point to cluster (the lines of one style, say).
    func position(_ offset: Int, near nearLine: Int) -> (line: Int, column: Int) {
        let p = lineIndex.scalarPosition(of: offset, near: nearLine - 1)
        return (p.line + 1, p.column + 1)
    }

    /// `position(_:)` of an offset at or after the one whose 1-based line is `previousLine`
    /// (a file's diagnostics are sorted; found by stepping forward, not a search of the whole
    /// line table), with what the text report shows of that line: the range of its content
    /// and whether the content is pure ASCII, from the same search.
    func location(_ offset: Int, after previousLine: Int) -> (line: Int, column: Int, content: ByteRange, isASCII: Bool) {
        let p = lineIndex.scalarLocation(of: offset, after: previousLine - 1)
        return (p.line + 1, p.column + 1, p.content, p.isASCII)
    }
}
