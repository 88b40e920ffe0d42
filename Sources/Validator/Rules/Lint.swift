import TemplateFormat

/// Lint rules over one template or annotation set: geometry (outside the canvas, zero
/// size), text contrast, `alt`, empty text. Values come from the element and its styles.
struct Lint {
    let checker: Checker

    struct Box { var x, y, width, height: Double? }

    func run(container: BlockSyntax, kind: String) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let canvas = canvasSize(container)
        let background = color(container, "background") ?? (kind == "template" ? RGBAColor(red: 255, green: 255, blue: 255) : nil)
        walk(container.blocks, origin: (0, 0), canvas: canvas, background: background, inAnnotations: kind == "annotations", out: &out)
        return out
    }

    func report(_ code: DiagnosticCode, _ range: ByteRange, _ message: String, fixes: [Fix] = [], into out: inout [Diagnostic]) {
        out.append(Diagnostic(code: code.code, severity: code.severity, range: range, message: message, fixes: fixes))
    }

    func canvasSize(_ container: BlockSyntax) -> (Double, Double)? {
        if let size = sizeValue(container.property("size")) { return size }
        if let device = container.property("device")?.atoms.first.flatMap({ Schema.device($0.text) }) {
            return (Double(device.width), Double(device.height))
        }
        return nil
    }

    func sizeValue(_ p: PropertySyntax?) -> (Double, Double)? {
        guard let atoms = p?.atoms, atoms.count == 3, let w = atoms[0].number, atoms[1].text == "x", let h = atoms[2].number else { return nil }
        return (w.value, h.value)
    }

    func pointValue(_ p: PropertySyntax?) -> (Double, Double)? {
        guard let atoms = p?.atoms, atoms.count == 2, let x = atoms[0].number, let y = atoms[1].number else { return nil }
        return (x.value, y.value)
    }

    func numberValue(_ p: PropertySyntax?) -> Double? {
        guard let atoms = p?.atoms, atoms.count == 1 else { return nil }
        return atoms[0].number?.value
    }

    func property(_ block: BlockSyntax, _ key: String) -> PropertySyntax? { checker.effectiveProperty(block, key) }

    /// Where to report a problem with `key` of `block`: the element's own value; when the value
    /// comes from a style, the element's `style:` (the style may be shared, or in another file);
    /// else the element's header.
    func reportRange(_ block: BlockSyntax, _ key: String) -> ByteRange {
        if let own = block.property(key) { return own.valueRange }
        if property(block, key) != nil, let use = block.property("style") { return use.valueRange }
        return block.headerRange
    }

    func color(_ block: BlockSyntax, _ key: String) -> RGBAColor? {
        guard let atoms = property(block, key)?.atoms, atoms.count == 1 else { return nil }
        return ColorMath.color(of: atoms[0])
    }

    func walk(_ blocks: [BlockSyntax], origin: (Double, Double), canvas: (Double, Double)?, background: RGBAColor?,
              inAnnotations: Bool, out: inout [Diagnostic]) {
        for block in blocks {
            guard let schema = Schema.kind(block.kind), schema.isComponent || schema.isAnnotationElement else { continue }
            let at = pointValue(property(block, "at")) ?? (0, 0)
            var box = Box(x: origin.0 + at.0, y: origin.1 + at.1)
            if let size = sizeValue(property(block, "size")) {
                box.width = size.0
                box.height = size.1
            }
            if let w = numberValue(property(block, "width")) { box.width = w }
            if let h = numberValue(property(block, "height")) { box.height = h }
            if block.kind == "number", box.width == nil {
                let r = numberValue(property(block, "radius")) ?? 16
                box.width = 2 * r
                box.height = 2 * r
            }

            if (box.width == 0 || box.height == 0) && block.kind != "divider" {
                report(.zeroSize, sizeRange(block), "`\(block.kind)\(block.name.map { " " + $0 } ?? "")` has zero \(box.width == 0 ? "width" : "height") and will not be visible", into: &out)
            }
            if let canvas, block.kind != "line" && block.kind != "arrow" {
                checkInside(block, box: box, canvas: canvas, out: &out)
            }
            if let canvas, block.kind == "line" || block.kind == "arrow" {
                for key in ["from", "to"] {
                    if let p = pointValue(property(block, key)), p.0 < 0 || p.1 < 0 || p.0 > canvas.0 || p.1 > canvas.1 {
                        report(.outsideCanvas, reportRange(block, key),
                               "`\(key)` point (\(formatNumber(p.0)), \(formatNumber(p.1))) lies outside the \(formatNumber(canvas.0)) x \(formatNumber(canvas.1)) canvas", into: &out)
                    }
                }
            }

            var ownBackground = background
            if let bg = color(block, inAnnotations ? "background" : "background") ?? (block.kind == "label" ? color(block, "fill") : nil) {
                ownBackground = background.map { ColorMath.composite(bg, over: $0) } ?? (bg.isOpaque ? bg : nil)
            }
            if ["text", "textarea", "button", "label"].contains(block.kind) {
                checkText(block, background: ownBackground, out: &out)
            }
            if block.kind == "image" && property(block, "alt") == nil {
                report(.missingAlt, block.headerRange, "image\(block.name.map { " `\($0)`" } ?? "") has no `alt` text for screen readers; describe it, or write `alt: \"\"` if it is decorative",
                       fixes: checker.insertPropertyFix(block, key: "alt", value: "\"\"").map { [$0] } ?? [], into: &out)
            }
            if block.kind == "group" {
                let border = numberValue(property(block, "border-width")) ?? 0
                let padding = numberValue(property(block, "padding")) ?? 0
                let content = (box.x! + border + padding, box.y! + border + padding)
                walk(block.blocks, origin: content, canvas: canvas, background: ownBackground, inAnnotations: inAnnotations, out: &out)
            }
        }
    }

    func sizeRange(_ block: BlockSyntax) -> ByteRange {
        let key = ["size", "width", "height"].first { property(block, $0) != nil } ?? "size"
        return reportRange(block, key)
    }

    func checkInside(_ block: BlockSyntax, box: Box, canvas: (Double, Double), out: inout [Diagnostic]) {
        guard let x = box.x, let y = box.y else { return }
        let w = box.width ?? 0, h = box.height ?? 0
        let right = x + w, bottom = y + h
        let partly = x < 0 || y < 0 || right > canvas.0 || bottom > canvas.1
        guard partly else { return }
        let wholly = right <= 0 || bottom <= 0 || x >= canvas.0 || y >= canvas.1
        var sides: [String] = []
        if x < 0 { sides.append("left") }
        if y < 0 { sides.append("top") }
        if right > canvas.0 { sides.append("right") }
        if bottom > canvas.1 { sides.append("bottom") }
        let name = "`\(block.kind)\(block.name.map { " " + $0 } ?? "")`"
        let extent = box.width == nil ? "at (\(formatNumber(x)), \(formatNumber(y)))"
            : "(\(formatNumber(x)), \(formatNumber(y)), \(formatNumber(w)) x \(formatNumber(h)))"
        report(.outsideCanvas, reportRange(block, "at"),
               "\(name) \(extent) is \(wholly ? "wholly" : "partly") outside the \(formatNumber(canvas.0)) x \(formatNumber(canvas.1)) canvas (past the \(sides.joined(separator: " and ")) edge)", into: &out)
    }

    func checkText(_ block: BlockSyntax, background: RGBAColor?, out: inout [Diagnostic]) {
        let textKey = block.kind == "button" ? "label" : "text"
        if let p = property(block, textKey), let atom = p.atoms.first, p.atoms.count == 1, atom.kind == .string,
           atom.stringValue.allSatisfy({ $0.isWhitespace }) {
            report(.emptyText, reportRange(block, textKey), "`\(textKey)` is empty, so the \(block.kind) shows nothing", into: &out)
        }
        guard let background else { return }
        let schema = Schema.kind(block.kind)
        let defaultColor = schema?.property("color")?.defaultValue.flatMap(ColorMath.color(source:)) ?? RGBAColor(red: 0, green: 0, blue: 0)
        let foreground = color(block, "color") ?? defaultColor
        let shown = ColorMath.composite(foreground, over: background)
        let ratio = ColorMath.contrast(shown, background)
        var size = 16.0
        if let atoms = property(block, "font-size")?.atoms, atoms.count == 1, let n = atoms[0].number {
            size = n.unit == "pt" ? n.value * 4 / 3 : n.value
        }
        var weight = property(block, "font-weight")?.atoms.first?.text
        if weight == nil, let font = property(block, "font")?.atoms, font.count == 2 { weight = font[1].text }
        let bold = (Schema.cssFontWeight(weight ?? "regular") ?? 400) >= 700
        let large = size >= 24 || (size >= 19 && bold)
        let required = large ? 3.0 : 4.5
        if ratio + 1e-9 < required {
            let shownRatio = (ratio * 100).rounded(.down) / 100
            report(.lowContrast, reportRange(block, "color"),
                   "text colour \(foreground.hexString) on \(background.hexString) has contrast \(shownRatio):1; WCAG AA needs \(formatNumber(required)):1 for \(large ? "large" : "normal-size") text", into: &out)
        }
    }
}
