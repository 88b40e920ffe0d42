import Validator
import TestSupport

/// Seeded documents that validate with no diagnostic at all: styles (some extending others),
/// templates with parameters and nested groups, annotation sets, each holding every kind.
/// Each element writes its required properties and a random choice of the others its kind's
/// schema lists, with values of the property's type, so a property added to the schema is
/// generated too. Values are chosen to pass lint as well: dark text on light backgrounds,
/// boxes well inside the canvas, every style and parameter used.
struct CleanDocumentGenerator {
    var rng: SeededRandom
    let newline: String
    private var counter = 0
    /// Styles in the order made, with the kind they were made for.
    private var styles: [(name: String, kind: String, lines: [String])] = []
    /// The current template's parameters and those some string used.
    private var params: [String] = []
    private var usedParams: Set<String> = []
    /// Names of the current annotation set's boxes, for `from`/`to`.
    private var boxNames: [String] = []

    init(seed: UInt64) {
        rng = SeededRandom(derivedSeed: seed)
        newline = rng.chance(20) ? "\r\n" : "\n"
    }

    static func document(seed: UInt64) -> String {
        var g = CleanDocumentGenerator(seed: seed)
        return g.generate()
    }

    mutating func generate() -> String {
        var sets: [String] = []
        for _ in 0..<rng.int(1...3) {
            sets.append(rng.chance(65) ? template() : annotations())
        }
        var lines = ["format 1", ""]
        for style in styles {
            lines.append("style \(style.name) {")
            lines += style.lines.map { "  " + $0 }
            lines += ["}", ""]
        }
        return (lines + [sets.joined(separator: newline + newline)]).joined(separator: newline) + newline
    }

    /// Where the next element of the container at each depth goes (`nextPlace`), and the
    /// depth of the element being written.
    private var places: [Int: (x: Int, y: Int)] = [:]
    private var currentDepth = 1

    /// An `at` right of and below (or level with) the previous one in the same container.
    private mutating func nextPlace() -> String {
        let last = places[currentDepth] ?? (0, 0)
        let next = (x: last.x + rng.int(0...10), y: last.y + rng.int(0...10))
        places[currentDepth] = next
        return "\(next.x), \(next.y)"
    }

    private mutating func name(_ base: String) -> String {
        counter += 1
        return "\(base)\(counter)"
    }

    // MARK: Sets

    private mutating func template() -> String {
        params = []
        usedParams = []
        var lines = ["template \(name("card")) \"A card\" {"]
        if rng.chance(25) {
            lines.append("  device: \(rng.pick(Schema.devices.map(\.name)))")
        } else {
            lines.append("  size: \(rng.int(400...800)) x \(rng.int(320...900))")
        }
        lines += optional(of: "template", skipping: ["size", "device"]).map { "  " + $0 }
        if rng.chance(60) {
            params = Array(["user", "count", "plan", "city"].prefix(rng.int(1...3)))
            lines.append("  params {")
            for p in params { lines.append("    \(p): \(rng.pick(["\"friend\"", "3", "true", "\"Lisbon\""]))") }
            lines.append("  }")
        }
        places = [1: (0, 0)]
        for _ in 0..<rng.int(2...6) {
            lines += element(of: rng.pick(Self.components), depth: 1, annotation: false)
        }
        for p in params where !usedParams.contains(p) {
            currentDepth = 1
            lines += ["  text \(name("uses-"))-\(p) {", "    text: \"{{\(p)}}\"", "    at: \(nextPlace())", "    size: 40 x 20", "  }"]
        }
        lines.append("}")
        return lines.joined(separator: newline)
    }

    private mutating func annotations() -> String {
        params = []
        boxNames = []
        var lines = ["annotations \(name("notes")) {", "  image: \"shots/screen.png\"", "  size: 800 x 600"]
        lines += optional(of: "annotations", skipping: ["image", "size"]).map { "  " + $0 }
        for _ in 0..<rng.int(2...7) {
            lines += element(of: rng.pick(Self.annotationElements), depth: 1, annotation: true)
        }
        lines.append("}")
        return lines.joined(separator: newline)
    }

    static let components = ["text", "textarea", "image", "button", "video", "divider", "group", "group"]
    static let annotationElements = ["rect", "ellipse", "line", "arrow", "label", "number", "highlight", "blur"]

    // MARK: Elements

    private mutating func element(of kindName: String, depth: Int, annotation: Bool) -> [String] {
        guard let kind = Schema.kind(kindName) else { return [] }
        let pad = String(repeating: "  ", count: depth)
        let elementName = name(String(kindName.prefix(3)))
        var props: [(key: String, value: String)] = []
        var written: Set<String> = []
        currentDepth = depth
        if kindName == "group" { places[depth + 1] = (0, 0) }
        func excluded(_ p: PropertySchema) -> Bool {
            written.contains { w in p.excludes.contains(w) || (kind.property(w)?.excludes.contains(p.name) ?? false) }
        }
        for p in kind.properties where p.name != "style" {
            let wanted: Bool
            switch p.requirement {
            case .required, .recommended: wanted = true
            case .requiredUnless: wanted = true
            // Captions too: a video without them gets a hint (TDL311).
            // A template's elements always get their `at`: one at its container's origin could
            // sit above those before it (TDL317).
            case .optional: wanted = p.name == "at" && !annotation ? true : ["at", "size"].contains(p.name) ? rng.chance(85) : p.name == "captions" || rng.chance(30)
            }
            guard wanted, !excluded(p) else { continue }
            if let v = value(p, kind: kindName, annotation: annotation) {
                props.append((p.name, v))
                written.insert(p.name)
            }
        }
        // A label's text is red unless it says otherwise: on a box of its own (its own or a
        // shared style's) it needs dark text.
        if kindName == "label" && !written.contains("color") {
            props.append(("color", rng.pick(Self.darkColours)))
        }
        // Some properties move to a new style (sometimes two, the first extending the second).
        var styleName: String? = nil
        if rng.chance(35) {
            let movable = props.indices.filter { !["at", "size", "width", "height", "from", "to"].contains(props[$0].key) && !props[$0].value.contains("{{") }
            if !movable.isEmpty {
                let chosen = Set(movable.filter { _ in rng.chance(60) })
                let moved = props.indices.filter { chosen.contains($0) }.map { props[$0] }
                if !moved.isEmpty {
                    props = props.indices.filter { !chosen.contains($0) }.map { props[$0] }
                    let split = rng.below(moved.count)
                    let name = self.name("style")
                    var lines = moved[split...].map { "\($0.key): \($0.value)" }
                    if split > 0 {
                        let parent = self.name("base")
                        styles.append((parent, kindName, moved[..<split].map { "\($0.key): \($0.value)" }))
                        lines.insert("style: \(parent)", at: 0)
                    }
                    styles.append((name, kindName, lines))
                    styleName = name
                }
            }
        } else if rng.chance(20), let shared = styles.filter({ $0.kind == kindName }).map(\.name).first {
            styleName = shared
        }
        var lines = ["\(pad)\(kindName) \(elementName) {"]
        if let styleName { lines.append("\(pad)  style: \(styleName)") }
        lines += props.map { "\(pad)  \($0.key): \($0.value)" }
        if kindName == "group" && depth < 3 {
            for _ in 0..<rng.int(1...3) { lines += element(of: rng.pick(Self.components), depth: depth + 1, annotation: false) }
        }
        lines.append("\(pad)}")
        if annotation && !["line", "arrow"].contains(kindName) { boxNames.append(elementName) }
        // A one-line block now and then: `kind name { a: 1; b: 2 }`.
        if kindName != "group" && rng.chance(15) {
            return ["\(pad)\(kindName) \(elementName) { " + (lines.dropFirst().dropLast().map { $0.trimmingLeadingSpaces }).joined(separator: "; ") + " }"]
        }
        return lines
    }

    /// Optional properties of a set (never its canvas).
    private mutating func optional(of kindName: String, skipping: Set<String>) -> [String] {
        guard let kind = Schema.kind(kindName) else { return [] }
        var lines: [String] = []
        for p in kind.properties where !skipping.contains(p.name) && rng.chance(40) {
            if let v = value(p, kind: kindName, annotation: kindName == "annotations") { lines.append("\(p.name): \(v)") }
        }
        return lines
    }

    static let textKinds: Set<String> = ["text", "textarea", "button", "label"]
    static let darkColours = ["#222222", "#1E1E1E", "#333333", "navy", "black", "#0B3D91", "#202020"]
    static let lightColours = ["#FFFFFF", "#F5F5F5", "white", "#FAFAFA", "#EEF4FF", "ivory"]
    static let anyColours = ["#FF0000", "#00AA55", "teal", "#12345678", "#ABC", "orange"]

    /// A value of `p`'s type that no rule objects to where this generator puts it.
    private mutating func value(_ p: PropertySchema, kind: String, annotation: Bool) -> String? {
        switch p.name {
        // A template's elements go right and down in source order, so that reading order
        // (TDL317) follows the layout.
        case "at" where !annotation: return nextPlace()
        case "at": return "\(rng.int(0...400)), \(rng.int(0...300))"
        // Opacity keeps text readable (TDL302 judges the colour seen through it).
        case "opacity": return rng.pick(["1", "0.95"])
        // Text gets a box it fits (TDL312 warns when it clearly cannot).
        case "size" where Self.textKinds.contains(kind):
            return annotation ? "\(rng.int(150...250)) x \(rng.int(80...150))" : "\(rng.int(150...200)) x \(rng.int(100...160))"
        case "line-height": return rng.pick(["1.2", "1.5", "140%"])
        case "width" where Self.textKinds.contains(kind): return "\(rng.int(150...200))"
        case "height" where Self.textKinds.contains(kind): return "\(rng.int(100...160))"
        case "size": return annotation ? "\(rng.int(10...150)) x \(rng.int(10...150))" : "\(rng.int(10...80)) x \(rng.int(10...80))"
        case "width", "height": return "\(rng.int(10...80))"
        case "from", "to":
            if !boxNames.isEmpty && rng.chance(50) { return rng.pick(boxNames) }
            return "\(rng.int(0...700)), \(rng.int(0...500))"
        case "color":
            // Digits on a number's disc and a divider's rule are not text on a background.
            return kind == "number" || kind == "divider" ? rng.pick(Self.anyColours) : rng.pick(Self.darkColours)
        case "background": return rng.pick(Self.lightColours)
        case "fill": return kind == "label" ? rng.pick(Self.lightColours) : rng.pick(Self.anyColours)
        case "padding", "border-width": return "\(rng.int(0...8))"
        case "text", "label", "alt": return text(annotation: annotation)
        case "src": return kind == "video" ? "\"media/clip.mp4\"" : rng.pick(["\"img/photo.png\"", "\"https://example.com/a.jpg\""])
        case "poster", "image": return "\"img/poster.png\""
        case "captions": return "\"media/clip.vtt\""
        case "action": return rng.pick(["\"https://example.com/go\"", "\"mailto:team@example.com\"", "\"next.html\""])
        case "lang": return rng.pick(["\"en\"", "\"pt-BR\""])
        case "description": return "\"For tests\""
        case "visible": return "true"
        // A video may play by itself only muted and with controls (TDL316): not written
        // together here, so no video plays by itself (the rule's own cases cover it).
        case "autoplay": return "false"
        default: break
        }
        switch p.type {
        case .string: return "\"A note\""
        case .text: return text(annotation: annotation)
        case .number(let units): return number(p.range, units: units.map(\.rawValue))
        case .integer: return number(p.range, units: [], whole: true)
        case .boolean: return rng.pick(["true", "false"])
        case .color: return rng.pick(Self.anyColours)
        case .point: return "\(rng.int(0...60)), \(rng.int(0...60))"
        case .size: return "\(rng.int(10...80)) x \(rng.int(10...80))"
        case .enumeration(let values): return rng.pick(values)
        case .font: return "\"Inter\" \(rng.pick(Schema.fontWeights))"
        case .url: return "\"img/photo.png\""
        case .styleReference, .paramDefault: return nil
        case .pointOrElement: return "\(rng.int(0...300)), \(rng.int(0...300))"
        case .languageTag: return "\"en\""
        }
    }

    /// A number the range allows, sometimes with one of the units the type takes.
    private mutating func number(_ range: ValueRange?, units: [String], whole: Bool = false) -> String {
        let candidates: [Double] = whole ? [1, 2, 3, 5, 8, 0] : [12, 16, 1.5, 8, 4, 2, 1, 0.5, 0]
        let fitting = candidates.filter { range?.contains($0) ?? true }
        let n = fitting.isEmpty ? 1 : rng.pick(Array(fitting.prefix(3)))
        var s = n == n.rounded() ? String(Int(n)) : String(n)
        if !whole && !units.isEmpty && rng.chance(30) { s += rng.pick(units) }
        return s
    }

    private mutating func text(annotation: Bool) -> String {
        var s = rng.pick(["Hello", "Welcome aboard", "Caf\u{E9} \u{1F680}", "Line one\\nline two", "Say \\\"hi\\\""])
        if !annotation && !params.isEmpty && rng.chance(60) {
            let p = rng.pick(params)
            usedParams.insert(p)
            s += ", {{\(p)}}"
        }
        return "\"" + s + "\""
    }
}

extension String {
    var trimmingLeadingSpaces: String { String(drop { $0 == " " }) }
}
