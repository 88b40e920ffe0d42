import JSONText
import LSPProtocol
import TemplateFormat

/// `textDocument/formatting` and `textDocument/rangeFormatting` through TemplateFormat's
/// formatter. Errors inside a value or line are kept as written and the rest formatted; a
/// document whose structure is broken gets an error answer (-32803) whose message the
/// editor shows, saying where and what unblocks it, rather than an empty list that looks
/// like formatting did nothing.
enum FormattingHandlers {
    static func register(into registry: inout FeatureRegistry) {
        registry.register("textDocument/formatting", capability: "documentFormattingProvider") { context, params in
            let document = try context.document(params)
            let options = try formatOptions(params["options"])
            switch Formatter.format(document.tree, options: options) {
            case .refused(let errors):
                throw refusal(errors, in: document)
            case .formatted(let formatted):
                guard let edit = minimalEdit(from: document.bytes, to: formatted) else { return [] }
                return [document.textEdit(edit)]
            }
        }
        registry.register("textDocument/rangeFormatting", capability: "documentRangeFormattingProvider") { context, params in
            let document = try context.document(params)
            let options = try formatOptions(params["options"])
            let range = try document.byteRange(ofJSON: params["range"])
            guard let edits = Formatter.formatRange(document.tree, range: range, options: options) else {
                throw refusal(document.tree.structuralErrors, in: document)
            }
            return .array(edits.map(document.textEdit))
        }
    }

    /// The answer for a document the formatter refused: where the first structural error
    /// is, what it says, and what unblocks formatting (the quick fixes, when every error has
    /// a certain one).
    static func refusal(_ errors: [Diagnostic], in document: DocumentAnalysis) -> ResponseError {
        guard let first = errors.first else {
            return ResponseError(code: ErrorCode.requestFailed, message: "Not formatted: the document's structure is broken.")
        }
        let one = errors.count == 1
        let line = document.position(of: first.range.start).line + 1
        var message = one ? "Not formatted: an error breaks the structure at line \(line): "
                          : "Not formatted: \(errors.count) errors break the structure, the first at line \(line): "
        message += "\(first.message) (\(first.code)). "
        if errors.allSatisfy({ $0.fixes.contains(where: \.isCertain) }) {
            let title = first.fixes.first(where: \.isCertain)?.title ?? ""
            message += one ? "Its quick fix (\(title)) repairs it; then format again." : "Their quick fixes repair them; then format again."
        } else {
            message += one ? "Fix it, then format again." : "Fix them, then format again."
        }
        return ResponseError(code: ErrorCode.requestFailed, message: message)
    }

    static func formatOptions(_ json: JSONValue) throws(ResponseError) -> FormatOptions {
        guard case .object = json else { throw .invalidParams("missing FormattingOptions") }
        let tabSize = json["tabSize"].intValue ?? 2
        let insertSpaces = json["insertSpaces"].boolValue ?? true
        guard tabSize >= 0 else { throw .invalidParams("tabSize must not be negative") }
        return FormatOptions(indent: insertSpaces ? .spaces(tabSize) : .tabs)
    }

    /// One edit replacing only the bytes between the common prefix and the common suffix,
    /// both cut back to character boundaries (never inside a UTF-8 sequence or a CRLF).
    /// nil when the texts are equal.
    static func minimalEdit(from old: [UInt8], to new: [UInt8]) -> TextEdit? {
        if old == new { return nil }
        let limit = min(old.count, new.count)
        var prefix = 0
        while prefix < limit && old[prefix] == new[prefix] { prefix += 1 }
        while prefix > 0 && (!isBoundary(old, prefix) || !isBoundary(new, prefix)) { prefix -= 1 }
        var suffix = 0
        while suffix < limit - prefix && old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        while suffix > 0 && (!isBoundary(old, old.count - suffix) || !isBoundary(new, new.count - suffix)) { suffix -= 1 }
        let replaced = ByteRange(start: prefix, end: old.count - suffix)
        let text = String(decoding: new[prefix..<(new.count - suffix)], as: UTF8.self)
        return TextEdit(range: replaced, newText: text)
    }

    /// Whether an offset starts a character: not a UTF-8 continuation byte, not between CR and LF.
    private static func isBoundary(_ bytes: [UInt8], _ offset: Int) -> Bool {
        guard offset > 0 && offset < bytes.count else { return true }
        if bytes[offset] & 0xC0 == 0x80 { return false }
        if bytes[offset - 1] == 0x0D && bytes[offset] == 0x0A { return false }
        return true
    }
}
