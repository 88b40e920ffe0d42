import JSONText
import LSPProtocol
import TemplateFormat
import TestSupport

/// LSP text edits (`{range, newText}`, UTF-16 positions) as byte edits of `text`.
func textEdits(_ edits: [JSONValue], in text: String) -> [TextEdit] {
    let lines = LineIndex(Array(text.utf8))
    func offset(_ position: JSONValue) -> Int {
        lines.offset(line: position["line"].intValue ?? 0, utf16Column: position["character"].intValue ?? 0)
    }
    return edits.map { edit in
        let a = offset(edit["range"]["start"]), b = offset(edit["range"]["end"])
        return TextEdit(range: ByteRange(start: min(a, b), end: max(a, b)), newText: edit["newText"].stringValue ?? "")
    }
}

/// `text` with LSP text edits applied, as an editor applies them.
func applying(_ edits: [JSONValue], to text: String) -> String {
    applying(textEdits(edits, in: text), to: text)
}
