import TemplateFormat
import Validator

/// CSS is built only from typed values: numbers, colours, and keywords chosen by the
/// generator from enum values. The one piece of document text that reaches CSS, a font
/// family name, is emitted only when it matches a conservative pattern.
enum CSSValues {
    /// `"Family"` for a family of ASCII letters, digits, single spaces and hyphens (1 to 64
    /// characters, starting with a letter or digit), else nil: the family is then dropped and the
    /// generic `sans-serif` applies.
    static func fontFamily(_ family: String) -> String? {
        let utf8 = Array(family.utf8)
        guard (1...64).contains(utf8.count) else { return nil }
        var previousSpace = true
        for b in utf8 {
            let letterOrDigit = (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39)
            if letterOrDigit {
                previousSpace = false
            } else if b == 0x20 || b == 0x2D {
                if previousSpace { return nil }  // no leading, doubled or hyphen-space runs
                previousSpace = b == 0x20
            } else {
                return nil
            }
        }
        if utf8.last == 0x20 || utf8.last == 0x2D { return nil }
        return "\"" + family + "\""
    }

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
