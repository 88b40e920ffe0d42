/// UTF-16 or UTF-32 text where UTF-8 is expected, recognised from a file's first bytes: a
/// byte order mark, or (without one) the NUL bytes that ASCII characters get in those
/// encodings, at every other byte (UTF-16) or three bytes in four (UTF-32), in its first two
/// characters and most of its first 256 bytes. Read as UTF-8, such a file is a NUL byte or
/// an invalid one at every other character, so the lexer takes it as one token and the
/// parser reports it once (TDL017).
public struct ForeignEncoding: Sendable, Hashable {
    /// Bytes per code unit: 2 for UTF-16, 4 for UTF-32.
    public var unitSize: Int
    public var bigEndian: Bool
    /// Bytes of its byte order mark; 0 when it has none.
    public var byteOrderMarkLength: Int

    /// "UTF-16 (little-endian)".
    public var name: String { "UTF-\(unitSize * 8) (\(bigEndian ? "big" : "little")-endian)" }

    /// The name `iconv -f` knows it by: with a byte order mark, which `iconv` then reads and
    /// drops, the plain name; without one, the one that says the byte order.
    public var iconvName: String {
        let base = "UTF-\(unitSize * 8)"
        return byteOrderMarkLength > 0 ? base : base + (bigEndian ? "BE" : "LE")
    }

    /// How many of the first bytes the no-BOM test looks at: enough to be sure, few enough
    /// to cost nothing.
    static let window = 256

    /// The encoding `bytes` are in, when they are recognisably UTF-16 or UTF-32; nil for
    /// UTF-8 (and anything else).
    public static func detect(_ bytes: UnsafeBufferPointer<UInt8>) -> ForeignEncoding? {
        let n = bytes.count
        // Runs once per parse: plain comparisons, no arrays.
        let b0 = n > 0 ? bytes[0] : 1, b1 = n > 1 ? bytes[1] : 1
        let b2 = n > 2 ? bytes[2] : 1, b3 = n > 3 ? bytes[3] : 1
        // UTF-32LE's mark begins with UTF-16LE's: test the longer one first.
        if b0 == 0x00 && b1 == 0x00 && b2 == 0xFE && b3 == 0xFF { return ForeignEncoding(unitSize: 4, bigEndian: true, byteOrderMarkLength: 4) }
        if b0 == 0xFF && b1 == 0xFE && b2 == 0x00 && b3 == 0x00 { return ForeignEncoding(unitSize: 4, bigEndian: false, byteOrderMarkLength: 4) }
        if b0 == 0xFE && b1 == 0xFF { return ForeignEncoding(unitSize: 2, bigEndian: true, byteOrderMarkLength: 2) }
        if b0 == 0xFF && b1 == 0xFE { return ForeignEncoding(unitSize: 2, bigEndian: false, byteOrderMarkLength: 2) }
        // ASCII text in UTF-8 has no NUL byte: without one among the first two, this is no
        // UTF-16 or UTF-32 that begins with ASCII (the usual case ends here).
        guard b0 == 0 || b1 == 0 else { return nil }
        for unitSize in [4, 2] {
            let units = min(n, window) / unitSize
            guard units >= 2 else { continue }
            // An ASCII character is one byte that is not NUL, last in its code unit (big-endian)
            // or first (little-endian), and NUL bytes around it. The first two characters must
            // be such, and three in four of the window (a comment in Chinese may follow).
            for bigEndian in [false, true] {
                let low = bigEndian ? unitSize - 1 : 0
                func ascii(_ unit: Int) -> Bool {
                    (0..<unitSize).allSatisfy { k in (k == low) == (bytes[unit * unitSize + k] != 0) }
                }
                guard ascii(0) && ascii(1) else { continue }
                if 4 * (0..<units).filter(ascii).count >= 3 * units {
                    return ForeignEncoding(unitSize: unitSize, bigEndian: bigEndian, byteOrderMarkLength: 0)
                }
            }
        }
        return nil
    }

    public static func detect(_ bytes: [UInt8]) -> ForeignEncoding? {
        bytes.withUnsafeBufferPointer { detect($0) }
    }
}
