/// The lexer's identifier rule, `[A-Za-z_][A-Za-z0-9_-]*` (ASCII only), for rename checks
/// and for finding the word under the cursor.
public enum Identifier {
    public static func isStart(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F
    }

    public static func isContinue(_ b: UInt8) -> Bool {
        isStart(b) || (b >= 0x30 && b <= 0x39) || b == 0x2D
    }

    public static func isValid(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard let first = bytes.first, isStart(first) else { return false }
        return bytes.dropFirst().allSatisfy(isContinue)
    }
}
