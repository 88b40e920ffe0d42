import JSONText
import Validator

/// The resolved model as JSON, the interchange format for other programs. Keys are written
/// in a fixed order and numbers in plain decimal, so the same input gives the same bytes.
/// The shape is documented in docs/LANGUAGE.md, "The JSON model".
public enum ModelJSON {
    /// The version of the JSON shape, written as `"model"`. 2: one value per property (a
    /// `font` beside `font-weight` holds only its family; `PropertySpellings`), and a
    /// `from`/`to` naming an element also gives the point where the line meets it.
    public static let version = 2

    /// `{"model": 2, "items": [...]}` with the given items, pretty-printed with two-space
    /// indentation and a final line break.
    public static func render(_ items: [ResolvedItem]) -> [UInt8] {
        var w = JSONWriter(layout: .pretty, capacity: 4096)
        w.beginObject()
        w.key("model"); w.number(version)
        w.key("items"); w.beginArray()
        for item in items { w.item(); writeItem(item, &w) }
        w.endArray()
        w.endObject()
        w.raw(0x0A)
        return w.bytes
    }

    static func writeItem(_ item: ResolvedItem, _ w: inout JSONWriter) {
        w.beginObject()
        w.key("kind"); w.string(item.kind.rawValue)
        w.key("name"); w.string(item.name)
        w.key("title"); if let t = item.title { w.string(t) } else { w.null() }
        if item.kind == .template {
            w.key("parameters"); w.beginObject()
            for p in item.parameters { w.key(p.name); param(p.value, &w) }
            w.endObject()
        }
        w.key("properties"); properties(item.properties, &w)
        if !item.fontFaces.isEmpty { w.key("font-faces"); fontFaces(item.fontFaces, &w) }
        // The ends of lines and arrows as the SVG draws them, for `from`/`to` naming an element.
        let ends = item.kind == .annotations ? AnnotationGeometry.lineEnds(item.children) : [:]
        w.key("children"); elements(item.children, ends: ends, &w)
        w.endObject()
    }

    typealias LineEnds = [String: (from: (x: Double, y: Double), to: (x: Double, y: Double))]

    /// The faces the template's page loads, one object per line: written only when there
    /// are some, so a document without `font-face` keeps its shape.
    static func fontFaces(_ faces: [FontFaceDeclaration], _ w: inout JSONWriter) {
        w.beginArray()
        for face in faces {
            w.item()
            w.beginObject(inline: true)
            w.key("family"); w.string(face.family)
            w.key("src"); w.string(face.src ?? "")
            w.key("format"); if let f = face.src.flatMap(FontFaceDeclaration.format(of:)) { w.string(f) } else { w.null() }
            w.key("weight"); w.string(face.weight)
            w.key("italic"); w.bool(face.italic)
            w.key("fallback"); if let f = face.fallback { w.string(f.rawValue) } else { w.null() }
            w.key("display"); w.string(face.display)
            w.endObject()
        }
        w.endArray()
    }

    static func elements(_ list: [ResolvedElement], ends: LineEnds, _ w: inout JSONWriter) {
        w.beginArray()
        for e in list {
            w.item()
            w.beginObject()
            w.key("kind"); w.string(e.kind)
            w.key("name"); if let n = e.name { w.string(n) } else { w.null() }
            w.key("id"); w.string(e.id)
            if let box = e.box {
                w.key("box")
                w.beginObject(inline: true)
                w.key("x"); w.number(box.x)
                w.key("y"); w.number(box.y)
                w.key("width"); if let v = box.width { w.number(v) } else { w.null() }
                w.key("height"); if let v = box.height { w.number(v) } else { w.null() }
                w.endObject()
            }
            w.key("properties"); properties(e.properties, kind: e.kindID, ends: ends[e.id], &w)
            w.key("children"); elements(e.children, ends: ends, &w)
            w.endObject()
        }
        w.endArray()
    }

    static func properties(_ list: [ResolvedProperty], _ w: inout JSONWriter) {
        w.beginObject()
        for p in list { w.key(p.key); value(p.value, &w) }
        w.endObject()
    }

    /// An element's properties: a `font` beside `font-weight` as its family alone, and a
    /// `from`/`to` naming an element with the point where the drawn line meets that element
    /// (`AnnotationGeometry.lineEnds`, the SVG's geometry; absent when the line is not drawn).
    static func properties(_ list: [ResolvedProperty], kind: KindID,
                           ends: (from: (x: Double, y: Double), to: (x: Double, y: Double))?, _ w: inout JSONWriter) {
        let weightApart = PropertySpellings.fontWeightApartKinds.contains(kind)
        w.beginObject()
        for p in list {
            w.key(p.key)
            switch (p.id, p.value) {
            case (.font?, .font(let family, _)) where weightApart:
                w.beginObject(inline: true)
                w.key("family"); w.string(family)
                w.endObject()
            case (.from?, .element(let name)), (.to?, .element(let name)):
                w.beginObject(inline: true)
                if let ends {
                    let point = p.id == .from ? ends.from : ends.to
                    w.key("x"); w.number(point.x); w.key("y"); w.number(point.y)
                }
                w.key("element"); w.string(name)
                w.endObject()
            default:
                value(p.value, &w)
            }
        }
        w.endObject()
    }

    static func param(_ v: ParamValue, _ w: inout JSONWriter) {
        switch v {
        case .string(let s): w.string(s)
        case .number(let n): w.number(n)
        case .bool(let b): w.bool(b)
        }
    }

    static func value(_ v: ResolvedValue, _ w: inout JSONWriter) {
        switch v {
        case .string(let s), .url(let s), .keyword(let s): w.string(s)
        case .number(let n): w.number(n)
        case .integer(let i): w.number(i)
        case .bool(let b): w.bool(b)
        case .color(let c): w.string(c.hexString)
        case .point(let x, let y):
            w.beginObject(inline: true)
            w.key("x"); w.number(x); w.key("y"); w.number(y)
            w.endObject()
        case .size(let width, let height):
            w.beginObject(inline: true)
            w.key("width"); w.number(width); w.key("height"); w.number(height)
            w.endObject()
        case .font(let family, let weight):
            w.beginObject(inline: true)
            w.key("family"); w.string(family)
            w.key("weight"); if let weight { w.string(weight) } else { w.null() }
            w.endObject()
        case .element(let name):
            w.beginObject(inline: true)
            w.key("element"); w.string(name)
            w.endObject()
        }
    }
}
