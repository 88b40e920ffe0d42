/// LSP snippet syntax, as far as completion writes it: `$1`, `${1}`, `${1:default}` (nested
/// placeholders allowed), `$0`, and `\$`, `\}`, `\\` escapes.
enum Snippet {
    /// The text a snippet inserts when its placeholders keep their defaults: tab stops
    /// vanish, defaults stay, escapes are undone. Braces that are not a placeholder's (the
    /// `}` closing a block) are kept.
    static func plainText(_ snippet: String) -> String {
        let s = Array(snippet.unicodeScalars)
        var out = String.UnicodeScalarView()
        var openPlaceholders = 0
        var k = 0
        func isDigit(_ i: Int) -> Bool { i < s.count && s[i].value >= 0x30 && s[i].value <= 0x39 }
        while k < s.count {
            let c = s[k]
            if c == "\\", k + 1 < s.count, s[k + 1] == "$" || s[k + 1] == "}" || s[k + 1] == "\\" {
                out.append(s[k + 1])
                k += 2
                continue
            }
            if c == "$" {
                if isDigit(k + 1) {                       // `$1`
                    k += 1
                    while isDigit(k) { k += 1 }
                    continue
                }
                if k + 1 < s.count, s[k + 1] == "{", isDigit(k + 2) {  // `${1` then `}` or `:`
                    var j = k + 2
                    while isDigit(j) { j += 1 }
                    if j < s.count, s[j] == "}" { k = j + 1; continue }
                    if j < s.count, s[j] == ":" { openPlaceholders += 1; k = j + 1; continue }
                }
            }
            if c == "}" && openPlaceholders > 0 {
                openPlaceholders -= 1
                k += 1
                continue
            }
            out.append(c)
            k += 1
        }
        return String(out)
    }

    /// Escapes text placed inside a snippet placeholder or between tab stops.
    static func escaped(_ text: String) -> String {
        var out = ""
        for c in text {
            if c == "$" || c == "}" || c == "\\" { out.append("\\") }
            out.append(c)
        }
        return out
    }
}
