import TemplateFormat

/// A document whose expected diagnostics are written in it, as comment lines under the text
/// they point at (as rust-analyzer's diagnostics tests do):
///
///     text title {
///       colour: #333333
///     //^^^^^^ TDL102 did you mean `color`?
///     }
///
/// - `^` marks the columns of the diagnostic's range on its first line (characters, a tab
///   counting one; a range that goes on to later lines is marked to the end of the line).
///   An empty range (where a missing value would go) is one `^`.
/// - `<-` marks the start only, at the column of the annotation's `//`: for a range that
///   starts in the first two columns, where `//^` cannot reach.
/// - Then the code, then optionally text the message must contain.
/// - Several annotation lines may follow one line; each points at the nearest line above
///   it that is not an annotation.
///
/// Annotation lines are removed before the document is used (`text`), so they change
/// nothing that reads comments (suppressions, doc comments): positions refer to the
/// document without them.
public struct AnnotatedDocument: Sendable {
    public struct Annotation: Sendable, Equatable, CustomStringConvertible {
        /// 0-based line in `text`, and 0-based columns in characters.
        public var line: Int
        public var startColumn: Int
        /// nil for `<-`: the end is not checked.
        public var endColumn: Int?
        public var code: String
        /// Text the message must contain (may be empty).
        public var message: String
        /// 1-based line of the annotation in the annotated file, for failure messages.
        public var sourceLine: Int

        public init(line: Int, startColumn: Int, endColumn: Int?, code: String, message: String, sourceLine: Int) {
            self.line = line
            self.startColumn = startColumn
            self.endColumn = endColumn
            self.code = code
            self.message = message
            self.sourceLine = sourceLine
        }

        /// 1-based, as editors count: `line 7, column 9 (3 wide): TDL102 "…"`.
        public var description: String {
            let width = endColumn.map { " (\($0 - startColumn) wide)" } ?? ""
            return "line \(line + 1), column \(startColumn + 1)\(width): \(code)" + (message.isEmpty ? "" : " \"\(message)\"")
        }
    }

    /// An annotation line that cannot be read.
    public struct Malformed: Error, CustomStringConvertible {
        public let sourceLine: Int
        public let reason: String
        public var description: String { "line \(sourceLine): \(reason)" }
    }

    /// The document without its annotation lines.
    public let text: [UInt8]
    public let annotations: [Annotation]

    public init(_ annotated: [UInt8]) throws(Malformed) {
        let lines = LineIndex(annotated)
        var text: [UInt8] = []
        text.reserveCapacity(annotated.count)
        var annotations: [Annotation] = []
        var textLine = -1  // the line of `text` the next annotation points at
        for line in 0..<lines.lineCount {
            let content = lines.contentRange(ofLine: line)
            let end = line + 1 < lines.lineCount ? lines.lineStarts[line + 1] : annotated.count
            let scalars = Array(String(decoding: annotated[content.start..<content.end], as: UTF8.self).unicodeScalars)
            guard let parsed = try AnnotatedDocument.annotation(scalars, sourceLine: line + 1) else {
                text += annotated[lines.lineStarts[line]..<end]
                textLine += 1
                continue
            }
            guard textLine >= 0 else { throw Malformed(sourceLine: line + 1, reason: "an annotation with no line above it") }
            annotations.append(Annotation(line: textLine, startColumn: parsed.start, endColumn: parsed.end,
                                          code: parsed.code, message: parsed.message, sourceLine: line + 1))
        }
        self.text = text
        self.annotations = annotations
    }

    /// The annotation on one line, nil when the line is no annotation. A line is one when,
    /// after blanks, it is `//` and blanks then `^` or `<-`.
    static func annotation(_ line: [Unicode.Scalar], sourceLine: Int) throws(Malformed)
        -> (start: Int, end: Int?, code: String, message: String)? {
        func isBlank(_ s: Unicode.Scalar) -> Bool { s == " " || s == "\t" }
        var i = 0
        while i < line.count && isBlank(line[i]) { i += 1 }
        let slashes = i
        guard i + 1 < line.count, line[i] == "/", line[i + 1] == "/" else { return nil }
        i += 2
        while i < line.count && isBlank(line[i]) { i += 1 }
        let start: Int, end: Int?
        if i < line.count && line[i] == "^" {
            start = i
            while i < line.count && line[i] == "^" { i += 1 }
            end = i
        } else if i + 1 < line.count && line[i] == "<" && line[i + 1] == "-" {
            start = slashes
            end = nil
            i += 2
        } else {
            return nil
        }
        guard i < line.count, isBlank(line[i]) else {
            throw Malformed(sourceLine: sourceLine, reason: "the marks must be followed by a space and a code")
        }
        while i < line.count && isBlank(line[i]) { i += 1 }
        var code = ""
        while i < line.count && !isBlank(line[i]) { code.unicodeScalars.append(line[i]); i += 1 }
        guard code.count > 3, code.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) || ("0"..."9").contains($0) }) else {
            throw Malformed(sourceLine: sourceLine, reason: "`\(code)` is not a diagnostic code")
        }
        var message = String(String.UnicodeScalarView(line[i...]))
        while message.first.map({ $0 == " " || $0 == "\t" }) == true { message.removeFirst() }
        while message.last.map({ $0 == " " || $0 == "\t" }) == true { message.removeLast() }
        return (start, end, code, message)
    }
}

/// Where a found diagnostic is, in the terms of an annotation.
public struct AnnotatedPlace: Sendable, Equatable {
    /// 0-based line and columns (characters) of the range on its first line.
    public var line: Int
    public var startColumn: Int
    public var endColumn: Int

    public init(line: Int, startColumn: Int, endColumn: Int) {
        self.line = line
        self.startColumn = startColumn
        self.endColumn = endColumn
    }

    /// The place of `range` in `text`; a range that ends on a later line ends at the end of
    /// its first line's content.
    public init(_ range: ByteRange, in lines: LineIndex) {
        let start = lines.scalarPosition(of: range.start)
        let content = lines.contentRange(ofLine: start.line)
        let endOffset = lines.line(containing: range.end) == start.line ? range.end : max(content.end, range.start)
        line = start.line
        startColumn = start.column
        endColumn = lines.scalarPosition(of: min(endOffset, content.end)).column
    }

    /// Whether an annotation marks this place: the same line and start, and, for `^`
    /// marks, the same end (one mark for an empty range).
    public func isMarked(by annotation: AnnotatedDocument.Annotation) -> Bool {
        guard annotation.line == line, annotation.startColumn == startColumn else { return false }
        guard let end = annotation.endColumn else { return true }
        return end == max(endColumn, startColumn + 1)
    }

    /// The annotation line that marks this place, written as a contributor would.
    public func annotationLine(code: String, message: String) -> String {
        let marks: String
        if startColumn >= 2 {
            marks = "//" + String(repeating: " ", count: startColumn - 2) + String(repeating: "^", count: max(endColumn - startColumn, 1))
        } else {
            marks = String(repeating: " ", count: startColumn) + "// <-"
        }
        return marks + " " + code + (message.isEmpty ? "" : " " + message)
    }

    /// `text` with an annotation line under each marked line: what the annotated document
    /// would be for these findings (failure messages show it, to compare or copy from).
    public static func render(_ text: [UInt8], _ findings: [(place: AnnotatedPlace, code: String, message: String)]) -> String {
        let lines = LineIndex(text)
        let byLine = Dictionary(grouping: findings, by: \.place.line)
        var out = ""
        for line in 0..<lines.lineCount {
            let content = lines.contentRange(ofLine: line)
            let here = byLine[line] ?? []
            if line == lines.lineCount - 1 && content.start == text.count && here.isEmpty { break }
            out += String(decoding: text[content.start..<content.end], as: UTF8.self) + "\n"
            for f in here { out += f.place.annotationLine(code: f.code, message: f.message) + "\n" }
        }
        return out
    }
}
