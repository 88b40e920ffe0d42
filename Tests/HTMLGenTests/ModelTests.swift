import Foundation
@testable import HTMLGen
import TemplateFormat
import Validator
import XCTest

/// The resolved model: ids, group offsets, styles, defaults, parameters and numbering.
final class ModelTests: XCTestCase {
    func testIdsJoinGroupNamesWithHyphens() {
        let source = """
        format 1
        template t {
          size: 400 x 400
          group outer {
            group inner {
              text deep { text: "x" }
            }
            group {
              text under-unnamed { text: "x" }
              text { text: "x" }
            }
          }
          text { text: "x" }
          group a { text b-c { text: "x" } }
          group a-b { text c { text: "x" } }
        }
        """
        let item = resolve(source).items[0]
        func ids(_ list: [ResolvedElement]) -> [String] { list.flatMap { [$0.id] + ids($0.children) } }
        XCTAssertEqual(ids(item.children), ["outer", "outer-inner", "outer-inner-deep", "group.1", "outer-under-unnamed",
                                             "text.1", "text.2", "a", "a-b-c", "a-b", "a-b-c.2"])
        let html = export(source)
        for id in ["outer-inner-deep", "outer-under-unnamed", "text.1", "a-b-c.2"] {
            XCTAssertTrue(html.contains(" id=\"\(id)\""), id)
        }
        XCTAssertTrue(idRuleSelectors(html).contains("#text\\.1"), "generated ids are escaped in selectors")
        XCTAssertTrue(idRuleSelectors(html).contains("#a-b-c\\.2"))
    }

    /// A child's `at` is relative to the group's content box: its `at` plus border and padding.
    /// CSS places it from the group's padding box, so only the padding is added there.
    func testGroupRelativePlacement() {
        let source = """
        format 1
        template t {
          size: 400 x 400
          group g {
            at: 10, 20
            size: 200 x 200
            border-width: 2
            padding: 5
            text a { text: "x"; at: 3, 4; size: 50 x 10 }
            group h {
              at: 7, 8
              padding: 1.5
              text b { text: "x"; at: 1, 1 }
            }
          }
        }
        """
        let item = resolve(source).items[0]
        let g = item.children[0], a = g.children[0], h = g.children[1], b = h.children[0]
        XCTAssertEqual(g.box, ResolvedBox(x: 10, y: 20, width: 200, height: 200))
        XCTAssertEqual(a.box, ResolvedBox(x: 20, y: 31, width: 50, height: 10))
        XCTAssertEqual(h.box, ResolvedBox(x: 24, y: 35, width: nil, height: nil))
        XCTAssertEqual(b.box, ResolvedBox(x: 26.5, y: 37.5, width: nil, height: nil))
        let html = export(source)
        // `g` has a size: its members with one sit in its grid (`LineGrid`), whose lines are
        // their edges in its content box (inside border and padding, as CSS grids are).
        XCTAssertTrue(declarations(of: "g", in: html) == ("grid-area:2/2;min-height:calc(200*var(--u));display:grid;align-content:start;justify-content:start;grid-template-columns:calc(3*var(--u)) calc(50*var(--u)) calc(133*var(--u));grid-template-rows:minmax(calc(4*var(--u)),auto) minmax(calc(10*var(--u)),auto) minmax(calc(172*var(--u)),auto);border:calc(2*var(--u)) solid #000000;padding:calc(5*var(--u))"), html)
        XCTAssertTrue(declarations(of: "g-a", in: html).hasPrefix("grid-area:2/2;min-height:calc(10*var(--u));"), html)
        // `h` has no size: a grid whose members sit in its one cell, offset by margins from
        // its content box, so that it grows to hold them.
        XCTAssertTrue(declarations(of: "g-h", in: html) == "position:absolute;left:calc(12*var(--u));top:calc(13*var(--u));display:grid;padding:calc(1.5*var(--u))", html)
        XCTAssertTrue(declarations(of: "g-h-b", in: html).hasPrefix("position:relative;grid-area:1/1;justify-self:start;align-self:start;margin-left:calc(1*var(--u));margin-top:calc(1*var(--u));"), html)
        let json = export(source, as: .json)
        XCTAssertTrue(json.contains(#""box": {"x": 26.5, "y": 37.5, "width": null, "height": null}"#), json)
    }

    func testStylesResolveAlongTheirChainsAndImports() {
        let lib = """
        format 1
        style base { font: "Inter" regular; font-size: 12pt; color: #111111; italic: true }
        """
        let source = """
        format 1
        import "lib.tdl"
        style mid { style: base; font-size: 20; color: red }
        style top { style: mid; font-weight: bold }
        template t {
          size: 100 x 100
          text a { style: top; text: "x"; color: #00000080 }
          text b { style: base; text: "x" }
          text c { text: "x"; font: "Inter" semibold }
        }
        """
        let item = resolve(source, files: ["lib.tdl": lib]).items[0]
        let a = item.children[0], b = item.children[1], c = item.children[2]
        XCTAssertEqual(a[.fontSize], .number(20))
        XCTAssertEqual(a[.fontWeight], .keyword("bold"))
        XCTAssertEqual(a[.italic], .bool(true))
        XCTAssertEqual(a[.color], .color(RGBAColor(red: 0, green: 0, blue: 0, alpha: 0x80)))
        XCTAssertEqual(a[.font], .font(family: "Inter", weight: nil), "the weight lives in `font-weight` alone")
        XCTAssertEqual(b[.fontSize], .number(16), "12pt is 16px")
        XCTAssertEqual(b[.fontWeight], .keyword("regular"), "the weight after the family")
        XCTAssertEqual(c[.fontWeight], .keyword("semibold"))
        XCTAssertEqual(c[.align], .keyword("left"), "the schema default `start`, in a left-to-right template")
        XCTAssertNil(c[.style], "`style` is not a resolved property")
        XCTAssertEqual(a.explicitProperties.map(\.key), ["text", "font", "font-size", "font-weight", "italic", "color", "align"],
                       "`align: start` by default, resolved to its side")
        let html = export(source)
        XCTAssertTrue(html.contains("color:rgba(0,0,0,0.502)"), html)
    }

    func testDefaultsAndDeviceSize() {
        let item = resolve("format 1\ntemplate t { device: iphone-15; button b { label: \"Go\" } }").items[0]
        XCTAssertEqual(item[.size], .size(width: 393, height: 852))
        XCTAssertEqual(item[.background], .color(RGBAColor(red: 255, green: 255, blue: 255)))
        XCTAssertEqual(item[.lang], .string("en"))
        let b = item.children[0]
        XCTAssertEqual(b[.align], .keyword("center"), "a button's own default")
        XCTAssertEqual(b[.at], .point(x: 0, y: 0))
        XCTAssertNil(b[.action])
        XCTAssertEqual(b.properties.first?.key, "label")
    }

    func testAnnotationNumberingAndComputedDefaults() {
        let source = """
        format 1
        annotations s {
          image: "a.png"
          size: 200 x 200
          number one { at: 0, 0 }
          number two { at: 0, 0 }
          number five { value: 5; at: 0, 0 }
          number six { at: 0, 0; radius: 10 }
          arrow a { from: 0, 0; to: 10, 10; stroke: blue }
        }
        """
        let item = resolve(source).items[0]
        XCTAssertEqual(item.children.prefix(4).map { $0[.value] }, [.integer(1), .integer(2), .integer(5), .integer(6)])
        XCTAssertEqual(item.children[3][.size], .size(width: 20, height: 20))
        XCTAssertEqual(item.children[4][.fill], item.children[4][.stroke], "an arrow's fill is its stroke colour")
        let svg = export(source, as: .svg)
        for n in ["1", "2", "5", "6"] { XCTAssertTrue(svg.contains("dominant-baseline=\"central\">\(n)</text>"), n) }
        XCTAssertTrue(export(source, as: .json).contains("\"value\": 6"))
    }

    func testMultilineStringsFollowTheLanguageRules() {
        let source = "format 1\ntemplate t {\n  size: 10 x 10\n  textarea a {\n    text: \"\"\"\n      one\r\n        two \\{{x}}\n      three\n      \"\"\"\n  }\n}\n"
        let item = resolve(source).items[0]
        XCTAssertEqual(item.children[0][.text], .string("one\n  two {{x}}\nthree"))
        XCTAssertTrue(export(source).contains(">one\n  two {{x}}\nthree</p>"))
    }

    /// Decoding with interpolation kept apart gives the validator's value when the pieces are
    /// joined back.
    func testTextDecoderAgreesWithStringValue() {
        let strings = [
            #""plain""#, #""a\"b\\c\nd\te\{f\u{1F680}g\u{110000}h\qi\u{0000041}j\u{D800}k\u{41""#, #""{{x}} {x} {{ x }} \{{x}}""#,
            "\"\"\"\n  one\n    two\n  \"\"\"", "\"\"\"one\r\n two\"\"\"", "\"\"\"\n\t\ta\n  b\n\t\t\"\"\"",
            "\"\"\"\n  \"\"\"", "\"\"\"  \n  x\n  \"\"\"", "\"\"\"{{p}}\n  \\{{p}}\n  \"\"\"", "\"unterminated",
        ]
        for source in strings {
            let tree = SyntaxTree.parse("t { k: \(source)\n}\n")
            guard let atom = tree.document.blocks.first?.property("k")?.firstAtom else { XCTFail(source); continue }
            let joined = TextDecoder.segments(atom, interpolate: false).map { segment -> String in
                if case .literal(let s) = segment { return s }
                return "?"
            }.joined()
            XCTAssertEqual(joined, atom.stringValue, source)
            XCTAssertEqual(TextDecoder.plain(atom), atom.stringValue, source)
            let substituted = Resolver.substitute(TextDecoder.segments(atom), [:])
            XCTAssertEqual(substituted, atom.stringValue, "unknown parameters stay as written: \(source)")
        }
    }

    func testNumbersAreWrittenPlainly() {
        // CSS and SVG numbers: at most four decimals, `0` for what CSS cannot carry.
        func css(_ v: Double) -> String {
            var out = OutputBuffer()
            out.number(v)
            return out.string
        }
        XCTAssertEqual(css(24), "24")
        XCTAssertEqual(css(-0.0), "0")
        XCTAssertEqual(css(0.5), "0.5")
        XCTAssertEqual(css(17.333333333), "17.3333")
        XCTAssertEqual(css(0.00001), "0")
        XCTAssertEqual(css(-2.25), "-2.25")
        XCTAssertEqual(css(1e21), "1000000000000000000000")
        XCTAssertEqual(css(.infinity), "0")
        XCTAssertEqual(css(.nan), "0")
        // Parameter text: the shortest decimal that reads back.
        XCTAssertEqual(ParamValue.number(14).text, "14")
        XCTAssertEqual(ParamValue.number(1.5).text, "1.5")
        XCTAssertEqual(ParamValue.number(0.00001).text, "0.00001")
        XCTAssertEqual(ParamValue.number(-1.25e-7).text, "-0.000000125")
        XCTAssertEqual(ParamValue.number(1e21).text, "1000000000000000000000")
        XCTAssertEqual(ParamValue.number(1.5e300).text.count, 301)
        XCTAssertEqual(ParamValue.number(.infinity).text, "0")
        let html = export("format 1\ntemplate t { size: 10 x 10; text a { text: \"x\"; at: 100000000000000000000000, 0.000001; opacity: 0.33333 } }")
        XCTAssertNil(html.range(of: "[0-9][eE][-+]?[0-9]", options: .regularExpression), "no exponent notation")
        XCTAssertTrue(html.contains("left:calc(100000000000000000000000*var(--u));top:0"), html)
        XCTAssertTrue(html.contains("opacity:0.3333"))
    }

    /// Values the schema rejects (as the validator would) fall back to the style or default.
    func testInvalidValuesFallBack() {
        let source = """
        format 1
        style s { opacity: 0.5 }
        template t {
          size: 10 x 10
          text a { style: s; text: "x"; opacity: 7; font-size: 0; align: middle; color: notacolour; at: 1 }
        }
        """
        let a = resolve(source).items[0].children[0]
        XCTAssertEqual(a[.opacity], .number(0.5))
        XCTAssertEqual(a[.fontSize], .number(16))
        XCTAssertEqual(a[.align], .keyword("left"))
        XCTAssertEqual(a[.color], .color(RGBAColor(red: 0, green: 0, blue: 0)))
        XCTAssertEqual(a[.at], .point(x: 0, y: 0))
    }
}
