import Basics
import Validator

/// The resolved model as JSON, the interchange format for other programs. Keys are written
/// in a fixed order and numbers in plain decimal, so the same input gives the same bytes.
/// The shape is documented in docs/LANGUAGE.md, "The JSON model".
public enum ModelJSON {
    /// The version of the JSON shape, written as `"model"`.
    public static let version = 1

    /// `{"model": 1, "items": [...]}` with the given items, pretty-printed with two-space
    /// indentation and a final line break.
    public static func render(_ items: [ResolvedItem]) -> [UInt8] {
        var w = JSONOut()
        w.open("{")
        w.key("model"); w.number(Double(version))
        w.key("items"); w.open("[")
        for item in items { w.item(); writeItem(item, &w) }
        w.close("]")
        w.close("}")
        w.out.byte(0x0A)
        return w.out.bytes
    }

    static func writeItem(_ item: ResolvedItem, _ w: inout JSONOut) {
        w.open("{")
        w.key("kind"); w.string(item.kind.rawValue)
        w.key("name"); w.string(item.name)
        w.key("title"); if let t = item.title { w.string(t) } else { w.null() }
        if item.kind == .template {
            w.key("parameters"); w.open("{")
            for p in item.parameters { w.key(p.name); param(p.value, &w) }
            w.close("}")
        }
        w.key("properties"); properties(item.properties, &w)
        w.key("children"); elements(item.children, &w)
        w.close("}")
    }

    static func elements(_ list: [ResolvedElement], _ w: inout JSONOut) {
        w.open("[")
        for e in list {
            w.item()
            w.open("{")
            w.key("kind"); w.string(e.kind)
            w.key("name"); if let n = e.name { w.string(n) } else { w.null() }
            w.key("id"); w.string(e.id)
            if let box = e.box {
                w.key("box")
                w.inline { w in
                    w.key("x"); w.number(box.x)
                    w.key("y"); w.number(box.y)
                    w.key("width"); if let v = box.width { w.number(v) } else { w.null() }
                    w.key("height"); if let v = box.height { w.number(v) } else { w.null() }
                }
            }
            w.key("properties"); properties(e.properties, &w)
            w.key("children"); elements(e.children, &w)
            w.close("}")
        }
        w.close("]")
    }

    static func properties(_ list: [ResolvedProperty], _ w: inout JSONOut) {
        w.open("{")
        for p in list { w.key(p.key); value(p.value, &w) }
        w.close("}")
    }

    static func param(_ v: ParamValue, _ w: inout JSONOut) {
        switch v {
        case .string(let s): w.string(s)
        case .number(let n): w.number(n)
        case .bool(let b): w.bool(b)
        }
    }

    static func value(_ v: ResolvedValue, _ w: inout JSONOut) {
        switch v {
        case .string(let s), .url(let s), .keyword(let s): w.string(s)
        case .number(let n): w.number(n)
        case .integer(let i): w.number(Double(i))
        case .bool(let b): w.bool(b)
        case .color(let c): w.color(c)
        case .point(let x, let y):
            w.inline { w in w.key("x"); w.number(x); w.key("y"); w.number(y) }
        case .size(let width, let height):
            w.inline { w in w.key("width"); w.number(width); w.key("height"); w.number(height) }
        case .font(let family, let weight):
            w.inline { w in
                w.key("family"); w.string(family)
                w.key("weight"); if let weight { w.string(weight) } else { w.null() }
            }
        case .element(let name):
            w.inline { w in w.key("element"); w.string(name) }
        }
    }
}

/// A streaming JSON writer: objects and arrays open on their own lines, small value objects
/// (points, sizes, fonts) on one line.
struct JSONOut {
    var out = OutputBuffer(capacity: 4096)
    private var depth = 0
    /// Whether the current container has a member yet.
    private var first: [Bool] = []
    private var oneLine = 0

    mutating func open(_ bracket: StaticString) {
        out.raw(bracket)
        depth += 1
        first.append(true)
    }

    mutating func close(_ bracket: StaticString) {
        depth -= 1
        let empty = first.removeLast()
        if !empty { newline() }
        out.raw(bracket)
    }

    private static let spaces = [UInt8](repeating: 0x20, count: 256)

    private mutating func newline() {
        if oneLine > 0 { return }
        out.byte(0x0A)
        var n = depth * 2
        while n > 0 {
            let chunk = min(n, JSONOut.spaces.count)
            JSONOut.spaces.withUnsafeBufferPointer { out.append($0.baseAddress!, count: chunk) }
            n -= chunk
        }
    }

    private mutating func separator() {
        if first[first.count - 1] {
            first[first.count - 1] = false
            if oneLine > 0 { return }
        } else {
            out.byte(0x2C)
            if oneLine > 0 { out.byte(0x20); return }
        }
        newline()
    }

    /// Starts an array element.
    mutating func item() { separator() }

    mutating func key(_ k: String) {
        separator()
        quote(k)
        out.raw(": ")
    }

    mutating func inline(_ body: (inout JSONOut) -> Void) {
        oneLine += 1
        out.byte(0x7B)
        first.append(true)
        body(&self)
        first.removeLast()
        out.byte(0x7D)
        oneLine -= 1
    }

    mutating func string(_ s: String) { quote(s) }
    mutating func number(_ v: Double) { out.raw(v.isFinite ? NumberText.string(v) : "0") }

    mutating func color(_ c: RGBAColor) {
        out.byte(0x22)
        out.hex(c, alpha: true)
        out.byte(0x22)
    }
    mutating func bool(_ b: Bool) { out.raw(b ? "true" : "false") }
    mutating func null() { out.raw("null") }

    /// A JSON string: `"` and `\` escaped, control characters as `\n`, `\t`, `\r` or `\u00XX`.
    private mutating func quote(_ s: String) {
        out.byte(0x22)
        var s = s
        s.withUTF8 { utf8 in
            var start = 0
            for (i, b) in utf8.enumerated() where b < 0x20 || b == 0x22 || b == 0x5C {
                out.append(utf8[start..<i])
                start = i + 1
                switch b {
                case 0x22: out.raw("\\\"")
                case 0x5C: out.raw("\\\\")
                case 0x0A: out.raw("\\n")
                case 0x0D: out.raw("\\r")
                case 0x09: out.raw("\\t")
                default:
                    out.raw("\\u00")
                    out.byte(JSONOut.hex[Int(b >> 4)])
                    out.byte(JSONOut.hex[Int(b & 0xF)])
                }
            }
            out.append(utf8[start..<utf8.count])
        }
        out.byte(0x22)
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)
}
