import Validator

/// Every property name the schema gives components, annotation elements, templates and
/// annotation sets, as a one-byte value: the renderers look properties up by key dozens of
/// times per element, and comparing bytes is far cheaper than comparing strings.
///
/// A property the schema gains later without a case here still resolves and is exported to
/// JSON; only lookups by key miss it (the tests hold this list to the schema).
public enum PropertyKey: UInt8, CaseIterable, Sendable {
    case action, align, alt, at, autoplay, background, borderColor, borderWidth
    case cap, captions, color, controls, cornerRadius, dash, description, device, fill, fit, font
    case fontSize, fontWeight, from, grid, head, heading, height, image, italic, label, lang
    case lineHeight, locked, loop, maxLines, muted, opacity, padding, poster, radius
    case rotation, scale, size, src, stroke, strokeWidth, style, tail, text, thickness
    case to, underline, value, visible, width, z

    /// The property name as written in TDL, such as `border-color`.
    public var name: String { PropertyKey.names[Int(rawValue)] }

    private static let names: [String] = [
        "action", "align", "alt", "at", "autoplay", "background", "border-color", "border-width",
        "cap", "captions", "color", "controls", "corner-radius", "dash", "description", "device", "fill", "fit", "font",
        "font-size", "font-weight", "from", "grid", "head", "heading", "height", "image", "italic", "label", "lang",
        "line-height", "locked", "loop", "max-lines", "muted", "opacity", "padding", "poster", "radius",
        "rotation", "scale", "size", "src", "stroke", "stroke-width", "style", "tail", "text", "thickness",
        "to", "underline", "value", "visible", "width", "z",
    ]

    private static let byName: [String: PropertyKey] = {
        var table: [String: PropertyKey] = [:]
        for key in allCases { table[key.name] = key }
        return table
    }()

    /// The key for a property name, or nil for a name outside this list.
    public static func named(_ name: String) -> PropertyKey? { byName[name] }
}

/// An element's properties by key, for renderers that read many of them: filled once per
/// element with where each value is (the element's own and styled values over the kind's
/// defaults), then read in constant time. One table is reused for every element, so
/// rendering allocates nothing per element and copies only the values it reads.
struct PropertyTable {
    /// Per key: 0 absent, i + 1 for `store.list[i]`, -(i + 1) for `defaults.list[i]`.
    private var where_ = [Int32](repeating: 0, count: PropertyKey.allCases.count)
    private var store = PropertyStore.empty
    private var defaults = KindDefaults([])
    /// The fallback kinds of the families the page's `font-face`s declare (`PageFontFaces`).
    var fontFallbacks: [String: FontFamilies.Kind] = [:] {
        didSet { fontValues = FontValues() }
    }
    /// The CSS of each `font` family list met so far (`FontFamilies.cssValue`), shared by the
    /// copies of this table one render makes: elements of one style name the same list.
    private(set) var fontValues = FontValues()

    final class FontValues {
        var byFamily: [String: String] = [:]
    }

    /// `font-family`'s value for a `font` family list.
    func fontFamilyCSS(_ family: String) -> String {
        if let known = fontValues.byFamily[family] { return known }
        let value = FontFamilies.cssValue(family, declared: fontFallbacks)
        fontValues.byFamily[family] = value
        return value
    }

    mutating func load(_ e: ResolvedElement) {
        store = e.store
        defaults = e.defaults
        let start = defaults.positions
        for k in where_.indices { where_[k] = start[k] }
        let own = store.ids
        for i in e.range {
            if let k = own[i] { where_[Int(k.rawValue)] = Int32(i + 1) }
        }
    }

    subscript(_ key: PropertyKey) -> ResolvedValue? {
        let w = where_[Int(key.rawValue)]
        if w > 0 { return store.list[Int(w) - 1].value }
        if w < 0 { return defaults.list[Int(-w) - 1].value }
        return nil
    }
}
