import TemplateFormat
import Validator

/// A decoded value, before `{{name}}` parameters are filled in.
enum PendingValue {
    case ready(ResolvedValue)
    /// A `text` value: literal pieces and parameters.
    case text([TextSegment])
    /// A URL holding parameters, judged by `URLPolicy` once they are filled in: literal pieces
    /// and parameters, and the property's name (which schemes fit depends on it).
    case url([TextSegment], key: String)
}

/// A property's atoms without an array: every value type has at most three, so the first
/// three are kept and the rest only counted (a longer value fits no type).
struct AtomList {
    private(set) var count = 0
    private let tree: SyntaxTree?
    private var t0: Token? = nil
    private var t1: Token? = nil
    private var t2: Token? = nil

    init(_ property: PropertySyntax) {
        guard let value = property.value else { tree = nil; return }
        let tree = property.tree
        self.tree = tree
        let tokens = tree.tokens
        for i in value.node.tokenRange {
            let t = tokens[i]
            guard t.kind.isAtom else { continue }
            switch count {
            case 0: t0 = t
            case 1: t1 = t
            case 2: t2 = t
            default: break
            }
            count += 1
        }
    }

    var isEmpty: Bool { count == 0 }

    subscript(_ i: Int) -> AtomSyntax {
        AtomSyntax(tree: tree!, token: (i == 0 ? t0 : i == 1 ? t1 : t2)!)
    }
}

/// A property's schema type reduced to what decoding needs, with plain fields, so that
/// decoding copies no schema structure.
struct Field {
    enum Shape: UInt8 {
        case string, text, url, number, integer, boolean, color, point, size, enumeration, font, pointOrElement, none
    }

    let shape: Shape
    /// The property's name (which URL schemes fit depends on it).
    let key: String
    /// Units a number may carry: bit 0 px, 1 pt, 2 %, 3 deg.
    let units: UInt8
    let range: ValueRange?
    let values: [String]

    init(_ p: PropertySchema) {
        key = p.name
        range = p.range
        var units: UInt8 = 0
        var values: [String] = []
        switch p.type {
        case .string, .languageTag: shape = .string
        case .text: shape = .text
        case .url: shape = .url
        case .number(let list):
            shape = .number
            for u in list { units |= Field.bit(u.rawValue) }
        case .integer: shape = .integer
        case .boolean: shape = .boolean
        case .color: shape = .color
        case .point: shape = .point
        case .size: shape = .size
        case .enumeration(let list): shape = .enumeration; values = list
        case .font: shape = .font
        case .pointOrElement: shape = .pointOrElement
        case .styleReference, .paramDefault: shape = .none
        }
        self.units = units
        self.values = values
    }

    static func bit(_ unit: String) -> UInt8 {
        switch unit {
        case "px": return 1
        case "pt": return 2
        case "%": return 4
        case "deg": return 8
        default: return 0
        }
    }

    func inRange(_ v: Double) -> Bool { v.isFinite && (range?.contains(v) ?? true) }
}

/// Reads a property's atoms as its schema type says. Anything that does not fit the type,
/// lies outside the property's range, or is not finite decodes to nil, so that a document
/// exported without validation falls back to its style or default instead of emitting it.
enum ValueDecoder {
    /// Why a URL was refused, for the caller's issue list.
    struct RefusedURL: Error {
        let scheme: String
        /// `javascript:`, `vbscript:` or `data:`, which can run script or smuggle content.
        let isDangerous: Bool
    }

    static func decode(_ atoms: AtomList, as field: Field) -> Result<PendingValue, RefusedURL>? {
        guard !atoms.isEmpty else { return nil }
        func one(_ v: ResolvedValue?) -> Result<PendingValue, RefusedURL>? { v.map { .success(.ready($0)) } }
        switch field.shape {
        case .string:
            guard atoms.count == 1, atoms[0].kind == .string else { return nil }
            return one(.string(TextDecoder.plain(atoms[0])))
        case .text:
            guard atoms.count == 1, atoms[0].kind == .string else { return nil }
            let segments = TextDecoder.segments(atoms[0])
            if segments.count <= 1, case .literal(let s)? = segments.first ?? .literal("") { return one(.string(s)) }
            return .success(.text(segments))
        case .url:
            guard atoms.count == 1, atoms[0].kind == .string else { return nil }
            let segments = TextDecoder.segments(atoms[0])
            if segments.count == 1, case .literal(let s) = segments[0] { return url(s, key: field.key).map(PendingValue.ready) }
            if segments.isEmpty { return url("", key: field.key).map(PendingValue.ready) }
            return .success(.url(segments, key: field.key))
        case .number:
            guard atoms.count == 1, let n = atoms[0].number, field.inRange(n.value) else { return nil }
            guard let unit = n.unit else { return one(.number(n.value)) }
            let bit = Field.bit(unit)
            guard bit != 0, field.units & bit != 0 else { return nil }
            switch bit {
            case 2: return one(.number(roundedTo4(n.value * 4 / 3)))
            case 4: return one(.number(n.value / 100))
            default: return one(.number(n.value))
            }
        case .integer:
            guard atoms.count == 1, let n = atoms[0].number, n.unit == nil, n.value == n.value.rounded(),
                  abs(n.value) < 1e15, field.inRange(n.value) else { return nil }
            return one(.integer(Int(n.value)))
        case .boolean:
            guard atoms.count == 1, atoms[0].kind == .identifier else { return nil }
            switch atoms[0].text {
            case "true": return one(.bool(true))
            case "false": return one(.bool(false))
            default: return nil
            }
        case .color:
            guard atoms.count == 1 else { return nil }
            return one(color(atoms[0]).map(ResolvedValue.color))
        case .point:
            return one(point(atoms, field.inRange).map { .point(x: $0.0, y: $0.1) })
        case .size:
            guard atoms.count == 3, atoms[1].kind == .identifier, atoms[1].text == "x",
                  let w = atoms[0].number, let h = atoms[2].number, pxOnly(w.unit), pxOnly(h.unit),
                  field.inRange(w.value), field.inRange(h.value) else { return nil }
            return one(.size(width: w.value, height: h.value))
        case .enumeration:
            guard atoms.count == 1, atoms[0].kind == .identifier else { return nil }
            let text = atoms[0].text
            guard field.values.contains(text) else { return nil }
            return one(.keyword(text))
        case .font:
            guard atoms.count <= 2, atoms[0].kind == .string else { return nil }
            var weight: String? = nil
            if atoms.count == 2 {
                guard atoms[1].kind == .identifier, Schema.fontWeights.contains(atoms[1].text) else { return nil }
                weight = atoms[1].text
            }
            return one(.font(family: TextDecoder.plain(atoms[0]), weight: weight))
        case .pointOrElement:
            if atoms.count == 1, atoms[0].kind == .identifier { return one(.element(atoms[0].text)) }
            return one(point(atoms, field.inRange).map { .point(x: $0.0, y: $0.1) })
        case .none:
            return nil
        }
    }

    /// A URL as exported: percent-encoded when `URLPolicy` allows it for property `key`.
    static func url(_ url: String, key: String) -> Result<ResolvedValue, RefusedURL> {
        switch URLPolicy.classify(url, forKey: key) {
        case .allowed: return .success(.url(URLPolicy.percentEncoded(url)))
        case .dangerous(let scheme): return .failure(RefusedURL(scheme: scheme, isDangerous: true))
        case .unsupported(let scheme): return .failure(RefusedURL(scheme: scheme, isDangerous: false))
        }
    }

    static func pxOnly(_ unit: String?) -> Bool { unit == nil || unit == "px" }

    static func point(_ atoms: AtomList, _ inRange: (Double) -> Bool) -> (Double, Double)? {
        guard atoms.count == 2, let x = atoms[0].number, let y = atoms[1].number, pxOnly(x.unit), pxOnly(y.unit),
              inRange(x.value), inRange(y.value) else { return nil }
        return (x.value, y.value)
    }

    static func color(_ atom: AtomSyntax) -> RGBAColor? { RGBAColor(atom: atom) }

    static func roundedTo4(_ v: Double) -> Double { (v * 10_000).rounded() / 10_000 }

    // MARK: Schema defaults

    /// The fixed defaults of every kind's properties, decoded once: `[kind: [property: value]]`.
    static let defaults: [String: [String: ResolvedValue]] = {
        var table: [String: [String: ResolvedValue]] = [:]
        for kind in Schema.kinds where !kind.isDirective {
            var values: [String: ResolvedValue] = [:]
            for p in kind.properties {
                guard let source = p.defaultValue else { continue }
                let tree = SyntaxTree.parse("d {\n  k: \(source)\n}\n")
                guard let property = tree.document.blocks.first?.property("k"),
                      case .success(let pending)? = decode(AtomList(property), as: Field(p)) else { continue }
                switch pending {
                case .ready(let v): values[p.name] = v
                case .text(let segments):
                    values[p.name] = .string(segments.map { if case .literal(let s) = $0 { return s } else { return "" } }.joined())
                case .url:
                    continue  // no schema default is a URL with parameters
                }
            }
            table[kind.name] = values
        }
        return table
    }()
}
