import TemplateFormat

/// Integer ids over the schema table, so rules look a property up by hashing its key's
/// bytes once (`NameTable`) and then index arrays, with no `String` per property.
///
/// Property ids number every distinct property name of every kind (plus `style`); kind ids
/// are positions in `Schema.kinds`.
enum SchemaIndex {
    static let properties: NameTable = {
        var names: [String] = []
        var seen: Set<String> = []
        for kind in Schema.kinds {
            for p in kind.properties where seen.insert(p.name).inserted { names.append(p.name) }
        }
        if seen.insert("style").inserted { names.append("style") }
        return NameTable(names)
    }()

    static let kinds = NameTable(Schema.kinds.map(\.name))

    static let propertyCount = properties.count

    /// `kindProperty[kindID * propertyCount + propertyID]`: position in that kind's `properties`, or -1.
    static let kindProperty: [Int16] = {
        let n = properties.count
        var table = [Int16](repeating: -1, count: Schema.kinds.count * n)
        for (k, kind) in Schema.kinds.enumerated() {
            for (i, p) in kind.properties.enumerated() {
                let id = properties.id(p.name)
                if id >= 0 && table[k * n + id] < 0 { table[k * n + id] = Int16(i) }
            }
        }
        return table
    }()

    /// A property's schema in a box, so the per-property checks pass one reference instead
    /// of copying the struct's fields (each a reference count) for every property.
    final class PropertyBox: Sendable {
        let schema: PropertySchema
        /// The type as plain data, read for every value: a switch over `schema.type` copies
        /// its payload (units, enum values), which costs reference counts per property.
        let check: ValueCheck
        /// For `.number`: the units allowed, a bit per `ValueUnit` (`unitBit`).
        let units: UInt8
        /// For `.enumeration`: the values, looked up from a token's bytes.
        let values: NameTable?
        let range: ValueRange?

        init(_ schema: PropertySchema) {
            self.schema = schema
            range = schema.range
            var units: UInt8 = 0
            var values: NameTable? = nil
            switch schema.type {
            case .string: check = .string
            case .languageTag: check = .languageTag
            case .text: check = .text
            case .url: check = .url
            case .number(let allowed):
                check = .number
                for unit in allowed { units |= SchemaIndex.unitBit(unit) }
            case .integer: check = .integer
            case .boolean: check = .boolean
            case .color: check = .color
            case .point: check = .point
            case .size: check = .size
            case .enumeration(let names):
                check = .enumeration
                values = NameTable(names)
            case .font: check = .font
            case .styleReference: check = .styleReference
            case .pointOrElement: check = .pointOrElement
            case .paramDefault: check = .paramDefault
            }
            self.units = units
            self.values = values
        }
    }

    /// `ValueType` without payloads.
    enum ValueCheck: UInt8, Sendable {
        case string, languageTag, text, url, number, integer, boolean, color, point, size,
             enumeration, font, styleReference, pointOrElement, paramDefault
    }

    static func unitBit(_ unit: ValueUnit) -> UInt8 {
        switch unit {
        case .px: return 1
        case .pt: return 2
        case .percent: return 4
        case .deg: return 8
        }
    }

    /// The unit bit of the bytes `bytes[start..<end]` (a number's touching unit), or 0 when
    /// they are no unit.
    static func unitBit(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> UInt8 {
        switch end - start {
        case 1: return bytes[start] == 0x25 ? 4 : 0
        case 2:
            guard bytes[start] == 0x70 else { return 0 }
            return bytes[start + 1] == 0x78 ? 1 : bytes[start + 1] == 0x74 ? 2 : 0
        case 3: return bytes[start] == 0x64 && bytes[start + 1] == 0x65 && bytes[start + 2] == 0x67 ? 8 : 0
        default: return 0
        }
    }

    /// The font weights, looked up from a token's bytes.
    static let fontWeights = NameTable(Schema.fontWeights)

    /// `Schema.styleableProperty` by property id.
    static let styleable: [PropertyBox?] = properties.names.map { Schema.styleableProperty($0).map(PropertyBox.init) }

    private static let propertyBoxes: [PropertyBox?] = {
        var boxes = [PropertyBox?](repeating: nil, count: kindProperty.count)
        for (i, slot) in kindProperty.enumerated() where slot >= 0 {
            boxes[i] = PropertyBox(kindProperties[i / properties.count][Int(slot)])
        }
        return boxes
    }()

    /// `propertyBoxes` (property `id` of kind `kindID` at `kindID * propertyCount + id`) and
    /// `styleable` as unowned references (the tables keep the boxes alive for the life of the
    /// process): the check of every property reaches its box through
    /// `_withUnsafeGuaranteedRef`, without a retain and release each.
    static let propertyRefs: [Unmanaged<PropertyBox>?] = propertyBoxes.map { $0.map(Unmanaged.passUnretained) }
    static let styleableRefs: [Unmanaged<PropertyBox>?] = styleable.map { $0.map(Unmanaged.passUnretained) }

    static func kindID(_ name: String) -> Int { kinds.id(name) }

    /// Each kind's properties, by kind id, without copying the whole `KindSchema`.
    static let kindProperties: [[PropertySchema]] = Schema.kinds.map(\.properties)

    /// Whether kind `kindID` has property `id` (its own, not through styles).
    @inline(__always)
    static func has(_ id: Int, inKind kindID: Int) -> Bool {
        id >= 0 && kindID >= 0 && kindProperty[kindID * properties.count + id] >= 0
    }

    /// Ids of the properties rules read by name. The checker copies this struct once
    /// (`Checker.key`) and reads plain fields: a `static let` per id would pass a
    /// one-time-initialisation check on every read, and reading this one copies all of it.
    struct Keys {
        let style = properties.id("style")
        let at = properties.id("at")
        let size = properties.id("size")
        let width = properties.id("width")
        let height = properties.id("height")
        let radius = properties.id("radius")
        let color = properties.id("color")
        let background = properties.id("background")
        let fill = properties.id("fill")
        let fontSize = properties.id("font-size")
        let fontWeight = properties.id("font-weight")
        let font = properties.id("font")
        let alt = properties.id("alt")
        let captions = properties.id("captions")
        let action = properties.id("action")
        let autoplay = properties.id("autoplay")
        let muted = properties.id("muted")
        let controls = properties.id("controls")
        let text = properties.id("text")
        let label = properties.id("label")
        let from = properties.id("from")
        let to = properties.id("to")
        let borderWidth = properties.id("border-width")
        let padding = properties.id("padding")
        let device = properties.id("device")
        let visible = properties.id("visible")
        let lineHeight = properties.id("line-height")
        let maxLines = properties.id("max-lines")
        let opacity = properties.id("opacity")
        let rotation = properties.id("rotation")
        let scale = properties.id("scale")
        let lang = properties.id("lang")
    }
    static let key = Keys()
}

extension SchemaIndex {
    /// The id of a kind from the table.
    static func kindID(of kind: KindSchema) -> Int { kinds.id(kind.name) }

    struct Required {
        /// In a box: iterating a kind's required properties for every block then copies one
        /// reference, not a `PropertySchema`'s eight.
        let box: PropertyBox
        var property: PropertySchema { box.schema }
        let id: Int
        /// Ids of the properties whose presence makes this one optional.
        let alternatives: [Int]
    }

    /// Required properties of each kind, by kind id.
    private static let requiredByKind: [[Required]] = Schema.kinds.map { kind in
        kind.requiredProperties.map { p in
            Required(box: PropertyBox(p), id: properties.id(p.name), alternatives: p.requiredUnless.map { properties.id($0) }.filter { $0 >= 0 })
        }
    }

    static func required(_ kindID: Int) -> [Required] { kindID >= 0 ? requiredByKind[kindID] : [] }

    /// Pairs of property ids that must not be set together, by kind id (each pair once: the
    /// property whose name sorts first lists the other in `excludes`).
    private static let exclusionsByKind: [[(Int, Int)]] = Schema.kinds.map { kind in
        var pairs: [(Int, Int)] = []
        for p in kind.properties {
            for other in p.excludes where p.name < other {
                let a = properties.id(p.name), b = properties.id(other)
                if a >= 0 && b >= 0 { pairs.append((a, b)) }
            }
        }
        return pairs
    }

    static func exclusions(_ kindID: Int) -> [(Int, Int)] { kindID >= 0 ? exclusionsByKind[kindID] : [] }

    static let styleKindID = kinds.id("style")
    static let templateKindID = kinds.id("template")
    static let annotationsKindID = kinds.id("annotations")
    static let paramsKindID = kinds.id("params")

    /// A kind's schema in a box, so rules pass it around with one reference count instead
    /// of copying the struct's dozen fields.
    final class KindBox: Sendable {
        let schema: KindSchema
        /// The kind's id, or -1 for a schema outside the table.
        let id: Int
        /// Copies of the fields read for every block: reading a field through `schema`
        /// copies the whole `KindSchema` (a dozen reference counts) and destroys the copy.
        let anyElementProperty: Bool
        let hasFreeFormProperties: Bool
        let freeFormProperties: Bool
        let childPlacement: Placement?
        let requiresName: Bool
        let takesName: Bool
        let takesTitle: Bool
        let freeFormPropertyType: ValueType?
        /// `SchemaIndex.required` and `exclusions` of this kind.
        let required: [Required]
        let exclusions: [(Int, Int)]
        init(_ schema: KindSchema, id: Int) {
            self.schema = schema
            self.id = id
            anyElementProperty = schema.anyElementProperty
            hasFreeFormProperties = schema.freeFormPropertyType != nil
            freeFormProperties = schema.freeFormProperties
            childPlacement = schema.childPlacement
            requiresName = schema.requiresName
            takesName = schema.takesName
            takesTitle = schema.takesTitle
            freeFormPropertyType = schema.freeFormPropertyType
            required = SchemaIndex.required(id)
            exclusions = SchemaIndex.exclusions(id)
        }
        convenience init(_ schema: KindSchema) { self.init(schema, id: SchemaIndex.kinds.id(schema.name)) }
    }
    private static let boxes: [KindBox] = Schema.kinds.enumerated().map { KindBox($1, id: $0) }
    static func kind(_ kindID: Int) -> KindBox { boxes[kindID] }

    /// Components and annotation elements, by kind id (copying a `KindSchema` out of the
    /// table to ask costs a dozen reference counts).
    static let isElement: [Bool] = Schema.kinds.map { $0.isComponent || $0.isAnnotationElement }

    /// Whether kind `kindID` may appear in `placement`.
    static func allows(_ kindID: Int, in placement: Placement) -> Bool {
        kindID >= 0 && allowedPlacements[kindID] & placementBit(placement) != 0
    }
    /// Per kind, a bit per placement it may appear in (a `Set` would hash on every block).
    private static let allowedPlacements: [UInt8] = Schema.kinds.map { kind in
        kind.allowedIn.reduce(0) { $0 | placementBit($1) }
    }
    private static func placementBit(_ placement: Placement) -> UInt8 {
        switch placement {
        case .topLevel: return 1
        case .template: return 2
        case .group: return 4
        case .annotations: return 8
        }
    }
}
