import JSONText

/// LSP shapes written straight to JSON bytes, for answers that hold thousands of them
/// (diagnostics, workspace symbols, references, rename edits): building `JSONValue` trees
/// for those cost more than finding them.
enum LSPJSON {
    /// `{"start":{"line":L,"character":C},"end":{...}}`.
    static func writeRange(_ range: LSPRange, into out: inout JSONWriter) {
        out.raw(#"{"start":{"line":"#)
        out.number(range.start.line)
        out.raw(#","character":"#)
        out.number(range.start.character)
        out.raw(#"},"end":{"line":"#)
        out.number(range.end.line)
        out.raw(#","character":"#)
        out.number(range.end.character)
        out.raw("}}")
    }

    /// `{"uri":U,"range":R}`.
    static func writeLocation(uri: String, range: LSPRange, into out: inout JSONWriter) {
        out.raw(#"{"uri":"#)
        out.string(uri)
        out.raw(#","range":"#)
        writeRange(range, into: &out)
        out.raw(UInt8(ascii: "}"))
    }

    /// `{"range":R,"newText":T}`.
    static func writeTextEdit(range: LSPRange, newText: String, into out: inout JSONWriter) {
        out.raw(#"{"range":"#)
        writeRange(range, into: &out)
        out.raw(#","newText":"#)
        out.string(newText)
        out.raw(UInt8(ascii: "}"))
    }
}
