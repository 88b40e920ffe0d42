import TemplateFormat

/// Edits applied as an editor applies them: `FixSelection.apply`, the implementation the
/// tools use, over text.
public func applying(_ edits: [TextEdit], to text: String) -> String {
    String(decoding: FixSelection.apply(edits, to: Array(text.utf8)), as: UTF8.self)
}

public func applying(_ edits: [TextEdit], to bytes: [UInt8]) -> [UInt8] {
    FixSelection.apply(edits, to: bytes)
}
