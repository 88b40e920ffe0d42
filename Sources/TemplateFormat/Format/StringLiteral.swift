/// Writes a value as a one-line TDL string that reads back as exactly that value: what the
/// tools write into source (completion, tests) comes from here.
///
/// Escaped: `"` and `\`; every `{` (`\{`, so no `{{` forms, even where a literal is joined to
/// other text); line feed and tab as `\n` and `\t`; every other control character (C0, DEL
/// and the C1 block U+0080 to U+009F) as `\u{HEX}`. The lexer would read C0 and C1
/// controls other than line breaks back raw, but they are invisible in an editor (and a
/// terminal may act on C1 ones), so a writer spells them out.
public enum StringLiteral {
    /// `value` between quotes.
    public static func quoted(_ value: String) -> String {
        "\"" + content(value) + "\""
    }

    /// `value` as the inside of a string, without the quotes.
    public static func content(_ value: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out.append(contentsOf: #"\""#.unicodeScalars)
            case "\\": out.append(contentsOf: #"\\"#.unicodeScalars)
            case "{": out.append(contentsOf: #"\{"#.unicodeScalars)
            case "\n": out.append(contentsOf: #"\n"#.unicodeScalars)
            case "\t": out.append(contentsOf: #"\t"#.unicodeScalars)
            default:
                if scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0) {
                    out.append(contentsOf: ("\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}").unicodeScalars)
                } else {
                    out.append(scalar)
                }
            }
        }
        return String(out)
    }
}
