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
        guard let scheme = scheme(of: url) else { return .allowed }
        if scheme == "mailto" && !allowsMailto(key: key) { return .unsupported(scheme: scheme) }
        return verdict(scheme: scheme)
    }

    /// Properties whose URL is a link the reader follows, where `mailto:` fits.
    public static func allowsMailto(key: String) -> Bool { key == "action" }

    /// Whether the URL's scheme, as a browser reads it, is `scheme` (lower case).
    static func hasScheme(_ url: String, _ scheme: String) -> Bool { self.scheme(of: url) == scheme }

    /// The URL with every character a URL may not hold percent-encoded (space, quotes,
    /// `<>{}|\^` and backtick, controls, non-ASCII, a second `#`, a `%` not starting an
    /// escape), so exported attributes are valid HTML whatever the author wrote. Characters
    /// that are already valid are kept, so encoding twice changes nothing.
    public static func percentEncoded(_ url: String) -> String {
        var url = url
        let encoded: String? = url.withUTF8 { bytes in
            var seenFragment = false
            // Most URLs are valid as written: those are returned as they are, uncopied.
            guard bytes.indices.contains(where: { !keeps(bytes, at: $0, seenFragment: &seenFragment) }) else { return nil }
            let hex: StaticString = "0123456789ABCDEF"
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 8)
            seenFragment = false
            for i in bytes.indices {
                let b = bytes[i]
                if keeps(bytes, at: i, seenFragment: &seenFragment) {
                    out.append(b)
                } else {
                    out.append(UInt8(ascii: "%"))
                    out.append(hex.utf8Start[Int(b >> 4)])
                    out.append(hex.utf8Start[Int(b & 0xF)])
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
        return encoded ?? url
    }

    /// Whether `percentEncoded` keeps the byte at `i` as it is; `seenFragment` carries
    /// whether a `#` came before.
    private static func keeps(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, seenFragment: inout Bool) -> Bool {
        func isHex(_ b: UInt8) -> Bool { (b >= 0x30 && b <= 0x39) || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x66) }
        switch bytes[i] {
        case 0x41...0x5A, 0x61...0x7A, 0x30...0x39,
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
             UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "@"),
             UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"),
             UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"),
             UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="):
            return true
        case UInt8(ascii: "#"):
            defer { seenFragment = true }
            return !seenFragment
        case UInt8(ascii: "%"):
            return i + 2 < bytes.count && isHex(bytes[i + 1]) && isHex(bytes[i + 2])
        default:
            return false
        }
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
        guard let scheme = scheme(of: url) else { return .allowed }
        return verdict(scheme: scheme)
    }

    private static func verdict(scheme: String) -> Verdict {
        switch scheme {
        case "javascript", "vbscript", "data": return .dangerous(scheme: scheme)
        case "http", "https", "mailto": return .allowed
        default: return .unsupported(scheme: scheme)
        }
    }

    /// The URL's scheme, lowercased, as a browser reads it (ASCII whitespace and controls
    /// skipped); nil for a relative URL (one whose text before any `:` is not a scheme).
    /// A scheme is ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) (RFC 3986); anything else
    /// before the first `:`, non-ASCII included, makes the URL a relative path.
    public static func scheme(of url: String) -> String? {
        func skipped(_ b: UInt8) -> Bool { b <= 0x20 || b == 0x7F }
        func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
        var length = 0
        var colon = false
        for b in url.utf8 where !skipped(b) {
            if b == UInt8(ascii: ":") { colon = true; break }
            let fits = isLetter(b) || (length > 0 && ((b >= 0x30 && b <= 0x39) || b == 0x2B || b == 0x2D || b == 0x2E))
            guard fits else { return nil }
            length += 1
        }
        guard colon else { return nil }
        // The schemes the policy names come back as literals, so that common URLs build
        // no string: the first `length` bytes read are the scheme.
        func isScheme(_ known: String) -> Bool {
            guard known.utf8.count == length else { return false }
            var expected = known.utf8.makeIterator()
            for b in url.utf8 where !skipped(b) {
                guard let e = expected.next() else { return true }
                if (isLetter(b) ? b | 0x20 : b) != e { return false }
            }
            return true
        }
        for known in namedSchemes where isScheme(known) { return known }
        var lowered: [UInt8] = []
        for b in url.utf8 where !skipped(b) && lowered.count < length { lowered.append(isLetter(b) ? b | 0x20 : b) }
        return String(decoding: lowered, as: UTF8.self)
    }

    private static let namedSchemes = ["http", "https", "mailto", "javascript", "vbscript", "data"]

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
