/// An editor's preview shows an exported page from a temporary folder, where the page's
/// relative URLs (images, video posters, an annotation set's screenshot) would point into
/// that folder. A preview page therefore gets a `<base href>` of the document's folder, and
/// a policy that admits it: the page's `base-uri 'none'` becomes `base-uri file:`, the only
/// change. Exported pages never get either (see `HTMLPage`).
public enum PreviewBase {
    /// The policy of a preview page: the exported page's, letting a `file:` base through.
    static let contentSecurityPolicy = HTMLPage.contentSecurityPolicy.replacing("base-uri 'none'", with: "base-uri file:")

    /// `page` (an HTML page this module wrote) with `<base href="directoryURL">` after its
    /// policy, which admits it. nil when `directoryURL` is not a `file:` URL of a folder
    /// (`file:///…/`, percent-encoded: no quote, space or angle bracket), or the page has
    /// not the policy this module writes.
    public static func adding(directoryURL: String, to page: [UInt8]) -> [UInt8]? {
        guard directoryURL.hasPrefix("file:///"), directoryURL.hasSuffix("/"),
              directoryURL.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "<")
                                             && $0 != UInt8(ascii: ">") && $0 != UInt8(ascii: "\\") })
        else { return nil }
        // The page's policy is the constant, or the constant with a `font-src` (`HTMLPage`):
        // the meta element is found by its start, and its policy must end as the constant does.
        let start = Array("<meta http-equiv=\"Content-Security-Policy\" content=\"".utf8)
        guard let at = firstIndex(of: start, in: page) else { return nil }
        let policyStart = at + start.count
        guard let length = page[policyStart...].firstIndex(of: UInt8(ascii: "\"")).map({ $0 - policyStart }) else { return nil }
        let close = policyStart + length  // the policy's closing quote
        let policy = String(decoding: page[policyStart..<close], as: UTF8.self)
        guard policy.hasSuffix("base-uri 'none'; form-action 'none'"), close + 2 < page.count,
              page[close + 1] == UInt8(ascii: ">"), page[close + 2] == 0x0A else { return nil }
        let replacement = "<meta http-equiv=\"Content-Security-Policy\" content=\"\(policy.replacing("base-uri 'none'", with: "base-uri file:"))\">\n"
            + "<base href=\"\(HTMLWriter.escapeAttribute(directoryURL))\">\n"
        return Array(page[..<at]) + Array(replacement.utf8) + Array(page[(close + 3)...])
    }

    /// Where `needle` first occurs in `haystack` (the policy sits in the page's first lines).
    static func firstIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count else { return nil }
        var i = 0
        while i + needle.count <= haystack.count {
            if haystack[i] == first && haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }
}
