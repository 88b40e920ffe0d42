import TemplateFormat

/// Lint rules for one element: geometry (outside the canvas, zero size), text contrast,
/// `alt`, captions, empty text. Values come from the element and its styles.
///
/// Lint runs inside the structure pass, on each element right after `checkProperties`: the
/// element's properties are then still in `slots`, its style chain in `slotsChain`, and the
/// values `checkValue` just decoded in `decoded`, so no element is walked or parsed twice.
/// Elements the structure pass does not check (a kind not allowed where it is) are linted
/// alone (`lintUnchecked`), reading their values from the tree.
extension Checker {
    /// Where elements are linted: the position children are placed from, the canvas and
    /// the background behind them.
    struct LintFrame {
        var origin: (Double, Double)
        var canvas: (Double, Double)?
        var background: RGBAColor?
        /// Whether the elements of this frame are the members of a group without `size`,
        /// whose box they make: the last of `Checker.naturalGroups` (see `MemberExtent`). A
        /// flag, so that the frame stays small: it is copied for every element.
        var sizesGroup = false
        /// The layers of elements with `opacity` below 1 that enclose these elements (nil:
        /// none, so `background` is painted on directly).
        var layers: OpacityLayers? = nil
    }

    /// What `checkBody` lints for the block it checks.
    enum LintStep {
        /// Nothing: neither the block nor its children.
        case none
        /// A template or annotation set: its children, on its canvas.
        case container
        /// An element, in `frame`; a group's children are linted in the group's own frame.
        case element(LintFrame)
    }

    struct Box { var x, y, width, height: Double? }

    /// The frame a template's or annotation set's elements are linted in. Reads `slots`.
    mutating func containerFrame(kindID: Int) -> LintFrame {
        var canvas: (Double, Double)? = nil
        // The canvas is the set's own `size` or `device`, never a style's.
        if slots[key.size] >= 0, let size = decodedOwn(key.size, .size) ?? Checker.parseSize(raw, slots[key.size]) {  // once per set
            canvas = size
        } else if slots[key.device] >= 0, let token = raw.atoms(of: slots[key.device]).first, let device = Schema.device(raw.text(token)) {
            canvas = (Double(device.width), Double(device.height))
        }
        let isTemplate = kindID == SchemaIndex.templateKindID
        var background = color(key.background) ?? (isTemplate ? RGBAColor(red: 255, green: 255, blue: 255) : nil)
        // A background that cannot be read (reported) or may be misspelt is unknown.
        if isSet(key.background) ? color(key.background) == nil : mayBeHidden(key.background) { background = nil }
        return LintFrame(origin: (0, 0), canvas: canvas, background: background)
    }

    /// The reading direction of a template's or set's rows, from its own `lang`. Reads `slots`.
    func containerReadsRightToLeft() -> Bool? {
        guard slots[key.lang] >= 0 else { return mayBeHidden(key.lang) ? nil : false }
        guard let token = raw.atoms(of: slots[key.lang]).first, token.kind == .string else { return nil }
        return Checker.readsRightToLeft(lang: AtomSyntax.stringValue(of: token, in: raw.bytes))
    }

    /// Lints an element the structure pass skipped, and a group's elements with it.
    mutating func lintUnchecked(_ node: Int, kindID: Int, frame: LintFrame) {
        slots.fill(block: node, nodes)
        if !misspeltKeys.isEmpty { misspeltKeys.removeAll() }
        slotsChain = context.chain(ofStyleIn: slots[key.style])
        let inner = lintElement(node, kindID: kindID, frame: frame)
        slots.removeAll()
        guard let inner else { return }
        let outer = inner.sizesGroup ? beginMembers(of: inner) : nil
        for (c, entry) in nodes.children(of: node) {
            let childKind = Int(entry.id)
            guard entry.kind == .block, childKind >= 0, SchemaIndex.isElement[childKind] else { continue }
            lintUnchecked(c, kindID: childKind, frame: inner)
        }
        if let outer { endMembers(of: node, frame: inner, restoring: outer) }
    }

    /// Lints the element at `node`, whose properties are in `slots`; returns the frame its
    /// children are linted in when it is a group.
    mutating func lintElement(_ node: Int, kindID: Int, frame: LintFrame) -> LintFrame? {
        let written = point(key.at)
        let at = written ?? (0, 0)
        var box = Box(x: frame.origin.0 + at.0, y: frame.origin.1 + at.1)
        if let size = size(key.size) {
            box.width = size.0
            box.height = size.1
        }
        if let w = number(key.width) { box.width = w }
        if let h = number(key.height) { box.height = h }
        if kindID == lintKinds.number, box.width == nil {
            let r = number(key.radius) ?? 16
            box.width = 2 * r
            box.height = 2 * r
        }

        if (box.width == 0 || box.height == 0) && kindID != lintKinds.divider {
            findings.report(.zeroSize, sizeRange(node), "`\(element: node, raw)` has zero \(box.width == 0 ? "width" : "height") and will not be visible")
        }
        let isLine = kindID == lintKinds.line || kindID == lintKinds.arrow
        // A group without `size` (or without `width` or `height`) takes its members' box:
        // it is checked once they are (`endMembers`).
        let sizedByMembers = kindID == lintKinds.group && (box.width == nil || box.height == nil)
        if let canvas = frame.canvas, !isLine, !sizedByMembers {
            checkInside(node, box: box, canvas: canvas)
        }
        if let canvas = frame.canvas, isLine {
            for (name, id) in [("from", key.from), ("to", key.to)] {
                if let p = point(id), p.0 < 0 || p.1 < 0 || p.0 > canvas.0 || p.1 > canvas.1 {
                    outsideReports += 1
                    findings.report(.outsideCanvas, lintRange(node, id),
                           "`\(name)` point (\(number: p.0), \(number: p.1)) lies outside the \(number: canvas.0) x \(number: canvas.1) canvas")
                }
            }
        }
        lastReadingMember = readingMember(node, kindID: kindID, box: box, canvas: frame.canvas,
                                          placed: written != nil || !(isSet(key.at) || mayBeHidden(key.at)))
        var hidden = false
        if frame.sizesGroup && !isLine {
            hidden = isHidden()
            if !sizedByMembers && !hidden { members.add(box) }
        }

        var background = frame.background
        // An element with `opacity` below 1 (a group: with its members) is seen through a
        // layer of its own; one whose opacity cannot be read leaves what is seen unknown.
        var layers = frame.layers
        if let opacity = number(key.opacity), opacity < 1 {
            let o = max(opacity, 0)
            layers = layers?.opening(opacity: o) ?? OpacityLayers(opacity: o, over: background)
        } else if number(key.opacity) == nil && (isSet(key.opacity) || mayBeHidden(key.opacity)) {
            layers = OpacityLayers(opacity: 1, over: nil)
        }
        // A label's `fill` is its background. One that cannot be read (reported) or may be
        // misspelt leaves the background unknown: contrast is not judged.
        let backgroundID = kindID == lintKinds.label && !isSet(key.background) ? key.fill : key.background
        if let bg = color(backgroundID) {
            if let open = layers {
                layers = open.painting(bg)
                background = layers?.seen
            } else {
                background = frame.background.map { ColorMath.composite(bg, over: $0) } ?? (bg.isOpaque ? bg : nil)
            }
        } else if isSet(backgroundID) || mayBeHidden(key.background) || (kindID == lintKinds.label && mayBeHidden(key.fill)) {
            background = nil
            layers = layers?.painting(nil)
        } else if layers != nil {
            background = layers?.seen
        }
        if lintKinds.showsText[kindID] {
            checkText(node, kindID: kindID, box: box, canvas: frame.canvas, background: background, layers: layers)
        }
        if kindID == lintKinds.image && !isSet(key.alt) && !mayBeHidden(key.alt), let block = tree.node(at: node).asBlock {
            // Two fixes: a description to write (the usual answer), or decorative on purpose.
            var fixes: [Fix] = []
            if var describe = insertPropertyFix(block, key: "alt", value: "\"Describe the image\"") {
                describe.title = "Add a description to fill in: `alt: \"Describe the image\"`"
                fixes.append(describe)
            }
            if var decorative = insertPropertyFix(block, key: "alt", value: "\"\"") {
                decorative.title = "Mark as decorative: `alt: \"\"` (screen readers skip it)"
                fixes.append(decorative)
            }
            findings.report(.missingAlt, block.headerRange, "image\(block.name.map { " `\($0)`" } ?? "") has no `alt` text for screen readers; describe it, or write `alt: \"\"` if it is decorative",
                   fixes: fixes)
        }
        // A hint, not a warning: whether the video has any sound to caption is not known here.
        if kindID == lintKinds.video && !isSet(key.captions) && !mayBeHidden(key.captions), let block = tree.node(at: node).asBlock {
            findings.report(.missingCaptions, block.headerRange, "video\(block.name.map { " `\($0)`" } ?? "") has no `captions`; if it has speech or other sound, give their text as a WebVTT file (`captions: \"….vtt\"`)")
        }
        if kindID == lintKinds.video && flag(key.autoplay) == true, let block = tree.node(at: node).asBlock {
            checkAutoplay(block)
        }
        // A button without a place to go is exported as its label in text: rarely what is meant.
        if kindID == lintKinds.button && !isSet(key.action) && !mayBeHidden(key.action), let block = tree.node(at: node).asBlock {
            findings.report(.buttonWithoutAction, block.headerRange,
                            "button\(block.name.map { " `\($0)`" } ?? "") has no `action`: it leads nowhere, so the exported page shows its label as text, not as a control")
        }
        guard kindID == lintKinds.group else { return nil }
        let border = number(key.borderWidth) ?? 0
        let padding = number(key.padding) ?? 0
        if sizedByMembers {
            naturalGroups.append(NaturalGroup(box: box, inset: border + padding, range: lintRange(node, key.at),
                                              isMember: frame.sizesGroup && !hidden))
        }
        return LintFrame(origin: ((box.x ?? 0) + border + padding, (box.y ?? 0) + border + padding),
                         canvas: frame.canvas, background: background, sizesGroup: sizedByMembers, layers: layers)
    }

    /// Whether the element in `slots` has `visible: false`.
    @inline(__always) func isHidden() -> Bool {
        flag(key.visible) == false
    }

    // MARK: Reading the element's values
    //
    // Inlined: lint calls them a dozen times per element, and a call passes the checker.

    /// Reads key `id` of the element in `slots` as it sees it (its own, else the nearest
    /// style's) with `body(view, propertyNode)`; nil when no one sets it. The checked tree is
    /// read through the raw view; an imported style's tree through its own.
    @inline(__always) func read<R>(_ id: Int, _ body: (RawSyntaxView, Int) -> R?) -> R? {
        let node = slots[id]
        if node >= 0 { return body(raw, node) }
        guard let chain = slotsChain else { return nil }
        let local = chain.nodeInDocument(id)
        if local >= 0 { return body(raw, local) }
        guard local == -2, let (style, styleNode) = chain.locate(id) else { return nil }
        return style.block.tree.withRawView { body($0, styleNode) }
    }

    @inline(__always) func isSet(_ id: Int) -> Bool { slots[id] >= 0 || (slotsChain?.sets(id) ?? false) }

    /// The element's own property `id`, as `checkValue` decoded it in `shape`, if it did.
    @inline(__always)
    func decodedOwn(_ id: Int, _ shape: DecodedValues.Shape) -> (Double, Double)? {
        let node = slots[id]
        return node >= 0 ? decoded.value(id, node: node, shape) : nil
    }

    @inline(__always) func point(_ id: Int) -> (Double, Double)? { decodedOwn(id, .point) ?? read(id, Checker.parsePoint) }
    @inline(__always) func number(_ id: Int) -> Double? { decodedOwn(id, .number)?.0 ?? read(id, Checker.parseNumber) }
    @inline(__always) func color(_ id: Int) -> RGBAColor? { decodedOwn(id, .color).map { DecodedValues.color($0.0) } ?? read(id, Checker.parseColor) }
    @inline(__always) func size(_ id: Int) -> (Double, Double)? { decodedOwn(id, .size) ?? read(id, Checker.parseSize) }

    static func parseSize(_ raw: RawSyntaxView, _ node: Int) -> (Double, Double)? {
        let list = raw.atoms(of: node)
        guard list.count == 3, raw.token(list[1], equals: "x"),
              let w = AtomSyntax.numberLiteral(list[0], raw.bytes), let h = AtomSyntax.numberLiteral(list[2], raw.bytes) else { return nil }
        return (w.value, h.value)
    }

    static func parsePoint(_ raw: RawSyntaxView, _ node: Int) -> (Double, Double)? {
        let list = raw.atoms(of: node)
        guard list.count == 2, let x = AtomSyntax.numberLiteral(list[0], raw.bytes),
              let y = AtomSyntax.numberLiteral(list[1], raw.bytes) else { return nil }
        return (x.value, y.value)
    }

    /// A boolean property: `true` or `false` as written (its own or its style's).
    @inline(__always) func flag(_ id: Int) -> Bool? { read(id, Checker.parseBool) }

    /// The value's first atom as a boolean (a value of more atoms is TDL106's to report).
    static func parseBool(_ raw: RawSyntaxView, _ node: Int) -> Bool? {
        guard let first = raw.atoms(of: node).first else { return nil }
        if raw.token(first, equals: "true") { return true }
        return raw.token(first, equals: "false") ? false : nil
    }

    /// TDL316: a video that starts by itself and that the reader cannot stop (no controls),
    /// or that starts with its sound on (which browsers refuse, and which a reader must then
    /// find the controls to silence). One report naming both.
    mutating func checkAutoplay(_ block: BlockSyntax) {
        let noControls = flag(key.controls) == false
        let sound = flag(key.muted) != true
        guard noControls || sound else { return }
        let name = block.name.map { " `\($0)`" } ?? ""
        let why: String
        switch (noControls, sound) {
        case (true, true): why = "with its sound on and no controls: browsers refuse to start it, and a reader could not pause it or turn it down"
        case (true, false): why = "with no controls: a reader cannot pause it (moving content needs a way to stop it)"
        default: why = "with its sound on: browsers refuse to start it so, and a reader must find the controls to silence it"
        }
        findings.report(.autoplayCannotBeStopped, block.headerRange, MessageText("video\(name) plays by itself " + why))
    }

    static func parseNumber(_ raw: RawSyntaxView, _ node: Int) -> Double? {
        let list = raw.atoms(of: node)
        guard list.count == 1 else { return nil }
        return AtomSyntax.numberLiteral(list[0], raw.bytes)?.value
    }

    static func parseColor(_ raw: RawSyntaxView, _ node: Int) -> RGBAColor? {
        let list = raw.atoms(of: node)
        guard list.count == 1 else { return nil }
        return colorValue(list[0], raw.bytes)
    }

    /// A `#hex` or named colour token's colour.
    static func colorValue(_ t: Token, _ bytes: UnsafeBufferPointer<UInt8>) -> RGBAColor? {
        switch t.kind {
        case .color:
            guard let v = AtomSyntax.hexColor(t, bytes) else { return nil }
            return RGBAColor(red: UInt8(v >> 24 & 0xFF), green: UInt8(v >> 16 & 0xFF), blue: UInt8(v >> 8 & 0xFF), alpha: UInt8(v & 0xFF))
        case .identifier:
            return Schema.namedColor(t, in: bytes)
        default:
            return nil
        }
    }

    /// Whether a number token's unit is `pt` (font sizes in points are converted to pixels).
    static func isPoints(_ token: Token, unitStart: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        token.end - unitStart == 2 && bytes[unitStart] == 0x70 && bytes[unitStart + 1] == 0x74
    }

    /// Where to report a problem with key `id` of the element: its own value; when the value
    /// comes from a style, the element's `style:` (the style may be shared, or in another
    /// file); else the element's header.
    func lintRange(_ block: Int, _ id: Int) -> ByteRange {
        if slots[id] >= 0 { return raw.valueRange(ofProperty: slots[id]) }
        let use = slots[key.style]
        if isSet(id), use >= 0 { return raw.valueRange(ofProperty: use) }
        return raw.headerRange(ofBlock: block)
    }

    func sizeRange(_ block: Int) -> ByteRange {
        let id = [key.size, key.width, key.height].first { isSet($0) } ?? key.size
        return lintRange(block, id)
    }

    // MARK: Rules

    /// `range` is where to report (nil: `lintRange(block, key.at)`, read from `slots`);
    /// `natural` says the size is a group's, made by its members.
    mutating func checkInside(_ block: Int, box: Box, canvas: (Double, Double), range: ByteRange? = nil,
                              natural: Bool = false) {
        guard let x = box.x, let y = box.y else { return }
        let w = box.width ?? 0, h = box.height ?? 0
        let right = x + w, bottom = y + h
        let partly = x < 0 || y < 0 || right > canvas.0 || bottom > canvas.1
        guard partly else { return }
        outsideReports += 1
        let wholly = right <= 0 || bottom <= 0 || x >= canvas.0 || y >= canvas.1
        let edges = (left: x < 0, top: y < 0, right: right > canvas.0, bottom: bottom > canvas.1)
        let message: MessageText = box.width == nil
            ? "`\(element: block, raw)` at (\(number: x), \(number: y)) is \(literal: wholly ? "wholly" : "partly") outside the \(number: canvas.0) x \(number: canvas.1) canvas (past the \(edges: edges) edge)"
            : natural
            ? "`\(element: block, raw)` (\(number: x), \(number: y), natural size \(number: w) x \(number: h)) is \(literal: wholly ? "wholly" : "partly") outside the \(number: canvas.0) x \(number: canvas.1) canvas (past the \(edges: edges) edge)"
            : "`\(element: block, raw)` (\(number: x), \(number: y), \(number: w) x \(number: h)) is \(literal: wholly ? "wholly" : "partly") outside the \(number: canvas.0) x \(number: canvas.1) canvas (past the \(edges: edges) edge)"
        findings.report(.outsideCanvas, range ?? lintRange(block, key.at), message)
    }

    /// Empty text, text that cannot fit its box (TDL312, `TextRoom`), contrast.
    mutating func checkText(_ block: Int, kindID: Int, box: Box, canvas: (Double, Double)?, background: RGBAColor?,
                            layers: OpacityLayers? = nil) {
        let isButton = kindID == lintKinds.button
        let textID = isButton ? key.label : key.text
        // The font size in px, and whether it is one `font-size` takes (a size out of range
        // is TDL107's to report: the fit is not judged by it).
        let size: Double
        let sizeInRange: Bool
        if let own = decodedOwn(key.fontSize, .number) {
            size = own.1 != 0 ? own.0 * 4 / 3 : own.0
            sizeInRange = Checker.fontSizeRange.contains(own.0)
        } else {
            let written = read(key.fontSize) { raw, node -> (Double, Bool)? in
                let list = raw.atoms(of: node)
                guard list.count == 1, let n = AtomSyntax.numberLiteral(list[0], raw.bytes) else { return nil }
                return (n.value, Checker.isPoints(list[0], unitStart: n.unitStart, raw.bytes))
            } ?? (16, false)
            size = written.1 ? written.0 * 4 / 3 : written.0
            sizeInRange = Checker.fontSizeRange.contains(written.0)
        }
        // The text is read once, for both rules.
        let room = sizeInRange ? textRoom(kindID: kindID, box: box, canvas: canvas, fontSize: size) : nil
        let text = read(textID) { raw, node in Checker.readText(raw, node, room: room) }
        if text?.blank == true {
            let textKey = isButton ? "label" : "text"
            let kind = raw.blockHeader(block).kind.map(raw.text) ?? ""
            findings.report(.emptyText, lintRange(block, textID), "`\(textKey)` is empty, so the \(kind) shows nothing")
        } else if let room, !context.parameterData.isEmpty,
                  let withData = read(textID, { raw, node in TextWithData.read(raw, node, data: context.parameterData) }) {
            // Measured with the values the caller's data will fill in.
            checkTextFits(block, textID: textID, room, withData.measure(in: room), data: withData)
        } else if let room, let m = text?.measure {
            checkTextFits(block, textID: textID, room, m)
        }
        guard let background else { return }
        var foreground = lintKinds.defaultTextColor[kindID]
        if let own = color(key.color) {
            foreground = own
        } else if isSet(key.color) || mayBeHidden(key.color) {
            // A colour that cannot be read is reported where it is written; one that may be
            // misspelt is unknown.
            return
        }
        // Through layers the text is painted into the innermost one, with its opacities.
        let shown: RGBAColor
        if let layers {
            // Wholly transparent text is hidden on purpose, as `visible: false` hides it.
            guard layers.opacity > 0, let seen = layers.seen(painting: foreground) else { return }
            shown = seen
        } else {
            shown = ColorMath.composite(foreground, over: background)
        }
        let ratio = ColorMath.contrast(shown, background)
        let bold: Bool
        if isSet(key.fontWeight) {
            bold = read(key.fontWeight) { raw, node in raw.atoms(of: node).first.map { raw.token($0, equals: "bold") } } ?? false
        } else {
            bold = read(key.font) { raw, node -> Bool? in
                let list = raw.atoms(of: node)
                return list.count == 2 ? raw.token(list[1], equals: "bold") : nil
            } ?? false
        }
        let large = size >= 24 || (size >= 19 && bold)
        let required = large ? 3.0 : 4.5
        if ratio + 1e-9 < required {
            if let layers, layers.opacity < 1 {
                // The opacity is said (to two decimals): without it the colours named could pass.
                let opacity = (layers.opacity * 100).rounded() / 100
                findings.report(.lowContrast, lintRange(block, key.color),
                       "text colour \(hex: foreground) at opacity \(number: opacity) shows as \(hex: shown) on \(hex: background): contrast \(hundredthsDown: ratio):1; WCAG AA needs \(literal: large ? "3" : "4.5"):1 for \(literal: large ? "large" : "normal-size") text")
            } else {
                findings.report(.lowContrast, lintRange(block, key.color),
                       "text colour \(hex: foreground) on \(hex: background) has contrast \(hundredthsDown: ratio):1; WCAG AA needs \(literal: large ? "3" : "4.5"):1 for \(literal: large ? "large" : "normal-size") text")
            }
        }
    }

    /// Whether a string token (`content`: its content's range) shows nothing: only whitespace
    /// once escapes are decoded. Decodes only when the bytes alone cannot tell (escapes or
    /// non-ASCII).
    static func isBlank(_ t: Token, _ content: ByteRange, _ raw: RawSyntaxView) -> Bool {
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

/// Kind ids and per-kind facts the lint rules test. The check's context holds them
/// (`CheckContext.lintKinds`): read as `static let`s, each of the half-dozen tests per
/// element passed a one-time-initialisation check.
struct LintKinds {
    /// Kinds that show text, by kind id.
    let showsText: [Bool] = {
        let ids = Set(["text", "textarea", "button", "label"].map { SchemaIndex.kinds.id($0) })
        return Schema.kinds.indices.map { ids.contains($0) }
    }()
    let image = SchemaIndex.kinds.id("image")
    let video = SchemaIndex.kinds.id("video")
    let textarea = SchemaIndex.kinds.id("textarea")
    let text = SchemaIndex.kinds.id("text")
    let group = SchemaIndex.kinds.id("group")
    let divider = SchemaIndex.kinds.id("divider")
    let line = SchemaIndex.kinds.id("line")
    let arrow = SchemaIndex.kinds.id("arrow")
    let number = SchemaIndex.kinds.id("number")
    let label = SchemaIndex.kinds.id("label")
    let button = SchemaIndex.kinds.id("button")
    /// Each kind's default text colour.
    let defaultTextColor: [RGBAColor] = Schema.kinds.map { kind in
        kind.property("color")?.defaultValue.flatMap(ColorMath.color(source:)) ?? RGBAColor(red: 0, green: 0, blue: 0)
    }

    static let shared = LintKinds()
}

/// The values `checkValue` decoded for the properties of the block being checked, by key
/// id, so lint reads each element's numbers and colours without parsing them again. An
/// entry names the property node it belongs to: an entry left from another block never
/// matches, so nothing needs clearing between blocks.
struct DecodedValues {
    enum Shape: UInt8 {
        /// One number; the second value is 1 when its unit is `pt`.
        case number
        /// `x, y`
        case point
        /// `W x H`
        case size
        /// A colour, its RGBA packed in the first value.
        case color
    }

    private struct Entry {
        var node: Int32 = -1
        var shape: Shape = .number
        var a = 0.0, b = 0.0
    }

    private var entries = [Entry](repeating: Entry(), count: SchemaIndex.propertyCount)

    @inline(__always)
    mutating func set(_ id: Int, node: Int, _ shape: Shape, _ a: Double, _ b: Double = 0) {
        entries[id] = Entry(node: Int32(truncatingIfNeeded: node), shape: shape, a: a, b: b)
    }

    mutating func set(_ id: Int, node: Int, color: RGBAColor) {
        let packed = UInt32(color.red) << 24 | UInt32(color.green) << 16 | UInt32(color.blue) << 8 | UInt32(color.alpha)
        set(id, node: node, .color, Double(packed))
    }

    @inline(__always)
    func value(_ id: Int, node: Int, _ shape: Shape) -> (Double, Double)? {
        let e = entries[id]
        return e.node == Int32(truncatingIfNeeded: node) && e.shape == shape ? (e.a, e.b) : nil
    }

    static func color(_ packed: Double) -> RGBAColor {
        let v = UInt32(packed)
        return RGBAColor(red: UInt8(v >> 24 & 0xFF), green: UInt8(v >> 16 & 0xFF), blue: UInt8(v >> 8 & 0xFF), alpha: UInt8(v & 0xFF))
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
