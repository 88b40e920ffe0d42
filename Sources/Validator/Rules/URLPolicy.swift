/// Which URLs may reach HTML. Shared by the validator and the HTML generator, so that a
/// URL that passes one passes the other.
public enum URLPolicy {
    public enum Verdict: Sendable, Equatable {
        case allowed
        /// `javascript:`, `vbscript:`, `data:`: able to run script or smuggle content.
        case dangerous(scheme: String)
        /// Any other scheme (`ftp:`, `file:` …): not exported.
        case unsupported(scheme: String)
    }

    /// The verdict for a URL in a given property: `mailto:` only makes sense as a link
    /// (`action`); an image or video source must be relative or http(s).
    public static func classify(_ url: String, forKey key: String) -> Verdict {
        let verdict = classify(url)
        if verdict == .allowed, !allowsMailto(key: key), hasScheme(url, "mailto") { return .unsupported(scheme: "mailto") }
        return verdict
    }

    /// Properties whose URL is a link the reader follows, where `mailto:` fits.
    public static func allowsMailto(key: String) -> Bool { key == "action" }

    static func hasScheme(_ url: String, _ scheme: String) -> Bool {
        var letters = ""
        for scalar in url.unicodeScalars {
            if scalar.value <= 0x20 || scalar.value == 0x7F { continue }
            if scalar == ":" { return letters.lowercased() == scheme }
            letters.unicodeScalars.append(scalar)
            if letters.count > scheme.count { return false }
        }
        return false
    }

    /// The URL with every character a URL may not hold percent-encoded (space, quotes,
    /// `<>{}|\^` and backtick, controls, non-ASCII, a second `#`, a `%` not starting an
    /// escape), so exported attributes are valid HTML whatever the author wrote. Characters
    /// that are already valid are kept, so encoding twice changes nothing.
    public static func percentEncoded(_ url: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        let bytes = Array(url.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var seenFragment = false
        func isHex(_ b: UInt8) -> Bool { (b >= 0x30 && b <= 0x39) || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x66) }
        for (i, b) in bytes.enumerated() {
            var keep: Bool
            switch b {
            case 0x41...0x5A, 0x61...0x7A, 0x30...0x39: keep = true
            case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
                 UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "@"),
                 UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"),
                 UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"),
                 UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="):
                keep = true
            case UInt8(ascii: "#"):
                keep = !seenFragment
                seenFragment = true
            case UInt8(ascii: "%"):
                keep = i + 2 < bytes.count && isHex(bytes[i + 1]) && isHex(bytes[i + 2])
            default:
                keep = false
            }
            if keep {
                out.append(b)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(hex[Int(b >> 4)])
                out.append(hex[Int(b & 0xF)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A parameter's value as `{{name}}` writes it into a URL: every byte but RFC 3986's
    /// unreserved characters (ASCII letters, digits, `-._~`) percent-encoded, as
    /// `encodeURIComponent` does. A value is thus data inside the part of the URL it lands in
    /// (a path segment, a query value, the fragment): its `:`, `/`, `?`, `#`, `&`, `=`, `%`,
    /// spaces and non-ASCII can add no scheme, host, path segment, query key or escape.
    /// Letters can still complete a scheme the URL's own text starts (`{{p}}:x`), so the
    /// filled-in URL is judged again by `classify`.
    public static func parameterEncoded(_ value: String) -> String {
        percentEncoded(value, keepingSlashes: false)
    }

    /// `text` after `prefix` with every byte but RFC 3986's unreserved characters (ASCII
    /// letters, digits, `-._~`, and `/` with `keepingSlashes`) written `%XX`: the one
    /// percent-encoder, for parameter values in URLs and for `file://` URIs of paths.
    public static func percentEncoded(_ text: String, keepingSlashes: Bool, prefix: String = "") -> String {
        let hex: StaticString = "0123456789ABCDEF"
        var out: [UInt8] = Array(prefix.utf8)
        out.reserveCapacity(prefix.utf8.count + text.utf8.count + 8)
        for b in text.utf8 {
            switch b {
            case 0x41...0x5A, 0x61...0x7A, 0x30...0x39,
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.append(b)
            case UInt8(ascii: "/") where keepingSlashes:
                out.append(b)
            default:
                out.append(UInt8(ascii: "%"))
                out.append(hex.utf8Start[Int(b >> 4)])
                out.append(hex.utf8Start[Int(b & 0xF)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Browsers ignore ASCII whitespace and control characters inside a scheme
    /// (`java\tscript:` runs), so they are removed before the scheme is read.
    public static func classify(_ url: String) -> Verdict {
        guard let lower = scheme(of: url) else { return .allowed }
        if ["javascript", "vbscript", "data"].contains(lower) { return .dangerous(scheme: lower) }
        if ["http", "https", "mailto"].contains(lower) { return .allowed }
        return .unsupported(scheme: lower)
    }

    /// The URL's scheme, lowercased, as a browser reads it (ASCII whitespace and controls
    /// skipped); nil for a relative URL (one whose text before any `:` is not a scheme).
    public static func scheme(of url: String) -> String? {
        var scheme = ""
        for scalar in url.unicodeScalars {
            if scalar.value <= 0x20 || scalar.value == 0x7F { continue }
            if scalar == ":" { return scheme.lowercased() }
            // A scheme is ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ); anything else means a relative path.
            let ok = scalar.isASCII && (scalar.properties.isAlphabetic || (scheme.isEmpty == false && ("0"..."9").contains(scalar)) || (!scheme.isEmpty && "+-.".unicodeScalars.contains(scalar)))
            if !ok { return nil }
            scheme.unicodeScalars.append(scalar)
        }
        return nil
    }

    /// `%XX` escapes decoded; nil for a malformed escape (a `%` not followed by two hex
    /// digits) or bytes that are not UTF-8.
    public static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        func hex(_ b: UInt8?) -> UInt8? {
            switch b {
            case (UInt8(ascii: "0")...UInt8(ascii: "9"))?: return b.map { $0 - UInt8(ascii: "0") }
            case (UInt8(ascii: "a")...UInt8(ascii: "f"))?: return b.map { $0 - UInt8(ascii: "a") + 10 }
            case (UInt8(ascii: "A")...UInt8(ascii: "F"))?: return b.map { $0 - UInt8(ascii: "A") + 10 }
            default: return nil
            }
        }
        while let b = iterator.next() {
            if b == UInt8(ascii: "%") {
                guard let high = hex(iterator.next()), let low = hex(iterator.next()) else { return nil }
                bytes.append(high << 4 | low)
            } else {
                bytes.append(b)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
