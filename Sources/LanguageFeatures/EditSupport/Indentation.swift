import ProjectModel
import TemplateFormat

/// How a document indents, for text the features insert on lines of their own (a block
/// from completion, a suppression comment): what the formatter would write, one unit per
/// level of nesting, with the unit the document already uses.
struct Indentation: Sendable, Hashable {
    /// One level: a tab, or one to eight spaces.
    let unit: String

    /// The unit of the first indented line in the document that starts with a word (tabs
    /// or spaces; a run of spaces counts as one level, as the formatter writes the first
    /// level); two spaces, the formatter's default, when no line is indented. Stops at
    /// that line, so it reads little of a large document.
    init(tree: SyntaxTree) {
        let bytes = tree.bytes
        var k = 0
        var unit = "  "
        while k < bytes.count {
            var j = k
            while j < bytes.count && (bytes[j] == 0x20 || bytes[j] == 0x09) { j += 1 }
            if j > k && j < bytes.count && Identifier.isStart(bytes[j]) {
                if bytes[k] == 0x09 { unit = "\t" } else if j - k <= 8 { unit = String(repeating: " ", count: j - k) }
                break
            }
            while j < bytes.count && bytes[j] != 0x0A && bytes[j] != 0x0D { j += 1 }
            k = j + 1
        }
        self.unit = unit
    }

    init(unit: String) { self.unit = unit }

    func prefix(depth: Int) -> String { String(repeating: unit, count: max(0, depth)) }

    /// How many blocks hold `block`, itself included: 1 for a top-level block.
    static func depth(of block: BlockSyntax?) -> Int {
        var depth = 0
        var current = block
        while let b = current { depth += 1; current = b.parentBlock }
        return depth
    }

    /// The offset where the line holding `offset` starts.
    static func lineStart(of offset: Int, in bytes: [UInt8]) -> Int {
        var k = min(max(offset, 0), bytes.count)
        while k > 0 && bytes[k - 1] != 0x0A && bytes[k - 1] != 0x0D { k -= 1 }
        return k
    }

    /// The spaces and tabs that start the line holding `offset`.
    static func leadingWhitespace(ofLineAt offset: Int, in bytes: [UInt8]) -> String {
        let start = lineStart(of: offset, in: bytes)
        var end = start
        while end < bytes.count && (bytes[end] == 0x20 || bytes[end] == 0x09) { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
