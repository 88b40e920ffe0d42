import Validator

/// Writes one template's containers (the canvas, groups) as email tables, and collects what
/// email cannot show (`EmailHTML`). Every refusal names the template and the element.
struct EmailWriter {
    let template: String
    var issues: [ExportIssue] = []

    init(template: String) { self.template = template }

    /// What surrounds a container's table.
    enum Frame {
        /// The canvas: centred, its background as `bgcolor`; `forceLeftToRight` for a
        /// right-to-left template, whose table cells would otherwise run from the right
        /// (TDL places boxes from the left whatever the text's direction).
        case canvas(background: RGBAColor, forceLeftToRight: Bool)
        /// A group's content box, inside the group's own box.
        case group(background: RGBAColor?)
    }

    mutating func refuse(_ kind: ExportIssue.Kind, _ message: String) {
        issues.append(ExportIssue(severity: .error, kind: kind, message: message))
    }

    mutating func approximate(_ message: String) {
        issues.append(ExportIssue(severity: .warning, kind: .emailApproximation, message: message))
    }

    /// `kind \`name\``, for messages: the name as written (the id, unique, for an unnamed one).
    static func describe(_ e: ResolvedElement) -> String { "\(e.kind) `\(e.name ?? e.id)`" }

    /// The first few elements, described, and how many more.
    static func list(_ elements: [ResolvedElement]) -> String {
        let named = elements.prefix(6).map(describe).joined(separator: ", ")
        return elements.count > 6 ? named + " and \(elements.count - 6) more" : named
    }

    static func describe(_ r: EmailRect) -> String { "at \(r.left), \(r.top), \(r.width) x \(r.height)" }

    /// The shown members of a container whose content box starts at `originX`, `originY` on
    /// the canvas and is `width` x `height`: checked, laid out, and written as a table.
    mutating func container(_ members: [ResolvedElement], originX: Double, originY: Double, width: Int, height: Int,
                            owner: String, frame: Frame, into out: inout OutputBuffer) {
        var shown: [ResolvedElement] = []
        var rects: [EmailRect] = []
        for e in members where e[.visible]?.bool != false {
            if e.kindID == .video {
                refuse(.emailUnsupported, "template `\(template)`: \(EmailWriter.describe(e)) in \(owner) cannot be sent by email: email clients do not play video. Show an `image` of its poster instead, with a `button` whose `action` leads to the video")
                continue
            }
            guard let box = e.box, let w = box.width, let h = box.height else {
                refuse(.emailUnsupported, "template `\(template)`: \(EmailWriter.describe(e)) in \(owner) has no fixed width and height: an email lays elements out in table cells of fixed sizes; give it `size`")
                continue
            }
            let left = EmailHTML.whole(box.x - originX), top = EmailHTML.whole(box.y - originY)
            let rect = EmailRect(left: left, top: top, right: left + EmailHTML.whole(w), bottom: top + EmailHTML.whole(h))
            if rect.left < 0 || rect.top < 0 || rect.right > width || rect.bottom > height {
                refuse(.emailUnsupported, "template `\(template)`: \(EmailWriter.describe(e)) (\(EmailWriter.describe(rect))) reaches outside \(owner) (\(width) x \(height)): an email's table cannot clip it; move it inside")
                continue
            }
            if let rotation = e[.rotation]?.number, rotation != 0 {
                approximate("template `\(template)`: the rotation of \(EmailWriter.describe(e)) is dropped: email clients do not rotate elements")
            }
            if let opacity = e[.opacity]?.number, opacity != 1 {
                approximate("template `\(template)`: the opacity of \(EmailWriter.describe(e)) is dropped: many email clients ignore it, so it is drawn opaque")
            }
            shown.append(e)
            rects.append(rect)
        }
        let layout = EmailLayout.bands(rects)
        for problem in layout.problems { report(problem, shown, rects, owner: owner) }
        guard layout.problems.isEmpty else { return }
        // Written even when an earlier refusal means the email is dropped, so that the
        // members' own problems (a video inside a group) are found too.
        tableStart(width: width, frame: frame, into: &out)
        rows(layout.bands, shown, rects, top: 0, left: 0, width: width, height: height, into: &out)
        out.raw("</table>\n")
    }

    private mutating func report(_ problem: EmailLayout.Problem, _ shown: [ResolvedElement], _ rects: [EmailRect], owner: String) {
        switch problem {
        case .overlap(let a, let b):
            refuse(.emailOverlap, "template `\(template)`: \(EmailWriter.describe(shown[a])) (\(EmailWriter.describe(rects[a]))) and \(EmailWriter.describe(shown[b])) (\(EmailWriter.describe(rects[b]))) overlap in \(owner): an email lays elements out in table cells, which cannot be drawn over one another; move or resize one of them")
        case .interlocked(let members):
            let names = EmailWriter.list(members.map { shown[$0] })
            refuse(.emailOverlap, "template `\(template)`: \(names) interlock in \(owner): no row or column separates them, so an email's table cells cannot place them; line them up in rows or columns")
        case .tooDeep(let members):
            let names = EmailWriter.list(members.map { shown[$0] })
            refuse(.emailOverlap, "template `\(template)`: \(names) in \(owner) need rows and columns nested more than \(EmailLayout.maximumDepth) deep, which email clients do not show; line them up in simpler rows")
        }
    }

    /// `<table>` of `width` px with the attributes email clients read and the same as styles.
    private func tableStart(width: Int, frame: Frame?, into out: inout OutputBuffer) {
        out.raw("<table role=\"presentation\"")
        if case .canvas(_, true)? = frame { out.raw(" dir=\"ltr\"") }
        out.attribute("width", number: Double(width))
        var background: RGBAColor? = nil
        switch frame {
        case .canvas(let color, _)?:
            out.raw(" align=\"center\"")
            background = color
        case .group(let color)?:
            background = color
        case nil:
            break
        }
        if let background, background.isOpaque { out.raw(" bgcolor=\""); out.hex(background, alpha: false); out.byte(0x22) }
        out.raw(" cellpadding=\"0\" cellspacing=\"0\" border=\"0\" style=\"width:")
        out.number(Double(width))
        out.raw("px;border-collapse:collapse")
        if case .canvas? = frame { out.raw(";margin:0 auto") }
        if let background { out.raw(";background-color:"); CSSValues.color(background, into: &out) }
        out.raw("\">\n")
    }

    /// The rows of a table whose content starts at `top`, `left` (container coordinates): a
    /// spacer row before each band that starts lower than the previous one ends, then the band;
    /// with `height`, a spacer row down to it.
    private mutating func rows(_ bands: [EmailLayout.Band], _ shown: [ResolvedElement], _ rects: [EmailRect],
                               top: Int, left: Int, width: Int, height: Int?, into out: inout OutputBuffer) {
        var y = top
        for band in bands {
            if band.top > y { spacerRow(band.top - y, into: &out) }
            out.raw("<tr><td valign=\"top\">\n")
            tableStart(width: width, frame: nil, into: &out)
            out.raw("<tr>\n")
            var x = left
            for column in band.columns {
                if column.left > x { spacerCell(column.left - x, into: &out) }
                let cellWidth = column.right - column.left
                out.raw("<td valign=\"top\""); out.attribute("width", number: Double(cellWidth))
                out.raw(" style=\"width:"); out.number(Double(cellWidth)); out.raw("px\">\n")
                switch column.content {
                case .member(let i):
                    if rects[i].top > band.top {
                        // Lower than the band's top: a table of a spacer row and the member.
                        tableStart(width: cellWidth, frame: nil, into: &out)
                        spacerRow(rects[i].top - band.top, into: &out)
                        out.raw("<tr><td valign=\"top\">\n")
                        member(shown[i], rects[i], into: &out)
                        out.raw("</td></tr>\n</table>\n")
                    } else {
                        member(shown[i], rects[i], into: &out)
                    }
                case .bands(let inner):
                    tableStart(width: cellWidth, frame: nil, into: &out)
                    rows(inner, shown, rects, top: band.top, left: column.left, width: cellWidth, height: nil, into: &out)
                    out.raw("</table>\n")
                }
                out.raw("</td>\n")
                x = column.right
            }
            if left + width > x { spacerCell(left + width - x, into: &out) }
            out.raw("</tr>\n</table>\n</td></tr>\n")
            y = band.bottom
        }
        if let height, top + height > y { spacerRow(top + height - y, into: &out) }
    }

    /// A row `height` px high holding nothing: a non-breaking space in a font of size 0.
    private func spacerRow(_ height: Int, into out: inout OutputBuffer) {
        out.raw("<tr><td"); out.attribute("height", number: Double(height))
        out.raw(" style=\"height:"); out.number(Double(height)); out.raw("px;font-size:0;line-height:0\">&nbsp;</td></tr>\n")
    }

    /// A cell `width` px wide holding nothing.
    private func spacerCell(_ width: Int, into out: inout OutputBuffer) {
        out.raw("<td"); out.attribute("width", number: Double(width))
        out.raw(" style=\"width:"); out.number(Double(width)); out.raw("px;font-size:0;line-height:0\">&nbsp;</td>\n")
    }
}
