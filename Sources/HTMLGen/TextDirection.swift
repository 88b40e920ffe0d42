/// The direction text runs in: `dir` in HTML, `direction` in SVG.
public enum TextDirection: Sendable, Hashable {
    case leftToRight
    case rightToLeft

    /// The direction of a BCP 47 language tag, as ICU decides it: a script subtag names its
    /// script's direction (`az-Arab`, `ar-Latn`); without one, the language's likely script
    /// does, with its region where that changes the script (`pa` Gurmukhi, `pa-PK` Arabic).
    /// Anything that is not a language tag is left to right.
    public init(languageTag tag: String) {
        self = .leftToRight
        guard HTMLPage.isLanguageTag(tag) else { return }
        let parts = tag.lowercased().split(separator: "-").map(String.init)
        let language = parts[0]
        var region: String?
        // After the language: up to three extended-language subtags, a script, a region;
        // a singleton starts extensions or private use, which say nothing about direction.
        for part in parts.dropFirst() {
            if part.count == 1 { break }
            let letters = part.utf8.allSatisfy { $0 >= 0x61 && $0 <= 0x7A }
            if part.count == 4 && letters {
                self = DirectionTables.rightToLeftScripts.contains(part) ? .rightToLeft : .leftToRight
                return
            }
            if (part.count == 2 && letters) || (part.count == 3 && part.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }) {
                region = part
                break
            }
        }
        if let region {
            let pair = language + "-" + region
            if DirectionTables.rightToLeftRegions.contains(pair) { self = .rightToLeft; return }
            if DirectionTables.leftToRightRegions.contains(pair) { return }
        }
        if DirectionTables.rightToLeftLanguages.contains(language) { self = .rightToLeft }
    }

    /// The direction of the first character that has one (Unicode bidi classes L, R and AL),
    /// which is how HTML's `dir="auto"` decides; nil when no character has one (digits,
    /// punctuation and spaces only).
    public static func firstStrong(in text: String) -> TextDirection? {
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v < 0x80 {
                // ASCII: letters are left to right, everything else has no direction.
                if (v | 0x20) >= 0x61 && (v | 0x20) <= 0x7A { return .leftToRight }
                continue
            }
            if let direction = strong(v) { return direction }
        }
        return nil
    }

    /// The strong direction of one code point, or nil.
    static func strong(_ v: UInt32) -> TextDirection? {
        let table = DirectionTables.strongRanges
        // The last range that starts at or before `v`.
        var low = 0, high = table.count / 2
        while low < high {
            let mid = (low + high) / 2
            if table[2 * mid] <= v { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return nil }
        let last = table[2 * (low - 1) + 1]
        guard v <= last >> 1 else { return nil }
        return last & 1 == 1 ? .rightToLeft : .leftToRight
    }

    /// `ltr` or `rtl`, as HTML and SVG write it.
    var keyword: StaticString { self == .rightToLeft ? "rtl" : "ltr" }
}
