@testable import HTMLGen
import TemplateFormat
import Validator
import TestSupport
import XCTest

/// A group without `size` has its natural size: the union of its shown members' outer boxes
/// and its content box's origin, plus padding and border on each side. The export's model and
/// HTML and the validator's bounds check (TDL301) use the same box.
final class NaturalGroupTests: XCTestCase {
    func box(_ source: String, _ path: [Int]) -> ResolvedBox? {
        var element = resolve(source).items[0].children[path[0]]
        for i in path.dropFirst() { element = element.children[i] }
        return element.box
    }

    func template(_ body: String) -> String { "format 1\ntemplate t {\n  size: 400 x 300\n\(body)\n}\n" }

    func testTheNaturalSizeIsTheMembersUnionPlusPaddingAndBorder() {
        // Members at (10, 5) 50 x 20 and (0, 40) 30 x 10: content 60 x 50; inset 4 + 1.
        let members = """
            text a { text: "a"; at: 10, 5; size: 50 x 20 }
            image b { src: "b.png"; alt: ""; at: 0, 40; size: 30 x 10 }
        """
        let plain = template("  group g {\n    at: 20, 30\n\(members)\n  }")
        XCTAssertEqual(box(plain, [0]), ResolvedBox(x: 20, y: 30, width: 60, height: 50))
        let padded = template("  group g {\n    at: 20, 30\n    padding: 4\n    border-width: 1\n\(members)\n  }")
        XCTAssertEqual(box(padded, [0]), ResolvedBox(x: 20, y: 30, width: 70, height: 60))
        XCTAssertEqual(box(padded, [0, 0]), ResolvedBox(x: 35, y: 40, width: 50, height: 20))
        // `width` only, or `height` only: the other is natural.
        let wide = template("  group g {\n    width: 200\n    padding: 4\n\(members)\n  }")
        XCTAssertEqual(box(wide, [0]), ResolvedBox(x: 0, y: 0, width: 200, height: 58))
        let tall = template("  group g {\n    height: 200\n\(members)\n  }")
        XCTAssertEqual(box(tall, [0]), ResolvedBox(x: 0, y: 0, width: 60, height: 200))
        // An empty group is its padding and border.
        XCTAssertEqual(box(template("  group g {\n    padding: 3\n    border-width: 2\n  }"), [0]),
                       ResolvedBox(x: 0, y: 0, width: 10, height: 10))
    }

    func testNegativeOffsetsHiddenAndRotatedMembers() {
        // A member at a negative offset sticks out to the left and top: the box starts at `at`.
        let negative = template("""
          group g {
            at: 50, 50
            text a { text: "a"; at: -20, -10; size: 50 x 20 }
          }
        """)
        XCTAssertEqual(box(negative, [0]), ResolvedBox(x: 50, y: 50, width: 30, height: 10))
        let wholly = template("""
          group g {
            at: 50, 50
            text a { text: "a"; at: -80, -10; size: 50 x 5 }
          }
        """)
        XCTAssertEqual(box(wholly, [0]), ResolvedBox(x: 50, y: 50, width: 0, height: 0))
        // A hidden member takes no room; a rotated one counts with its box unrotated.
        let mixed = template("""
          group g {
            text a { text: "a"; at: 0, 0; size: 300 x 200; visible: false }
            text b { text: "b"; at: 10, 10; size: 40 x 20; rotation: 45 }
          }
        """)
        XCTAssertEqual(box(mixed, [0]), ResolvedBox(x: 0, y: 0, width: 50, height: 30))
    }

    func testNestedGroupsAndNaturalMembers() {
        let nested = template("""
          group outer {
            at: 10, 10
            padding: 5
            group inner {
              at: 20, 0
              border-width: 1
              text a { text: "a"; at: 0, 0; size: 40 x 10 }
            }
            divider line { at: 0, 30; width: 10 }
          }
        """)
        XCTAssertEqual(box(nested, [0, 0]), ResolvedBox(x: 35, y: 15, width: 42, height: 12))
        // inner reaches 20 + 42 = 62; the divider's rule (thickness 1) 30 + 1 = 31.
        XCTAssertEqual(box(nested, [0]), ResolvedBox(x: 10, y: 10, width: 72, height: 41))
        // A text without a width has a natural width only rendering knows: so has the group.
        let natural = template("""
          group g {
            text a { text: "a"; at: 0, 0; height: 20 }
            text b { text: "b"; at: 0, 30; size: 40 x 10 }
          }
        """)
        XCTAssertEqual(box(natural, [0]), ResolvedBox(x: 0, y: 0, width: nil, height: 40))
        let json = export(natural, as: .json)
        XCTAssertTrue(json.contains(#""box": {"x": 0, "y": 0, "width": null, "height": 40}"#), json)
    }

    /// Members of a group sized by them are laid out in its one grid cell, offset by margins,
    /// so the browser sizes the group to them; a sized group's members stay absolutely placed.
    func testTheHTMLLetsTheBrowserSizeTheGroup() {
        let html = export(template("""
          group g {
            at: 20, 30
            padding: 4
            text a { text: "a"; at: 10, 5; size: 50 x 20 }
            group s {
              size: 10 x 10
              text b { text: "b"; at: 1, 2 }
            }
          }
        """))
        // Its natural size is known (every member has one): it takes its area of the canvas's
        // grid, as wide as its members' union, and grows with them.
        XCTAssertTrue(declarations(of: "g", in: html) == "grid-area:2/2;display:grid;padding:calc(4*var(--u))", html)
        XCTAssertTrue(declarations(of: "g-a", in: html).hasPrefix("position:relative;grid-area:1/1;justify-self:start;align-self:start;margin-left:calc(10*var(--u));margin-top:calc(5*var(--u));width:calc(50*var(--u));min-height:calc(20*var(--u));"), html)
        XCTAssertTrue(html.contains("#g-s{position:relative;grid-area:1/1;justify-self:start;align-self:start;margin-left:0;margin-top:0;width:calc(10*var(--u));height:calc(10*var(--u))}"), html)
        XCTAssertTrue(declarations(of: "g-s-b", in: html).hasPrefix("position:absolute;left:calc(1*var(--u));top:calc(2*var(--u));"), html)
        // Hidden: `display:none` comes after `display:grid`, so it wins.
        let hidden = export(template("  group g {\n    visible: false\n  }"))
        XCTAssertTrue(hidden.contains("display:grid;display:none}"), hidden)
    }

    func testTheBoundsCheckUsesTheNaturalBox() {
        // The padding alone crosses the right edge: the group is reported, with its natural size.
        let padding = template("""
          group g {
            at: 350, 10
            padding: 10
            text a { text: "a"; at: 0, 0; size: 40 x 20 }
          }
        """)
        let found = Validator.validate(SyntaxTree.parse(padding)).filter { $0.code == "TDL301" }
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(found.first?.message.contains("`group g` (350, 10, natural size 60 x 40) is partly outside the 400 x 300 canvas (past the right edge)") ?? false,
                      found.first?.message ?? "")
        // A member crosses the edge: it is reported, and the group is not again.
        let member = padding.replacingOccurrences(of: "size: 40 x 20", with: "size: 80 x 20")
        let both = Validator.validate(SyntaxTree.parse(member)).filter { $0.code == "TDL301" }
        XCTAssertEqual(both.map(\.message).count, 1)
        XCTAssertTrue(both.first?.message.hasPrefix("`text a`") ?? false, both.first?.message ?? "")
        // Inside: nothing.
        let inside = padding.replacingOccurrences(of: "at: 350, 10", with: "at: 340, 10")
        XCTAssertEqual(Validator.validate(SyntaxTree.parse(inside)).filter { $0.code == "TDL301" }.count, 0)
    }

    // MARK: Random documents against an independent computation

    /// A generated component: what the oracle below needs, and its TDL.
    indirect enum Node {
        case leaf(kind: String, at: (Double, Double), size: (Double?, Double?), hidden: Bool, rotated: Bool)
        case group(at: (Double, Double), size: (Double?, Double?), padding: Double, border: Double, hidden: Bool, members: [Node])
    }

    static func generate(_ random: inout SeededRandom, depth: Int) -> Node {
        func coordinate() -> Double { Double(random.below(260)) - 40 }
        func length() -> Double { Double(1 + random.below(120)) }
        func size() -> (Double?, Double?) {
            switch random.below(5) {
            case 0: return (nil, nil)
            case 1: return (length(), nil)
            case 2: return (nil, length())
            default: return (length(), length())
            }
        }
        let at = (coordinate(), coordinate())
        let hidden = random.below(12) == 0
        if depth < 3 && random.below(3) == 0 {
            let members = (0..<random.below(4)).map { _ in generate(&random, depth: depth + 1) }
            return .group(at: at, size: size(), padding: Double(random.below(3) * 4), border: Double(random.below(2) * 2),
                          hidden: hidden, members: members)
        }
        let kind = random.pick(["text", "image", "button"])
        // Texts may go without a size; the others keep one so most groups have a known size.
        let s = kind == "text" ? size() : (length(), length())
        return .leaf(kind: kind, at: at, size: s, hidden: hidden, rotated: random.below(8) == 0)
    }

    static func tdl(_ node: Node, name: String, indent: String, into out: inout String) {
        func size(_ s: (Double?, Double?)) -> String {
            switch s {
            case (let w?, let h?): return "\(indent)  size: \(tdlNumber(w)) x \(tdlNumber(h))\n"
            case (let w?, nil): return "\(indent)  width: \(tdlNumber(w))\n"
            case (nil, let h?): return "\(indent)  height: \(tdlNumber(h))\n"
            case (nil, nil): return ""
            }
        }
        switch node {
        case .leaf(let kind, let at, let s, let hidden, let rotated):
            out += "\(indent)\(kind) \(name) {\n"
            switch kind {
            case "text": out += "\(indent)  text: \"\(name)\"\n"
            case "image": out += "\(indent)  src: \"\(name).png\"\n\(indent)  alt: \"\"\n"
            default: out += "\(indent)  label: \"Go\"\n"
            }
            out += "\(indent)  at: \(tdlNumber(at.0)), \(tdlNumber(at.1))\n" + size(s)
            if hidden { out += "\(indent)  visible: false\n" }
            if rotated { out += "\(indent)  rotation: 30\n" }
            out += "\(indent)}\n"
        case .group(let at, let s, let padding, let border, let hidden, let members):
            out += "\(indent)group \(name) {\n\(indent)  at: \(tdlNumber(at.0)), \(tdlNumber(at.1))\n" + size(s)
            out += "\(indent)  padding: \(tdlNumber(padding))\n\(indent)  border-width: \(tdlNumber(border))\n"
            if hidden { out += "\(indent)  visible: false\n" }
            for (i, m) in members.enumerated() { tdl(m, name: "\(name)-\(i)", indent: indent + "  ", into: &out) }
            out += "\(indent)}\n"
        }
    }

    /// An element's outer box on the canvas as the docs define it, computed here apart from
    /// the exporter and the validator. `pointsForNatural`: a member whose own size is natural
    /// counts by its `at` (the validator's reading); otherwise it makes the group's size unknown
    /// (the export's). Calls `visit` with every element's box, parents after their members.
    static func boxes(_ node: Node, origin: (Double, Double), pointsForNatural: Bool,
                      visit: (Node, (x: Double, y: Double, w: Double?, h: Double?)) -> Void) -> (x: Double, y: Double, w: Double?, h: Double?) {
        switch node {
        case .leaf(_, let at, let s, _, _):
            let b = (x: origin.0 + at.0, y: origin.1 + at.1, w: s.0, h: s.1)
            visit(node, b)
            return b
        case .group(let at, let s, let padding, let border, _, let members):
            let x = origin.0 + at.0, y = origin.1 + at.1, inset = padding + border
            var right: Double? = x + inset, bottom: Double? = y + inset
            for m in members {
                let b = boxes(m, origin: (x + inset, y + inset), pointsForNatural: pointsForNatural, visit: visit)
                if case .leaf(_, _, _, true, _) = m { continue }
                if case .group(_, _, _, _, true, _) = m { continue }
                let w = b.w ?? (pointsForNatural ? 0 : nil), h = b.h ?? (pointsForNatural ? 0 : nil)
                right = right.flatMap { r in w.map { max(r, b.x + $0) } }
                bottom = bottom.flatMap { r in h.map { max(r, b.y + $0) } }
            }
            let b = (x: x, y: y, w: s.0 ?? right.map { $0 - x + inset }, h: s.1 ?? bottom.map { $0 - y + inset })
            visit(node, b)
            return b
        }
    }

    /// Random nested groups (sized or not, `width` or `height` only, padding, border, members
    /// at negative offsets, hidden, rotated, members of natural size): the exported boxes
    /// equal the ones the docs define, and TDL301 reports exactly the elements whose box (the
    /// validator's reading) crosses the canvas, less groups sized by members that are reported.
    func testRandomGroupsAgainstTheDefinition() {
        var random = SeededRandom(seed: 1363)
        let seed = random.seed
        let canvas = (300.0, 240.0)
        var naturalGroups = 0, reportedCount = 0
        for round in 0..<300 {
            let nodes = (0..<(1 + random.below(3))).map { _ in Self.generate(&random, depth: 0) }
            var source = "format 1\ntemplate t {\n  size: 300 x 240\n"
            for (i, n) in nodes.enumerated() { Self.tdl(n, name: "e\(i)", indent: "  ", into: &source) }
            source += "}\n"
            let context = "seed \(seed), round \(round):\n\(source)"

            // The export: every element's box, in preorder (`expected` is filled parents last).
            var expected: [(x: Double, y: Double, w: Double?, h: Double?)] = []
            func preorder(_ n: Node, _ origin: (Double, Double)) {
                var mine: [(x: Double, y: Double, w: Double?, h: Double?)] = []
                _ = Self.boxes(n, origin: origin, pointsForNatural: false) { _, b in mine.append(b) }
                // `boxes` visits members first: put each group before its members.
                expected += Self.reorder(n, mine)
            }
            for n in nodes { preorder(n, (0, 0)) }
            var got: [ResolvedBox] = []
            func walk(_ e: ResolvedElement) {
                if let b = e.box { got.append(b) }
                e.children.forEach(walk)
            }
            resolve(source).items[0].children.forEach(walk)
            XCTAssertEqual(got.count, expected.count, context)
            for (g, e) in zip(got, expected) {
                XCTAssertTrue(abs(g.x - e.x) < 1e-9 && abs(g.y - e.y) < 1e-9 && g.width == e.w && g.height == e.h,
                              "exported \(g), defined \(e): \(context)")
            }

            // The validator: which elements cross the canvas.
            var outside: [String] = []
            func check(_ n: Node, name: String, origin: (Double, Double)) -> Bool {
                var box = (x: 0.0, y: 0.0, w: Double?.none, h: Double?.none)
                var membersReported = false
                switch n {
                case .leaf:
                    box = Self.boxes(n, origin: origin, pointsForNatural: true) { _, _ in }
                case .group(_, let s, let padding, let border, _, let members):
                    box = Self.boxes(n, origin: origin, pointsForNatural: true) { _, _ in }
                    let inset = padding + border
                    for (i, m) in members.enumerated() where check(m, name: "\(name)-\(i)", origin: (box.x + inset, box.y + inset)) {
                        membersReported = true
                    }
                    if s.0 == nil || s.1 == nil {
                        naturalGroups += 1
                        if membersReported { return true }
                    }
                }
                let right = box.x + (box.w ?? 0), bottom = box.y + (box.h ?? 0)
                let crosses = box.x < 0 || box.y < 0 || right > canvas.0 || bottom > canvas.1
                if crosses { outside.append(name) }
                return crosses || membersReported
            }
            for (i, n) in nodes.enumerated() { _ = check(n, name: "e\(i)", origin: (0, 0)) }
            let reported = Validator.validate(SyntaxTree.parse(source)).filter { $0.code == "TDL301" }.compactMap { d -> String? in
                // "`kind name` …": the name.
                d.message.split(separator: "`").first.flatMap { $0.split(separator: " ").last.map(String.init) }
            }
            XCTAssertEqual(reported.sorted(), outside.sorted(), context)
            reportedCount += reported.filter { name in !name.isEmpty }.count
        }
        XCTAssertGreaterThan(naturalGroups, 50, "the generator makes groups without size")
        XCTAssertGreaterThan(reportedCount, 50, "the generator makes elements outside the canvas")
    }

    /// `boxes` visits an element's members before it: the same boxes in preorder.
    static func reorder(_ n: Node, _ postorder: [(x: Double, y: Double, w: Double?, h: Double?)])
        -> [(x: Double, y: Double, w: Double?, h: Double?)] {
        var index = 0
        func take(_ n: Node) -> [(x: Double, y: Double, w: Double?, h: Double?)] {
            switch n {
            case .leaf:
                defer { index += 1 }
                return [postorder[index]]
            case .group(_, _, _, _, _, let members):
                var inner: [(x: Double, y: Double, w: Double?, h: Double?)] = []
                for m in members { inner += take(m) }
                defer { index += 1 }
                return [postorder[index]] + inner
            }
        }
        return take(n)
    }
}

/// A number as TDL writes it: no `.0` on whole numbers.
func tdlNumber(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
