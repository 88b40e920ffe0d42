import Validator

/// What `EmailHTML.render` gives: the email, or nil when the template holds something email
/// cannot show (an error issue says what, naming the element), and every issue found.
public struct EmailExport: Sendable, Hashable {
    public let html: [UInt8]?
    public let issues: [ExportIssue]
}

/// A resolved template as an HTML email: the canvas as nested presentation tables, as email
/// clients (Gmail, Outlook) show them, which drop `<style>` blocks, positioning, custom
/// properties, `calc()`, flex and grid.
///
/// The canvas's absolute boxes become rows and columns of table cells (`EmailLayout`), with
/// spacer rows and cells for the gaps; widths and heights go in `width`/`height` attributes
/// and again in inline styles, colours in `bgcolor` too. Nothing else styles the email: it has
/// no `<style>` block. A group is a box holding a nested table of its members. The
/// description is the hidden preheader (the line inboxes show after the subject). A button
/// with an `action` is a bulletproof link: an `<a>` with its padding and background inline,
/// in a cell of the same colour. Hidden elements are left out.
///
/// Refused (an error issue, and no email): a video (email clients do not play one), members
/// drawn over one another, a member reaching outside its container (a table cannot clip it),
/// a member without a fixed width and height. Shown approximately (a warning): rotation and
/// opacity are dropped, and a canvas wider than 600 px is kept but flagged.
public enum EmailHTML {
    /// The width email clients show: wider emails are scaled down or scroll sideways.
    public static let emailWidth = 600.0

    public static func render(_ item: ResolvedItem) -> EmailExport {
        var writer = EmailWriter(template: item.name)
        guard item.kind == .template else {
            writer.refuse(.emailUnsupported, "`\(item.name)` is an annotation set; only templates can be exported as email")
            return EmailExport(html: nil, issues: writer.issues)
        }
        guard let size = item.canvasSize, size.width > 0, size.height > 0 else {
            writer.refuse(.emailUnsupported, "template `\(item.name)` has no canvas size, which an email's table needs")
            return EmailExport(html: nil, issues: writer.issues)
        }
        if size.width > emailWidth {
            writer.approximate("template `\(item.name)` is \(whole(size.width)) px wide: email clients show \(whole(emailWidth)) px and scale a wider email down or scroll it sideways")
        }
        let width = whole(size.width), height = whole(size.height)
        let background = item[.background]?.color ?? RGBAColor(red: 255, green: 255, blue: 255)
        var body = OutputBuffer(capacity: 1024 + item.children.count * 512)
        writer.container(item.children, originX: 0, originY: 0, width: width, height: height, owner: "the canvas",
                         frame: .canvas(background: background, forceLeftToRight: item.direction == .rightToLeft), into: &body)
        guard !writer.issues.contains(where: { $0.severity == .error }) else {
            return EmailExport(html: nil, issues: writer.issues)
        }
        let lang = item[.lang]?.string.flatMap { HTMLPage.isLanguageTag($0) ? $0 : nil } ?? "en"
        return EmailExport(html: page(item, lang: lang, background: background, body: body), issues: writer.issues)
    }

    /// The shell: doctype, `<html lang dir>`, charset, the page's script-free policy, title,
    /// the hidden preheader, and the canvas centred in a full-width table.
    static func page(_ item: ResolvedItem, lang: String, background: RGBAColor, body: OutputBuffer) -> [UInt8] {
        var head = OutputBuffer(capacity: 1024)
        head.raw("<!doctype html>\n<html")
        head.attribute("lang", lang)
        if item.direction == .rightToLeft { head.raw(" dir=\"rtl\"") }
        head.raw(">\n<head>\n<meta charset=\"utf-8\">\n<meta http-equiv=\"Content-Security-Policy\" content=\"")
        head.raw(HTMLPage.contentSecurityPolicy)
        head.raw("\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        // Keeps Apple Mail from rescaling the table layout.
        head.raw("<meta name=\"x-apple-disable-message-reformatting\">\n<title>")
        head.text(item.displayTitle)
        head.raw("</title>\n</head>\n<body style=\"margin:0;padding:0\">\n")
        if let description = item[.description]?.string, !description.isEmpty {
            // The preheader: inboxes show it after the subject; the reader never sees it.
            head.raw("<div style=\"display:none;font-size:1px;line-height:1px;max-height:0;max-width:0;opacity:0;overflow:hidden;mso-hide:all\">")
            head.text(description)
            head.raw("</div>\n")
        }
        head.raw("<table role=\"presentation\" width=\"100%\" cellpadding=\"0\" cellspacing=\"0\" border=\"0\" style=\"width:100%;border-collapse:collapse\">\n<tr><td align=\"center\" valign=\"top\">\n")
        var tail = OutputBuffer(capacity: 64)
        tail.raw("</td></tr>\n</table>\n</body>\n</html>\n")
        return OutputBuffer.concatenate([head, body, tail])
    }

    /// A length as a whole number of px, for attributes (never traps: clamped first).
    static func whole(_ v: Double) -> Int {
        guard v.isFinite else { return 0 }
        return Int(min(max(v, -1_000_000_000), 1_000_000_000).rounded())
    }
}
