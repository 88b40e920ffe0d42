import Foundation
@testable import HTMLGen
import JSONText
import TemplateFormat
import TestSupport
import Validator
import XCTest

/// The JSON model against its JSON Schema (docs/model.schema.json) and against the other
/// exports: one resolved value per property, the same one HTML and SVG draw, and `from`/`to`
/// naming an element resolved to the points the SVG's lines end at. (Tests/e2e/json/run.sh
/// validates real outputs against the schema with a validator from PyPI.)
final class ModelSchemaTests: XCTestCase {
    static let schemaPath = Repository.root + "/docs/model.schema.json"

    /// The file is the generator's output; `UPDATE_DOCS=1` rewrites it.
    func testSchemaFileIsCurrent() throws {
        let generated = ModelJSONSchema.render()
        if ProcessInfo.processInfo.environment["UPDATE_DOCS"] == "1" {
            try Data(generated).write(to: URL(fileURLWithPath: Self.schemaPath))
        }
        let file = Array(try Data(contentsOf: URL(fileURLWithPath: Self.schemaPath)))
        XCTAssertEqual(file, generated, "docs/model.schema.json is stale: run UPDATE_DOCS=1 swift test --filter ModelSchemaTests")
    }

    /// Every property the validator's schema knows for an exported kind is in the JSON
    /// Schema's `properties.KIND` or listed as not exported, never both, and the JSON Schema
    /// has no other: a property added to the table without reaching the schema fails here.
    func testEveryPropertyOfEveryExportedKindIsInTheSchema() throws {
        let schema = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: Self.schemaPath))))
        let defs = schema["$defs"]
        let exported = Schema.kinds.filter { $0.isComponent || $0.isAnnotationElement || $0.name == "template" || $0.name == "annotations" }
        XCTAssertEqual(exported.filter { !$0.isComponent && !$0.isAnnotationElement }.map(\.name), ["template", "annotations"])
        XCTAssertGreaterThan(exported.count, 10, "components and annotation elements")
        for kind in exported {
            guard let listed = defs["properties." + kind.name]["properties"].objectValue?.keys else {
                XCTFail("no properties.\(kind.name) in the schema")
                continue
            }
            let omitted = PropertySpellings.notExported(kind)
            for property in kind.properties {
                let inSchema = listed.contains(property.name), isOmitted = omitted.contains(property.name)
                XCTAssertTrue(inSchema != isOmitted, "\(kind.name).\(property.name): in the schema \(inSchema), listed as not exported \(isOmitted)")
            }
            for name in listed { XCTAssertNotNil(kind.property(name), "properties.\(kind.name) lists `\(name)`, which the kind does not take") }
            if kind.isComponent || kind.isAnnotationElement {
                XCTAssertFalse(defs["element." + kind.name].isNull, "element.\(kind.name)")
            }
        }
        XCTAssertEqual(schema["properties"]["model"]["const"].intValue, ModelJSON.version)
    }

    // MARK: One value per property

    /// Random templates and sets that set both spellings of one thing (on the element, in its
    /// style, or both): the JSON holds one value, and it is the one the HTML or SVG draws.
    func testEachPropertyHasOneValueAndItIsTheOneDrawn() throws {
        var random = SeededRandom(seed: 0x5E11)
        let weights = Schema.fontWeights
        var checkedWeights = 0, checkedSizes = 0, checkedBackgrounds = 0
        for _ in 0..<150 {
            // Each spelling may come from the element or from its style, or be absent.
            func maybe(_ text: String) -> (own: String, styled: String) {
                switch random.below(3) {
                case 0: return (text, "")
                case 1: return ("", text)
                default: return ("", "")
                }
            }
            var style = "", elements = ""
            let kinds = ["text", "textarea", "button"]
            for i in 0..<4 {
                let font = maybe("font: \"Inter\"" + (random.chance(70) ? " " + random.pick(weights) : "") + ";")
                let weight = maybe("font-weight: \(random.pick(weights));")
                let size = maybe("size: \(random.int(10...300)) x \(random.int(10...300));")
                let width = maybe("width: \(random.int(10...300));")
                let height = maybe("height: \(random.int(10...300));")
                let all = [font, weight, size, width, height]
                style += "style s\(i) { " + all.map(\.styled).joined() + " }\n"
                let kind = random.pick(kinds)
                let label = kind == "button" ? "label: \"Go\"; action: \"/next\";" : "text: \"Hello\";"
                elements += "  \(kind) e\(i) { \(label) style: s\(i); " + all.map(\.own).joined() + " }\n"
            }
            let template = "format 1\n" + style + "template t {\n  size: 400 x 400\n" + elements + "}\n"
            let document = resolve(template)
            let html = try XCTUnwrap(Exporter.render(document.items[0], as: .html).map { String(decoding: $0, as: UTF8.self) })
            let json = try JSONParser.parse(ModelJSON.render(document.items))
            for e in json["items"][0]["children"].arrayValue ?? [] {
                let id = e["id"].stringValue ?? "", properties = e["properties"]
                let rule = ";" + declarations(of: id, in: html)
                XCTAssertFalse(rule == ";", "\(id) has CSS\n\(template)")
                // The weight is in `font-weight` alone, and it is the page's.
                XCTAssertTrue(properties["font"]["weight"].isNull && properties["font"].objectValue?["weight"] == nil,
                              "`font` keeps only its family\n\(template)")
                let weight = try XCTUnwrap(properties["font-weight"].stringValue)
                XCTAssertTrue(rule.contains(";font-weight:\(Schema.cssFontWeight(weight) ?? 0)"), "\(id): \(weight) vs \(rule)\n\(template)")
                checkedWeights += 1
                // `size` or `width`/`height`, never both, and the page's box.
                let size = properties["size"]
                XCTAssertFalse(!size.isNull && (!properties["width"].isNull || !properties["height"].isNull), "\(template)")
                for side in ["width", "height"] {
                    let value = size.isNull ? properties[side].doubleValue : size[side].doubleValue
                    XCTAssertEqual(value, pageLength(html, rule, side), "\(id).\(side)\n\(template)")
                    XCTAssertEqual(value, e["box"][side].doubleValue, "\(id): the box agrees\n\(template)")
                    checkedSizes += 1
                }
            }
            // A label's `fill` and `background` are one colour: `background`, as the SVG fills it.
            var labels = "", labelStyles = ""
            for i in 0..<3 {
                let fill = maybe("fill: #\(String(random.int(0x100000...0xFFFFFF), radix: 16, uppercase: true));")
                let background = maybe("background: #\(String(random.int(0x100000...0xFFFFFF), radix: 16, uppercase: true));")
                labelStyles += "style l\(i) { \(fill.styled)\(background.styled) }\n"
                labels += "  label n\(i) { text: \"Note\"; at: 10, \(i * 50); style: l\(i); \(fill.own)\(background.own) }\n"
            }
            let set = "format 1\n" + labelStyles + "annotations a {\n  image: \"shot.png\"\n  size: 400 x 400\n" + labels + "}\n"
            let setDocument = resolve(set)
            let svg = try XCTUnwrap(Exporter.render(setDocument.items[0], as: .svg).map { String(decoding: $0, as: UTF8.self) })
            let setJSON = try JSONParser.parse(ModelJSON.render(setDocument.items))
            for e in setJSON["items"][0]["children"].arrayValue ?? [] {
                let id = e["id"].stringValue ?? ""
                XCTAssertTrue(e["properties"]["fill"].isNull, "a label's fill is folded into background\n\(set)")
                let drawn = section(section(svg, from: "<g id=\"a-\(id)\">", to: "</g>"), from: "<rect", to: "/>")  // the SVG id puts the set's name first
                let fill = section(drawn, from: " fill=\"", to: "\"")
                XCTAssertEqual(e["properties"]["background"].stringValue ?? "none", drawn.isEmpty ? "none" : fill, "\(id)\n\(set)")
                checkedBackgrounds += 1
            }
        }
        XCTAssertEqual(checkedWeights, 600)
        XCTAssertEqual(checkedSizes, 1200)
        XCTAssertEqual(checkedBackgrounds, 450)
    }

    /// `N` of `;width:calc(N*var(--u))` in a CSS rule.
    func cssLength(_ rule: String, _ side: String) -> Double? {
        Double(section(rule, from: ";\(side):calc(", to: "*"))
    }

    /// An element's width or height on the page: written (`width`, `height` or, for a box
    /// that grows, `min-height`), or for a grid member without a written width, the sum of
    /// the canvas's columns its `grid-area` spans.
    func pageLength(_ html: String, _ rule: String, _ side: String) -> Double? {
        if let written = cssLength(rule, side) ?? (side == "height" ? cssLength(rule, "min-height") : nil) { return written }
        guard side == "width", rule.hasPrefix(";grid-area:") else { return nil }
        let lines = section(rule, from: ";grid-area:", to: ";").split(separator: "/").compactMap { Int($0) }
        let columns = (section(html, from: ".tdl-canvas{", to: "}").components(separatedBy: "grid-template-columns:").last?
            .split(separator: ";").first).map { expandedTracks(String($0)) }?.compactMap { Double(section($0, from: "calc(", to: "*")) } ?? []
        guard lines.count >= 2 else { return nil }
        let first = lines[1] - 1, last = lines.count == 4 ? lines[3] - 1 : lines[1]
        guard first >= 0, last <= columns.count, first < last else { return nil }
        return columns[first..<last].reduce(0, +)
    }

    // MARK: Line ends

    /// The examples and random sets: every `from`/`to` of the JSON, a point plus `at` or a
    /// resolved reference, is where the SVG's line ends (exactly without a marker there; on
    /// the same line and within the marker's size with one, which shortens the drawn line).
    func testLineEndsAreTheSVGs() throws {
        var sources: [(String, String)] = Repository.examples.map { ($0.name, String(decoding: $0.bytes, as: UTF8.self)) }
        XCTAssertFalse(sources.isEmpty)
        var random = SeededRandom(seed: 0xA77)
        for n in 0..<120 { sources.append(("generated \(n)", Self.randomSet(&random))) }
        var references = 0, ends = 0
        for (name, source) in sources {
            let document = ResolvedDocument.resolve(SyntaxTree.parse(source), path: Repository.examplesFolder + "/x.tdl")
            for item in document.items where item.kind == .annotations {
                let svg = String(decoding: Exporter.render(item, as: .svg) ?? [], as: UTF8.self)
                let json = try JSONParser.parse(ModelJSON.render([item]))
                for e in json["items"][0]["children"].arrayValue ?? [] where ["line", "arrow"].contains(e["kind"].stringValue ?? "") {
                    let id = e["id"].stringValue ?? "", p = e["properties"]
                    // The SVG id puts the set's name first.
                    let drawn = section(svg, from: "<g id=\"\(item.name)-\(id)\"", to: "</g>")
                    guard drawn.contains("<line") else {
                        XCTAssertTrue(p["from"]["x"].isNull || p["to"]["x"].isNull, "\(name) \(id): not drawn, so not resolved")
                        continue
                    }
                    let at = (p["at"]["x"].doubleValue ?? 0, p["at"]["y"].doubleValue ?? 0)
                    func end(_ key: String) -> (Double, Double)? {
                        let v = p[key]
                        guard let x = v["x"].doubleValue, let y = v["y"].doubleValue else { return nil }
                        if v["element"].isNull { return (x + at.0, y + at.1) }
                        references += 1
                        return (x, y)
                    }
                    guard let from = end("from"), let to = end("to") else {
                        XCTFail("\(name) \(id): a drawn line has both ends as points")
                        continue
                    }
                    func attribute(_ a: String) -> Double { Double(section(drawn, from: " \(a)=\"", to: "\"")) ?? .nan }
                    let svgFrom = (attribute("x1"), attribute("y1")), svgTo = (attribute("x2"), attribute("y2"))
                    let markerSize = 3 * (p["stroke-width"].doubleValue ?? 2) + 6
                    for (model, drawnEnd, marker) in [(from, svgFrom, p["tail"].stringValue), (to, svgTo, p["head"].stringValue)] {
                        let distance = ((model.0 - drawnEnd.0) * (model.0 - drawnEnd.0) + (model.1 - drawnEnd.1) * (model.1 - drawnEnd.1)).squareRoot()
                        if marker == "none" {
                            XCTAssertLessThan(distance, 0.001, "\(name) \(id): \(model) vs the SVG's \(drawnEnd)")
                        } else {
                            XCTAssertLessThanOrEqual(distance, markerSize, "\(name) \(id): \(model) vs the SVG's \(drawnEnd)")
                            // On the line through the model's ends (the cross product, scaled by its length).
                            let dx = to.0 - from.0, dy = to.1 - from.1, length = (dx * dx + dy * dy).squareRoot()
                            if length > 0 {
                                XCTAssertLessThan(abs(dx * (drawnEnd.1 - from.1) - dy * (drawnEnd.0 - from.0)) / length, 0.01, "\(name) \(id)")
                            }
                        }
                        ends += 1
                    }
                }
            }
        }
        XCTAssertGreaterThan(references, 200, "references resolved")
        XCTAssertGreaterThan(ends, 400)
    }

    /// A set of named shapes and lines or arrows between them and points, some offset by `at`.
    static func randomSet(_ random: inout SeededRandom) -> String {
        var out = "format 1\nannotations a {\n  image: \"shot.png\"\n  size: 800 x 600\n"
        var names: [String] = []
        for i in 0..<random.int(2...5) {
            let kind = random.pick(["rect", "ellipse", "label", "number", "highlight"])
            let name = "s\(i)"
            names.append(name)
            out += "  \(kind) \(name) {\n    at: \(random.int(0...700)), \(random.int(0...500))\n"
            if kind == "label" { out += "    text: \"Look here\"\n" }
            if kind != "number" && (kind != "label" || random.chance(50)) {
                out += "    size: \(random.int(0...200)) x \(random.int(0...150))\n"
            }
            out += "  }\n"
        }
        for i in 0..<random.int(2...6) {
            func end() -> String {
                random.chance(60) ? random.pick(names) : "\(random.int(0...800)), \(random.int(0...600))"
            }
            out += "  \(random.pick(["arrow", "line"])) l\(i) {\n    from: \(end())\n    to: \(end())\n"
            if random.chance(30) { out += "    at: \(random.int(-50...50)), \(random.int(-50...50))\n" }
            if random.chance(50) { out += "    head: \(random.pick(Schema.lineMarkers))\n" }
            if random.chance(30) { out += "    tail: \(random.pick(Schema.lineMarkers))\n" }
            if random.chance(30) { out += "    stroke-width: \(random.int(1...8))\n" }
            out += "  }\n"
        }
        return out + "}\n"
    }
}
