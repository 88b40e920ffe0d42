import Validator

/// A property value after styles, defaults and parameters: typed, with units normalised.
///
/// Lengths are in px (`12pt` becomes `16`), angles in degrees, `line-height` a multiple of
/// the font size (`150%` becomes `1.5`). Text has its `{{name}}` parameters filled in.
public enum ResolvedValue: Sendable, Hashable {
    /// Strings and text (parameters substituted), language tags.
    case string(String)
    /// A URL that passed `URLPolicy` (http, https, mailto or a relative path).
    case url(String)
    case number(Double)
    case integer(Int)
    case bool(Bool)
    case color(RGBAColor)
    /// An enumeration value such as `center` or `bold`.
    case keyword(String)
    case point(x: Double, y: Double)
    case size(width: Double, height: Double)
    /// A family and an optional weight name (`regular`, `medium`, `semibold`, `bold`). The
    /// weight stays only in a label's: elsewhere it is moved to `font-weight`
    /// (`PropertySpellings`).
    case font(family: String, weight: String?)
    /// `from:`/`to:` naming another element of the annotation set (the point it resolves
    /// to is `AnnotationGeometry.lineEnds`'s).
    case element(String)

    public var string: String? {
        switch self {
        case .string(let s), .url(let s), .keyword(let s), .element(let s): return s
        default: return nil
        }
    }

    public var number: Double? {
        switch self {
        case .number(let v): return v
        case .integer(let i): return Double(i)
        default: return nil
        }
    }

    public var bool: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    public var color: RGBAColor? {
        if case .color(let c) = self { return c }
        return nil
    }

    public var point: (x: Double, y: Double)? {
        if case .point(let x, let y) = self { return (x, y) }
        return nil
    }

    public var size: (width: Double, height: Double)? {
        if case .size(let w, let h) = self { return (w, h) }
        return nil
    }
}

/// One property of a resolved element.
public struct ResolvedProperty: Sendable, Hashable {
    public let key: String
    public let value: ResolvedValue
    /// The key as a `PropertyKey`, for fast lookups (nil for a name outside that list).
    let id: PropertyKey?
    /// Position in the kind's schema properties, for merging lists in schema order.
    let order: Int

    public init(key: String, value: ResolvedValue) {
        self.key = key
        self.value = value
        self.id = PropertyKey.named(key)
        self.order = 0
    }

    init(key: String, id: PropertyKey?, order: Int, value: ResolvedValue) {
        self.key = key
        self.value = value
        self.id = id
        self.order = order
    }

    public static func == (a: ResolvedProperty, b: ResolvedProperty) -> Bool { a.key == b.key && a.value == b.value }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(value)
    }
}

extension Array where Element == ResolvedProperty {
    /// The value of a property, by key.
    @inline(__always) func value(_ key: PropertyKey) -> ResolvedValue? {
        for p in self where p.id == key { return p.value }
        return nil
    }

    /// The value of a property, by name.
    func value(named name: String) -> ResolvedValue? {
        if let key = PropertyKey.named(name) { return value(key) }
        for p in self where p.key == name { return p.value }
        return nil
    }
}

/// A box in canvas px: a component's outer (border) box with groups' offsets applied.
public struct ResolvedBox: Sendable, Hashable {
    public var x: Double
    public var y: Double
    /// A group without `size` has its natural size: its shown members' boxes and the origin
    /// of its content box, plus padding and border (docs/LANGUAGE.md, Boxes and groups). Nil
    /// when the width (height) is a natural size only rendering knows: a text, image or video
    /// without it, or a group with such a member.
    public var width: Double?
    public var height: Double?
}

/// The fixed defaults of one kind's properties (from the schema), in schema order, shared
/// by every element of that kind.
final class KindDefaults: Sendable {
    let list: [ResolvedProperty]
    /// `list`'s keys, apart: scanning one-byte keys never copies a value.
    let ids: [PropertyKey?]

    /// Per `PropertyKey`: -(i + 1) for `list[i]`, 0 when the kind has no default for it: the
    /// starting state of a `PropertyTable` loading an element of this kind.
    let positions: [Int32]

    init(_ list: [ResolvedProperty]) {
        self.list = list
        self.ids = list.map(\.id)
        var positions = [Int32](repeating: 0, count: PropertyKey.allCases.count)
        for (i, id) in ids.enumerated() {
            if let id { positions[Int(id.rawValue)] = -Int32(i + 1) }
        }
        self.positions = positions
    }
}

/// The properties of every element of one template or set, stored flat (one allocation for
/// all of them); each element refers to its range.
final class PropertyStore: Sendable {
    let list: [ResolvedProperty]
    /// `list`'s keys, apart: scanning one-byte keys never copies a value.
    let ids: [PropertyKey?]

    init(list: [ResolvedProperty], ids: [PropertyKey?]) {
        self.list = list
        self.ids = ids
    }

    static let empty = PropertyStore(list: [], ids: [])
}

/// The index of a key among `ids[range]`.
@inline(__always) func position(of key: PropertyKey, in ids: [PropertyKey?], _ range: Range<Int>) -> Int? {
    var i = range.lowerBound
    let n = range.upperBound
    while i < n {
        if ids[i] == key { return i }
        i += 1
    }
    return nil
}

/// A component of a template or an element of an annotation set, resolved.
public struct ResolvedElement: Sendable, Hashable {
    /// The block kind: `text`, `group`, `arrow`, ….
    public let kind: String
    /// The kind's id, which the writers test (`.group`, `.arrow`).
    public let kindID: KindID
    /// The name as written, or nil for an unnamed element.
    public let name: String?
    /// Unique within its template or set: the name, with the names of enclosing groups
    /// joined by `-` (`footer-start`); an unnamed element gets `KIND.N` (N counts the
    /// unnamed elements of that kind, from 1), which no name can clash with. Should two
    /// joined names coincide (`a` + `b-c` and `a-b` + `c`), the later one gets `.2`, `.3`, ….
    public internal(set) var id: String
    /// The properties the element sets itself or through its style chain, and those the
    /// exporter computes (an auto-numbered `value`, a line's `fill`, a number's `size`), in
    /// schema order. `style` is not listed.
    public var explicitProperties: [ResolvedProperty] { Array(store.list[range]) }
    /// Where the explicit properties are in `store`.
    let range: Range<Int>
    var store: PropertyStore
    /// The schema's fixed defaults for the kind (shared, not copied per element).
    let defaults: KindDefaults
    /// Group members, in source order (empty for other kinds).
    public internal(set) var children: [ResolvedElement]
    /// Template components only: the outer box on the canvas.
    public let box: ResolvedBox?

    init(kind: String, name: String?, range: Range<Int>, defaults: KindDefaults,
         children: [ResolvedElement], box: ResolvedBox?) {
        self.kind = kind
        kindID = KindID(kind)
        self.name = name
        self.id = ""
        self.range = range
        self.store = .empty
        self.defaults = defaults
        self.children = children
        self.box = box
    }

    /// Every property the element has: `explicitProperties`, and the schema's fixed default
    /// for each other property that has one. In schema order.
    public var properties: [ResolvedProperty] {
        let own = store.list[range], fallback = defaults.list
        var out: [ResolvedProperty] = []
        out.reserveCapacity(own.count + fallback.count)
        var i = own.startIndex, j = 0
        while i < own.endIndex || j < fallback.count {
            if j == fallback.count || (i < own.endIndex && own[i].order <= fallback[j].order) {
                if j < fallback.count && own[i].order == fallback[j].order { j += 1 }
                out.append(own[i]); i += 1
            } else {
                out.append(fallback[j]); j += 1
            }
        }
        return out
    }

    public subscript(_ key: String) -> ResolvedValue? {
        explicitProperties.value(named: key) ?? defaults.list.value(named: key)
    }

    public subscript(_ key: PropertyKey) -> ResolvedValue? {
        if let i = position(of: key, in: store.ids, range) { return store.list[i].value }
        if let i = position(of: key, in: defaults.ids, 0..<defaults.ids.count) { return defaults.list[i].value }
        return nil
    }

    /// Calls `body` with each keyed property: the defaults first, then the explicit values
    /// (which therefore win when a table keeps the last value per key).
    func forEachProperty(_ body: (PropertyKey, ResolvedValue) -> Void) {
        let d = defaults
        for i in d.ids.indices { if let k = d.ids[i] { body(k, d.list[i].value) } }
        let s = store
        for i in range { if let k = s.ids[i] { body(k, s.list[i].value) } }
    }

    public static func == (a: ResolvedElement, b: ResolvedElement) -> Bool {
        a.kind == b.kind && a.name == b.name && a.id == b.id && a.properties == b.properties
            && a.children == b.children && a.box == b.box
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(id)
        hasher.combine(properties)
        hasher.combine(children)
    }
}

/// A template or an annotation set, resolved.
public struct ResolvedItem: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case template
        case annotations
    }

    public let kind: Kind
    public let name: String
    public let title: String?
    /// Templates: the declared parameters with the values used (data applied). Empty for sets.
    public let parameters: [ResolvedParameter]
    /// The template's or set's own properties (size, background, lang, image, …), defaults
    /// applied; a template's `size` is filled in from `device`.
    public let properties: [ResolvedProperty]
    /// Components or annotation elements, in source order.
    public let children: [ResolvedElement]
    /// Templates: the `font-face` declarations the page loads, those of the families its
    /// elements name (`PageFontFaces`), each `src` percent-encoded. Empty for sets.
    public internal(set) var fontFaces: [FontFaceDeclaration] = []

    public subscript(_ key: String) -> ResolvedValue? { properties.value(named: key) }
    public subscript(_ key: PropertyKey) -> ResolvedValue? { properties.value(key) }

    /// The canvas (template) or image (annotation set) size, when known.
    public var canvasSize: (width: Double, height: Double)? { self[.size]?.size }

    /// The title, else the name: for `<title>` and the image's `alt`.
    public var displayTitle: String { title ?? name }

    /// The direction of the item's text, from its `lang`.
    public var direction: TextDirection { TextDirection(languageTag: self[.lang]?.string ?? "en") }
}

/// Every exported template and annotation set of a document, and the issues found while
/// resolving them (data problems, dropped URLs).
public struct ResolvedDocument: Sendable, Hashable {
    public let items: [ResolvedItem]
    public let issues: [ExportIssue]

    public var hasErrors: Bool { issues.contains { $0.severity == .error } }

    public func item(named name: String) -> ResolvedItem? { items.first { $0.name == name } }
}
