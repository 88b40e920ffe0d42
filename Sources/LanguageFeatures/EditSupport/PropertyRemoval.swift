import TemplateFormat

/// The edit that deletes a property: its whole line when nothing else is on it (a comment
/// ending the line goes with it), else the property and the `;` and spaces after it.
enum PropertyRemoval {
    static func edit(removing property: PropertySyntax) -> TextEdit {
        let bytes = property.tree.bytes
        let range = property.range
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }
        func isBreak(_ b: UInt8) -> Bool { b == 0x0A || b == 0x0D }
        var start = range.start
        while start > 0 && isSpace(bytes[start - 1]) { start -= 1 }
        let startsLine = start == 0 || isBreak(bytes[start - 1])
        var end = range.end
        while end < bytes.count && (isSpace(bytes[end]) || bytes[end] == 0x3B) { end += 1 }
        let afterValue = end
        if end + 1 < bytes.count && bytes[end] == 0x2F && bytes[end + 1] == 0x2F {
            while end < bytes.count && !isBreak(bytes[end]) { end += 1 }
        }
        let endsLine = end == bytes.count || isBreak(bytes[end])
        guard startsLine && endsLine else { return TextEdit(range: ByteRange(start: range.start, end: afterValue), newText: "") }
        if end < bytes.count && bytes[end] == 0x0D { end += 1 }
        if end < bytes.count && bytes[end] == 0x0A && (end == 0 || bytes[end - 1] != 0x0A) { end += 1 }
        return TextEdit(range: ByteRange(start: start, end: end), newText: "")
    }
}
