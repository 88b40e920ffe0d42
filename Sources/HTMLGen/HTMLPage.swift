/// The shell every exported HTML page shares: doctype, `<html lang>`, charset, the
/// Content-Security-Policy, viewport, title, one `<style>` block, then the body.
enum HTMLPage {
    /// No script of any kind: `default-src 'none'` with no `script-src` blocks scripts,
    /// frames, objects, fetches and fonts. Images and media load from the URLs the document
    /// names (any http or https host, or relative paths; the generator never emits other
    /// schemes, `data:` included, so none is allowed here). Styles are the page's own
    /// `<style>` block, built from typed values. `base-uri` and `form-action` are closed so
    /// that injected markup, were there any, could not redirect relative URLs or submissions.
    /// A page that loads fonts (`font-face`) adds `font-src` with exactly their sources
    /// (`FontFaceCSS.policySources`).
    static let contentSecurityPolicy =
        "default-src 'none'; img-src *; media-src *; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"

    /// The policy of a page that loads fonts from `fontSources` (none: the constant above).
    static func contentSecurityPolicy(fontSources: [String]) -> String {
        guard !fontSources.isEmpty else { return contentSecurityPolicy }
        return contentSecurityPolicy.replacing("default-src 'none'; ", with: "default-src 'none'; font-src \(fontSources.joined(separator: " ")); ")
    }

    /// The page; `direction` right to left gives it `dir="rtl"`.
    static func write(lang: String?, direction: TextDirection, title: String, description: String?,
                      css: OutputBuffer, body: OutputBuffer, fontSources: [String] = []) -> [UInt8] {
        var head = OutputBuffer(capacity: 1024)
        head.raw("<!doctype html>\n<html")
        head.attribute("lang", lang.flatMap { isLanguageTag($0) ? $0 : nil } ?? "en")
        if direction == .rightToLeft { head.raw(" dir=\"rtl\"") }
        // The policy has no `"`, `&`, `<` or `>` (font sources are built without them):
        // written as is, for readability.
        head.raw(">\n<head>\n<meta charset=\"utf-8\">\n<meta http-equiv=\"Content-Security-Policy\" content=\"")
        head.raw(contentSecurityPolicy(fontSources: fontSources))
        // The design's colours are fixed: a dark system theme must not restyle scrollbars and
        // controls around them.
        head.raw("\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<meta name=\"color-scheme\" content=\"light\">\n<title>")
        head.text(title)
        head.raw("</title>\n")
        if let description, !description.isEmpty {
            head.raw("<meta name=\"description\"")
            head.attribute("content", description)
            head.raw(">\n")
        }
        head.raw("<style>\n")
        var middle = OutputBuffer(capacity: 64)
        middle.raw("</style>\n</head>\n<body>\n")
        var tail = OutputBuffer(capacity: 64)
        tail.raw("</body>\n</html>\n")
        // One array of the final size, filled from the pieces: no intermediate copy of the page.
        return OutputBuffer.concatenate([head, css, middle, body, tail])
    }

    /// A BCP 47 tag as the validator accepts it (`en`, `pt-BR`); anything else falls back to `en`.
    static func isLanguageTag(_ s: String) -> Bool {
        let parts = s.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...8).contains(first.count),
              first.utf8.allSatisfy({ ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }) else { return false }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count) && part.utf8.allSatisfy { b in
                (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A || (b >= 0x30 && b <= 0x39)
            }
        }
    }
}
