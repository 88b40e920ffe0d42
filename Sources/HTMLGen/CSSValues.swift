import TemplateFormat
import Validator

/// CSS is built only from typed values: numbers, colours, and keywords chosen by the
/// generator from enum values. The one piece of document text that reaches CSS, a font
/// family name, is emitted only when it matches a conservative pattern (`FontFamilies`).
enum CSSValues {
    /// `#RRGGBB` when opaque, else `rgba(R,G,B,A)` (A in 0…1): both valid in every CSS parser.
    static func color(_ c: RGBAColor, into out: inout OutputBuffer) {
        if c.isOpaque {
            out.hex(c, alpha: false)
            return
        }
        out.raw("rgba(")
        out.number(Double(c.red)); out.byte(0x2C)
        out.number(Double(c.green)); out.byte(0x2C)
        out.number(Double(c.blue)); out.byte(0x2C)
        out.number(alpha(c))
        out.byte(0x29)
    }

    /// The alpha channel in 0…1, three decimals.
    static func alpha(_ c: RGBAColor) -> Double { (Double(c.alpha) / 255 * 1000).rounded() / 1000 }

    /// A canvas length: `0`, or `calc(N*var(--u))` where `--u` is 1px, or less on a screen
    /// narrower than the canvas, so the whole canvas scales down and keeps its aspect ratio.
    static func length(_ v: Double, into out: inout OutputBuffer) {
        if !v.isFinite || abs(v) < 0.00005 {  // what prints as 0 is written 0
            out.byte(0x30)
            return
        }
        out.raw("calc(")
        out.number(v)
        out.raw("*var(--u))")
    }

    /// How a text looks after its font family and size, written alike by a page and an email:
    /// weight, italic, underline, colour, side, line height, and how a textarea's or a text's
    /// line breaks show. `value` reads the element's resolved properties.
    static func textLook(kind: KindID, lineHeight: Double?, _ value: (PropertyKey) -> ResolvedValue?,
                         into css: inout OutputBuffer) {
        let weight = Schema.cssFontWeight(value(.fontWeight)?.string ?? "regular") ?? 400
        css.raw(";font-weight:"); css.number(Double(weight))
        if value(.italic)?.bool == true { css.raw(";font-style:italic") }
        if value(.underline)?.bool == true { css.raw(";text-decoration:underline") }
        css.raw(";color:"); color(value(.color)?.color ?? RGBAColor(red: 0, green: 0, blue: 0), into: &css)
        // Always a side, never `start`: each element's direction follows its own text.
        let textAlign: StaticString
        switch value(.align)?.string {
        case "center"?: textAlign = "center"
        case "right"?: textAlign = "right"
        case "justify"?: textAlign = "justify"
        default: textAlign = "left"
        }
        css.raw(";text-align:"); css.raw(textAlign)
        if let lineHeight { css.raw(";line-height:"); css.number(lineHeight) }
        // Each paragraph of a textarea runs in its own first letter's direction, as in a form's
        // text area (`dir="auto"` alone sets one direction for all of them).
        if kind == .textarea { css.raw(";white-space:pre-wrap;unicode-bidi:plaintext") }
        // A line break in a text's value starts a new line, as TDL312 measures it; spaces
        // still collapse as in any paragraph.
        if kind == .text, let text = value(.text)?.string, text.utf8.contains(0x0A) { css.raw(";white-space:pre-line") }
    }

    /// `object-fit` for an image's `fit`: `cover` unless it says `contain` or `fill`.
    static func objectFit(_ fit: String?) -> StaticString {
        fit == "contain" ? "contain" : fit == "fill" ? "fill" : "cover"
    }

    /// A selector for an id: `#id`, with any character outside `[A-Za-z0-9_-]` escaped
    /// (ids are TDL identifiers, plus `.` in generated ids).
    static func idSelector(_ id: String, into out: inout OutputBuffer) {
        out.byte(0x23)
        var id = id
        id.withUTF8 { utf8 in
            // The common case: a name, written as it is.
            if !utf8.contains(where: { !Identifier.isContinue($0) }) {
                out.append(utf8)
                return
            }
            for b in utf8 {
                if !Identifier.isContinue(b) {
                    guard b == 0x2E else { continue }  // ids hold nothing else; never pass other bytes
                    out.byte(0x5C)
                }
                out.byte(b)
            }
        }
    }
}
