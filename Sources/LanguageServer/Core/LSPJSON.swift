import LSPProtocol

/// LSP shapes written straight to JSON bytes, for answers that hold thousands of them
/// (diagnostics, workspace symbols, references, rename edits): building `JSONValue` trees
/// for those cost more than finding them.
enum LSPJSON {
    /// `{"start":{"line":L,"character":C},"end":{...}}`.
    static func writeRange(_ range: LSPRange, into out: inout [UInt8]) {
        out.append(#"{"start":{"line":"#)
        JSONSerializer.writeNumber(Double(range.start.line), into: &out)
        out.append(#","character":"#)
        JSONSerializer.writeNumber(Double(range.start.character), into: &out)
        out.append(#"},"end":{"line":"#)
        JSONSerializer.writeNumber(Double(range.end.line), into: &out)
        out.append(#","character":"#)
        JSONSerializer.writeNumber(Double(range.end.character), into: &out)
        out.append("}}" as StaticString)
    }

    /// `{"uri":U,"range":R}`.
    static func writeLocation(uri: String, range: LSPRange, into out: inout [UInt8]) {
        out.append(#"{"uri":"#)
        JSONSerializer.writeString(uri, into: &out)
        out.append(#","range":"#)
        writeRange(range, into: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// `{"range":R,"newText":T}`.
    static func writeTextEdit(range: LSPRange, newText: String, into out: inout [UInt8]) {
        out.append(#"{"range":"#)
        writeRange(range, into: &out)
        out.append(#","newText":"#)
        JSONSerializer.writeString(newText, into: &out)
        out.append(UInt8(ascii: "}"))
    }
}
