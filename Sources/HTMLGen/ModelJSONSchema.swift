import JSONText
import Validator

/// The JSON Schema (draft 2020-12) of what `ModelJSON` writes, made from the schema table so
/// that a kind or property added there is in it too: docs/model.schema.json holds its output
/// (`ModelSchemaTests` keeps the two equal; `UPDATE_DOCS=1` rewrites the file). Objects are
/// closed (`additionalProperties: false`), so a key the writer gains without the schema, or
/// a value of another shape, fails validation.
public enum ModelJSONSchema {
    /// The schema as pretty-printed JSON with a final line break.
    public static func render() -> [UInt8] {
        var w = JSONWriter(layout: .pretty, capacity: 65_536)
        w.value(document())
        w.raw(0x0A)
        return w.bytes
    }

    /// The kinds exported as elements: template components, then annotation elements.
    static var componentKinds: [KindSchema] { Schema.kinds.filter(\.isComponent) }
    static var annotationKinds: [KindSchema] { Schema.kinds.filter(\.isAnnotationElement) }

    public static func document() -> JSONValue {
        var defs = JSONObject()
        defs["color"] = .object(["type": "string", "pattern": "^#[0-9A-F]{6}([0-9A-F]{2})?$",
                                 "description": "`#RRGGBB`, or `#RRGGBBAA` when not opaque; upper-case hex digits."])
        defs["point"] = closed(members(["x": number, "y": number]), required: ["x", "y"])
        defs["size"] = closed(members(["width": number, "height": number]), required: ["width", "height"])
        defs["box"] = closed(members(["x": number, "y": number, "width": nullableNumber, "height": nullableNumber]),
                             required: ["x", "y", "width", "height"])
        defs["font"] = closed(members(["family": string, "weight": .object(["enum": .array(Schema.fontWeights.map(JSONValue.string) + [.null])])]),
                              required: ["family", "weight"])
        defs["font-family"] = closed(members(["family": string]), required: ["family"])
        var end: JSONValue = closed(members(["x": number, "y": number, "element": string]), required: ["element"])
        end["dependentRequired"] = ["x": ["y"], "y": ["x"]]
        end["description"] = "A `from`/`to` naming an element: `x`, `y` where the drawn line meets that element's box, in image px (absent when the line is not drawn)."
        defs["element-end"] = end
        defs["point-or-element"] = .object(["anyOf": [ref("point"), ref("element-end")]])
        defs["item.template"] = item("template", children: "component", parameters: true)
        defs["item.annotations"] = item("annotations", children: "annotation-element", parameters: false)
        defs["component"] = .object(["oneOf": .array(componentKinds.map { ref("element." + $0.name) })])
        defs["annotation-element"] = .object(["oneOf": .array(annotationKinds.map { ref("element." + $0.name) })])
        for kind in componentKinds + annotationKinds { defs["element." + kind.name] = element(kind) }
        for kind in Schema.kinds where kind.isComponent || kind.isAnnotationElement || kind.name == "template" || kind.name == "annotations" {
            defs["properties." + kind.name] = properties(kind)
        }
        var root = JSONObject()
        root["$schema"] = "https://json-schema.org/draft/2020-12/schema"
        root["title"] = "TDL resolved model (template-fmt export --to json)"
        root["description"] = "Generated from the schema table by ModelJSONSchema (Sources/HTMLGen); regenerate with UPDATE_DOCS=1 swift test --filter ModelSchemaTests. The shape is described in docs/LANGUAGE.md, The JSON model."
        root["type"] = "object"
        root["additionalProperties"] = false
        root["required"] = ["model", "items"]
        root["properties"] = .object([
            "model": .object(["const": .int(ModelJSON.version)]),
            "items": .object(["type": "array", "items": .object(["oneOf": [ref("item.template"), ref("item.annotations")]])]),
        ])
        root["$defs"] = .object(defs)
        return .object(root)
    }

    // MARK: Items and elements

    static func item(_ kind: String, children: String, parameters: Bool) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("kind", .object(["const": .string(kind)])),
            ("name", string),
            ("title", .object(["type": ["string", "null"]])),
        ]
        if parameters {
            members.append(("parameters", .object(["type": "object", "additionalProperties": .object(["type": ["string", "number", "boolean"]])])))
        }
        members.append(("properties", ref("properties." + kind)))
        // A template's page's font files (`ModelJSON.fontFaces`), written only when there are some.
        if parameters { members.append(("font-faces", .object(["type": "array", "items": fontFace]))) }
        members.append(("children", .object(["type": "array", "items": ref(children)])))
        return closed(JSONObject(members), required: members.map(\.key).filter { $0 != "font-faces" })
    }

    /// One face of `"font-faces"`.
    static let fontFace: JSONValue = {
        func choice(_ values: [String], null: Bool = false) -> JSONValue {
            .object(["enum": .array(values.map(JSONValue.string) + (null ? [.null] : []))])
        }
        let members: [(key: String, value: JSONValue)] = [
            ("family", .object(["type": "string"])),
            ("src", .object(["type": "string"])),
            ("format", choice(["woff2", "woff", "truetype", "opentype"], null: true)),
            ("weight", choice(["regular", "medium", "semibold", "bold"])),
            ("italic", .object(["type": "boolean"])),
            ("fallback", choice(["serif", "sans-serif", "monospace"], null: true)),
            ("display", choice(FontFaceDeclaration.displays)),
        ]
        return closed(JSONObject(members), required: members.map(\.key))
    }()

    static func element(_ kind: KindSchema) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("kind", .object(["const": .string(kind.name)])),
            ("name", .object(["type": ["string", "null"]])),
            ("id", string),
        ]
        if kind.isComponent { members.append(("box", ref("box"))) }
        members.append(("properties", ref("properties." + kind.name)))
        let children: JSONValue = kind.childPlacement == .group
            ? .object(["type": "array", "items": ref("component")])
            : .object(["type": "array", "maxItems": 0])
        members.append(("children", children))
        var object = closed(JSONObject(members), required: members.map(\.key))
        object["description"] = .string(kind.doc)
        return object
    }

    // MARK: Properties

    /// A kind's `properties` object: every exported property with its value's shape; those
    /// with a fixed default are always there.
    static func properties(_ kind: KindSchema) -> JSONValue {
        let skipped = PropertySpellings.notExported(kind)
        var members = JSONObject()
        var required: [JSONValue] = []
        for p in kind.properties where !skipped.contains(p.name) && members[p.name] == nil {
            members[p.name] = value(p, in: kind)
            if p.defaultValue != nil { required.append(.string(p.name)) }
        }
        var object = JSONObject()
        object["type"] = "object"
        object["additionalProperties"] = false
        object["properties"] = .object(members)
        if !required.isEmpty { object["required"] = .array(required) }
        let apart = PropertySpellings.neverTogether(kind)
        if !apart.isEmpty {
            object["allOf"] = .array(apart.map { pair in .object(["not": .object(["required": [.string(pair.0), .string(pair.1)]])]) })
        }
        return .object(object)
    }

    /// The shape of one property's resolved value (docs/LANGUAGE.md, The JSON model).
    static func value(_ p: PropertySchema, in kind: KindSchema) -> JSONValue {
        var schema: JSONValue
        switch p.type {
        case .string, .text, .url, .languageTag, .styleReference, .paramDefault:
            schema = ["type": "string"]
        case .number(let units):
            schema = ["type": "number"]
            bounds(p.range, scaled: units.contains(.pt) || units.contains(.percent), into: &schema)
        case .integer:
            schema = ["type": "integer"]
            bounds(p.range, scaled: false, into: &schema)
        case .boolean:
            schema = ["type": "boolean"]
        case .color:
            schema = ["$ref": "#/$defs/color"]
        case .point:
            schema = ["$ref": "#/$defs/point"]
        case .size:
            schema = ["$ref": "#/$defs/size"]
            var side: JSONValue = [:]
            bounds(p.range, scaled: false, into: &side)
            if side.objectValue?.isEmpty == false { schema["properties"] = ["width": side, "height": side] }
        case .enumeration(var values):
            // `start` and `end` are resolved to the side they are in the item's direction.
            if p.name == "align" { values.removeAll { $0 == "start" || $0 == "end" } }
            schema = ["enum": .array(values.map(JSONValue.string))]
        case .font:
            schema = ["$ref": PropertySpellings.fontWeightApart(kind) ? "#/$defs/font-family" : "#/$defs/font"]
        case .pointOrElement:
            schema = ["$ref": "#/$defs/point-or-element"]
        }
        schema["description"] = .string(p.doc)
        return schema
    }

    /// A range as JSON Schema bounds. A unit that scales the number (`pt` to px, `%` to a
    /// multiple) moves every bound but zero, so then only a bound of zero is kept.
    static func bounds(_ range: ValueRange?, scaled: Bool, into schema: inout JSONValue) {
        guard let range else { return }
        if let lower = range.lower, !scaled || lower == 0 {
            schema[range.lowerInclusive ? "minimum" : "exclusiveMinimum"] = .number(lower)
        }
        if let upper = range.upper, !scaled {
            schema[range.upperInclusive ? "maximum" : "exclusiveMaximum"] = .number(upper)
        }
    }

    // MARK: Building blocks

    static let number: JSONValue = .object(["type": "number"])
    static let nullableNumber: JSONValue = .object(["type": ["number", "null"]])
    static let string: JSONValue = .object(["type": "string"])

    static func members(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONObject {
        JSONObject(pairs.map { (key: $0.key, value: $0.value) })
    }

    static func ref(_ name: String) -> JSONValue { .object(["$ref": .string("#/$defs/" + name)]) }

    static func closed(_ members: JSONObject, required: [String]) -> JSONValue {
        var object = JSONObject()
        object["type"] = "object"
        object["additionalProperties"] = false
        object["required"] = .array(required.map(JSONValue.string))
        object["properties"] = .object(members)
        return .object(object)
    }
}
