import Validator

/// A resolved template as one standalone HTML5 page: a canvas of the template's size with
/// every component absolutely placed. Each component is one semantic element whose `id` is
/// its resolved id; its CSS is one `#id{…}` rule in the page's `<style>` block, and the
/// components sit in `<main>`, the page's landmark. Elements that
/// show text take `dir="auto"` (each runs in the direction of its own first letter), the page
/// `dir="rtl"` when `lang` is a right-to-left language.
public enum TemplateHTML {
    public static func render(_ item: ResolvedItem) -> [UInt8] {
        var css = OutputBuffer(capacity: 256 + item.children.count * 256)
        var body = OutputBuffer(capacity: 64 + item.children.count * 96)
        baseRules(item, into: &css)
        FontFaceCSS.rules(item.fontFaces, into: &css)
        body.raw("<main class=\"tdl-canvas\">\n")
        var table = PropertyTable()
        table.fontFallbacks = PageFontFaces.fallbackKinds(item.fontFaces)
        let lang = item[.lang]?.string.flatMap { HTMLPage.isLanguageTag($0) ? $0 : nil } ?? "en"
        for child in item.children { element(child, inset: 0, inGrid: false, depth: 1, lang: lang, table: &table, css: &css, body: &body) }
        body.raw("</main>\n")
        fitToWidth(item, into: &css)
        return HTMLPage.write(lang: lang, direction: item.direction, title: item.displayTitle,
                              description: item[.description]?.string, css: css, body: body,
                              fontSources: FontFaceCSS.policySources(item.fontFaces))
    }

    /// Rules shared by every page, and the canvas.
    static func baseRules(_ item: ResolvedItem, into css: inout OutputBuffer) {
        css.raw("*,*::before,*::after{box-sizing:border-box}\nhtml,body{margin:0;padding:0}\n:root{--u:1px}\n")
        let size = item.canvasSize
        if let size, size.width > 0 {
            // Narrower screens scale the canvas down: one canvas px is 100vw / W, for browsers
            // without container units (`fitToWidth` does better where they exist).
            css.raw("@media (max-width:")
            css.number(size.width)
            css.raw("px){:root{--u:calc(100vw/")
            css.number(size.width)
            css.raw(")}}\n")
        }
        css.raw(".tdl-canvas{position:relative;overflow:hidden;margin:0 auto")
        if let size {
            css.raw(";width:"); CSSValues.length(size.width, into: &css)
            css.raw(";height:"); CSSValues.length(size.height, into: &css)
        }
        css.raw(";background-color:")
        CSSValues.color(item[.background]?.color ?? RGBAColor(red: 255, green: 255, blue: 255), into: &css)
        css.raw(";font-family:sans-serif}\n")
        css.raw(".tdl-canvas p,.tdl-canvas h1,.tdl-canvas h2,.tdl-canvas h3,.tdl-canvas h4,.tdl-canvas h5,.tdl-canvas h6,.tdl-canvas hr{margin:0}\n")
        css.raw(".tdl-canvas hr{border:0;height:0}\n")
        css.raw(".tdl-canvas img,.tdl-canvas video{display:block}\n")
        css.raw(".tdl-canvas a{text-decoration:none}\n")
        // A column, so that the label's line box spans the button and `text-align` places it
        // on a side that does not turn over with the label's direction (`justify-content` would).
        css.raw(".tdl-button{display:flex;flex-direction:column;justify-content:center}\n")
    }

    /// The rule that scales the canvas to the width the page has: the body's, a size
    /// container, so that `cqw` leaves out a vertical scrollbar, which `vw` counts (a canvas
    /// of 100vw scrolls sideways under it). Last in the style sheet: checkers that predate
    /// container units (the Nu HTML checker) stop reading the CSS at it.
    static func fitToWidth(_ item: ResolvedItem, into css: inout OutputBuffer) {
        guard let size = item.canvasSize, size.width > 0 else { return }
        css.raw("@supports (width:1cqw){body{container-type:inline-size}:root{--u:min(1px,100cqw/")
        css.number(size.width)
        css.raw(")}}\n")
    }

    /// One component: its rule into `css`, its markup into `body`. `inset` is the parent
    /// group's padding: CSS places an absolutely positioned box from its container's padding
    /// edge, TDL from the content box (inside border and padding), so the padding is added.
    /// `lang` is the page's, for a video's captions. `inGrid`: the parent is a group sized by
    /// its members (`sizedByMembers`).
    static func element(_ e: ResolvedElement, inset: Double, inGrid: Bool, depth: Int, lang: String, table t: inout PropertyTable,
                        css: inout OutputBuffer, body: inout OutputBuffer) {
        t.load(e)
        rule(e, t, inset: inset, inGrid: inGrid, css: &css)
        for _ in 0..<depth { body.raw("  ") }
        switch e.kindID {
        case .text, .textarea:
            let tag = headingTag(t[.heading]?.number) ?? "p"
            body.byte(0x3C); body.raw(tag); body.attribute("id", e.id); body.raw(" dir=\"auto\">")
            body.text(t[.text]?.string ?? "")
            body.raw("</"); body.raw(tag); body.raw(">\n")
        case .image:
            let alt = t[.alt]?.string ?? ""
            if let src = t[.src]?.string {
                body.raw("<img"); body.attribute("id", e.id); body.attribute("src", src); body.attribute("alt", alt)
                body.raw(">\n")
            } else {
                // No URL that may be emitted: an empty box that still carries the description.
                body.raw("<div"); body.attribute("id", e.id)
                if !alt.isEmpty { body.attribute("role", "img"); body.attribute("aria-label", alt) }
                body.raw("></div>\n")
            }
        case .button:
            let label = t[.label]?.string ?? ""
            let clamp = t[.maxLines] != nil
            // A button leads somewhere: a link drawn as a button, announced as the link it is.
            // Without a usable `action` it leads nowhere: its label is shown as text, not as a
            // control that does nothing when pressed (the validator warns, TDL315).
            if let action = t[.action]?.string {
                body.raw("<a"); body.attribute("id", e.id); body.raw(" class=\"tdl-button\" dir=\"auto\"")
                body.attribute("href", action); body.byte(0x3E)
                writeLabel(label, clamp: clamp, into: &body)
                body.raw("</a>\n")
            } else {
                body.raw("<p"); body.attribute("id", e.id); body.raw(" class=\"tdl-button\" dir=\"auto\">")
                writeLabel(label, clamp: clamp, into: &body)
                body.raw("</p>\n")
            }
        case .video:
            body.raw("<video"); body.attribute("id", e.id)
            if let src = t[.src]?.string { body.attribute("src", src) }
            if let poster = t[.poster]?.string { body.attribute("poster", poster) }
            let controls = t[.controls]?.bool ?? true
            if controls { body.raw(" controls") }
            let autoplay = t[.autoplay]?.bool ?? false
            if autoplay { body.raw(" autoplay") }
            if t[.muted]?.bool ?? false { body.raw(" muted") }
            if t[.loop]?.bool ?? false { body.raw(" loop") }
            if autoplay { body.raw(" playsinline") }
            body.byte(0x3E)
            if let captions = t[.captions]?.string {
                body.raw("<track kind=\"captions\""); body.attribute("src", captions); body.attribute("srclang", lang)
                // Without controls nobody could switch them on.
                if !controls { body.raw(" default") }
                body.byte(0x3E)
            }
            body.raw("</video>\n")
        case .divider:
            body.raw("<hr"); body.attribute("id", e.id); body.raw(">\n")
        case .group:
            body.raw("<div"); body.attribute("id", e.id); body.raw(">\n")
            let padding = t[.padding]?.number ?? 0
            let grid = sizedByMembers(t)
            for child in e.children {
                element(child, inset: grid ? 0 : padding, inGrid: grid, depth: depth + 1, lang: lang, table: &t, css: &css, body: &body)
            }
            for _ in 0..<depth { body.raw("  ") }
            body.raw("</div>\n")
        default:
            break
        }
    }

    /// `h1`…`h6` for a heading level, nil for none (or a level outside 1…6, which the
    /// validator reports).
    static func headingTag(_ level: Double?) -> StaticString? {
        switch level {
        case 1?: return "h1"
        case 2?: return "h2"
        case 3?: return "h3"
        case 4?: return "h4"
        case 5?: return "h5"
        case 6?: return "h6"
        default: return nil
        }
    }

    static func writeLabel(_ text: String, clamp: Bool, into body: inout OutputBuffer) {
        if clamp { body.raw("<span>") }
        body.text(text)
        if clamp { body.raw("</span>") }
    }

    /// Whether a group is sized by its members: it lacks `size` and `width` or `height`.
    static func sizedByMembers(_ t: PropertyTable) -> Bool {
        t[.size] == nil && (t[.width] == nil || t[.height] == nil)
    }

    static func rule(_ e: ResolvedElement, _ t: PropertyTable, inset: Double, inGrid: Bool, css: inout OutputBuffer) {
        CSSValues.idSelector(e.id, into: &css)
        let at = t[.at]?.point ?? (0, 0)
        if inGrid {
            // A member of a group sized by its members. An absolutely placed box takes no room,
            // so members share the group's one grid cell, offset by margins from its content
            // box: the group grows to their union (negative offsets stick out; transforms
            // such as `rotation` do not change the room a box takes).
            css.raw("{position:relative;grid-area:1/1;justify-self:start;align-self:start")
            css.raw(";margin-left:"); CSSValues.length(at.x, into: &css)
            css.raw(";margin-top:"); CSSValues.length(at.y, into: &css)
        } else {
            css.raw("{position:absolute")
            css.raw(";left:"); CSSValues.length(at.x + inset, into: &css)
            css.raw(";top:"); CSSValues.length(at.y + inset, into: &css)
        }
        var width = t[.width]?.number, height = t[.height]?.number
        if let size = t[.size]?.size { width = size.width; height = size.height }
        if e.kindID == .divider && height == nil { height = t[.thickness]?.number ?? 1 }
        if let width { css.raw(";width:"); CSSValues.length(width, into: &css) }
        if let height { css.raw(";height:"); CSSValues.length(height, into: &css) }
        if let z = t[.z]?.number, z != 0 { css.raw(";z-index:"); css.number(z.rounded()) }
        if let opacity = t[.opacity]?.number, opacity != 1 { css.raw(";opacity:"); css.number(opacity) }
        if let rotation = t[.rotation]?.number, rotation != 0 {
            css.raw(";transform:rotate("); css.number(rotation); css.raw("deg)")
        }
        if let background = t[.background]?.color { css.raw(";background-color:"); CSSValues.color(background, into: &css) }
        if let border = t[.borderWidth]?.number, border > 0 {
            css.raw(";border:"); CSSValues.length(border, into: &css); css.raw(" solid ")
            CSSValues.color(t[.borderColor]?.color ?? RGBAColor(red: 0, green: 0, blue: 0), into: &css)
        }
        if let radius = t[.cornerRadius]?.number, radius > 0 { css.raw(";border-radius:"); CSSValues.length(radius, into: &css) }
        if let padding = t[.padding]?.number, padding > 0 { css.raw(";padding:"); CSSValues.length(padding, into: &css) }
        switch e.kindID {
        case .text, .textarea, .button:
            textRules(e, t, css: &css)
        case .group:
            if sizedByMembers(t) { css.raw(";display:grid") }
        case .image:
            css.raw(";object-fit:"); css.raw(t[.fit]?.string == "contain" ? "contain" : t[.fit]?.string == "fill" ? "fill" : "cover")
        case .divider:
            if let thickness = t[.thickness]?.number, thickness > 0 {
                // The rule is a gradient strip across the box, centred vertically, so that the
                // box's own background and border stay free.
                css.raw(";background-image:linear-gradient(")
                let c = t[.color]?.color ?? RGBAColor(red: 0xCC, green: 0xCC, blue: 0xCC)
                CSSValues.color(c, into: &css); css.byte(0x2C); CSSValues.color(c, into: &css)
                css.raw(");background-repeat:no-repeat;background-position:0 50%;background-size:100% ")
                CSSValues.length(thickness, into: &css)
            }
        default:
            break
        }
        if t[.visible]?.bool == false { css.raw(";display:none") }
        css.raw("}\n")
        if e.kindID == .button, let lines = t[.maxLines]?.number {
            CSSValues.idSelector(e.id, into: &css)
            css.raw(">span{display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:")
            css.number(lines.rounded())
            css.raw(";overflow:hidden}\n")
        }
    }

    static func textRules(_ e: ResolvedElement, _ t: PropertyTable, css: inout OutputBuffer) {
        if case .font(let family, _)? = t[.font] {
            css.raw(";font-family:"); css.raw(FontFamilies.cssValue(family, declared: t.fontFallbacks))
        }
        css.raw(";font-size:"); CSSValues.length(t[.fontSize]?.number ?? 16, into: &css)
        let weight = Schema.cssFontWeight(t[.fontWeight]?.string ?? "regular") ?? 400
        css.raw(";font-weight:"); css.number(Double(weight))
        if t[.italic]?.bool == true { css.raw(";font-style:italic") }
        if t[.underline]?.bool == true { css.raw(";text-decoration:underline") }
        css.raw(";color:"); CSSValues.color(t[.color]?.color ?? RGBAColor(red: 0, green: 0, blue: 0), into: &css)
        // Always a side, never `start`: each element's direction follows its own text.
        let textAlign: StaticString
        switch t[.align]?.string {
        case "center"?: textAlign = "center"
        case "right"?: textAlign = "right"
        case "justify"?: textAlign = "justify"
        default: textAlign = "left"
        }
        css.raw(";text-align:"); css.raw(textAlign)
        if let lineHeight = t[.lineHeight]?.number { css.raw(";line-height:"); css.number(lineHeight) }
        // Each paragraph of a textarea runs in its own first letter's direction, as in a form's
        // text area (`dir="auto"` alone sets one direction for all of them).
        if e.kindID == .textarea { css.raw(";white-space:pre-wrap;unicode-bidi:plaintext") }
        // A line break in a text's value starts a new line, as TDL312 measures it; spaces
        // still collapse as in any paragraph.
        if e.kindID == .text, let value = t[.text]?.string, value.utf8.contains(0x0A) { css.raw(";white-space:pre-line") }
        if e.kindID != .button, let lines = t[.maxLines]?.number {
            css.raw(";display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:")
            css.number(lines.rounded())
            css.raw(";overflow:hidden")
        }
    }
}
