import Basics

// The value types of the schema table. Plain values, no I/O, no dependency on the parser:
// the table in Schema.swift is written with these, and every tool reads it.

/// A unit that may touch a number, as in `12px`, `10pt`, `50%` or `45deg`.
///
/// Named `ValueUnit`, not `Unit`, so it never collides with Foundation's `Unit` class.
public enum ValueUnit: String, Sendable, CaseIterable, Hashable {
    case px
    case pt
    case percent = "%"
    case deg
}

/// The shape of a property's value: how the validator reads the property's atoms.
///
/// A value is a short list of atoms (strings, numbers, colours, identifiers, with optional
/// commas between them); the type says which lists are valid for the property.
public enum ValueType: Sendable, Hashable {
    /// One string.
    case string
    /// One string that may hold `{{param}}` interpolations of template parameters.
    case text
    /// One number. A bare number is always accepted; `units` lists the units that may also
    /// touch it (empty: bare numbers only). What a bare number means is said in the property's doc.
    case number(units: [ValueUnit])
    /// One whole number without a unit.
    case integer
    /// The identifier `true` or `false`.
    case boolean
    /// A hex colour (`#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA`) or a named colour identifier (see `Schema.namedColors`).
    case color
    /// Two numbers `x, y` in px (the unit `px` may be written).
    case point
    /// Two numbers `W x H` in px, `x` being an identifier atom (the unit `px` may be written).
    case size
    /// One identifier among these values.
    case enumeration([String])
    /// A family string and an optional weight identifier: `"Inter" bold` (weights: `Schema.fontWeights`).
    case font
    /// One string holding a relative path or an absolute URL whose scheme is in `Schema.allowedURLSchemes`.
    case url
    /// One identifier naming a top-level `style`.
    case styleReference
    /// A point `x, y`, or one identifier naming another element of the same annotation set.
    case pointOrElement
    /// One string holding a BCP 47 language tag such as `en` or `pt-BR`.
    case languageTag
    /// The value of a `params` entry: one string, one number (without unit) or `true`/`false`.
    case paramDefault

    /// A short name for tables and hover, such as `number (px, pt)` or `one of left, center`.
    public var shortName: String {
        switch self {
        case .string: return "string"
        case .text: return "text"
        case .number(let units):
            if units.isEmpty { return "number" }
            return "number (" + units.map(\.rawValue).joined(separator: ", ") + ")"
        case .integer: return "integer"
        case .boolean: return "boolean"
        case .color: return "colour"
        case .point: return "point"
        case .size: return "size"
        case .enumeration: return "enum"
        case .font: return "font"
        case .url: return "URL"
        case .styleReference: return "style name"
        case .pointOrElement: return "point or element name"
        case .languageTag: return "language tag"
        case .paramDefault: return "string, number or boolean"
        }
    }

    /// What a valid value looks like, for diagnostics: "expected " + `expectation`.
    public var expectation: String {
        switch self {
        case .string: return "a string"
        case .text: return "a string, in which `{{name}}` inserts a parameter"
        case .number(let units):
            if units.isEmpty { return "a number without a unit" }
            let list = units.map { "`\($0.rawValue)`" }.joined(separator: " or ")
            return "a number, optionally with the unit \(list)"
        case .integer: return "a whole number"
        case .boolean: return "`true` or `false`"
        case .color: return "a colour: `#RRGGBB`, `#RGB`, `#RRGGBBAA`, `#RGBA` or a named colour"
        case .point: return "a point `x, y`"
        case .size: return "a size `W x H`"
        case .enumeration(let values):
            return "one of " + values.map { "`\($0)`" }.joined(separator: ", ")
        case .font: return "a font `\"Family\"` optionally followed by a weight (`regular`, `medium`, `semibold`, `bold`)"
        case .url: return "a string holding a relative path or an http, https or mailto URL"
        case .styleReference: return "the name of a style"
        case .pointOrElement: return "a point `x, y` or the name of another element"
        case .languageTag: return "a string holding a BCP 47 language tag such as \"en\" or \"pt-BR\""
        case .paramDefault: return "a string, a number or `true`/`false`"
        }
    }

    /// A valid value in canonical TDL source text, for completion snippets, docs and the
    /// placeholder a fix inserts: valid wherever the type is, so it names no parameter.
    public var example: String {
        switch self {
        case .string: return "\"…\""
        case .text: return "\"Hello\""
        case .number(let units): return units.first == .deg ? "45" : "16"
        case .integer: return "1"
        case .boolean: return "true"
        case .color: return "#1E1E1E"
        case .point: return "24, 64"
        case .size: return "327 x 180"
        case .enumeration(let values): return values.first ?? ""
        case .font: return "\"Inter\" bold"
        case .url: return "\"assets/image.png\""
        case .styleReference: return "heading"
        case .pointOrElement: return "400, 900"
        case .languageTag: return "\"en\""
        case .paramDefault: return "\"friend\""
        }
    }

    /// The values of an enumeration, else nil.
    public var enumerationValues: [String]? {
        if case .enumeration(let values) = self { return values }
        return nil
    }

    /// The units a number may carry (empty for bare numbers only), or nil when the type is not `.number`.
    public var numberUnits: [ValueUnit]? {
        if case .number(let units) = self { return units }
        return nil
    }

    /// Whether a `ValueRange` means something for this type: numbers, integers, and each
    /// coordinate of points and sizes.
    public var isNumeric: Bool {
        switch self {
        case .number, .integer, .point, .size: return true
        default: return false
        }
    }
}

/// The numbers a property accepts. For a point or size it bounds each of the two numbers.
public struct ValueRange: Sendable, Hashable, CustomStringConvertible {
    public var lower: Double?
    public var lowerInclusive: Bool
    public var upper: Double?
    public var upperInclusive: Bool

    public init(lower: Double?, lowerInclusive: Bool = true, upper: Double?, upperInclusive: Bool = true) {
        self.lower = lower
        self.lowerInclusive = lowerInclusive
        self.upper = upper
        self.upperInclusive = upperInclusive
    }

    /// `≥ 0`
    public static let nonNegative = ValueRange(lower: 0, upper: nil)
    /// `> 0`
    public static let positive = ValueRange(lower: 0, lowerInclusive: false, upper: nil)
    /// `low … high`, both ends included.
    public static func closed(_ low: Double, _ high: Double) -> ValueRange { ValueRange(lower: low, upper: high) }
    /// `≥ low`
    public static func atLeast(_ low: Double) -> ValueRange { ValueRange(lower: low, upper: nil) }

    public func contains(_ value: Double) -> Bool {
        if value.isNaN { return false }
        if let lower {
            if lowerInclusive ? value < lower : value <= lower { return false }
        }
        if let upper {
            if upperInclusive ? value > upper : value >= upper { return false }
        }
        return true
    }

    /// `≥ 0`, `> 0`, `1 … 1000`, `≤ 5`, `0 < x < 1`.
    public var description: String {
        switch (lower, upper) {
        case (nil, nil): return "any"
        case (let l?, nil): return (lowerInclusive ? "≥ " : "> ") + formatSchemaNumber(l)
        case (nil, let u?): return (upperInclusive ? "≤ " : "< ") + formatSchemaNumber(u)
        case (let l?, let u?):
            if lowerInclusive && upperInclusive { return formatSchemaNumber(l) + " … " + formatSchemaNumber(u) }
            return formatSchemaNumber(l) + (lowerInclusive ? " ≤ " : " < ") + "x" + (upperInclusive ? " ≤ " : " < ") + formatSchemaNumber(u)
        }
    }
}

/// Where a block may appear. The children of a block are in its kind's `childPlacement`.
public enum Placement: String, Sendable, CaseIterable, Hashable {
    /// Directly in the file.
    case topLevel
    /// Directly inside a `template` block.
    case template
    /// Directly inside a `group` block (inside a template).
    case group
    /// Directly inside an `annotations` block.
    case annotations

    /// For docs: "top level", "`template`", …
    public var displayName: String {
        switch self {
        case .topLevel: return "top level"
        case .template: return "`template`"
        case .group: return "`group`"
        case .annotations: return "`annotations`"
        }
    }
}

/// One property a kind accepts.
public struct PropertySchema: Sendable, Hashable {
    /// Whether the property must be written.
    public enum Requirement: Sendable, Hashable {
        case optional
        /// Missing it is an error.
        case required
        /// Missing it is an error unless one of these other properties of the same block is present.
        case requiredUnless([String])
        /// Not a structural error, but a lint reports its absence (for example `alt` on an image).
        case recommended
    }

    /// The key, as written before `:`.
    public let name: String
    public let type: ValueType
    /// The default value as canonical TDL source text (`16`, `#FFFFFF`, `0, 0`, `"en"`), or nil
    /// when the default is not a fixed value (see `defaultNote`) or there is none.
    public let defaultValue: String?
    /// Plain words for a default that is not a fixed value ("the natural size of the content",
    /// "none"), shown in docs and hover when `defaultValue` is nil.
    public let defaultNote: String?
    /// The numbers accepted; nil when any number is (or the type is not numeric).
    public let range: ValueRange?
    public let requirement: Requirement
    /// Properties of the same block that must not be written together with this one.
    public let excludes: [String]
    /// One line: what the property does.
    public let doc: String

    public init(
        name: String,
        type: ValueType,
        defaultValue: String? = nil,
        defaultNote: String? = nil,
        range: ValueRange? = nil,
        requirement: Requirement = .optional,
        excludes: [String] = [],
        doc: String
    ) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.defaultNote = defaultNote
        self.range = range
        self.requirement = requirement
        self.excludes = excludes
        self.doc = doc
    }

    /// Missing it is always an error (`requiredUnless` is not counted).
    public var required: Bool { requirement == .required }
    /// A lint reports its absence.
    public var recommended: Bool { requirement == .recommended }
    /// The other properties whose presence makes this one optional; empty unless `requiredUnless`.
    public var requiredUnless: [String] {
        if case .requiredUnless(let others) = requirement { return others }
        return []
    }
}

/// One block kind (or directive) of the language.
public struct KindSchema: Sendable, Hashable {
    /// What the kind is for.
    public enum Role: String, Sendable, Hashable, CaseIterable {
        /// `format` and `import`: not blocks, listed so completion and hover can document them.
        case directive
        /// A top-level definition: `template`, `annotations`, `style`.
        case definition
        /// The `params` block of a template.
        case parameters
        /// A template component: `text`, `image`, `group`, …
        case component
        /// An annotation element: `rect`, `arrow`, `label`, …
        case annotationElement
    }

    /// Whether a block header part (the name, the title string) may or must be written.
    public enum Presence: String, Sendable, Hashable {
        case required, optional, forbidden
    }

    /// The kind identifier that starts the block (or the directive keyword).
    public let name: String
    public let role: Role
    /// One line: what the kind is.
    public let doc: String
    /// Where the kind may appear.
    public let allowedIn: [Placement]
    /// The placement of the blocks this kind holds; nil when it holds no blocks.
    public let childPlacement: Placement?
    /// Whether the block takes a NAME after its kind.
    public let namePresence: Presence
    /// Whether the block takes a "Title" string after its name.
    public let titlePresence: Presence
    /// The properties, in the canonical order used by docs and completion.
    public let properties: [PropertySchema]
    /// When non-nil, the block takes properties with any identifier as key, each value of this
    /// type (the `params` block: parameter names with their defaults). `properties` is then empty.
    public let freeFormPropertyType: ValueType?
    /// When true (the `style` kind), the block may also hold any property that some component
    /// or annotation element accepts (see `Schema.styleableProperty(_:)`).
    public let anyElementProperty: Bool
    /// For a directive, the one value written after the keyword (`format 1`, `import "x.tdl"`).
    public let argument: PropertySchema?
    /// How the header is written, for docs: `template NAME ["Title"] { … }`.
    public let synopsis: String
    /// Positions in `properties` by name: the validator looks properties up per use.
    private let propertyIndex: [String: Int]
    /// Required properties (also those required unless another is set), computed once.
    private let requiredList: [PropertySchema]

    public init(
        name: String,
        role: Role,
        doc: String,
        allowedIn: [Placement],
        childPlacement: Placement? = nil,
        namePresence: Presence = .optional,
        titlePresence: Presence = .forbidden,
        properties: [PropertySchema] = [],
        freeFormPropertyType: ValueType? = nil,
        anyElementProperty: Bool = false,
        argument: PropertySchema? = nil,
        synopsis: String? = nil
    ) {
        self.name = name
        self.role = role
        self.doc = doc
        self.allowedIn = allowedIn
        self.childPlacement = childPlacement
        self.namePresence = namePresence
        self.titlePresence = titlePresence
        self.properties = properties
        self.freeFormPropertyType = freeFormPropertyType
        self.anyElementProperty = anyElementProperty
        self.argument = argument
        var index: [String: Int] = [:]
        for (i, p) in properties.enumerated() where index[p.name] == nil { index[p.name] = i }
        self.propertyIndex = index
        self.requiredList = properties.filter { $0.required || !$0.requiredUnless.isEmpty }
        if let synopsis {
            self.synopsis = synopsis
        } else if role == .directive {
            self.synopsis = name + (argument.map { " " + $0.name.uppercased() } ?? "")
        } else {
            var header = name
            switch namePresence {
            case .required: header += " NAME"
            case .optional: header += " [NAME]"
            case .forbidden: break
            }
            switch titlePresence {
            case .required: header += " \"Title\""
            case .optional: header += " [\"Title\"]"
            case .forbidden: break
            }
            self.synopsis = header + " { … }"
        }
    }

    /// The property with this key, or nil. Does not consult `anyElementProperty` or `freeFormPropertyType`.
    public func property(_ name: String) -> PropertySchema? {
        propertyIndex[name].map { properties[$0] }
    }

    public var isDirective: Bool { role == .directive }
    public var isComponent: Bool { role == .component }
    public var isAnnotationElement: Bool { role == .annotationElement }
    /// Whether the block may hold blocks.
    public var allowsChildren: Bool { childPlacement != nil }
    public var requiresName: Bool { namePresence == .required }
    public var takesName: Bool { namePresence != .forbidden }
    public var takesTitle: Bool { titlePresence != .forbidden }
    /// Whether any identifier is accepted as a property key (the `params` block).
    public var freeFormProperties: Bool { freeFormPropertyType != nil }
    /// The kinds this block may hold, in table order.
    public var childKinds: [KindSchema] {
        guard let childPlacement else { return [] }
        return Schema.kinds(allowedIn: childPlacement)
    }
    /// The properties that are required, or required unless another is present.
    public var requiredProperties: [PropertySchema] { requiredList }
}

/// A device preset for a template's `device` property.
public struct DevicePreset: Sendable, Hashable {
    /// The enum value written in TDL: `iphone-15`.
    public let name: String
    /// Canvas width and height in px.
    public let width: Int
    public let height: Int
    /// A human name for docs: "iPhone 15".
    public let displayName: String

    public init(name: String, width: Int, height: Int, displayName: String) {
        self.name = name
        self.width = width
        self.height = height
        self.displayName = displayName
    }
}

/// An sRGB colour with 8-bit channels and alpha: the meaning of a TDL colour value.
public struct RGBAColor: Sendable, Hashable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    /// 255 is opaque, 0 fully transparent.
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// From `0xRRGGBB`.
    public init(rgb: UInt32, alpha: UInt8 = 255) {
        self.red = UInt8((rgb >> 16) & 0xFF)
        self.green = UInt8((rgb >> 8) & 0xFF)
        self.blue = UInt8(rgb & 0xFF)
        self.alpha = alpha
    }

    /// Parses `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA` (the `#` is required; hex digits in either
    /// case). Returns nil for anything else.
    public init?(hex: String) {
        let utf8 = Array(hex.utf8)
        guard utf8.first == UInt8(ascii: "#") else { return nil }
        var digits: [UInt8] = []
        digits.reserveCapacity(8)
        for byte in utf8.dropFirst() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits.append(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digits.append(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digits.append(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
        }
        switch digits.count {
        case 3, 4:
            let c = digits.map { $0 * 17 }
            self.init(red: c[0], green: c[1], blue: c[2], alpha: c.count == 4 ? c[3] : 255)
        case 6, 8:
            let c = stride(from: 0, to: digits.count, by: 2).map { digits[$0] * 16 + digits[$0 + 1] }
            self.init(red: c[0], green: c[1], blue: c[2], alpha: c.count == 4 ? c[3] : 255)
        default:
            return nil
        }
    }

    /// `0xRRGGBB`, alpha left out.
    public var rgb: UInt32 { UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue) }
    public var isOpaque: Bool { alpha == 255 }

    /// Upper-case `#RRGGBB` when opaque, else `#RRGGBBAA`.
    public var hexString: String {
        let hex: StaticString = "0123456789ABCDEF"
        return hex.withUTF8Buffer { digits in
            var out: [UInt8] = [0x23]
            for c in isOpaque ? [red, green, blue] : [red, green, blue, alpha] {
                out.append(digits[Int(c >> 4)])
                out.append(digits[Int(c & 0xF)])
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    public var description: String { hexString }
}

/// `16`, `0.5`, `-3`: the shortest plain decimal, for docs and suggested values.
func formatSchemaNumber(_ value: Double) -> String { NumberText.string(value) }
