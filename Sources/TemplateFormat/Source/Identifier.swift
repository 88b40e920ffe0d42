/// The lexer's identifier rule, `[A-Za-z_][A-Za-z0-9_-]*` (ASCII only): for the names of
/// `{{name}}` (`StringPieces`), rename checks and finding the word under the cursor.
public enum Identifier {
    @inlinable public static func isStart(_ b: UInt8) -> Bool {
        ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A) || b == 0x5F
    }

    @inlinable public static func isContinue(_ b: UInt8) -> Bool {
        isStart(b) || (b >= 0x30 && b <= 0x39) || b == 0x2D
    }

    public static func isValid(_ name: String) -> Bool {
        var utf8 = name.utf8.makeIterator()
        guard let first = utf8.next(), isStart(first) else { return false }
        while let b = utf8.next() {
            if !isContinue(b) { return false }
        }
        return true
    }

    /// Whether `bytes[r]` is an identifier.
    public static func isValid(_ bytes: UnsafeBufferPointer<UInt8>, _ r: ByteRange) -> Bool {
        guard r.start < r.end, isStart(bytes[r.start]) else { return false }
        for j in (r.start + 1)..<r.end where !isContinue(bytes[j]) { return false }
        return true
    }
}
