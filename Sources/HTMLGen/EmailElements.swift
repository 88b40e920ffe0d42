import Validator

/// One member of an email's table, as markup with inline styles only: each element's outer
/// box is `rect`, its content box that less border and padding on each side (email clients
/// do not all honour `box-sizing`, so the widths written are content widths). Lengths are
/// plain px: no `calc()`, no custom properties.
extension EmailWriter {
    mutating func member(_ e: ResolvedElement, _ rect: EmailRect, into out: inout OutputBuffer) {
        let inset = max(0, e[.borderWidth]?.number ?? 0) + max(0, e[.padding]?.number ?? 0)
        let contentWidth = max(0, Double(rect.width) - 2 * inset)
        let contentHeight = max(0, Double(rect.height) - 2 * inset)
        switch e.kindID {
        case .text, .textarea:
            let tag = TemplateHTML.headingTag(e[.heading]?.number) ?? "p"
            var style = OutputBuffer(capacity: 256)
            EmailWriter.boxStyle(e, width: contentWidth, height: contentHeight, into: &style)
            // A table cell grows with its text, which would push every later row down: the
            // box keeps its designed height and clips (also standing in for `max-lines`).
            style.raw(";overflow:hidden")
            EmailWriter.textStyle(e, into: &style)
            out.byte(0x3C); out.raw(tag); out.attribute("id", e.id); out.raw(" dir=\"auto\"")
            out.attribute("style", style.string); out.byte(0x3E)
            out.text(e[.text]?.string ?? "")
            out.raw("</"); out.raw(tag); out.raw(">\n")
        case .image:
            var style = OutputBuffer(capacity: 128)
            if let src = e[.src]?.string {
                style.raw("display:block;")
                EmailWriter.boxStyle(e, width: contentWidth, height: contentHeight, into: &style)
                if !(e[.borderWidth]?.number ?? 0 > 0) { style.raw(";border:0") }
                style.raw(";object-fit:"); style.raw(CSSValues.objectFit(e[.fit]?.string))
                out.raw("<img"); out.attribute("id", e.id); out.attribute("src", src); out.attribute("alt", e[.alt]?.string ?? "")
                out.attribute("width", number: contentWidth.rounded()); out.attribute("height", number: contentHeight.rounded())
                out.attribute("style", style.string); out.raw(">\n")
            } else {
                // No URL that may be emitted: an empty box that still carries the description.
                EmailWriter.boxStyle(e, width: contentWidth, height: contentHeight, into: &style)
                out.raw("<div"); out.attribute("id", e.id)
                if let alt = e[.alt]?.string, !alt.isEmpty { out.attribute("role", "img"); out.attribute("aria-label", alt) }
                out.attribute("style", style.string); out.raw("></div>\n")
            }
        case .button:
            button(e, rect, contentWidth: contentWidth, contentHeight: contentHeight, into: &out)
        case .divider:
            // The rule is a strip `thickness` high, centred in the box, as the page draws it.
            let thickness = min(contentHeight, max(0, e[.thickness]?.number ?? 1))
            let above = ((contentHeight - thickness) / 2).rounded(.down)
            var style = OutputBuffer(capacity: 128)
            EmailWriter.boxStyle(e, width: contentWidth, height: contentHeight - above, extraTop: above, into: &style)
            style.raw(";font-size:0;line-height:0")
            out.raw("<div"); out.attribute("id", e.id); out.raw(" role=\"separator\""); out.attribute("style", style.string)
            out.byte(0x3E)
            if thickness > 0 {
                out.raw("<div style=\"height:"); EmailWriter.px(thickness, into: &out)
                out.raw(";background-color:"); CSSValues.color(e[.color]?.color ?? RGBAColor(red: 0xCC, green: 0xCC, blue: 0xCC), into: &out)
                out.raw(";font-size:0;line-height:0\">&nbsp;</div>")
            }
            out.raw("</div>\n")
        case .group:
            var style = OutputBuffer(capacity: 128)
            EmailWriter.boxStyle(e, width: contentWidth, height: contentHeight, into: &style)
            out.raw("<div"); out.attribute("id", e.id); out.attribute("style", style.string); out.raw(">\n")
            let box = e.box ?? ResolvedBox(x: 0, y: 0)
            container(e.children, originX: box.x + inset, originY: box.y + inset,
                      width: EmailHTML.whole(contentWidth), height: EmailHTML.whole(contentHeight),
                      owner: "group `\(e.name ?? e.id)`", frame: .group(background: e[.background]?.color), into: &out)
            out.raw("</div>\n")
        default:
            break
        }
    }

    /// A button with an action: a bulletproof link, an `<a>` whose padding, background and
    /// border are inline, in a cell of the button's size and colour (for clients that ignore
    /// a link's background). Without an action it leads nowhere, so its label is text.
    private func button(_ e: ResolvedElement, _ rect: EmailRect, contentWidth: Double, contentHeight: Double,
                        into out: inout OutputBuffer) {
        // The label's line centred vertically by padding above it (a line of the font size
        // times the line height, 1.2 when none is given).
        let lineHeight = e[.lineHeight]?.number ?? 1.2
        let line = (e[.fontSize]?.number ?? 16) * lineHeight
        let above = max(0, ((contentHeight - line) / 2).rounded(.down))
        var style = OutputBuffer(capacity: 256)
        style.raw("display:block;")
        EmailWriter.boxStyle(e, width: contentWidth, height: contentHeight - above, extraTop: above, into: &style)
        style.raw(";overflow:hidden")
        EmailWriter.textStyle(e, lineHeight: lineHeight, into: &style)
        guard let action = e[.action]?.string else {
            out.raw("<p"); out.attribute("id", e.id); out.raw(" dir=\"auto\""); out.attribute("style", style.string)
            out.byte(0x3E); out.text(e[.label]?.string ?? ""); out.raw("</p>\n")
            return
        }
        if e[.underline]?.bool != true { style.raw(";text-decoration:none") }
        let background = e[.background]?.color
        out.raw("<table role=\"presentation\""); out.attribute("width", number: Double(rect.width))
        out.raw(" cellpadding=\"0\" cellspacing=\"0\" border=\"0\" style=\"width:"); out.number(Double(rect.width))
        out.raw("px;border-collapse:separate\">\n<tr><td valign=\"middle\""); out.attribute("height", number: Double(rect.height))
        if let background, background.isOpaque { out.raw(" bgcolor=\""); out.hex(background, alpha: false); out.byte(0x22) }
        out.raw(" style=\"height:"); out.number(Double(rect.height)); out.raw("px")
        if let radius = e[.cornerRadius]?.number, radius > 0 { out.raw(";border-radius:"); EmailWriter.px(radius, into: &out) }
        if let background { out.raw(";background-color:"); CSSValues.color(background, into: &out) }
        out.raw("\">\n<a"); out.attribute("id", e.id); out.attribute("href", action); out.raw(" dir=\"auto\"")
        out.attribute("style", style.string); out.byte(0x3E); out.text(e[.label]?.string ?? ""); out.raw("</a>\n</td></tr>\n</table>\n")
    }

    /// `N px`, or `0`.
    static func px(_ v: Double, into out: inout OutputBuffer) {
        out.number(v)
        if v.isFinite && abs(v) >= 0.00005 { out.raw("px") }
    }

    /// The box: no margin, the content size, padding (`extraTop` more above), border, corner
    /// radius and background.
    static func boxStyle(_ e: ResolvedElement, width: Double, height: Double, extraTop: Double = 0,
                         into s: inout OutputBuffer) {
        s.raw("margin:0;width:"); px(width, into: &s)
        s.raw(";height:"); px(max(0, height), into: &s)
        let padding = max(0, e[.padding]?.number ?? 0)
        if extraTop > 0 {
            s.raw(";padding:"); px(padding + extraTop, into: &s)
            s.byte(0x20); px(padding, into: &s); s.byte(0x20); px(padding, into: &s); s.byte(0x20); px(padding, into: &s)
        } else if padding > 0 {
            s.raw(";padding:"); px(padding, into: &s)
        } else {
            s.raw(";padding:0")
        }
        if let border = e[.borderWidth]?.number, border > 0 {
            s.raw(";border:"); px(border, into: &s); s.raw(" solid ")
            CSSValues.color(e[.borderColor]?.color ?? RGBAColor(red: 0, green: 0, blue: 0), into: &s)
        }
        if let radius = e[.cornerRadius]?.number, radius > 0 { s.raw(";border-radius:"); px(radius, into: &s) }
        if let background = e[.background]?.color { s.raw(";background-color:"); CSSValues.color(background, into: &s) }
    }

    /// Font, size, weight, style, colour, alignment and line height, as the page writes them
    /// (`TemplateHTML.textRules`), in px.
    static func textStyle(_ e: ResolvedElement, lineHeight: Double? = nil, into s: inout OutputBuffer) {
        s.raw(";font-family:")
        if case .font(let family, _)? = e[.font] { s.raw(FontFamilies.cssValue(family)) } else { s.raw("sans-serif") }
        s.raw(";font-size:"); px(e[.fontSize]?.number ?? 16, into: &s)
        CSSValues.textLook(kind: e.kindID, lineHeight: lineHeight ?? e[.lineHeight]?.number, { e[$0] }, into: &s)
    }
}
