import TemplateFormat

/// Lint rules over one template or annotation set: geometry (outside the canvas, zero
/// size), text contrast, `alt`, empty text. Values come from the element and its styles.
struct Lint {
    let checker: Checker
    /// The element's own properties by key id, refilled per element.
    private var own = PropertySlots()
    /// The element's style chain, nearest first.
    private var chain: [Checker.StyleDefinition] = []

    init(checker: Checker) {
        self.checker = checker
    }

    struct Box { var x, y, width, height: Double? }

    mutating func run(container: BlockSyntax, kind: String) -> [Diagnostic] {
        var out: [Diagnostic] = []
        select(container)
        let canvas = canvasSize(container)
        let background = color(SchemaIndex.Key.background) ?? (kind == "template" ? RGBAColor(red: 255, green: 255, blue: 255) : nil)
        walk(container, origin: (0, 0), canvas: canvas, background: background, inAnnotations: kind == "annotations", out: &out)
        return out
    }

    func report(_ code: DiagnosticCode, _ range: ByteRange, _ message: String, fixes: [Fix] = [], into out: inout [Diagnostic]) {
        out.append(Diagnostic(code: code.code, severity: code.severity, range: range, message: message, fixes: fixes))
    }

    /// Makes `block` the element whose properties `property(_:)` reads.
    mutating func select(_ block: BlockSyntax) {
        own.fill(block: block.node.id, checker.nodes)
        chain = []
        let styleNode = own[SchemaIndex.Key.style]
        if styleNode >= 0, let token = checker.tree.node(at: styleNode).asProperty?.atomTokens.first,
           let styles = checker.chains[checker.tree.text(of: token)] {
            chain = styles
        }
    }

    /// A property of the selected element as it sees it: its own, else the nearest style's.
    func property(_ id: Int) -> PropertySyntax? {
        let node = own[id]
        if node >= 0 { return checker.tree.node(at: node).asProperty }
        for style in chain {
            if let p = style.property(id) { return p }
        }
        return nil
    }

    func ownProperty(_ id: Int) -> PropertySyntax? {
        let node = own[id]
        return node >= 0 ? checker.tree.node(at: node).asProperty : nil
    }

    func canvasSize(_ container: BlockSyntax) -> (Double, Double)? {
        if let size = sizeValue(ownProperty(SchemaIndex.Key.size)) { return size }
        if let device = ownProperty(SchemaIndex.Key.device)?.firstAtom.flatMap({ Schema.device($0.text) }) {
            return (Double(device.width), Double(device.height))
        }
        return nil
    }

    func numbers(_ p: PropertySyntax?, count: Int) -> AtomTokens? {
        guard let list = p?.atomTokens, list.count == count else { return nil }
        return list
    }

    func value(_ p: PropertySyntax, _ token: Token) -> Double? {
        AtomSyntax(tree: p.tree, token: token).numberLiteral?.value
    }

    func sizeValue(_ p: PropertySyntax?) -> (Double, Double)? {
        guard let p, let list = numbers(p, count: 3), p.tree.token(list[1], equals: "x"),
              let w = value(p, list[0]), let h = value(p, list[2]) else { return nil }
        return (w, h)
    }

    func pointValue(_ p: PropertySyntax?) -> (Double, Double)? {
        guard let p, let list = numbers(p, count: 2), let x = value(p, list[0]), let y = value(p, list[1]) else { return nil }
        return (x, y)
    }

    func numberValue(_ p: PropertySyntax?) -> Double? {
        guard let p, let list = numbers(p, count: 1) else { return nil }
        return value(p, list[0])
    }

    /// Where to report a problem with key `id` of the selected element: its own value; when
    /// the value comes from a style, the element's `style:` (the style may be shared, or in
    /// another file); else the element's header.
    func reportRange(_ block: BlockSyntax, _ id: Int) -> ByteRange {
        if let own = ownProperty(id) { return own.valueRange }
        if property(id) != nil, let use = ownProperty(SchemaIndex.Key.style) { return use.valueRange }
        return block.headerRange
    }

    func color(_ id: Int) -> RGBAColor? {
        guard let p = property(id), let list = numbers(p, count: 1) else { return nil }
        return RGBAColor(atom: AtomSyntax(tree: p.tree, token: list[0]))
    }

    static let textKinds: Set<Int> = Set(["text", "textarea", "button", "label"].map { SchemaIndex.kinds.id($0) })
    static let kindID = (image: SchemaIndex.kinds.id("image"), group: SchemaIndex.kinds.id("group"),
                         divider: SchemaIndex.kinds.id("divider"), line: SchemaIndex.kinds.id("line"),
                         arrow: SchemaIndex.kinds.id("arrow"), number: SchemaIndex.kinds.id("number"),
                         label: SchemaIndex.kinds.id("label"), button: SchemaIndex.kinds.id("button"))
    /// Each kind's default text colour.
    static let defaultTextColor: [RGBAColor] = Schema.kinds.map { kind in
        kind.property("color")?.defaultValue.flatMap(ColorMath.color(source:)) ?? RGBAColor(red: 0, green: 0, blue: 0)
    }

    mutating func walk(_ container: BlockSyntax, origin: (Double, Double), canvas: (Double, Double)?, background: RGBAColor?,
                       inAnnotations: Bool, out: inout [Diagnostic]) {
        let entries = checker.nodes.entries
        var c = container.node.id + 1
        let end = Int(entries[container.node.id].subtreeEnd)
        while c < end {
            let entry = entries[c]
            defer { c = Int(entry.subtreeEnd) }
            let kindID = Int(entry.id)
            guard entry.kind == .block, kindID >= 0, Schema.kinds[kindID].isComponent || Schema.kinds[kindID].isAnnotationElement,
                  let block = checker.tree.node(at: c).asBlock else { continue }
            select(block)
            let at = pointValue(property(SchemaIndex.Key.at)) ?? (0, 0)
            var box = Box(x: origin.0 + at.0, y: origin.1 + at.1)
            if let size = sizeValue(property(SchemaIndex.Key.size)) {
                box.width = size.0
                box.height = size.1
            }
            if let w = numberValue(property(SchemaIndex.Key.width)) { box.width = w }
            if let h = numberValue(property(SchemaIndex.Key.height)) { box.height = h }
            if kindID == Lint.kindID.number, box.width == nil {
                let r = numberValue(property(SchemaIndex.Key.radius)) ?? 16
                box.width = 2 * r
                box.height = 2 * r
            }

            if (box.width == 0 || box.height == 0) && kindID != Lint.kindID.divider {
                report(.zeroSize, sizeRange(block), "`\(block.kind)\(block.name.map { " " + $0 } ?? "")` has zero \(box.width == 0 ? "width" : "height") and will not be visible", into: &out)
            }
            let isLine = kindID == Lint.kindID.line || kindID == Lint.kindID.arrow
            if let canvas, !isLine {
                checkInside(block, box: box, canvas: canvas, out: &out)
            }
            if let canvas, isLine {
                for (key, id) in [("from", SchemaIndex.Key.from), ("to", SchemaIndex.Key.to)] {
                    if let p = pointValue(property(id)), p.0 < 0 || p.1 < 0 || p.0 > canvas.0 || p.1 > canvas.1 {
                        report(.outsideCanvas, reportRange(block, id),
                               "`\(key)` point (\(formatNumber(p.0)), \(formatNumber(p.1))) lies outside the \(formatNumber(canvas.0)) x \(formatNumber(canvas.1)) canvas", into: &out)
                    }
                }
            }

            var ownBackground = background
            if let bg = color(SchemaIndex.Key.background) ?? (kindID == Lint.kindID.label ? color(SchemaIndex.Key.fill) : nil) {
                ownBackground = background.map { ColorMath.composite(bg, over: $0) } ?? (bg.isOpaque ? bg : nil)
            }
            if Lint.textKinds.contains(kindID) {
                checkText(block, kindID: kindID, background: ownBackground, out: &out)
            }
            if kindID == Lint.kindID.image && property(SchemaIndex.Key.alt) == nil {
                report(.missingAlt, block.headerRange, "image\(block.name.map { " `\($0)`" } ?? "") has no `alt` text for screen readers; describe it, or write `alt: \"\"` if it is decorative",
                       fixes: checker.insertPropertyFix(block, key: "alt", value: "\"\"").map { [$0] } ?? [], into: &out)
            }
            if kindID == Lint.kindID.group {
                let border = numberValue(property(SchemaIndex.Key.borderWidth)) ?? 0
                let padding = numberValue(property(SchemaIndex.Key.padding)) ?? 0
                let content = ((box.x ?? 0) + border + padding, (box.y ?? 0) + border + padding)
                walk(block, origin: content, canvas: canvas, background: ownBackground, inAnnotations: inAnnotations, out: &out)
            }
        }
    }

    func sizeRange(_ block: BlockSyntax) -> ByteRange {
        let id = [SchemaIndex.Key.size, SchemaIndex.Key.width, SchemaIndex.Key.height].first { property($0) != nil } ?? SchemaIndex.Key.size
        return reportRange(block, id)
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
        report(.outsideCanvas, reportRange(block, SchemaIndex.Key.at),
               "\(name) \(extent) is \(wholly ? "wholly" : "partly") outside the \(formatNumber(canvas.0)) x \(formatNumber(canvas.1)) canvas (past the \(sides.joined(separator: " and ")) edge)", into: &out)
    }

    func checkText(_ block: BlockSyntax, kindID: Int, background: RGBAColor?, out: inout [Diagnostic]) {
        let isButton = kindID == Lint.kindID.button
        let textID = isButton ? SchemaIndex.Key.label : SchemaIndex.Key.text
        if let p = property(textID), let list = numbers(p, count: 1), list[0].kind == .string || list[0].kind == .multilineString,
           Lint.isBlank(AtomSyntax(tree: p.tree, token: list[0])) {
            let textKey = isButton ? "label" : "text"
            report(.emptyText, reportRange(block, textID), "`\(textKey)` is empty, so the \(block.kind) shows nothing", into: &out)
        }
        guard let background else { return }
        let foreground = color(SchemaIndex.Key.color) ?? Lint.defaultTextColor[kindID]
        let shown = ColorMath.composite(foreground, over: background)
        let ratio = ColorMath.contrast(shown, background)
        var size = 16.0
        if let p = property(SchemaIndex.Key.fontSize), let list = numbers(p, count: 1),
           let n = AtomSyntax(tree: p.tree, token: list[0]).numberLiteral {
            size = p.tree.text(in: ByteRange(start: n.unitStart, end: list[0].end), equals: "pt") ? n.value * 4 / 3 : n.value
        }
        var bold = false
        if let p = property(SchemaIndex.Key.fontWeight), let first = p.atomTokens.first {
            bold = p.tree.token(first, equals: "bold")
        } else if let p = property(SchemaIndex.Key.font), let list = numbers(p, count: 2) {
            bold = p.tree.token(list[1], equals: "bold")
        }
        let large = size >= 24 || (size >= 19 && bold)
        let required = large ? 3.0 : 4.5
        if ratio + 1e-9 < required {
            let shownRatio = (ratio * 100).rounded(.down) / 100
            report(.lowContrast, reportRange(block, SchemaIndex.Key.color),
                   "text colour \(foreground.hexString) on \(background.hexString) has contrast \(shownRatio):1; WCAG AA needs \(formatNumber(required)):1 for \(large ? "large" : "normal-size") text", into: &out)
        }
    }

    /// Whether a string shows nothing: only whitespace once escapes are decoded. Decodes only
    /// when the bytes alone cannot tell (escapes or non-ASCII).
    static func isBlank(_ atom: AtomSyntax) -> Bool {
        let content = atom.contentRange
        let undecided = atom.tree.bytes.withUnsafeBufferPointer { b -> Bool? in
            var needsDecoding = false
            for k in content.start..<content.end {
                switch b[k] {
                case 0x20, 0x09, 0x0A, 0x0D: continue
                case 0x5C: needsDecoding = true
                case 0x80...: needsDecoding = true
                default: return false
                }
            }
            return needsDecoding ? nil : true
        }
        if let decided = undecided { return decided }
        return atom.stringValue.allSatisfy { $0.isWhitespace }
    }
}
