import Validator

/// What a template's `font-face` declarations add to its page: one `@font-face` rule each
/// in the page's style sheet, and the `font-src` directive of its Content-Security-Policy
/// that admits exactly their files.
///
/// The policy (CSP Level 3, as Chromium enforces it):
/// - An `https` file is named by its own source expression, scheme, host, port and full
///   path (`https://cdn.example.com/fonts/brand.woff2`): a path that does not end in `/`
///   matches that one file. The query is not part of a source expression (CSP matches
///   paths only), so `?v=3` is left off; the path's bytes other than unreserved ones are
///   percent-encoded, which CSP decodes before comparing, so `;`, `,`, quotes and spaces
///   cannot end the source, the directive or the attribute.
/// - A relative file (`fonts/brand.woff2`, `/fonts/brand.woff2`) cannot be named: a source
///   expression has no relative form, and the page's own origin is not known at export
///   (a file, a preview, any server). `'self'` is the tightest source that admits it: the
///   page's own origin, on a server; for a page opened from disk, Chromium matches `'self'`
///   to `file:` URLs (measured: a relative TTF loads from a `file://` page under
///   `font-src 'self'`, and fails with no `font-src`). It admits other fonts of the same
///   site too, which the site serves anyway.
/// - No face: no `font-src`; `default-src 'none'` then blocks every font, as before.
enum FontFaceCSS {
    /// One `@font-face` rule per face, in order. A face whose `src` is not one the page may
    /// load, or whose `url("…")` could not be written safely, is left out (the model only
    /// holds usable faces; this holds for hand-built models too).
    static func rules(_ faces: [FontFaceDeclaration], into css: inout OutputBuffer) {
        for face in faces {
            guard let src = face.src, let url = cssURL(src), let format = FontFaceDeclaration.format(of: src),
                  FontFamilies.isWritable(face.family) else { continue }
            css.raw("@font-face{font-family:\"")
            css.raw(face.family)
            css.raw("\";src:url(\"")
            css.raw(url)
            css.raw("\") format(\"")
            css.raw(format)
            css.raw("\");font-weight:")
            css.number(Double(Schema.cssFontWeight(face.weight) ?? 400))
            css.raw(face.italic ? ";font-style:italic" : ";font-style:normal")
            css.raw(";font-display:")
            css.raw(FontFaceDeclaration.displays.contains(face.display) ? face.display : "swap")
            css.raw("}\n")
        }
    }

    /// `url` as the body of a CSS `url("…")`: percent-encoded (`URLPolicy`), then refused
    /// unless every byte is printable ASCII other than `"`, `\`, `<` and `>`, so that it can
    /// end neither the string, nor the rule, nor the `<style>` element. Nil when the page
    /// may not load it (`FontFaceDeclaration.isLoadable`).
    static func cssURL(_ url: String) -> String? {
        guard FontFaceDeclaration.isLoadable(url) else { return nil }
        let encoded = URLPolicy.percentEncoded(url)
        let safe = encoded.utf8.allSatisfy { b in
            b > 0x20 && b < 0x7F && b != UInt8(ascii: "\"") && b != UInt8(ascii: "\\") && b != UInt8(ascii: "<") && b != UInt8(ascii: ">")
        }
        return safe ? encoded : nil
    }

    /// The sources of the page's `font-src`, in the order of the faces, each once: `'self'`
    /// for relative files, the source expression of each `https` file. Empty when no face is
    /// written (no `font-src` then). Faces `rules` leaves out are left out here too.
    static func policySources(_ faces: [FontFaceDeclaration]) -> [String] {
        var sources: [String] = []
        for face in faces {
            guard let src = face.src, let url = cssURL(src), FontFaceDeclaration.format(of: src) != nil,
                  FontFamilies.isWritable(face.family) else { continue }
            let source = FontFaceDeclaration.isAbsolute(url) ? sourceExpression(url) : "'self'"
            if let source, !sources.contains(source) { sources.append(source) }
        }
        return sources
    }

    /// The CSP source expression naming exactly the `https` file `url`: nil when its host
    /// cannot be written as one (user info, an IPv6 literal, a non-ASCII host), so that a
    /// face the policy cannot admit is not admitted more widely.
    static func sourceExpression(_ url: String) -> String? {
        let bytes = Array(url.utf8)
        let prefix = Array("https://".utf8)
        guard bytes.count > prefix.count,
              zip(bytes, prefix).allSatisfy({ ($0 | 0x20) == $1 || $0 == $1 }) else { return nil }
        var i = prefix.count
        var host: [UInt8] = []
        while i < bytes.count, bytes[i] != UInt8(ascii: "/"), bytes[i] != UInt8(ascii: "?"), bytes[i] != UInt8(ascii: "#") {
            let b = bytes[i] | (bytes[i] >= 0x41 && bytes[i] <= 0x5A ? 0x20 : 0)
            let allowed = (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") || b == UInt8(ascii: ":")
            guard allowed else { return nil }
            host.append(b)
            i += 1
        }
        guard let first = host.first, first != UInt8(ascii: "."), first != UInt8(ascii: ":"),
              host.filter({ $0 == UInt8(ascii: ":") }).count <= 1,
              host.last != UInt8(ascii: ":") else { return nil }
        var out = "https://" + String(decoding: host, as: UTF8.self)
        if i >= bytes.count || bytes[i] != UInt8(ascii: "/") { return out + "/" }
        let hex = Array("0123456789ABCDEF".utf8)
        var path: [UInt8] = []
        while i < bytes.count, bytes[i] != UInt8(ascii: "?"), bytes[i] != UInt8(ascii: "#") {
            let b = bytes[i]
            let keep = (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39)
                || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") || b == UInt8(ascii: "_") || b == UInt8(ascii: "~")
                || b == UInt8(ascii: "/") || b == UInt8(ascii: "%")
            if keep {
                path.append(b)
            } else {
                path += [UInt8(ascii: "%"), hex[Int(b >> 4)], hex[Int(b & 0x0F)]]
            }
            i += 1
        }
        out += String(decoding: path, as: UTF8.self)
        return out
    }
}
