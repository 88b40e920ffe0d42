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
