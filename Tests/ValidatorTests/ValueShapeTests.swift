// Values of one atom and of several take separate paths through `checkValue` (`checkAtom`,
// `checkAtoms`), and one-token values a fast path in `RawSyntaxView.atoms(of:)`. Every value
// shape here (no atoms past the first, commas, comments, 1–3 atoms for each value type)
// must give exactly the diagnostics the single-path checker gave; the expected lines were
// produced by `template-fmt check` before the split.

import XCTest
import TemplateFormat
import Validator

final class ValueShapeTests: XCTestCase {
    let document = """
        format 1

        style s1 {
          font: "Inter" bold
          font-size: 12
          color: #abc
        }

        template t1 "T" {
          size: 375 x 667
          lang: "en", "fr"
          params {
            a: "x"
            b: 12
            c: true
            d: 12px
            e: 1, 2
          }
          text a1 {
            text: "Hi {{a}}", "again"
            at: 10
            size: 10 x
            font: "Inter"
            font-size: 12 14
            color: #abc /* c */ , red
            z: 1 2
          }
          text a2 {
            text: /* lead */ "Hi {{a}}"
            at: 10, 20, 30
            size: 10 20
            font: "Inter" heavy extra
            font-size: 12, // trailing
            color: red
            visible: true false
            max-lines: 2
            style: s1 s1
          }
          text a3 {
            text: "x"
            at: 1 // c
            size: 1 x 2 x 3
            font: bold
            font-size: 1.5pt
            color: #GGG
            visible: yes
            max-lines: 1.5
            style: nope
            opacity: 0.5 0.5
          }
          image i1 {
            src: "a.png" "b.png"
            at: 1, 2
          }
        }

        annotations n1 "N" {
          image: "s.png"
          size: 100 x 100
          arrow r1 {
            from: a1
            to: 1, 2
          }
          arrow r2 {
            from: 1
            to: a1 a2
          }
          arrow r3 {
            from: "x"
            to: 1, 2, 3
          }
        }

        """

    func testEveryValueShapeGivesTheSameDiagnostics() {
        let bytes = Array(document.utf8)
        let found = Validator.validate(bytes).map { d -> String in
            let p = position(of: d.range.start, in: bytes)
            return "\(p.line):\(p.column) \(d.code) \(d.message)"
        }
        // `style: s1 s1` names `s1` (a use is a `style:` whose first atom is a name), so `s1`
        // is used: the line's one mistake is its second atom.
        XCTAssertEqual(found, [
            "11:9 TDL106 `lang` expects a string holding a BCP 47 language tag such as \"en\" or \"pt-BR\", found 2 values `\"en\" \"fr\"`",
            "14:5 TDL305 parameter `b` is never used in `{{b}}`",
            "15:5 TDL305 parameter `c` is never used in `{{c}}`",
            "16:5 TDL305 parameter `d` is never used in `{{d}}`",
            "16:8 TDL106 `d` expects a string, a number or `true`/`false`, found the number `12px`",
            "17:5 TDL305 parameter `e` is never used in `{{e}}`",
            "17:8 TDL106 `e` expects a string, a number or `true`/`false`, found 2 values `1 2`",
            "20:11 TDL106 `text` expects a string, in which `{{name}}` inserts a parameter, found 2 values `\"Hi {{a}}\" \"again\"`",
            "21:9 TDL106 `at` expects a point `x, y`, found the number `10`",
            "22:11 TDL106 `size` expects a size `W x H`, found 2 values `10 x`",
            "24:16 TDL106 `font-size` expects a number, optionally with the unit `px` or `pt`, found 2 values `12 14`",
            "25:12 TDL106 `color` expects a colour: `#RRGGBB`, `#RGB`, `#RRGGBBAA`, `#RGBA` or a named colour, found 2 values `#abc red`",
            "26:8 TDL106 `z` expects a whole number, found 2 values `1 2`",
            "30:9 TDL106 `at` expects a point `x, y`, found 3 values `10 20 30`",
            "31:11 TDL106 `size` is a size, written `W x H`",
            "32:11 TDL106 `font` expects a font `\"Family\"` optionally followed by a weight (`regular`, `medium`, `semibold`, `bold`), found 3 values `\"Inter\" heavy extra`",
            "33:18 TDL014 unexpected `,` at the end of the value",
            "34:12 TDL302 text colour #FF0000 on #FFFFFF has contrast 3.99:1; WCAG AA needs 4.5:1 for normal-size text",
            "35:14 TDL106 `visible` expects `true` or `false`, found 2 values `true false`",
            "37:12 TDL106 `style` expects the name of a style, found 2 values `s1 s1`",
            "41:9 TDL106 `at` expects a point `x, y`, found the number `1`",
            "42:11 TDL106 `size` expects a size `W x H`, found 5 values `1 x 2 x 3`",
            "43:11 TDL106 `font` expects a font `\"Family\"` optionally followed by a weight (`regular`, `medium`, `semibold`, `bold`), found `bold`",
            "45:12 TDL007 malformed colour `#GGG`; expected #RGB, #RGBA, #RRGGBB or #RRGGBBAA",
            "46:14 TDL106 `visible` expects `true` or `false`, found `yes`",
            "47:16 TDL106 `max-lines` expects a whole number, found the number `1.5`",
            "48:12 TDL109 no style named `nope`",
            "49:14 TDL106 `opacity` expects a number without a unit, found 2 values `0.5 0.5`",
            "51:3 TDL303 image `i1` has no `alt` text for screen readers; describe it, or write `alt: \"\"` if it is decorative",
            "52:10 TDL106 `src` expects a string holding a relative path or an http, https or mailto URL, found 2 values `\"a.png\" \"b.png\"`",
            "61:11 TDL110 no element named `a1` in this annotation set; did you mean `r1`?",
            "65:11 TDL106 `from` expects a point `x, y` or the name of another element, found the number `1`",
            "66:9 TDL106 `to` expects a point `x, y` or the name of another element, found 2 values `a1 a2`",
            "69:11 TDL106 `from` expects a point `x, y` or the name of another element, found a string",
            "70:9 TDL106 `to` expects a point `x, y` or the name of another element, found 3 values `1 2 3`",
        ])
    }
}
