import TemplateFormat
@testable import Validator
import TestSupport

/// One kind of mistake a person makes in a clean document, and the one code it must be
/// reported with. `make` finds a place for it (nil when the document has none) and returns
/// the document with the mistake.
struct Mistake: Sendable {
    let name: String
    let code: String
    let make: @Sendable (inout SeededRandom, DocumentSites) -> [UInt8]?
}

/// Where mistakes can go in a parsed document: every block with the kind of its set, and
/// every property with its block.
struct DocumentSites {
    struct Block {
        let block: BlockSyntax
        let kind: String
        /// The top-level block it belongs to (itself for a top-level block).
        let set: BlockSyntax
    }

    struct Property {
        let property: PropertySyntax
        let owner: Block
        var key: String { property.key }
        var atoms: [AtomSyntax] { property.atoms }
    }

    let tree: SyntaxTree
    var bytes: [UInt8] { tree.bytes }
    var blocks: [Block] = []
    var properties: [Property] = []

    init(_ tree: SyntaxTree) {
        self.tree = tree
        for top in tree.document.blocks { visit(top, set: top) }
    }

    private mutating func visit(_ block: BlockSyntax, set: BlockSyntax) {
        let entry = Block(block: block, kind: block.kind, set: set)
        blocks.append(entry)
        for p in block.properties { properties.append(Property(property: p, owner: entry)) }
        for child in block.blocks { visit(child, set: set) }
    }

    var styles: [BlockSyntax] { blocks.filter { $0.kind == "style" && $0.set.node.id == $0.block.node.id }.map(\.block) }
    var styleNames: [String] { styles.compactMap(\.name) }
    var elements: [Block] { blocks.filter { Schema.kind($0.kind).map { $0.isComponent || $0.isAnnotationElement } ?? false } }

    /// Properties of elements and styles whose key the schema gives them (not parameters).
    var schemaProperties: [Property] {
        properties.filter { p in
            guard let kind = Schema.kind(p.owner.kind) else { return false }
            return p.owner.kind == "style" ? Schema.styleableProperty(p.key) != nil : kind.property(p.key) != nil
        }
    }

    /// The property names a block of this kind accepts.
    static func names(of kind: String) -> [String] {
        kind == "style" ? Schema.styleablePropertyNames : Schema.kind(kind)?.properties.map(\.name) ?? []
    }

    /// The whole line of `range`, line break included, when nothing else is on it.
    func ownLine(_ range: ByteRange) -> ByteRange? {
        var start = range.start
        while start > 0 && (bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09) { start -= 1 }
        guard start == 0 || bytes[start - 1] == 0x0A || bytes[start - 1] == 0x0D else { return nil }
        var end = range.end
        while end < bytes.count && (bytes[end] == 0x20 || bytes[end] == 0x09) { end += 1 }
        if end < bytes.count && bytes[end] == 0x0D { end += 1 }
        if end < bytes.count && bytes[end] == 0x0A { end += 1 }
        guard end == bytes.count || bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D else { return nil }
        return ByteRange(start: start, end: end)
    }

    func replacing(_ range: ByteRange, with text: String) -> [UInt8] {
        var out = bytes
        out.replaceSubrange(range.start..<range.end, with: Array(text.utf8))
        return out
    }

    func text(_ range: ByteRange) -> String { String(decoding: bytes[range.start..<range.end], as: UTF8.self) }

    /// Which elements use each style, directly or through other styles: (set, kind) pairs.
    func uses(ofStyle name: String) -> [(set: Int, kind: String)] {
        var parent: [String: String] = [:]
        for style in styles { if let n = style.name, let p = style.property("style")?.firstAtom?.text { parent[n] = p } }
        var result: [(set: Int, kind: String)] = []
        for e in elements {
            var current = e.block.property("style")?.firstAtom?.text
            var seen: Set<String> = []
            while let c = current, seen.insert(c).inserted {
                if c == name { result.append((e.set.node.id, e.kind)); break }
                current = parent[c]
            }
        }
        return result
    }
}

/// A one-edit misspelling of `word` that is none of `names` and whose nearest name is
/// `word` again, so a did-you-mean can find the way back.
func misspelling(of word: String, among names: [String], _ rng: inout SeededRandom) -> String? {
    let letters = Array("abcdefghijklmnopqrstuvwxyz")
    let w = Array(word)
    guard w.count >= 3 else { return nil }
    for _ in 0..<30 {
        var m = w
        let i = rng.int(1...(w.count - 1))
        switch rng.below(4) {
        case 0: m.swapAt(i - 1, i)
        case 1: m.remove(at: i)
        case 2: m.insert(rng.pick(letters), at: i)
        default: m[i] = rng.pick(letters)
        }
        let s = String(m)
        if s != word && !names.contains(s) && !Schema.styleablePropertyNames.contains(s) && Schema.kind(s) == nil
            && s.first?.isLetter == true && !s.hasSuffix("-") && nearest(s, among: names) == word {
            return s
        }
    }
    return nil
}

extension Mistake {
    /// Every mistake the tests inject, one at a time.
    static let all: [Mistake] = [
        Mistake(name: "misspelt key", code: "TDL102") { rng, s in
            let sites = s.schemaProperties.filter { $0.owner.kind != "style" }
            guard !sites.isEmpty else { return nil }
            let site = rng.pick(sites)
            let names = DocumentSites.names(of: site.owner.kind)
            guard let m = misspelling(of: site.key, among: names, &rng) else { return nil }
            return s.replacing(site.property.keyToken.range, with: m)
        },
        Mistake(name: "misspelt key in a style", code: "TDL102") { rng, s in
            let sites = s.schemaProperties.filter { $0.owner.kind == "style" && $0.key != "style" }
            guard !sites.isEmpty else { return nil }
            let site = rng.pick(sites)
            guard let m = misspelling(of: site.key, among: Schema.styleablePropertyNames, &rng) else { return nil }
            return s.replacing(site.property.keyToken.range, with: m)
        },
        Mistake(name: "misspelt copy of a property that is set", code: "TDL102") { rng, s in
            let sites = s.schemaProperties.filter { $0.owner.kind != "style" && s.ownLine($0.property.range) != nil }
            guard !sites.isEmpty else { return nil }
            let site = rng.pick(sites)
            guard let line = s.ownLine(site.property.range),
                  let m = misspelling(of: site.key, among: DocumentSites.names(of: site.owner.kind), &rng) else { return nil }
            let copy = s.text(line).replacingOccurrences(of: site.key + ":", with: m + ":")
            return s.replacing(ByteRange(start: line.end, end: line.end), with: copy)
        },
        Mistake(name: "misspelt width beside a size", code: "TDL102") { rng, s in
            let sites = s.elements.filter { $0.block.property("size") != nil && Schema.kind($0.kind)?.property("width") != nil }.compactMap(\.block.openBrace)
            guard !sites.isEmpty else { return nil }
            let open = rng.pick(sites)
            return s.replacing(ByteRange(start: open.end, end: open.end), with: " widht: 20;")
        },
        Mistake(name: "misspelt key and misspelt value", code: "TDL102") { rng, s in
            let sites = s.schemaProperties.filter { site in
                let p = site.owner.kind == "style" ? Schema.styleableProperty(site.key) : Schema.kind(site.owner.kind)?.property(site.key)
                return p?.type.enumerationValues != nil && site.atoms.count == 1
            }
            guard !sites.isEmpty else { return nil }
            let site = rng.pick(sites)
            let values = (Schema.styleableProperty(site.key) ?? Schema.kind(site.owner.kind)?.property(site.key))?.type.enumerationValues ?? []
            guard let key = misspelling(of: site.key, among: DocumentSites.names(of: site.owner.kind), &rng),
                  let value = misspelling(of: site.atoms[0].text, among: values, &rng) else { return nil }
            return s.replacing(ByteRange(start: site.property.keyToken.start, end: site.atoms[0].range.end),
                               with: key + s.text(ByteRange(start: site.property.keyToken.end, end: site.atoms[0].range.start)) + value)
        },
        Mistake(name: "misspelt value", code: "TDL108") { rng, s in
            let sites = s.schemaProperties.filter { site in
                (Schema.styleableProperty(site.key)?.type.enumerationValues != nil) && site.atoms.count == 1
            }
            guard !sites.isEmpty else { return nil }
            let site = rng.pick(sites)
            let values = (Schema.kind(site.owner.kind)?.property(site.key) ?? Schema.styleableProperty(site.key))?.type.enumerationValues ?? []
            guard let m = misspelling(of: site.atoms[0].text, among: values, &rng) else { return nil }
            return s.replacing(site.atoms[0].range, with: m)
        },
        Mistake(name: "size written without spaces", code: "TDL008") { rng, s in
            let sites = s.properties.filter { $0.key == "size" && $0.atoms.count == 3 && $0.atoms.allSatisfy { $0.number?.unit == nil || $0.text == "x" } }
            guard !sites.isEmpty else { return nil }
            let a = rng.pick(sites).atoms
            return s.replacing(ByteRange(start: a[0].range.start, end: a[2].range.end), with: a[0].text + "x" + a[2].text)
        },
        Mistake(name: "size written as two numbers", code: "TDL106") { rng, s in
            let sites = s.properties.filter { $0.key == "size" && $0.atoms.count == 3 }
            guard !sites.isEmpty else { return nil }
            let a = rng.pick(sites).atoms
            return s.replacing(ByteRange(start: a[0].range.start, end: a[2].range.end), with: a[0].text + " " + a[2].text)
        },
        Mistake(name: "unknown unit", code: "TDL008") { rng, s in
            let sites = s.schemaProperties.filter { $0.atoms.count == 1 && $0.atoms[0].kind == .number }
            guard !sites.isEmpty else { return nil }
            let atom = rng.pick(sites).atoms[0]
            let digits = atom.text.prefix { $0.isNumber || $0 == "." || $0 == "-" }
            return s.replacing(atom.range, with: digits + rng.pick(["em", "rem", "vh", "pts"]))
        },
        Mistake(name: "point written with x", code: "TDL008") { rng, s in
            let sites = s.properties.filter { ["at", "from", "to"].contains($0.key) && $0.atoms.count == 2 && $0.atoms.allSatisfy { $0.number?.unit == nil } }
            guard !sites.isEmpty else { return nil }
            let a = rng.pick(sites).atoms
            return s.replacing(ByteRange(start: a[0].range.start, end: a[1].range.end), with: a[0].text + "x" + a[1].text)
        },
        Mistake(name: "number ending in a dot", code: "TDL006") { rng, s in
            let sites = s.schemaProperties.flatMap { p in p.atoms.filter { $0.kind == .number && $0.number?.unit == nil } }
            guard !sites.isEmpty else { return nil }
            let atom = rng.pick(sites)
            return s.replacing(atom.range, with: atom.text + ".")
        },
        Mistake(name: "colour with five digits", code: "TDL007") { rng, s in
            let sites = s.properties.flatMap { p in p.atoms.filter { $0.kind == .color && $0.text.count == 7 } }
            guard !sites.isEmpty else { return nil }
            let atom = rng.pick(sites)
            return s.replacing(atom.range, with: String(atom.text.dropLast()))
        },
        Mistake(name: "colour name in capitals", code: "TDL108") { rng, s in
            let sites = s.schemaProperties.filter { Schema.styleableProperty($0.key)?.type == .color || ($0.owner.kind == "template" && $0.key == "background") }
            guard !sites.isEmpty else { return nil }
            return s.replacing(rng.pick(sites).property.valueRange, with: rng.pick(["Navy", "White", "IVORY"]))
        },
        Mistake(name: "string for a colour", code: "TDL106") { rng, s in
            let sites = s.schemaProperties.filter { Schema.styleableProperty($0.key)?.type == .color }
            guard !sites.isEmpty else { return nil }
            return s.replacing(rng.pick(sites).property.valueRange, with: "\"navy\"")
        },
        Mistake(name: "value out of range", code: "TDL107") { rng, s in
            let excluded: Set<String> = ["size", "width", "height", "radius", "padding", "border-width", "at"]
            let sites = s.schemaProperties.filter { site in
                guard !excluded.contains(site.key), site.atoms.count == 1, site.atoms[0].kind == .number,
                      let p = Schema.kind(site.owner.kind)?.property(site.key) ?? Schema.styleableProperty(site.key), p.range != nil else { return false }
                return true
            }
            guard !sites.isEmpty else { return nil }
            let site = rng.pick(sites)
            guard let range = (Schema.kind(site.owner.kind)?.property(site.key) ?? Schema.styleableProperty(site.key))?.range else { return nil }
            let bad = range.upper.map { $0 + 1 } ?? (range.lower ?? 0) - 1
            return s.replacing(site.atoms[0].range, with: bad == bad.rounded() ? String(Int(bad)) : String(bad))
        },
        Mistake(name: "misspelt style reference", code: "TDL109") { rng, s in
            let names = s.styleNames
            let sites = s.properties.filter { $0.key == "style" && $0.atoms.count == 1 }
            guard !sites.isEmpty else { return nil }
            let site = rng.pick(sites)
            guard let m = misspelling(of: site.atoms[0].text, among: names, &rng) else { return nil }
            return s.replacing(site.atoms[0].range, with: m)
        },
        Mistake(name: "style that does not exist", code: "TDL109") { rng, s in
            let sites = s.elements.filter { $0.block.property("style") == nil }.compactMap(\.block.openBrace)
            guard !sites.isEmpty else { return nil }
            let open = rng.pick(sites)
            return s.replacing(ByteRange(start: open.end, end: open.end), with: " style: zz-undefined;")
        },
        Mistake(name: "misspelt element reference", code: "TDL110") { rng, s in
            let sites = s.properties.filter { ["from", "to"].contains($0.key) && $0.atoms.count == 1 && $0.atoms[0].kind == .identifier }
            guard !sites.isEmpty else { return nil }
            let site = rng.pick(sites)
            let names = s.blocks.filter { $0.set.node.id == site.owner.set.node.id }.compactMap { $0.block.name }
            guard let m = misspelling(of: site.atoms[0].text, among: names, &rng) else { return nil }
            return s.replacing(site.atoms[0].range, with: m)
        },
        Mistake(name: "misspelt parameter", code: "TDL111") { rng, s in
            let sites = interpolations(s)
            guard !sites.isEmpty else { return nil }
            let site = rng.pick(sites)
            let declared = s.blocks.filter { $0.kind == "params" && $0.set.node.id == site.set }.flatMap { $0.block.properties.map(\.key) }
            guard let m = misspelling(of: site.name, among: declared, &rng) else { return nil }
            return s.replacing(site.range, with: "{{\(m)}}")
        },
        Mistake(name: "spaces inside an interpolation", code: "TDL122") { rng, s in
            let sites = interpolations(s)
            guard !sites.isEmpty else { return nil }
            let site = rng.pick(sites)
            return s.replacing(site.range, with: "{{ \(site.name) }}")
        },
        Mistake(name: "spaces around a name that is not declared", code: "TDL122") { rng, s in
            let sites = s.properties.filter { ["text", "label", "alt"].contains($0.key) && $0.owner.set.kind == "template" && $0.owner.kind != "style"
                && $0.atoms.count == 1 && $0.atoms[0].kind == .string && $0.atoms[0].text.hasSuffix("\"") && !$0.atoms[0].text.hasPrefix("\"\"\"") }
            guard !sites.isEmpty else { return nil }
            let atom = rng.pick(sites).atoms[0]
            return s.replacing(ByteRange(start: atom.range.end - 1, end: atom.range.end - 1), with: " {{ zz-nobody }}")
        },
        Mistake(name: "interpolation not closed", code: "TDL122") { rng, s in
            let sites = interpolations(s)
            guard !sites.isEmpty else { return nil }
            let site = rng.pick(sites)
            return s.replacing(site.range, with: "{{\(site.name)}")
        },
        Mistake(name: "required property left out", code: "TDL105") { rng, s in
            let sites = s.properties.filter { site in
                guard let p = Schema.kind(site.owner.kind)?.property(site.key), site.owner.kind != "style" else { return false }
                switch p.requirement {
                case .required, .requiredUnless: break
                default: return false
                }
                return site.owner.block.property("style") == nil && s.ownLine(site.property.range) != nil && !s.text(site.property.range).contains("{{")
            }
            guard !sites.isEmpty, let line = s.ownLine(rng.pick(sites).property.range) else { return nil }
            return s.replacing(line, with: "")
        },
        Mistake(name: "alt left out", code: "TDL303") { rng, s in
            let sites = s.properties.filter { $0.key == "alt" && $0.owner.kind == "image" && $0.owner.block.property("style") == nil
                && s.ownLine($0.property.range) != nil && !s.text($0.property.range).contains("{{") }
            guard !sites.isEmpty, let line = s.ownLine(rng.pick(sites).property.range) else { return nil }
            return s.replacing(line, with: "")
        },
        Mistake(name: "property written twice", code: "TDL103") { rng, s in
            let sites = s.schemaProperties.filter { s.ownLine($0.property.range) != nil }
            guard !sites.isEmpty, let line = s.ownLine(rng.pick(sites).property.range) else { return nil }
            return s.replacing(ByteRange(start: line.end, end: line.end), with: s.text(line))
        },
        Mistake(name: "misspelt kind", code: "TDL101") { rng, s in
            let sites = s.elements.filter { $0.block.kindToken != nil }
            guard !sites.isEmpty else { return nil }
            let site = rng.pick(sites)
            let placement: Placement = site.set.kind == "annotations" ? .annotations : .template
            let allowed = Schema.kinds(allowedIn: placement).map(\.name)
            guard let m = misspelling(of: site.kind, among: allowed, &rng), let token = site.block.kindToken else { return nil }
            return s.replacing(token.range, with: m)
        },
        Mistake(name: "kind misspelt towards another kind", code: "TDL101") { rng, s in
            let sites = s.elements.filter { $0.block.kindToken != nil }
            guard !sites.isEmpty else { return nil }
            let site = rng.pick(sites)
            let placement: Placement = site.set.kind == "annotations" ? .annotations : .template
            let allowed = Schema.kinds(allowedIn: placement).map(\.name)
            let other = rng.pick(allowed.filter { $0 != site.kind })
            guard let m = misspelling(of: other, among: allowed, &rng), let token = site.block.kindToken else { return nil }
            return s.replacing(token.range, with: m)
        },
        Mistake(name: "misspelt kind of a set", code: "TDL101") { rng, s in
            let sites = s.tree.document.blocks.filter { $0.kind == "template" || $0.kind == "annotations" }
            guard !sites.isEmpty else { return nil }
            let set = rng.pick(sites)
            guard let token = set.kindToken, let m = misspelling(of: set.kind, among: Schema.kinds(allowedIn: .topLevel).map(\.name), &rng) else { return nil }
            return s.replacing(token.range, with: m)
        },
        Mistake(name: "canvas as two numbers, one of them zero", code: "TDL106") { rng, s in
            let sites = s.properties.filter { $0.key == "size" && $0.owner.kind == "template" && $0.atoms.count == 3 }
            guard !sites.isEmpty else { return nil }
            let a = rng.pick(sites).atoms
            return s.replacing(ByteRange(start: a[0].range.start, end: a[2].range.end), with: "0 " + a[2].text)
        },
        Mistake(name: "block header still without its brace", code: "TDL123") { rng, s in
            let sites = s.elements.filter { $0.kind == "group" }.compactMap(\.block.openBrace)
            guard !sites.isEmpty else { return nil }
            let open = rng.pick(sites)
            return s.replacing(ByteRange(start: open.end, end: open.end), with: "\n    text zz-unfinished")
        },
        Mistake(name: "no format line", code: "TDL117") { _, s in
            guard let d = s.tree.document.directives.first(where: { $0.keyword == "format" }), let line = s.ownLine(d.node.range) else { return nil }
            return s.replacing(line, with: "")
        },
        Mistake(name: "older format", code: "TDL116") { _, s in
            guard let d = s.tree.document.directives.first(where: { $0.keyword == "format" }), let atom = d.atoms.first else { return nil }
            return s.replacing(atom.range, with: "0")
        },
        Mistake(name: "params with a name", code: "TDL118") { rng, s in
            let sites = s.blocks.filter { $0.kind == "params" }.compactMap(\.block.kindToken)
            guard !sites.isEmpty else { return nil }
            let token = rng.pick(sites)
            return s.replacing(ByteRange(start: token.end, end: token.end), with: " defaults")
        },
        Mistake(name: "colon left out", code: "TDL011") { rng, s in
            let sites = s.schemaProperties.filter { $0.property.colon != nil && s.ownLine($0.property.range) != nil }
            guard !sites.isEmpty, let colon = rng.pick(sites).property.colon else { return nil }
            return s.replacing(colon.range, with: "")
        },
        Mistake(name: "brace on the next line", code: "TDL012") { rng, s in
            let sites = s.elements.compactMap { e -> Token? in
                guard let open = e.block.openBrace, let close = e.block.closeBrace, s.ownLine(ByteRange(start: e.block.range.start, end: open.end)) != nil,
                      s.ownLine(close.range) != nil else { return nil }
                return open
            }
            guard !sites.isEmpty else { return nil }
            let open = rng.pick(sites)
            return s.replacing(ByteRange(start: open.start - 1, end: open.end), with: "\n{")
        },
        Mistake(name: "unsafe URL", code: "TDL306") { rng, s in
            let sites = s.schemaProperties.filter { Schema.styleableProperty($0.key)?.type == .url || ["src", "image", "poster", "action"].contains($0.key) }
            guard !sites.isEmpty else { return nil }
            return s.replacing(rng.pick(sites).property.valueRange, with: "\"javascript:alert(1)\"")
        },
        Mistake(name: "size and width together", code: "TDL119") { rng, s in
            let sites = s.properties.filter { $0.key == "size" && Schema.kind($0.owner.kind)?.isComponent == true && s.ownLine($0.property.range) != nil && $0.owner.block.property("width") == nil }
            guard !sites.isEmpty, let line = s.ownLine(rng.pick(sites).property.range) else { return nil }
            let indent = s.text(line).prefix { $0 == " " }
            let ending = s.text(line).hasSuffix("\r\n") ? "\r\n" : "\n"
            return s.replacing(ByteRange(start: line.end, end: line.end), with: indent + "width: 20" + ending)
        },
        Mistake(name: "style extending itself", code: "TDL112") { rng, s in
            let sites = s.styles.filter { $0.property("style") == nil && $0.name != nil }
            guard !sites.isEmpty else { return nil }
            let style = rng.pick(sites)
            guard let open = style.openBrace, let name = style.name else { return nil }
            return s.replacing(ByteRange(start: open.end, end: open.end), with: " style: \(name);")
        },
        Mistake(name: "two styles extending each other", code: "TDL112") { rng, s in
            let sites = s.styles.filter { $0.property("style") != nil }
            guard !sites.isEmpty else { return nil }
            let child = rng.pick(sites)
            guard let parentName = child.property("style")?.firstAtom?.text, let childName = child.name,
                  let parent = s.styles.first(where: { $0.name == parentName }), parent.property("style") == nil,
                  let open = parent.openBrace else { return nil }
            return s.replacing(ByteRange(start: open.end, end: open.end), with: " style: \(childName);")
        },
        Mistake(name: "text the colour of its background", code: "TDL302") { rng, s in
            let sites = s.elements.filter { ["text", "textarea", "button", "label"].contains($0.kind) }.compactMap { e -> (PropertySyntax, PropertySyntax)? in
                guard let color = e.block.property("color"), let background = e.block.property("background") ?? e.block.property("fill") else { return nil }
                return (color, background)
            }
            guard !sites.isEmpty else { return nil }
            let (color, background) = rng.pick(sites)
            return s.replacing(color.valueRange, with: s.text(background.valueRange))
        },
        // An image that the layout puts first (a 1 px strip across the top) written last in
        // its template, below a text the generator placed lower down.
        Mistake(name: "content written after what it is placed above", code: "TDL317") { rng, s in
            func numbers(_ p: PropertySyntax?) -> [Double] { p?.atoms.compactMap { $0.number?.value } ?? [] }
            let templates = s.blocks.filter { $0.kind == "template" && $0.block.node.id == $0.set.node.id }.filter { t in
                let canvas = numbers(t.block.property("size"))
                guard canvas.count == 2 else { return false }
                return t.block.blocks.contains { e in
                    let at = numbers(e.property("at")), size = numbers(e.property("size"))
                    return ["text", "textarea", "button", "video"].contains(e.kind) && at.count == 2 && size.count == 2
                        && e.property("style") == nil && e.property("rotation") == nil && e.property("scale") == nil
                        && e.property("visible") == nil && at[1] >= 5 && at[0] <= 90
                        && at[0] + size[0] <= canvas[0] && at[1] + size[1] <= canvas[1]
                }
            }
            guard !templates.isEmpty, let close = rng.pick(templates).block.closeBrace else { return nil }
            var start = close.start
            while start > 0 && s.bytes[start - 1] != 0x0A { start -= 1 }
            return s.replacing(ByteRange(start: start, end: start),
                               with: "  image read-late { src: \"https://example.com/a.jpg\"; alt: \"Late\"; at: 0, 0; size: 100 x 1 }\n")
        },
        Mistake(name: "element outside the canvas", code: "TDL301") { rng, s in
            let sites = s.properties.filter { $0.key == "at" && !["group", "line", "arrow", "style"].contains($0.owner.kind) }
            guard !sites.isEmpty else { return nil }
            return s.replacing(rng.pick(sites).property.valueRange, with: "5000, 10")
        },
        Mistake(name: "empty text", code: "TDL307") { rng, s in
            let sites = s.properties.filter { ["text", "label"].contains($0.key) && $0.owner.kind != "style" && !s.text($0.property.valueRange).contains("{{") }
            guard !sites.isEmpty else { return nil }
            return s.replacing(rng.pick(sites).property.valueRange, with: "\"  \"")
        },
        Mistake(name: "zero size", code: "TDL308") { rng, s in
            let sites = s.properties.filter { $0.key == "size" && $0.atoms.count == 3 && !["style", "template", "annotations", "divider"].contains($0.owner.kind) }
            guard !sites.isEmpty else { return nil }
            return s.replacing(rng.pick(sites).atoms[0].range, with: "0")
        },
        Mistake(name: "style nobody uses", code: "TDL304") { _, s in
            s.bytes + Array("\nstyle zz-spare {\n  opacity: 1\n}\n".utf8)
        },
        Mistake(name: "parameter nobody uses", code: "TDL305") { rng, s in
            let sites = s.blocks.filter { $0.kind == "params" }.compactMap(\.block.openBrace)
            guard !sites.isEmpty else { return nil }
            let open = rng.pick(sites)
            return s.replacing(ByteRange(start: open.end, end: open.end), with: " spare: 1;")
        },
        Mistake(name: "style property that does not apply", code: "TDL120") { rng, s in
            let sites = s.styles.filter { style in
                guard let name = style.name else { return false }
                let uses = s.uses(ofStyle: name)
                return Set(uses.map(\.set)).count == 1 && Set(uses.map(\.kind)).count == 1
            }
            guard !sites.isEmpty else { return nil }
            let style = rng.pick(sites)
            guard let name = style.name, let kind = s.uses(ofStyle: name).first?.kind, let open = style.openBrace else { return nil }
            let foreign = Schema.styleablePropertyNames.filter { Schema.kind(kind)?.property($0) == nil && style.property($0) == nil && $0 != "style" }
            guard let key = foreign.first(where: { ["fit", "radius", "head", "thickness", "value"].contains($0) }) else { return nil }
            let value = key == "fit" ? "cover" : key == "head" ? "open" : "2"
            return s.replacing(ByteRange(start: open.end, end: open.end), with: " \(key): \(value);")
        },
        Mistake(name: "property of another kind", code: "TDL102") { rng, s in
            let sites = s.elements.filter { $0.kind == "text" || $0.kind == "button" }.compactMap(\.block.openBrace)
            guard !sites.isEmpty else { return nil }
            let open = rng.pick(sites)
            return s.replacing(ByteRange(start: open.end, end: open.end), with: " src: \"a.png\";")
        },
        Mistake(name: "title on an element", code: "TDL118") { rng, s in
            let sites = s.elements.compactMap { $0.block.nameToken }
            guard !sites.isEmpty else { return nil }
            let name = rng.pick(sites)
            return s.replacing(ByteRange(start: name.end, end: name.end), with: " \"Title\"")
        },
        Mistake(name: "two elements with one name", code: "TDL104") { rng, s in
            let text = String(decoding: s.bytes, as: UTF8.self)
            let named = s.elements.filter { e in e.block.name.map { text.components(separatedBy: $0).count == 2 } ?? false }
            guard named.count >= 2 else { return nil }
            let a = rng.pick(named)
            guard let other = named.first(where: { $0.set.node.id == a.set.node.id && $0.block.node.id != a.block.node.id }),
                  let token = a.block.nameToken, let name = other.block.name else { return nil }
            return s.replacing(token.range, with: name)
        },
        Mistake(name: "element where it does not belong", code: "TDL101") { rng, s in
            let sites = s.blocks.filter { $0.kind == "template" }.compactMap(\.block.openBrace)
            guard !sites.isEmpty else { return nil }
            let open = rng.pick(sites)
            return s.replacing(ByteRange(start: open.end, end: open.end), with: " rect zz-misplaced { at: 1, 1; size: 5 x 5 }")
        },
    ]

    /// Every `{{name}}` in a string of a template, with its set.
    static func interpolations(_ s: DocumentSites) -> [(name: String, range: ByteRange, set: Int)] {
        s.properties.filter { $0.owner.set.kind == "template" && $0.owner.kind != "style" }.flatMap { p in
            p.atoms.filter { $0.kind == .string }.flatMap { atom in
                atom.interpolations.map { (name: $0.name, range: $0.range, set: p.owner.set.node.id) }
            }
        }
    }
}
