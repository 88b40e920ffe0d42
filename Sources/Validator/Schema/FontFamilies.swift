/// The families a `font` value names, as the exported page may name them: one place for
/// which names reach CSS (the exporter writes them) and which cannot (the validator reports
/// them, TDL314), and for the generic family the text falls back to.
///
/// A value is one family or a comma-separated list of them, tried in order
/// (`"Helvetica Neue, Arial"`). A family reaches the page only when it is made of ASCII
/// letters, digits, spaces and hyphens (`isWritable`): it is written in double quotes, so no
/// other character can end the value or the rule. CSS's generic families (`serif`, `monospace`, `system-ui`, …) are written as
/// they are. Unless the list ends in one, the generic family of the first family this table
/// knows follows, so a serif face that is not installed falls back to a serif face:
/// `"Georgia"` is `"Georgia",serif`, a family it does not know falls back to `sans-serif`.
public enum FontFamilies {
    /// The generic family a family falls back to.
    public enum Kind: String, Sendable {
        case serif
        case sansSerif = "sans-serif"
        case monospace
    }

    /// One entry of a value's list.
    public enum Entry: Equatable, Sendable {
        /// A family the page may name: written in double quotes.
        case family(String)
        /// One of CSS's generic families, lowercased: written as it is.
        case generic(String)
        /// A name the page cannot carry (empty, or with other characters): left out.
        case unusable(String)
    }

    /// CSS's generic font families (CSS Fonts 4).
    public static let generics: Set<String> = [
        "serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "ui-serif",
        "ui-sans-serif", "ui-monospace", "ui-rounded", "math", "emoji", "fangsong",
    ]

    /// Well-known serif families, lowercased; any family not here or in `monospaced` is taken
    /// as sans-serif, the commonest kind of interface face.
    public static let serifs: Set<String> = [
        "baskerville", "bodoni 72", "book antiqua", "cambria", "charter", "constantia",
        "cormorant garamond", "crimson pro", "crimson text", "didot", "dm serif display",
        "eb garamond", "fraunces", "frank ruhl libre", "garamond", "georgia", "hoefler text",
        "ibm plex serif", "iowan old style", "libre baskerville", "libre caslon text", "literata",
        "lora", "merriweather", "newsreader", "noto serif", "palatino", "palatino linotype",
        "playfair display", "pt serif", "roboto slab", "source serif 4", "source serif pro",
        "spectral", "times", "times new roman",
    ]

    /// Well-known monospaced families, lowercased.
    public static let monospaced: Set<String> = [
        "andale mono", "cascadia code", "cascadia mono", "consolas", "courier", "courier new",
        "dejavu sans mono", "dm mono", "fira code", "fira mono", "ibm plex mono", "inconsolata",
        "jetbrains mono", "liberation mono", "lucida console", "menlo", "monaco", "noto sans mono",
        "overpass mono", "pt mono", "roboto mono", "sf mono", "source code pro", "space mono",
        "ubuntu mono",
    ]

    /// The entries of a `font` value's family list, in order: split at commas, each trimmed
    /// of the spaces around it.
    public static func entries(_ value: String) -> [Entry] {
        value.split(separator: ",", omittingEmptySubsequences: false).map { piece in
            // Trimmed by index: a `String` made from the reversed characters was built a
            // character at a time.
            var start = piece.startIndex, end = piece.endIndex
            while start < end && piece[start] == " " { start = piece.index(after: start) }
            while end > start, case let before = piece.index(before: end), piece[before] == " " { end = before }
            let family = String(piece[start..<end])
            if generics.contains(family.lowercased()) { return .generic(family.lowercased()) }
            return isWritable(family) ? .family(family) : .unusable(family)
        }
    }

    /// The kind of a family: as `declared` says (the fallbacks of the page's `font-face`
    /// blocks, keyed by lowercased family), else from the tables above, else sans-serif.
    public static func kind(of family: String, declared: [String: Kind] = [:]) -> Kind {
        let key = family.lowercased()
        if let kind = declared[key] { return kind }
        if serifs.contains(key) { return .serif }
        if monospaced.contains(key) { return .monospace }
        return .sansSerif
    }

    /// The CSS `font-family` value for a `font` value: its usable families quoted and its
    /// generic families, in order, joined by `separator`; then, unless the list ends in a
    /// generic family the kind of its first usable family (sans-serif when it has none).
    /// `declared`: as for `kind(of:declared:)`; a family the page loads is named like any other.
    public static func cssValue(_ value: String, separator: String = ",", declared: [String: Kind] = [:]) -> String {
        var parts: [String] = []
        var fallback: Kind? = nil
        var endsInGeneric = false
        for entry in entries(value) {
            switch entry {
            case .family(let name):
                parts.append("\"" + name + "\"")
                if fallback == nil { fallback = kind(of: name, declared: declared) }
                endsInGeneric = false
            case .generic(let name):
                parts.append(name)
                endsInGeneric = true
            case .unusable:
                continue
            }
        }
        if !endsInGeneric { parts.append((fallback ?? .sansSerif).rawValue) }
        return parts.joined(separator: separator)
    }

    /// Whether the page may name `family`: ASCII letters, digits, spaces and hyphens, 1 to
    /// 64 characters, starting and ending with a letter or digit, with no space after a
    /// space or a hyphen.
    public static func isWritable(_ family: String) -> Bool {
        let utf8 = family.utf8
        guard (1...64).contains(utf8.count) else { return false }
        var previousSpace = true  // so a leading space or hyphen is refused
        for b in utf8 {
            let letterOrDigit = (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39)
            if letterOrDigit {
                previousSpace = false
            } else if b == 0x20 || b == 0x2D {
                if previousSpace { return false }
                previousSpace = b == 0x20
            } else {
                return false
            }
        }
        return utf8.last != 0x20 && utf8.last != 0x2D
    }
}
