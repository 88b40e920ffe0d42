// The schema: one table listing every kind of block in the language, where it may appear,
// its properties, each property's type, default, range or values, whether it is required,
// and a one-line doc. The validator, completion, hover, the formatter's docs and the HTML
// generator all read this table; adding a kind or a property is a change here only.
//
// Where the design (docs/LANGUAGE.md) leaves a detail open, the table decides it and the
// doc string says so in plain words (defaults of annotation colours, what `at` means for
// a line, how a label's `fill` relates to its `background`, …).

/// The schema table and lookups over it.
public enum Schema {
    /// The newest format version this toolchain reads: `format 1`.
    public static let formatVersion = 1

    /// Every kind, in the order the docs list them: directives, top-level definitions, the
    /// template's blocks, the annotation set's blocks.
    public static let kinds: [KindSchema] = [
        formatDirective, importDirective, styleKind, fontFaceKind,
        templateKind, paramsKind,
        textKind, textareaKind, imageKind, buttonKind, videoKind, dividerKind, groupKind,
        annotationsKind,
        rectKind, ellipseKind, lineKind, arrowKind, labelKind, numberKind, highlightKind, blurKind,
    ]

    private static let kindIndex: [String: KindSchema] = {
        var index: [String: KindSchema] = [:]
        for kind in kinds where index[kind.name] == nil { index[kind.name] = kind }
        return index
    }()

    /// The kind (or directive) with this name, wherever it may appear.
    public static func kind(_ name: String) -> KindSchema? { kindIndex[name] }

    /// The kind with this name if it may appear in `placement`, else nil.
    public static func kind(_ name: String, in placement: Placement) -> KindSchema? {
        guard let kind = kindIndex[name], kind.allowedIn.contains(placement) else { return nil }
        return kind
    }

    /// The kinds that may appear in `placement`, in table order (directives included at top level).
    public static func kinds(allowedIn placement: Placement) -> [KindSchema] {
        kinds.filter { $0.allowedIn.contains(placement) }
    }

    /// The kinds that accept a property with this name (directives' arguments not counted).
    public static func kinds(acceptingProperty name: String) -> [KindSchema] {
        kinds.filter { $0.property(name) != nil }
    }

    // MARK: Styles

    /// Every property a `style` block may set: each property of some component or annotation
    /// element, plus `style` itself. Sorted by name.
    public static let styleablePropertyNames: [String] = Array(styleableIndex.keys).sorted()

    /// The definition used to check a property written in a `style` block: the first component
    /// or annotation element (in table order) that accepts it. A property name has the same
    /// type in every kind that accepts it (the tests hold the table to that); ranges and
    /// defaults may differ per kind and are checked again where the style is used.
    public static func styleableProperty(_ name: String) -> PropertySchema? { styleableIndex[name] }

    private static let styleableIndex: [String: PropertySchema] = {
        var index: [String: PropertySchema] = [:]
        for kind in kinds where kind.isComponent || kind.isAnnotationElement {
            for property in kind.properties where index[property.name] == nil {
                index[property.name] = property
            }
        }
        if let own = styleKind.property("style") { index["style"] = own }
        return index
    }()

    // MARK: Other tables

    /// The presets of a template's `device` property.
    public static let devices: [DevicePreset] = [
        DevicePreset(name: "iphone-se", width: 375, height: 667, displayName: "iPhone SE"),
        DevicePreset(name: "iphone-15", width: 393, height: 852, displayName: "iPhone 15"),
        DevicePreset(name: "iphone-15-pro-max", width: 430, height: 932, displayName: "iPhone 15 Pro Max"),
        DevicePreset(name: "ipad", width: 820, height: 1180, displayName: "iPad"),
        DevicePreset(name: "desktop", width: 1440, height: 900, displayName: "Desktop"),
    ]

    /// The device preset with this name, or nil.
    public static func device(_ name: String) -> DevicePreset? { devices.first { $0.name == name } }

    /// The font weights, lightest first, as written in `font-weight` and after a `font` family.
    public static let fontWeights: [String] = ["regular", "medium", "semibold", "bold"]

    /// The CSS numeric weight of a font weight name: regular 400, medium 500, semibold 600, bold 700.
    public static func cssFontWeight(_ name: String) -> Int? {
        switch name {
        case "regular": return 400
        case "medium": return 500
        case "semibold": return 600
        case "bold": return 700
        default: return nil
        }
    }

    /// The URL schemes a `url` value may use (lower case); a value without a scheme is a
    /// relative path. Any other scheme is rejected, and `javascript:` and `data:` never reach output.
    public static let allowedURLSchemes: [String] = ["http", "https", "mailto"]

    /// The values of the `head` and `tail` markers of lines and arrows.
    public static let lineMarkers: [String] = ["none", "open", "filled", "circle", "square", "bar"]
}

// MARK: - Building blocks

private let px = ValueType.number(units: [.px])
private let unitless = ValueType.number(units: [])
private let degrees = ValueType.number(units: [.deg])
private let fontSizeType = ValueType.number(units: [.px, .pt])
private let weightType = ValueType.enumeration(Schema.fontWeights)
/// `start` and `end` are the sides where the lines of the template's or set's language begin
/// and end (`lang`): left and right, or right and left in a right-to-left language.
private let alignType = ValueType.enumeration(["start", "end", "left", "center", "right", "justify"])
private let alignDirectionDoc = "`start` and `end` are the left and right sides, or the right and left ones when the template's or set's `lang` is a right-to-left language; `left` and `right` are those sides whatever the language."

private func p(
    _ name: String,
    _ type: ValueType,
    default defaultValue: String? = nil,
    note: String? = nil,
    range: ValueRange? = nil,
    req requirement: PropertySchema.Requirement = .optional,
    excludes: [String] = [],
    _ doc: String
) -> PropertySchema {
    PropertySchema(
        name: name, type: type, defaultValue: defaultValue, defaultNote: note, range: range,
        requirement: requirement, excludes: excludes, doc: doc)
}

private let styleProperty = p(
    "style", .styleReference,
    "Name of a top-level `style` whose properties apply wherever this block does not set them itself.")

private let zProperty = p(
    "z", .integer, default: "0",
    "Stacking order among siblings: higher values are drawn on top; equal values keep source order.")
private let visibleProperty = p(
    "visible", .boolean, default: "true",
    "Whether the element is drawn; a hidden element stays in the document but is not rendered.")
private let opacityProperty = p(
    "opacity", unitless, default: "1", range: .closed(0, 1),
    "Opacity of the whole element, from 0 (invisible) to 1 (opaque).")
private let rotationProperty = p(
    "rotation", degrees, default: "0",
    "Clockwise rotation in degrees (a bare number is in degrees) about the centre of the element's box.")
private let gridProperty = p(
    "grid", px, note: "none", range: .positive,
    "Spacing in px of the layout grid that editors show and snap to; it does not change the output.")

// MARK: Components

/// Properties every template component takes.
private func componentCommon(atDoc: String = "Position in px of the box's top-left corner, relative to the canvas or to the content box of the enclosing group.") -> [PropertySchema] {
    [
        p("at", .point, default: "0, 0", atDoc),
        p("size", .size, note: "the content's natural size", range: .nonNegative, excludes: ["width", "height"],
          "Outer width and height of the box in px, border and padding included; write `size` or `width`/`height`, not both (one from a style: `size` wins)."),
        p("width", px, note: "the content's natural width", range: .nonNegative, excludes: ["size"],
          "Outer width of the box in px, for when only the width is fixed."),
        p("height", px, note: "the content's natural height", range: .nonNegative, excludes: ["size"],
          "Outer height of the box in px, for when only the height is fixed."),
        zProperty,
        visibleProperty,
        p("locked", .boolean, default: "false",
          "Whether editors keep the element from being moved or resized; it does not change the output."),
        opacityProperty,
        rotationProperty,
        p("background", .color, note: "none (transparent)",
          "Colour that fills the element's box."),
        p("corner-radius", px, default: "0", range: .nonNegative,
          "Radius in px of the box's rounded corners."),
        p("border-width", px, default: "0", range: .nonNegative,
          "Width in px of the border, drawn inside the box's edge."),
        p("border-color", .color, default: "#000000",
          "Colour of the border; it shows only when `border-width` is above 0."),
        p("padding", px, default: "0", range: .nonNegative,
          "Space in px between the border and the content, on all four sides."),
        styleProperty,
    ]
}

/// The text properties of `text` and `textarea`, and of `button` without `text`.
private func textProperties(includeText: Bool, alignDefault: String = "start") -> [PropertySchema] {
    var list: [PropertySchema] = []
    if includeText {
        list.append(p("text", .text, req: .required,
                      "The text shown; `{{name}}` inserts the template parameter `name`."))
    }
    list += [
        p("font", .font, note: "the renderer's default sans-serif family",
          "Font family, or a comma-separated list of them tried in order, optionally followed by a weight: `\"Inter\" bold` (the weight counts when no `font-weight` applies: [One value per property](#one-value-per-property)). See [Fonts](#fonts)."),
        p("font-size", fontSizeType, default: "16", range: .closed(1, 1000),
          "Font size; a bare number is in px, `pt` is also accepted."),
        p("font-weight", weightType, default: "regular",
          "Weight of the text."),
        p("italic", .boolean, default: "false",
          "Whether the text is set in italics."),
        p("underline", .boolean, default: "false",
          "Whether the text is underlined."),
        p("color", .color, default: "#000000",
          "Colour of the text."),
        p("align", alignType, default: alignDefault,
          "Horizontal alignment of the text within the content box: " + alignDirectionDoc),
        p("line-height", .number(units: [.percent]), note: "normal (the font's own line spacing)", range: .positive,
          "Distance between baselines: a bare number multiplies the font size, a percentage is of the font size."),
        p("max-lines", .integer, note: "unlimited", range: .atLeast(1),
          "Most lines shown; text past the last line is cut off with an ellipsis."),
    ]
    return list
}

private let textKind = KindSchema(
    name: "text", role: .component,
    doc: "A paragraph of text, wrapped to the box's width (HTML `<p>`), or a heading (`heading`, HTML `<h1>`…`<h6>`).",
    allowedIn: [.template, .group],
    properties: textProperties(includeText: true) + [
        p("heading", .integer, note: "none: a paragraph", range: .closed(1, 6),
          "Makes the text a heading of this level, exported as `<h1>`…`<h6>`: 1 for the page's title, 2 for its sections, and so on without skipping a level. Screen readers list headings to move through a page; the look still comes from the text properties."),
    ] + componentCommon())

private let textareaKind = KindSchema(
    name: "textarea", role: .component,
    doc: "A longer block of text that may hold several paragraphs, separated by blank lines in `text`.",
    allowedIn: [.template, .group],
    properties: textProperties(includeText: true) + componentCommon())

private let imageKind = KindSchema(
    name: "image", role: .component,
    doc: "A picture from a file or URL (HTML `<img>`).",
    allowedIn: [.template, .group],
    properties: [
        p("src", .url, req: .required,
          "The image: a relative path or an `http`/`https` URL; `{{name}}` inserts a parameter, percent-encoded."),
        p("alt", .text, req: .recommended,
          "Text alternative for screen readers; the accessibility lint reports an image without it (write `alt: \"\"` for a purely decorative image)."),
        p("fit", .enumeration(["cover", "contain", "fill"]), default: "cover",
          "How the image fills its box: `cover` crops to fill it, `contain` shows all of it, `fill` stretches it."),
    ] + componentCommon())

private let buttonKind = KindSchema(
    name: "button", role: .component,
    doc: "A button that leads to `action`, drawn as a link (HTML `<a>`); its label is centred by default.",
    allowedIn: [.template, .group],
    properties: [
        p("label", .text, req: .required,
          "Text on the button; `{{name}}` inserts the template parameter `name`."),
        p("action", .url, note: "none: the button leads nowhere, and its label is shown as text (TDL315)", req: .recommended,
          "Where the button leads: a relative path or an `http`, `https` or `mailto` URL; `{{name}}` inserts a parameter, percent-encoded."),
    ] + textProperties(includeText: false, alignDefault: "center") + componentCommon())

private let videoKind = KindSchema(
    name: "video", role: .component,
    doc: "A video player (HTML `<video>`).",
    allowedIn: [.template, .group],
    properties: [
        p("src", .url, req: .required,
          "The video: a relative path or an `http`/`https` URL; `{{name}}` inserts a parameter, percent-encoded."),
        p("poster", .url, note: "the video's first frame",
          "Image shown before playback starts: a relative path or an `http`/`https` URL; `{{name}}` inserts a parameter, percent-encoded."),
        p("autoplay", .boolean, default: "false",
          "Whether playback starts on its own: browsers allow that only when `muted` is true, and a reader needs the `controls` to pause it (TDL316 warns otherwise)."),
        p("loop", .boolean, default: "false",
          "Whether playback starts again at the end."),
        p("muted", .boolean, default: "false",
          "Whether the sound starts muted."),
        p("controls", .boolean, default: "true",
          "Whether the player shows its playback controls."),
        p("captions", .url, note: "none (the accessibility lint hints at it)",
          "Captions of the video's speech and sounds, a WebVTT (`.vtt`) file: a relative path or an `http`/`https` URL (`{{name}}` inserts a parameter, percent-encoded). Exported as `<track kind=\"captions\">`, in the template's `lang`; shown from the start when the player has no controls to switch them on."),
    ] + componentCommon())

private let dividerKind = KindSchema(
    name: "divider", role: .component,
    doc: "A horizontal rule across the box's width (HTML `<hr>`).",
    allowedIn: [.template, .group],
    properties: [
        p("color", .color, default: "#CCCCCC",
          "Colour of the rule."),
        p("thickness", px, default: "1", range: .nonNegative,
          "Thickness of the rule in px."),
    ] + componentCommon())

private let groupKind = KindSchema(
    name: "group", role: .component,
    doc: "Holds components and moves them together; their `at` is relative to the group's content box (its `at` plus border and padding). Without `size` it is as large as its members' boxes plus padding and border.",
    allowedIn: [.template, .group],
    childPlacement: .group,
    properties: componentCommon())

// MARK: Template

private let templateKind = KindSchema(
    name: "template", role: .definition,
    doc: "A screen design: a canvas of a fixed size with absolutely placed components, exported as one HTML page.",
    allowedIn: [.topLevel],
    childPlacement: .template,
    namePresence: .required,
    titlePresence: .optional,
    properties: [
        p("size", .size, range: .positive, req: .requiredUnless(["device"]), excludes: ["device"],
          "Canvas width and height in px; required unless `device` gives them."),
        p("device", .enumeration(Schema.devices.map(\.name)), excludes: ["size"],
          "A device preset that sets the canvas size: "
            + Schema.devices.map { "`\($0.name)` \($0.width) x \($0.height)" }.joined(separator: ", ") + "."),
        p("background", .color, default: "#FFFFFF",
          "Colour of the canvas."),
        gridProperty,
        p("lang", .languageTag, default: "\"en\"",
          "Language of the template's text as a BCP 47 tag such as `en` or `pt-BR`; it becomes the HTML page's `lang`, and a right-to-left language (`ar`, `he`, `fa`, `ur`, or a script such as `-Arab`) gives the page `dir=\"rtl\"`."),
        p("description", .string,
          "A sentence or two about the template, for people and tools; it is not drawn."),
    ])

private let paramsKind = KindSchema(
    name: "params", role: .parameters,
    doc: "The template's parameters: each line `NAME: default` declares a parameter that `{{NAME}}` inserts, with a string, number or boolean default.",
    allowedIn: [.template],
    namePresence: .forbidden,
    freeFormPropertyType: .paramDefault)

// MARK: Annotation elements

private struct ElementDefaults {
    var atDoc = "Position in px of the box's top-left corner on the screenshot."
    var sizeDoc = "Width and height in px of the element's box."
    var sizeNote: String? = nil
    var fill: String? = nil
    var fillNote: String? = "none"
    var fillDoc = "Colour that fills the shape."
    var fillExcludes: [String] = []
    var stroke: String? = "#FF0000"
    var strokeNote: String? = nil
    var strokeDoc = "Colour of the shape's outline."
}

/// Properties every annotation element takes.
private func elementCommon(_ d: ElementDefaults = ElementDefaults()) -> [PropertySchema] {
    [
        p("at", .point, default: "0, 0", d.atDoc),
        p("size", .size, note: d.sizeNote, range: .nonNegative, d.sizeDoc),
        rotationProperty,
        p("scale", unitless, default: "1", range: .positive,
          "Scale factor about the centre of the element's box: 2 draws it twice as large."),
        zProperty,
        visibleProperty,
        opacityProperty,
        p("fill", .color, default: d.fill, note: d.fill == nil ? d.fillNote : nil, excludes: d.fillExcludes, d.fillDoc),
        p("stroke", .color, default: d.stroke, note: d.stroke == nil ? d.strokeNote ?? "none" : nil, d.strokeDoc),
        p("stroke-width", px, default: "2", range: .nonNegative,
          "Width in px of the outline."),
        styleProperty,
    ]
}

private let rectKind = KindSchema(
    name: "rect", role: .annotationElement,
    doc: "A rectangle, usually an outline around the area being discussed.",
    allowedIn: [.annotations],
    properties: elementCommon() + [
        p("corner-radius", px, default: "0", range: .nonNegative,
          "Radius in px of the rectangle's rounded corners."),
    ])

private let ellipseKind = KindSchema(
    name: "ellipse", role: .annotationElement,
    doc: "An ellipse that fills the element's box.",
    allowedIn: [.annotations],
    properties: elementCommon())

private func lineProperties(headDefault: String) -> [PropertySchema] {
    var defaults = ElementDefaults()
    defaults.atDoc = "Offset in px added to `from` and `to` where they are points."
    defaults.sizeDoc = "Not used by a line, whose ends are `from` and `to`; accepted so that styles can be shared."
    defaults.fillNote = "the stroke colour"
    defaults.fillDoc = "Colour inside the closed markers `filled`, `circle` and `square`."
    defaults.strokeDoc = "Colour of the line and of its markers' outlines."
    let markers = ValueType.enumeration(Schema.lineMarkers)
    return [
        p("from", .pointOrElement, req: .required,
          "Start: a point in px, or the name of another element of this set (the line then starts at the edge of that element's box)."),
        p("to", .pointOrElement, req: .required,
          "End: a point in px, or the name of another element of this set (the line then ends at the edge of that element's box)."),
        p("head", markers, default: headDefault,
          "Marker drawn at the `to` end."),
        p("tail", markers, default: "none",
          "Marker drawn at the `from` end."),
        p("dash", .enumeration(["solid", "dashed", "dotted"]), default: "solid",
          "Pattern of the line."),
        p("cap", .enumeration(["butt", "round", "square"]), default: "butt",
          "Shape of the line's ends where no marker is drawn."),
    ] + elementCommon(defaults)
}

private let lineKind = KindSchema(
    name: "line", role: .annotationElement,
    doc: "A straight line from `from` to `to`, without markers unless `head` or `tail` asks for them.",
    allowedIn: [.annotations],
    properties: lineProperties(headDefault: "none"))

private let arrowKind = KindSchema(
    name: "arrow", role: .annotationElement,
    doc: "A straight line from `from` to `to` with a filled arrowhead at `to`, pointing at a spot or another element.",
    allowedIn: [.annotations],
    properties: lineProperties(headDefault: "filled"))

private let labelKind: KindSchema = {
    var defaults = ElementDefaults()
    defaults.sizeNote = "fits the text"
    defaults.sizeDoc = "Width and height in px of the label's box; the text wraps to its width."
    defaults.fillDoc = "Colour of the label's box, the same as `background`: write one of the two (one from a style: `background` wins)."
    defaults.fillExcludes = ["background"]
    defaults.stroke = nil
    defaults.strokeDoc = "Colour of the outline of the label's box."
    return KindSchema(
        name: "label", role: .annotationElement,
        doc: "A piece of text on the screenshot, such as an instruction or a comment.",
        allowedIn: [.annotations],
        properties: [
            p("text", .text, req: .required,
              "The text shown."),
            p("font", .font, note: "the renderer's default sans-serif family",
              "Font family, or a comma-separated list of them tried in order, optionally followed by a weight: `\"Inter\" bold`. See [Fonts](#fonts)."),
            p("font-size", fontSizeType, default: "16", range: .closed(1, 1000),
              "Font size; a bare number is in px, `pt` is also accepted."),
            p("color", .color, default: "#FF0000",
              "Colour of the text."),
            p("align", alignType, default: "start",
              "Horizontal alignment of the text within the label's box: " + alignDirectionDoc),
            p("background", .color, note: "none (transparent)", excludes: ["fill"],
              "Colour of the label's box behind the text."),
        ] + elementCommon(defaults))
}()

private let numberKind: KindSchema = {
    var defaults = ElementDefaults()
    defaults.atDoc = "Position in px of the top-left corner of the marker's box on the screenshot."
    defaults.sizeNote = "a square of side 2 × radius"
    defaults.sizeDoc = "Width and height in px of the marker's box; the disc is centred in it."
    defaults.fill = "#FF0000"
    defaults.fillDoc = "Colour of the disc."
    defaults.stroke = nil
    defaults.strokeDoc = "Colour of the disc's outline."
    return KindSchema(
        name: "number", role: .annotationElement,
        doc: "A numbered disc that marks a step or refers to a note.",
        allowedIn: [.annotations],
        properties: [
            p("value", .integer, note: "one more than the previous `number` of the set (1 for the first)", range: .nonNegative,
              "The number shown in the disc."),
            p("radius", px, default: "16", range: .positive,
              "Radius of the disc in px."),
            p("color", .color, default: "#FFFFFF",
              "Colour of the digits."),
        ] + elementCommon(defaults))
}()

private let highlightKind: KindSchema = {
    var defaults = ElementDefaults()
    defaults.fill = "#FFFF0066"
    defaults.fillDoc = "Colour of the marker; keep it translucent so that the screenshot shows through."
    defaults.stroke = nil
    defaults.strokeDoc = "Colour of the marker's outline."
    return KindSchema(
        name: "highlight", role: .annotationElement,
        doc: "A translucent marker over an area, like a highlighter pen (translucent yellow by default).",
        allowedIn: [.annotations],
        properties: elementCommon(defaults))
}()

private let blurKind: KindSchema = {
    var defaults = ElementDefaults()
    defaults.fillDoc = "Colour laid over the blurred area."
    defaults.stroke = nil
    defaults.strokeDoc = "Colour of an outline around the blurred area."
    return KindSchema(
        name: "blur", role: .annotationElement,
        doc: "Redacts the part of the screenshot under its box by blurring it.",
        allowedIn: [.annotations],
        properties: [
            p("radius", px, default: "8", range: .nonNegative,
              "Blur radius in px: the larger, the less can be read."),
        ] + elementCommon(defaults))
}()

private let annotationsKind = KindSchema(
    name: "annotations", role: .definition,
    doc: "Markup over a screenshot: shapes, arrows, labels, numbered markers, highlights and blurs, exported as the image with an SVG overlay.",
    allowedIn: [.topLevel],
    childPlacement: .annotations,
    namePresence: .required,
    titlePresence: .optional,
    properties: [
        p("image", .url, req: .required,
          "The screenshot being annotated: a relative path or an `http`/`https` URL (annotation sets have no parameters)."),
        p("size", .size, note: "the image's own size", range: .positive,
          "Width and height in px of the screenshot, which is the canvas the elements are placed on."),
        gridProperty,
        p("lang", .languageTag, default: "\"en\"",
          "Language of the labels as a BCP 47 tag such as `en` or `ar`; it becomes the HTML page's `lang`, and a right-to-left language (`ar`, `he`, `fa`, `ur`, or a script such as `-Arab`) makes the page and the overlay right to left, so that `align: start` is the right side."),
    ])

// MARK: Top level

private let styleKind = KindSchema(
    name: "style", role: .definition,
    doc: "A named set of properties that components and annotation elements take with `style: NAME`; it may hold any property some element accepts.",
    allowedIn: [.topLevel],
    namePresence: .required,
    properties: [
        p("style", .styleReference,
          "Name of another style that this one extends: its properties apply where this one does not set them."),
    ],
    anyElementProperty: true)

/// One face of a family the page loads from a file. The family is the header's string
/// (families have spaces, and one family has several faces, so it is not a block name).
private let fontFaceKind = KindSchema(
    name: "font-face", role: .definition,
    doc: "A font file the exported page loads: one face (weight, italic or not) of the family named by its string, which `font` then uses like an installed family. See [Fonts](#fonts).",
    allowedIn: [.topLevel],
    namePresence: .forbidden, titlePresence: .required,
    properties: [
        p("src", .url, req: .required,
          "The font file: a relative path or an `https` URL whose path ends in `.woff2`, `.woff`, `.ttf` or `.otf`, the format the page names for it."),
        p("weight", weightType, default: "regular",
          "The weight the file draws: the text whose `font-weight` (or `font` weight) is this one uses it."),
        p("italic", .boolean, default: "false",
          "Whether the file draws the italic face, used by text with `italic: true`."),
        p("fallback", .enumeration(["sans-serif", "serif", "monospace"]), note: "the family's kind in the table of [Fonts](#fonts), else `sans-serif`",
          "The generic family the page falls back to while the file loads or when it cannot."),
        p("display", .enumeration(["swap", "fallback", "optional", "block", "auto"]), default: "swap",
          "How the text is shown while the file loads (CSS `font-display`): `swap` draws it in the fallback at once and swaps the face in when it arrives."),
    ],
    synopsis: "font-face \"Family\" { … }")

private let formatDirective = KindSchema(
    name: "format", role: .directive,
    doc: "Declares the file's format version, `format 1`, at the top of the file; a file without it is read as format 1.",
    allowedIn: [.topLevel],
    namePresence: .forbidden,
    argument: p("version", .integer, range: .atLeast(1), req: .required,
                "Format version of the file; 1 is the only one so far."))

private let importDirective = KindSchema(
    name: "import", role: .directive,
    doc: "Makes the top-level definitions of another `.tdl` file, such as its styles, usable in this file.",
    allowedIn: [.topLevel],
    namePresence: .forbidden,
    argument: p("path", .string, req: .required,
                "Path of the other `.tdl` file, relative to this file."))

/// The kinds by id, each made from its entry of the table above.
extension KindID {
    public static let format = KindID(formatDirective)
    public static let `import` = KindID(importDirective)
    public static let style = KindID(styleKind)
    public static let fontFace = KindID(fontFaceKind)
    public static let template = KindID(templateKind)
    public static let params = KindID(paramsKind)
    public static let text = KindID(textKind)
    public static let textarea = KindID(textareaKind)
    public static let image = KindID(imageKind)
    public static let button = KindID(buttonKind)
    public static let video = KindID(videoKind)
    public static let divider = KindID(dividerKind)
    public static let group = KindID(groupKind)
    public static let annotations = KindID(annotationsKind)
    public static let rect = KindID(rectKind)
    public static let ellipse = KindID(ellipseKind)
    public static let line = KindID(lineKind)
    public static let arrow = KindID(arrowKind)
    public static let label = KindID(labelKind)
    public static let number = KindID(numberKind)
    public static let highlight = KindID(highlightKind)
    public static let blur = KindID(blurKind)
}
