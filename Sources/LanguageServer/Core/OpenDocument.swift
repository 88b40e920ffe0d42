import LSPProtocol
import TemplateFormat

/// The text of a document the client has open, at the client's version. Incremental
/// changes are applied to the byte buffer in place.
struct OpenDocument {
    let uri: String
    let path: String?
    var languageID: String
    var version: Int
    var bytes: [UInt8]
    /// The analysis of exactly this version, once computed; dropped on every change.
    var analysis: DocumentAnalysis?

    /// Why a change could not be applied.
    struct ChangeError: Error { var reason: String }

    /// Applies `contentChanges` in order (each range refers to the text after the previous
    /// change). The buffer is only replaced when all of them are well-formed.
    mutating func apply(changes: [JSONValue], encoding: PositionEncoding) throws(ChangeError) {
        var bytes = self.bytes
        self.bytes = []  // so the edits below mutate the buffer without copying it
        self.analysis = nil
        defer { self.bytes = bytes }
        for change in changes {
            guard let text = change["text"].stringValue else { throw ChangeError(reason: "a content change without text") }
            let rangeJSON = change["range"]
            if rangeJSON.isNull {
                bytes = Array(text.utf8)
                continue
            }
            guard let range = LSPRange(json: rangeJSON) else { throw ChangeError(reason: "a content change with a malformed range") }
            let index = LineIndex(bytes)
            func offset(_ p: LSPPosition) -> Int {
                encoding == .utf16 ? index.offset(line: p.line, utf16Column: p.character)
                                   : index.offset(line: p.line, utf8Column: p.character)
            }
            let a = offset(range.start), b = offset(range.end)
            bytes.replaceSubrange(min(a, b)..<max(a, b), with: text.utf8)
        }
    }
}
