import Validator

/// A resolved annotation set as SVG: the overlay drawn in the image's px, either inline in an
/// HTML `<figure>` over the `<img>`, or as a standalone SVG that draws the image itself
/// with `<image href>` (the file's bytes as a `data:` URL when the caller embeds it).
///
/// Every id in the SVG starts with the set's name (`idPrefix`), so that overlays inlined in
/// one page never share one: an element is a `<g id="SET-ID">` (its resolved id) holding its
/// shapes, painted in `z` order (source order among equal `z`); the ids the exporter makes
/// for markers, filters, clip paths, the image, the title and the description are
/// `SET.tdl.…`, which no element's can be (names hold no `.`). Colours with alpha are written
/// as an opaque colour plus `fill-opacity` / `stroke-opacity`, which every SVG renderer reads.
///
/// The `<svg>` is `role="img"`, named by its `<title>` (the set's title) and described by its
/// `<desc>` (`AnnotationDescription`: the marks in source order, in words).
///
/// The overlay runs in the set's direction (`lang`); a label gets the direction HTML's
/// `dir="auto"` would give it (its first letter's, else left to right) where that differs.
public enum AnnotationSVG {
    /// A standalone SVG document: `<image href>` under the overlay; `embedded`, when given,
    /// is the image file's content, written as a `data:` URL in place of the link.
    public static func standalone(_ item: ResolvedItem, embedded: EmbeddedImage? = nil) -> [UInt8] {
        let prefix = idPrefix(item)
        let image = item[.image]?.string
        var out = OutputBuffer(capacity: 1024 + item.children.count * 256 + (embedded?.dataURL.utf8.count ?? 0))
        out.raw("<svg xmlns=\"http://www.w3.org/2000/svg\"")
        out.attribute("xml:lang", language(item))
        if item.direction == .rightToLeft { out.raw(" direction=\"rtl\"") }
        if let size = item.canvasSize {
            out.attribute("width", number: size.width)
            out.attribute("height", number: size.height)
            viewBox(size, into: &out)
        }
        accessibleName(prefix, into: &out)
        out.raw(">\n")
        titleAndDescription(item, prefix: prefix, indent: "", into: &out)
        if let image {
            // The blurs draw this image again through `<use>`, so an embedded file is written once.
            out.raw("<image"); out.attribute("id", prefix + ".tdl.image")
            out.attribute("href", embedded?.dataURL ?? image)
            imagePlacement(item, into: &out)
            out.raw("/>\n")
        }
        overlay(item, prefix: prefix, image: image.map { _ in .use(prefix + ".tdl.image") }, indent: "", into: &out)
        out.raw("</svg>\n")
        return out.bytes
    }

    /// How a blur draws the image again: its own `<image href>` (the HTML figure, whose
    /// image is the `<img>` outside the SVG), or `<use>` of the standalone SVG's `<image>`.
    enum ImageSource {
        case link(String)
        case use(String)
    }

    /// The set's name as an XML name: ASCII letters, digits, `_` and `-` kept, any other
    /// byte `_`, and `tdl-` before a name that does not start with a letter or `_`. Names
    /// are identifiers, so this changes nothing for a valid document; it guards the output.
    static func idPrefix(_ item: ResolvedItem) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(item.name.utf8.count + 4)
        for b in item.name.utf8 {
            let keep = (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A || (b >= 0x30 && b <= 0x39) || b == 0x5F || b == 0x2D
            bytes.append(keep ? b : 0x5F)
        }
        if let first = bytes.first, (first | 0x20) >= 0x61 && (first | 0x20) <= 0x7A || first == 0x5F {
            return String(decoding: bytes, as: UTF8.self)
        }
        return "tdl-" + String(decoding: bytes, as: UTF8.self)
    }

    /// ` role="img" aria-labelledby="….tdl.title" aria-describedby="….tdl.desc"`.
    static func accessibleName(_ prefix: String, into out: inout OutputBuffer) {
        out.raw(" role=\"img\"")
        out.attribute("aria-labelledby", prefix + ".tdl.title")
        out.attribute("aria-describedby", prefix + ".tdl.desc")
    }

    /// `<title>` (the set's title, else its name) and `<desc>` (its marks in words).
    static func titleAndDescription(_ item: ResolvedItem, prefix: String, indent: String, into out: inout OutputBuffer) {
        out.raw(indent); out.raw("<title"); out.attribute("id", prefix + ".tdl.title"); out.byte(0x3E)
        out.text(item.displayTitle)
        out.raw("</title>\n")
        out.raw(indent); out.raw("<desc"); out.attribute("id", prefix + ".tdl.desc"); out.byte(0x3E)
        out.text(AnnotationDescription.text(item))
        out.raw("</desc>\n")
    }

    /// An HTML page holding a `<figure>`: the `<img>` and the inline SVG overlay, in `<main>`
    /// after a visually hidden `<h1>` with the set's title.
    public static func figureHTML(_ item: ResolvedItem) -> [UInt8] {
        var css = OutputBuffer()
        css.raw("*,*::before,*::after{box-sizing:border-box}\nhtml,body{margin:0;padding:0}\n")
        // The page's one heading names it for screen readers without changing the picture.
        css.raw(".tdl-title{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip-path:inset(50%);white-space:nowrap}\n")
        let size = item.canvasSize
        if let size {
            // The figure has the declared size's shape and scales down to narrow screens; the
            // image fills it (even when the file's own proportions differ, or it is missing),
            // so the overlay's viewBox always lies exactly over it.
            css.raw(".tdl-figure{position:relative;margin:0 auto;max-width:")
            css.number(size.width)
            // The shape comes from a percentage padding (it resolves against the width), which
            // every browser and checker understands.
            css.raw("px}\n.tdl-figure::before{content:\"\";display:block;padding-top:")
            css.number(size.width > 0 ? (size.height / size.width * 100 * 10_000).rounded() / 10_000 : 0)
            css.raw("%}\n.tdl-figure>img{position:absolute;left:0;top:0;display:block;width:100%;height:100%;object-fit:fill}\n")
            css.raw(".tdl-figure>svg{position:absolute;left:0;top:0;width:100%;height:100%;overflow:hidden}\n")
        } else {
            // Without a size the overlay is drawn in px over the image at its natural size.
            css.raw(".tdl-figure{position:relative;display:table;margin:0 auto}\n.tdl-figure>img{display:block}\n")
            css.raw(".tdl-figure>svg{position:absolute;left:0;top:0;width:100%;height:100%;overflow:visible}\n")
        }
        var body = OutputBuffer(capacity: 1024 + item.children.count * 256)
        body.raw("<main>\n<h1 class=\"tdl-title\">"); body.text(item.displayTitle); body.raw("</h1>\n")
        body.raw("<figure class=\"tdl-figure\">\n")
        let image = item[.image]?.string
        if let image {
            body.raw("  <img"); body.attribute("src", image); body.attribute("alt", item.displayTitle)
            if let size {
                body.attribute("width", number: size.width)
                body.attribute("height", number: size.height)
            }
            body.raw(">\n")
        }
        let prefix = idPrefix(item)
        body.raw("  <svg")
        if let size { viewBox(size, into: &body) }
        accessibleName(prefix, into: &body)
        // (The overlay takes the page's direction, the set's.)
        body.raw(">\n")
        titleAndDescription(item, prefix: prefix, indent: "    ", into: &body)
        overlay(item, prefix: prefix, image: image.map { .link($0) }, indent: "    ", into: &body)
        body.raw("  </svg>\n</figure>\n</main>\n")
        return HTMLPage.write(lang: language(item), direction: item.direction, title: item.displayTitle,
                              description: nil, css: css, body: body)
    }

    /// The set's `lang` when it is a language tag, else `en`.
    static func language(_ item: ResolvedItem) -> String {
        item[.lang]?.string.flatMap { HTMLPage.isLanguageTag($0) ? $0 : nil } ?? "en"
    }

    static func viewBox(_ size: (width: Double, height: Double), into out: inout OutputBuffer) {
        out.raw(" viewBox=\"0 0 ")
        out.number(size.width); out.byte(0x20); out.number(size.height)
        out.byte(0x22)
    }

    static func imagePlacement(_ item: ResolvedItem, into out: inout OutputBuffer) {
        out.raw(" x=\"0\" y=\"0\"")
        if let size = item.canvasSize {
            out.attribute("width", number: size.width)
            out.attribute("height", number: size.height)
        } else {
            // No size given: the image fills the drawing (SVG 1.1 requires both attributes).
            out.raw(" width=\"100%\" height=\"100%\"")
        }
    }

    // MARK: Overlay

    /// `<defs>` (markers, blur filters and clips) and the elements, in `z` order.
    static func overlay(_ item: ResolvedItem, prefix: String, image: ImageSource?, indent: String, into out: inout OutputBuffer) {
        let ends = AnnotationGeometry.lineEnds(item.children)
        let ordered = item.children.enumerated().sorted { a, b in
            let za = a.element[.z]?.number ?? 0, zb = b.element[.z]?.number ?? 0
            return za != zb ? za < zb : a.offset < b.offset
        }
        var defs = OutputBuffer()
        var shapes = OutputBuffer()
        for (index, e) in ordered {
            let box = AnnotationGeometry.box(e, lines: ends)
            element(e, index: index, box: box, ends: ends[e.id], item: item, prefix: prefix, image: image, indent: indent,
                    defs: &defs, out: &shapes)
        }
        if !defs.isEmpty {
            out.raw(indent); out.raw("<defs>\n")
            out.append(defs)
            out.raw(indent); out.raw("</defs>\n")
        }
        out.append(shapes)
    }

    static func element(_ e: ResolvedElement, index: Int, box: Rect,
                        ends: (from: (x: Double, y: Double), to: (x: Double, y: Double))?,
                        item: ResolvedItem, prefix: String, image: ImageSource?, indent: String,
                        defs: inout OutputBuffer, out: inout OutputBuffer) {
        out.raw(indent); out.raw("<g"); out.attribute("id", prefix + "-" + e.id)
        if let opacity = e[.opacity]?.number, opacity != 1 { out.attribute("opacity", number: opacity) }
        let rotation = e[.rotation]?.number ?? 0, scale = e[.scale]?.number ?? 1
        if rotation != 0 || scale != 1 {
            let c = box.center
            out.raw(" transform=\"translate("); out.number(c.x); out.byte(0x20); out.number(c.y); out.byte(0x29)
            if rotation != 0 { out.raw(" rotate("); out.number(rotation); out.byte(0x29) }
            if scale != 1 { out.raw(" scale("); out.number(scale); out.byte(0x29) }
            out.raw(" translate("); out.number(-c.x); out.byte(0x20); out.number(-c.y); out.raw(")\"")
        }
        if e[.visible]?.bool == false { out.raw(" display=\"none\"") }
        out.raw(">\n")
        let inner = indent + "  "
        switch e.kindID {
        case .rect, .highlight:
            rect(box, radius: e[.cornerRadius]?.number ?? 0, fill: e[.fill]?.color, stroke: e[.stroke]?.color,
                 width: e[.strokeWidth]?.number ?? 2, indent: inner, into: &out)
        case .ellipse:
            out.raw(inner); out.raw("<ellipse")
            let c = box.center
            out.attribute("cx", number: c.x); out.attribute("cy", number: c.y)
            out.attribute("rx", number: box.width / 2); out.attribute("ry", number: box.height / 2)
            paint(fill: e[.fill]?.color, stroke: e[.stroke]?.color, width: e[.strokeWidth]?.number ?? 2, into: &out)
            out.raw("/>\n")
        case .line, .arrow:
            if let ends { line(e, id: "\(prefix).tdl.\(index)", ends: ends, indent: inner, defs: &defs, out: &out) }
        case .label:
            label(e, box: box, setDirection: item.direction, indent: inner, into: &out)
        case .number:
            number(e, box: box, indent: inner, into: &out)
        case .blur:
            blur(e, id: "\(prefix).tdl.\(index)", box: box, item: item, image: image, indent: inner, defs: &defs, out: &out)
        default:
            break
        }
        out.raw(indent); out.raw("</g>\n")
    }

    static func rect(_ box: Rect, radius: Double, fill: RGBAColor?, stroke: RGBAColor?, width: Double,
                     indent: String, into out: inout OutputBuffer) {
        out.raw(indent); out.raw("<rect")
        out.attribute("x", number: box.x); out.attribute("y", number: box.y)
        out.attribute("width", number: box.width); out.attribute("height", number: box.height)
        if radius > 0 { out.attribute("rx", number: radius) }
        paint(fill: fill, stroke: stroke, width: width, into: &out)
        out.raw("/>\n")
    }

    /// `fill`, `stroke` and `stroke-width` attributes; `none` where a colour is absent.
    static func paint(fill: RGBAColor?, stroke: RGBAColor?, width: Double, into out: inout OutputBuffer) {
        color("fill", fill, into: &out)
        if let stroke, width > 0 {
            color("stroke", stroke, into: &out)
            out.attribute("stroke-width", number: width)
        } else {
            out.raw(" stroke=\"none\"")
        }
    }

    /// ` name="#RRGGBB"` plus ` name-opacity="A"` for a translucent colour; `none` for nil.
    static func color(_ name: StaticString, _ c: RGBAColor?, into out: inout OutputBuffer) {
        out.byte(0x20); out.raw(name); out.raw("=\"")
        guard let c else { out.raw("none\""); return }
        out.hex(c, alpha: false); out.byte(0x22)
        if !c.isOpaque {
            out.byte(0x20); out.raw(name); out.raw("-opacity=\""); out.number(CSSValues.alpha(c)); out.byte(0x22)
        }
    }

    // MARK: Lines and markers

    /// A marker's shape in a 10 x 10 box whose +x points along the line at its end, and how far
    /// the line stops short of the end so that its butt does not show past the shape's tip.
    struct MarkerShape {
        let path: String
        let filled: Bool
        /// Anchor on the x axis (the line's end sits here).
        let refX: Double
        /// Distance in marker units (of 10) by which the line is shortened.
        let inset: Double
    }

    static func markerShape(_ style: String, tail: Bool) -> MarkerShape? {
        // Head shapes point along +x with their tip at the line's end; tail shapes are their
        // mirror images, pointing away from the line at its start. The anchor sits `inset`
        // units behind the tip, where the shortened line ends.
        switch style {
        case "filled":
            return MarkerShape(path: tail ? "M10 0L0 5L10 10Z" : "M0 0L10 5L0 10Z", filled: true, refX: 5, inset: 5)
        case "open":
            return MarkerShape(path: tail ? "M9 1L1 5L9 9" : "M1 1L9 5L1 9", filled: false, refX: tail ? 2 : 8, inset: 1)
        case "circle": return MarkerShape(path: "M1 5A4 4 0 1 0 9 5A4 4 0 1 0 1 5Z", filled: true, refX: 5, inset: 0)
        case "square": return MarkerShape(path: "M1 1H9V9H1Z", filled: true, refX: 5, inset: 0)
        case "bar": return MarkerShape(path: "M5 0V10", filled: false, refX: 5, inset: 0)
        default: return nil
        }
    }

    static func line(_ e: ResolvedElement, id: String, ends: (from: (x: Double, y: Double), to: (x: Double, y: Double)),
                     indent: String, defs: inout OutputBuffer, out: inout OutputBuffer) {
        let width = e[.strokeWidth]?.number ?? 2
        let stroke = e[.stroke]?.color ?? RGBAColor(red: 255, green: 0, blue: 0)
        let fill = e[.fill]?.color ?? stroke
        // Markers are sized from the stroke width in user units: 3w + 6 px square.
        let size = 3 * width + 6
        let head = markerShape(e[.head]?.string ?? "none", tail: false)
        let tail = markerShape(e[.tail]?.string ?? "none", tail: true)
        var from = ends.from, to = ends.to
        let dx = to.x - from.x, dy = to.y - from.y
        let length = (dx * dx + dy * dy).squareRoot()
        let headInset = (head?.inset ?? 0) * size / 10, tailInset = (tail?.inset ?? 0) * size / 10
        if length > headInset + tailInset && length > 0 {
            from = (from.x + dx / length * tailInset, from.y + dy / length * tailInset)
            to = (to.x - dx / length * headInset, to.y - dy / length * headInset)
        }
        for (shape, name) in [(head, "head"), (tail, "tail")] {
            guard let shape else { continue }
            defs.raw(indent); defs.raw("<marker"); defs.attribute("id", id + "." + name)
            defs.raw(" viewBox=\"0 0 10 10\" markerUnits=\"userSpaceOnUse\"")
            defs.attribute("markerWidth", number: size); defs.attribute("markerHeight", number: size)
            defs.attribute("refX", number: shape.refX); defs.raw(" refY=\"5\" orient=\"auto\" overflow=\"visible\">")
            defs.raw("<path"); defs.attribute("d", shape.path)
            let outline = min(width * 10 / size, 2)
            if shape.filled {
                paint(fill: fill, stroke: stroke, width: outline, into: &defs)
            } else {
                color("fill", nil, into: &defs)
                color("stroke", stroke, into: &defs)
                defs.attribute("stroke-width", number: width * 10 / size)
            }
            defs.raw("/></marker>\n")
        }
        out.raw(indent); out.raw("<line")
        out.attribute("x1", number: from.x); out.attribute("y1", number: from.y)
        out.attribute("x2", number: to.x); out.attribute("y2", number: to.y)
        color("stroke", stroke, into: &out)
        out.attribute("stroke-width", number: width)
        let cap = e[.cap]?.string ?? "butt"
        if cap == "round" || cap == "square" { out.raw(cap == "round" ? " stroke-linecap=\"round\"" : " stroke-linecap=\"square\"") }
        switch e[.dash]?.string {
        case "dashed"? where width > 0:
            out.raw(" stroke-dasharray=\""); out.number(4 * width); out.byte(0x20); out.number(3 * width); out.byte(0x22)
        case "dotted"? where width > 0:
            // Round caps draw a dot from a zero-length dash; other caps need a dash as long as the width.
            out.raw(" stroke-dasharray=\""); out.number(cap == "round" ? 0 : width); out.byte(0x20); out.number(2 * width); out.byte(0x22)
        default:
            break
        }
        if head != nil { out.attribute("marker-end", "url(#" + id + ".head)") }
        if tail != nil { out.attribute("marker-start", "url(#" + id + ".tail)") }
        out.raw("/>\n")
    }

    // MARK: Labels, numbers, blurs

    static func fontAttributes(_ e: ResolvedElement, size: Double, weight: Int, into out: inout OutputBuffer) {
        var family = "sans-serif"
        if case .font(let name, _)? = e[.font] { family = FontFamilies.cssValue(name, separator: ", ") }
        out.attribute("font-family", family)
        out.attribute("font-size", number: size)
        if weight != 400 { out.attribute("font-weight", number: Double(weight)) }
    }

    /// A label's box and text. The text runs as HTML's `dir="auto"` would run it: in its first
    /// letter's direction, else left to right.
    static func label(_ e: ResolvedElement, box: Rect, setDirection: TextDirection, indent: String, into out: inout OutputBuffer) {
        let background = e[.background]?.color ?? e[.fill]?.color
        let stroke = e[.stroke]?.color
        if background != nil || stroke != nil {
            rect(box, radius: 0, fill: background, stroke: stroke, width: e[.strokeWidth]?.number ?? 2, indent: indent, into: &out)
        }
        let fontSize = e[.fontSize]?.number ?? 16
        let layout = AnnotationGeometry.labelLayout(e)
        let padX = fontSize * AnnotationGeometry.labelPaddingX
        let lineHeight = fontSize * AnnotationGeometry.lineHeight
        // The text runs in its own direction; `text-anchor` names the end of the text that sits
        // at `x` in that direction (`start` is the right-hand end of right-to-left text).
        let text = e[.text]?.string ?? ""
        let direction = TextDirection.firstStrong(in: text) ?? .leftToRight
        let rtl = direction == .rightToLeft
        let x: Double
        let anchor: StaticString?
        switch e[.align]?.string {
        case "center"?: x = box.x + box.width / 2; anchor = "middle"
        case "right"?: x = box.x + box.width - padX; anchor = rtl ? nil : "end"
        case "left"?: x = box.x + padX; anchor = rtl ? "end" : nil
        default: x = rtl ? box.x + box.width - padX : box.x + padX; anchor = nil  // justify: from the start
        }
        let top = box.y + (box.height - Double(layout.lines.count) * lineHeight) / 2
        out.raw(indent); out.raw("<text")
        var weight = 400
        if case .font(_, let w?)? = e[.font] { weight = Schema.cssFontWeight(w) ?? 400 }
        fontAttributes(e, size: fontSize, weight: weight, into: &out)
        color("fill", e[.color]?.color ?? RGBAColor(red: 255, green: 0, blue: 0), into: &out)
        if let anchor { out.raw(" text-anchor=\""); out.raw(anchor); out.byte(0x22) }
        if direction != setDirection { out.raw(" direction=\""); out.raw(direction.keyword); out.byte(0x22) }
        out.raw(" dominant-baseline=\"central\">")
        for (i, line) in layout.lines.enumerated() {
            out.raw("<tspan"); out.attribute("x", number: x)
            out.attribute("y", number: top + (Double(i) + 0.5) * lineHeight)
            out.byte(0x3E); out.text(line); out.raw("</tspan>")
        }
        out.raw("</text>\n")
    }

    static func number(_ e: ResolvedElement, box: Rect, indent: String, into out: inout OutputBuffer) {
        let radius = e[.radius]?.number ?? 16
        let c = box.center
        out.raw(indent); out.raw("<circle")
        out.attribute("cx", number: c.x); out.attribute("cy", number: c.y); out.attribute("r", number: radius)
        paint(fill: e[.fill]?.color ?? RGBAColor(red: 255, green: 0, blue: 0), stroke: e[.stroke]?.color,
              width: e[.strokeWidth]?.number ?? 2, into: &out)
        out.raw("/>\n")
        let value = String(e[.value].flatMap { if case .integer(let n) = $0 { return n } else { return nil } } ?? 0)
        let digits = Double(max(value.count, 2))
        out.raw(indent); out.raw("<text")
        out.attribute("x", number: c.x); out.attribute("y", number: c.y)
        fontAttributes(e, size: (radius * 2 / digits * 1.1 * 1000).rounded() / 1000, weight: 700, into: &out)
        color("fill", e[.color]?.color ?? RGBAColor(red: 255, green: 255, blue: 255), into: &out)
        out.raw(" text-anchor=\"middle\" dominant-baseline=\"central\">")
        out.text(value)
        out.raw("</text>\n")
    }

    /// The image drawn again inside the box, blurred by an SVG filter and clipped to the box.
    /// It redacts the rendering only: the image file itself still holds the pixels.
    static func blur(_ e: ResolvedElement, id: String, box: Rect, item: ResolvedItem, image: ImageSource?, indent: String,
                     defs: inout OutputBuffer, out: inout OutputBuffer) {
        let radius = e[.radius]?.number ?? 8
        if let image {
            // The filter region reaches past the box so the blur near its edges samples the
            // real neighbouring pixels; the clip then keeps only the box.
            let margin = 3 * radius
            defs.raw(indent); defs.raw("<filter"); defs.attribute("id", id + ".blur")
            defs.raw(" filterUnits=\"userSpaceOnUse\"")
            defs.attribute("x", number: box.x - margin); defs.attribute("y", number: box.y - margin)
            defs.attribute("width", number: box.width + 2 * margin); defs.attribute("height", number: box.height + 2 * margin)
            defs.raw("><feGaussianBlur"); defs.attribute("stdDeviation", number: radius); defs.raw("/></filter>\n")
            defs.raw(indent); defs.raw("<clipPath"); defs.attribute("id", id + ".clip"); defs.raw("><rect")
            defs.attribute("x", number: box.x); defs.attribute("y", number: box.y)
            defs.attribute("width", number: box.width); defs.attribute("height", number: box.height)
            defs.raw("/></clipPath>\n")
            out.raw(indent); out.raw("<g"); out.attribute("clip-path", "url(#" + id + ".clip)")
            switch image {
            case .link(let href):
                out.raw("><image"); out.attribute("href", href)
                imagePlacement(item, into: &out)
                out.raw(" preserveAspectRatio=\"none\"")
            case .use(let target):
                out.raw("><use"); out.attribute("href", "#" + target)
            }
            out.attribute("filter", "url(#" + id + ".blur)")
            out.raw("/></g>\n")
        }
        let fill = e[.fill]?.color, stroke = e[.stroke]?.color
        if fill != nil || stroke != nil {
            rect(box, radius: 0, fill: fill, stroke: stroke, width: e[.strokeWidth]?.number ?? 2, indent: indent, into: &out)
        }
    }
}
