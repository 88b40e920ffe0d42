import TemplateFormat

/// Lint rules over one template or annotation set: geometry (outside the canvas, zero
/// size), text contrast, `alt`, empty text. Values come from the element and its styles.
struct Lint {
    let checker: Checker
    /// The element's own properties by key id, refilled per element.
    private var own = PropertySlots()
    /// The element's style chain.
    private var chain: Checker.StyleChain?

    init(checker: Checker) {
        self.checker = checker
    }

    struct Box { var x, y, width, height: Double? }

    mutating func run(container: BlockSyntax, kind: String) -> [Diagnostic] {
        var out: [Diagnostic] = []
        select(container.node.id)
        let canvas = canvasSize(container)
        let background = color(SchemaIndex.Key.background) ?? (kind == "template" ? RGBAColor(red: 255, green: 255, blue: 255) : nil)
        walk(container.node.id, origin: (0, 0), canvas: canvas, background: background, inAnnotations: kind == "annotations", out: &out)
        return out
    }

    func report(_ code: DiagnosticCode, _ range: ByteRange, _ message: MessageText, fixes: [Fix] = [], into out: inout [Diagnostic]) {
        out.append(Diagnostic(code: code.code, severity: code.severity, range: range, message: message.string, fixes: fixes))
    }

    /// Makes block `node` the element whose properties `read` sees.
    mutating func select(_ node: Int) {
        own.fill(block: node, checker.nodes)
        chain = nil
        let styleNode = own[SchemaIndex.Key.style]
        if styleNode >= 0, let token = checker.raw.atoms(of: styleNode).first {
            let id = checker.styleID(token)
            if id >= 0 { chain = checker.chainByID[id] }
        }
    }

    /// Reads key `id` of the selected element as it sees it (its own, else the nearest
    /// style's) with `body(view, propertyNode)`; nil when no one sets it. The checked tree is
    /// read through the checker's raw view; an imported style's tree through its own.
    func read<R>(_ id: Int, _ body: (RawSyntaxView, Int) -> R?) -> R? {
        let node = own[id]
        if node >= 0 { return body(checker.raw, node) }
        guard let chain else { return nil }
        let local = chain.nodeInDocument(id)
        if local >= 0 { return body(checker.raw, local) }
        guard local == -2, let (style, styleNode) = chain.locate(id) else { return nil }
        return style.block.tree.withRawView { body($0, styleNode) }
    }

    func isSet(_ id: Int) -> Bool { own[id] >= 0 || (chain?.sets(id) ?? false) }

    func canvasSize(_ container: BlockSyntax) -> (Double, Double)? {
        let raw = checker.raw
        let sizeNode = own[SchemaIndex.Key.size]
        if sizeNode >= 0, let size = Lint.size(raw, sizeNode) { return size }
        let deviceNode = own[SchemaIndex.Key.device]
        if deviceNode >= 0, let token = raw.atoms(of: deviceNode).first, let device = Schema.device(raw.text(token)) {
            return (Double(device.width), Double(device.height))
        }
        return nil
    }

    static func size(_ raw: RawSyntaxView, _ node: Int) -> (Double, Double)? {
        let list = raw.atoms(of: node)
        guard list.count == 3, raw.token(list[1], equals: "x"),
              let w = AtomSyntax.numberLiteral(list[0], raw.bytes), let h = AtomSyntax.numberLiteral(list[2], raw.bytes) else { return nil }
        return (w.value, h.value)
    }

    static func point(_ raw: RawSyntaxView, _ node: Int) -> (Double, Double)? {
        let list = raw.atoms(of: node)
        guard list.count == 2, let x = AtomSyntax.numberLiteral(list[0], raw.bytes),
              let y = AtomSyntax.numberLiteral(list[1], raw.bytes) else { return nil }
        return (x.value, y.value)
    }

    static func number(_ raw: RawSyntaxView, _ node: Int) -> Double? {
        let list = raw.atoms(of: node)
        guard list.count == 1 else { return nil }
        return AtomSyntax.numberLiteral(list[0], raw.bytes)?.value
    }

    static func color(_ raw: RawSyntaxView, _ node: Int) -> RGBAColor? {
        let list = raw.atoms(of: node)
        guard list.count == 1 else { return nil }
        let t = list[0]
        switch t.kind {
        case .color:
            guard let v = AtomSyntax.hexColor(t, raw.bytes) else { return nil }
            return RGBAColor(red: UInt8(v >> 24 & 0xFF), green: UInt8(v >> 16 & 0xFF), blue: UInt8(v >> 8 & 0xFF), alpha: UInt8(v & 0xFF))
        case .identifier:
            return Schema.namedColor(t, in: raw.bytes)
        default:
            return nil
        }
    }

    /// Where to report a problem with key `id` of the selected element: its own value; when
    /// the value comes from a style, the element's `style:` (the style may be shared, or in
    /// another file); else the element's header.
    func reportRange(_ block: Int, _ id: Int) -> ByteRange {
        let raw = checker.raw
        if own[id] >= 0 { return raw.valueRange(ofProperty: own[id]) }
        let use = own[SchemaIndex.Key.style]
        if isSet(id), use >= 0 { return raw.valueRange(ofProperty: use) }
        return raw.headerRange(ofBlock: block)
    }

    func color(_ id: Int) -> RGBAColor? { read(id, Lint.color) }

    /// Kinds that show text, by kind id.
    static let showsText: [Bool] = {
        let ids = Set(["text", "textarea", "button", "label"].map { SchemaIndex.kinds.id($0) })
        return Schema.kinds.indices.map { ids.contains($0) }
    }()
    static let kindID = (image: SchemaIndex.kinds.id("image"), group: SchemaIndex.kinds.id("group"),
                         divider: SchemaIndex.kinds.id("divider"), line: SchemaIndex.kinds.id("line"),
                         arrow: SchemaIndex.kinds.id("arrow"), number: SchemaIndex.kinds.id("number"),
                         label: SchemaIndex.kinds.id("label"), button: SchemaIndex.kinds.id("button"))
    /// Each kind's default text colour.
    static let defaultTextColor: [RGBAColor] = Schema.kinds.map { kind in
        kind.property("color")?.defaultValue.flatMap(ColorMath.color(source:)) ?? RGBAColor(red: 0, green: 0, blue: 0)
    }

    mutating func walk(_ container: Int, origin: (Double, Double), canvas: (Double, Double)?, background: RGBAColor?,
                       inAnnotations: Bool, out: inout [Diagnostic]) {
        for (c, entry) in checker.nodes.children(of: container) {
            let kindID = Int(entry.id)
            guard entry.kind == .block, kindID >= 0, SchemaIndex.isElement[kindID] else { continue }
            select(c)
            let at = read(SchemaIndex.Key.at, Lint.point) ?? (0, 0)
            var box = Box(x: origin.0 + at.0, y: origin.1 + at.1)
            if let size = read(SchemaIndex.Key.size, Lint.size) {
                box.width = size.0
                box.height = size.1
            }
            if let w = read(SchemaIndex.Key.width, Lint.number) { box.width = w }
            if let h = read(SchemaIndex.Key.height, Lint.number) { box.height = h }
            if kindID == Lint.kindID.number, box.width == nil {
                let r = read(SchemaIndex.Key.radius, Lint.number) ?? 16
                box.width = 2 * r
                box.height = 2 * r
            }

            if (box.width == 0 || box.height == 0) && kindID != Lint.kindID.divider {
                report(.zeroSize, sizeRange(c), "`\(element: c, checker.raw)` has zero \(box.width == 0 ? "width" : "height") and will not be visible", into: &out)
            }
            let isLine = kindID == Lint.kindID.line || kindID == Lint.kindID.arrow
            if let canvas, !isLine {
                checkInside(c, box: box, canvas: canvas, out: &out)
            }
            if let canvas, isLine {
                for (key, id) in [("from", SchemaIndex.Key.from), ("to", SchemaIndex.Key.to)] {
                    if let p = read(id, Lint.point), p.0 < 0 || p.1 < 0 || p.0 > canvas.0 || p.1 > canvas.1 {
                        report(.outsideCanvas, reportRange(c, id),
                               "`\(key)` point (\(number: p.0), \(number: p.1)) lies outside the \(number: canvas.0) x \(number: canvas.1) canvas", into: &out)
                    }
                }
            }

            var ownBackground = background
            if let bg = color(SchemaIndex.Key.background) ?? (kindID == Lint.kindID.label ? color(SchemaIndex.Key.fill) : nil) {
                ownBackground = background.map { ColorMath.composite(bg, over: $0) } ?? (bg.isOpaque ? bg : nil)
            }
            if Lint.showsText[kindID] {
                checkText(c, kindID: kindID, background: ownBackground, out: &out)
            }
            if kindID == Lint.kindID.image && !isSet(SchemaIndex.Key.alt), let block = checker.tree.node(at: c).asBlock {
                report(.missingAlt, block.headerRange, "image\(block.name.map { " `\($0)`" } ?? "") has no `alt` text for screen readers; describe it, or write `alt: \"\"` if it is decorative",
                       fixes: checker.insertPropertyFix(block, key: "alt", value: "\"\"").map { [$0] } ?? [], into: &out)
            }
            if kindID == Lint.kindID.group {
                let border = read(SchemaIndex.Key.borderWidth, Lint.number) ?? 0
                let padding = read(SchemaIndex.Key.padding, Lint.number) ?? 0
                let content = ((box.x ?? 0) + border + padding, (box.y ?? 0) + border + padding)
                walk(c, origin: content, canvas: canvas, background: ownBackground, inAnnotations: inAnnotations, out: &out)
            }
        }
    }

    func sizeRange(_ block: Int) -> ByteRange {
        let id = [SchemaIndex.Key.size, SchemaIndex.Key.width, SchemaIndex.Key.height].first { isSet($0) } ?? SchemaIndex.Key.size
        return reportRange(block, id)
    }

    func checkInside(_ block: Int, box: Box, canvas: (Double, Double), out: inout [Diagnostic]) {
        guard let x = box.x, let y = box.y else { return }
        let w = box.width ?? 0, h = box.height ?? 0
        let right = x + w, bottom = y + h
        let partly = x < 0 || y < 0 || right > canvas.0 || bottom > canvas.1
        guard partly else { return }
        let wholly = right <= 0 || bottom <= 0 || x >= canvas.0 || y >= canvas.1
        let raw = checker.raw
        let edges = (left: x < 0, top: y < 0, right: right > canvas.0, bottom: bottom > canvas.1)
        let message: MessageText = box.width == nil
            ? "`\(element: block, raw)` at (\(number: x), \(number: y)) is \(wholly ? "wholly" : "partly") outside the \(number: canvas.0) x \(number: canvas.1) canvas (past the \(edges: edges) edge)"
            : "`\(element: block, raw)` (\(number: x), \(number: y), \(number: w) x \(number: h)) is \(wholly ? "wholly" : "partly") outside the \(number: canvas.0) x \(number: canvas.1) canvas (past the \(edges: edges) edge)"
        report(.outsideCanvas, reportRange(block, SchemaIndex.Key.at), message, into: &out)
    }

    func checkText(_ block: Int, kindID: Int, background: RGBAColor?, out: inout [Diagnostic]) {
        let isButton = kindID == Lint.kindID.button
        let textID = isButton ? SchemaIndex.Key.label : SchemaIndex.Key.text
        if read(textID, Lint.isBlankString) == true {
            let textKey = isButton ? "label" : "text"
            let kind = checker.raw.blockHeader(block).kind.map(checker.raw.text) ?? ""
            report(.emptyText, reportRange(block, textID), "`\(textKey)` is empty, so the \(kind) shows nothing", into: &out)
        }
        guard let background else { return }
        let foreground = color(SchemaIndex.Key.color) ?? Lint.defaultTextColor[kindID]
        let shown = ColorMath.composite(foreground, over: background)
        let ratio = ColorMath.contrast(shown, background)
        let size = read(SchemaIndex.Key.fontSize) { raw, node -> Double? in
            let list = raw.atoms(of: node)
            guard list.count == 1, let n = AtomSyntax.numberLiteral(list[0], raw.bytes) else { return nil }
            let pt = list[0].end - n.unitStart == 2 && raw.bytes[n.unitStart] == 0x70 && raw.bytes[n.unitStart + 1] == 0x74
            return pt ? n.value * 4 / 3 : n.value
        } ?? 16
        let bold: Bool
        if isSet(SchemaIndex.Key.fontWeight) {
            bold = read(SchemaIndex.Key.fontWeight) { raw, node in raw.atoms(of: node).first.map { raw.token($0, equals: "bold") } } ?? false
        } else {
            bold = read(SchemaIndex.Key.font) { raw, node -> Bool? in
                let list = raw.atoms(of: node)
                return list.count == 2 ? raw.token(list[1], equals: "bold") : nil
            } ?? false
        }
        let large = size >= 24 || (size >= 19 && bold)
        let required = large ? 3.0 : 4.5
        if ratio + 1e-9 < required {
            report(.lowContrast, reportRange(block, SchemaIndex.Key.color),
                   "text colour \(hex: foreground) on \(hex: background) has contrast \(hundredthsDown: ratio):1; WCAG AA needs \(large ? "3" : "4.5"):1 for \(large ? "large" : "normal-size") text", into: &out)
        }
    }

    /// Whether a one-string value shows nothing: only whitespace once escapes are decoded.
    /// Decodes only when the bytes alone cannot tell (escapes or non-ASCII).
    static func isBlankString(_ raw: RawSyntaxView, _ node: Int) -> Bool? {
        let list = raw.atoms(of: node)
        guard list.count == 1, list[0].kind == .string || list[0].kind == .multilineString else { return nil }
        let t = list[0]
        let content = AtomSyntax.contentRange(of: t)
        var needsDecoding = false
        for k in content.start..<content.end {
            switch raw.bytes[k] {
            case 0x20, 0x09, 0x0A, 0x0D: continue
            case 0x5C: needsDecoding = true
            case 0x80...: needsDecoding = true
            default: return false
            }
        }
        guard needsDecoding else { return true }
        return AtomSyntax.stringValue(of: t, in: raw.bytes).allSatisfy { $0.isWhitespace }
    }

}

extension MessageText.Interpolation {
    /// `kind name` of the element at block `node`.
    mutating func appendInterpolation(element node: Int, _ raw: RawSyntaxView) {
        let header = raw.blockHeader(node)
        if let kind = header.kind { appendInterpolation(token: kind, raw) }
        if let name = header.name {
            appendLiteral(" ")
            appendInterpolation(token: name, raw)
        }
    }

    /// The canvas edges an element crosses: `left`, `top and right`, ….
    mutating func appendInterpolation(edges: (left: Bool, top: Bool, right: Bool, bottom: Bool)) {
        var first = true
        func edge(_ crossed: Bool, _ name: StaticString) {
            guard crossed else { return }
            if !first { appendLiteral(" and ") }
            appendLiteral(name)
            first = false
        }
        edge(edges.left, "left")
        edge(edges.top, "top")
        edge(edges.right, "right")
        edge(edges.bottom, "bottom")
    }
}
