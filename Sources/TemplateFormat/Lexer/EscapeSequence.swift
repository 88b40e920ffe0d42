/// The escapes of TDL strings (docs/LANGUAGE.md, Strings): `\"` `\\` `\n` `\t` `\{` and
/// `\u{HEX}` (1 to 6 hex digits naming a Unicode scalar, not a surrogate). Read here only:
/// the lexer flags strings with an invalid one, the parser reports each, and the decoders
/// of string values (`AtomSyntax.decodeEscapes`, HTMLGen's `TextDecoder`) replace the valid
/// ones and keep an invalid one as written, so all four agree on what is an escape.
package enum EscapeSequence {
    /// The escape whose backslash is at `k`, reading no byte at or after `limit`: where it
    /// ends and the scalar it stands for (nil when it is invalid). An invalid escape ends
    /// after the byte that follows the backslash, at the byte where `\u{…}` goes wrong, or
    /// right after the backslash when a line break (which cannot be escaped) or `limit`
    /// follows it: the range the parser reports.
    /// Never inlined: escapes are rare, and inlined into the lexer's string loops it cost
    /// their registers (1.6 M more instructions lexing the 10 MB corpus).
    @inline(never)
    package static func read(_ bytes: UnsafeBufferPointer<UInt8>, at k: Int, limit: Int) -> (end: Int, scalar: Unicode.Scalar?) {
        guard k &+ 1 < limit else { return (k &+ 1, nil) }
        switch bytes[k &+ 1] {
        case 0x22: return (k &+ 2, "\"")
        case 0x5C: return (k &+ 2, "\\")
        case 0x6E: return (k &+ 2, "\n")
        case 0x74: return (k &+ 2, "\t")
        case 0x7B: return (k &+ 2, "{")
        case 0x75: return unicode(bytes, at: k, limit: limit)
        case 0x0A, 0x0D: return (k &+ 1, nil)
        default: return (k &+ 2, nil)
        }
    }

    /// `\u{HEX}` at `k`: up to 8 hex digits are read (so `\u{1234567}` is one invalid
    /// escape, not a valid one and a stray brace), 1 to 6 make a valid one.
    private static func unicode(_ bytes: UnsafeBufferPointer<UInt8>, at k: Int, limit: Int) -> (end: Int, scalar: Unicode.Scalar?) {
        var j = k + 2
        guard j < limit && bytes[j] == 0x7B else { return (j, nil) }
        j += 1
        var value: UInt32 = 0
        var digits = 0
        while j < limit && digits < 8 {
            let d = AtomSyntax.hexDigit(bytes[j])
            if d > 15 { break }
            value = value &* 16 &+ d
            digits += 1
            j += 1
        }
        guard j < limit && bytes[j] == 0x7D else { return (j, nil) }
        // `Unicode.Scalar(_:)` rejects surrogates and values above 0x10FFFF.
        return (j + 1, digits >= 1 && digits <= 6 ? Unicode.Scalar(value) : nil)
    }
}
