import Validator

/// Where a template's CSS goes and how its ids are named: the page's way (rules in one
/// `<style>` block, ids as resolved) or a fragment's (`TemplateHTML.fragment`).
struct TemplateShape {
    /// Written before every id: empty for a page, `PREFIX-` for a fragment.
    let idPrefix: String
    /// Each element's declarations in its own `style` attribute instead of an `#id{…}` rule.
    let inlineStyles: Bool

    static let page = TemplateShape(idPrefix: "", inlineStyles: false)
}

extension TemplateHTML {
    /// A template as one element to paste into another page (`export --fragment`): a `<div>`
    /// whose every element carries its CSS in its own `style` attribute, so that no selector
    /// of the fragment can reach the host page and no selector of the host page outweighs
    /// what the fragment sets. Ids are prefixed (`PREFIX-title`), so two fragments and the
    /// host never share one. The outer `<div>` is a size container and the canvas scales to
    /// it: one canvas px is `min(1px, 100cqw / width)`, the canvas never wider than designed
    /// nor than the column it is pasted into. No `<style>`, no `<main>` (the host has its
    /// own), no global selector.
    ///
    /// `prefix` must be an id-safe name (`isUsablePrefix`); the item's name is one.
    public static func fragment(_ item: ResolvedItem, prefix: String) -> [UInt8] {
        var body = OutputBuffer(capacity: 256 + item.children.count * 320)
        let lang = item[.lang]?.string.flatMap { HTMLPage.isLanguageTag($0) ? $0 : nil } ?? "en"
        body.raw("<div"); body.attribute("id", prefix); body.attribute("class", prefix)
        body.attribute("lang", lang)
        if item.direction == .rightToLeft { body.raw(" dir=\"rtl\"") }
        body.raw(" style=\"all:revert;display:block;container-type:inline-size\">\n")
        body.raw("<div"); body.attribute("class", prefix + "-canvas"); body.raw(" style=\"")
        var canvas = OutputBuffer(capacity: 512)
        let grid = canvasGrid(item)
        FragmentRules.canvas(item, grid: grid, into: &canvas)
        body.attributeValue(canvas)
        body.raw("\">\n")
        var table = PropertyTable(), scratch = OutputBuffer(capacity: 512), rules = PageRules()
        let shape = TemplateShape(idPrefix: prefix + "-", inlineStyles: true)
        for (i, child) in item.children.enumerated() {
            element(child, placement: Placement(grid, i, inset: 0), depth: 1, lang: lang, shape: shape, table: &table,
                    scratch: &scratch, rules: &rules, body: &body)
        }
        body.raw("</div>\n</div>\n")
        return body.bytes
    }

    /// Whether a prefix can start every id and class of a fragment as it is: an ASCII letter,
    /// then letters, digits, `-` and `_` (no escaping needed in HTML or CSS).
    public static func isUsablePrefix(_ prefix: String) -> Bool {
        guard let first = prefix.utf8.first, (first | 0x20) >= 0x61 && (first | 0x20) <= 0x7A else { return false }
        return prefix.utf8.allSatisfy { b in
            (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A || (b >= 0x30 && b <= 0x39) || b == 0x2D || b == 0x5F
        }
    }
}

/// What a page's shared rules (`TemplateHTML.baseRules`) set, written into a fragment's
/// `style` attributes instead, where a host page's rules cannot outweigh it.
enum FragmentRules {
    /// The canvas: the page's `.tdl-canvas` rule, the scale unit (from the outer `<div>`, a
    /// size container), and every inherited property a host page may have changed reset to
    /// what a page of its own starts with.
    static func canvas(_ item: ResolvedItem, grid: LineGrid?, into css: inout OutputBuffer) {
        let size = item.canvasSize
        if let size, size.width > 0 {
            css.raw("--u:min(1px,100cqw/")
            css.number(size.width)
            css.raw(");")
        } else {
            css.raw("--u:1px;")
        }
        css.raw("--t:0.046875rem;")
        css.raw("all:revert;display:block;position:relative;overflow:hidden;margin:0 auto;padding:0;border:0;box-sizing:border-box")
        TemplateHTML.canvasBox(size, grid: grid, into: &css)
        css.raw(";background-color:")
        CSSValues.color(item[.background]?.color ?? RGBAColor(red: 255, green: 255, blue: 255), into: &css)
        css.raw(";font-family:sans-serif;font-size:medium;font-style:normal;font-weight:400;line-height:normal;letter-spacing:normal")
        css.raw(";word-spacing:normal;text-transform:none;text-indent:0;text-align:start;white-space:normal;color:#000000")
        css.raw(";color-scheme:light")
    }

    /// An element's share of the page's shared rules, each declaration followed by `;`
    /// (its own declarations follow and win where they set the same property). `all:revert`
    /// first: whatever a host page's rules set on a `p`, `h1`, `img` or `a` (margins, line
    /// height, `max-width:100%`) is taken back to the browser's own style, as on a page of
    /// the fragment's own; inherited properties come from the canvas, which resets them.
    static func elementBase(_ kind: KindID, into css: inout OutputBuffer) {
        css.raw("all:revert;box-sizing:border-box;margin:0;")
        switch kind {
        case .divider: css.raw("border:0;height:0;")
        case .image, .video: css.raw("display:block;")
        case .button: css.raw("display:flex;flex-direction:column;justify-content:center;text-decoration:none;")
        default: break
        }
    }
}
