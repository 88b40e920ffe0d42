import Validator

/// How wide a label's text is, for wrapping: SVG draws text without wrapping it, so the
/// exporter breaks the lines itself and must know how much fits in a box.
///
/// Printable ASCII is measured with the widths of a PostScript core font of the label's kind
/// (`FontWidthTables`: Helvetica for sans-serif faces, Times for serif ones, Courier for
/// monospaced ones, their bold cuts from weight 600 up). Wide characters (CJK ideographs,
/// kana, Hangul, fullwidth forms, emoji) are 1 em; combining marks, joiners and variation
/// selectors nothing; every other character as wide as the font's `M`, so that accented
/// capitals and other scripts are not underestimated. The real face may differ a little; the
/// estimate errs on the wide side where it cannot know.
struct LabelMetrics {
    /// Widths of U+0020...U+007E in 1/1000 em.
    let ascii: [UInt16]
    /// The width of a character the table does not hold (not wide, not zero-width).
    let other: Double

    static let sans = LabelMetrics(FontWidthTables.sans)
    static let sansBold = LabelMetrics(FontWidthTables.sansBold)
    static let serif = LabelMetrics(FontWidthTables.serif)
    static let serifBold = LabelMetrics(FontWidthTables.serifBold)
    static let monospace = LabelMetrics(FontWidthTables.monospace)

    init(_ ascii: [UInt16]) {
        self.ascii = ascii
        other = Double(ascii[Int(UInt8(ascii: "M")) - 0x20]) / 1000
    }

    /// The metrics for a `font` value's family list (its first family or generic family
    /// decides the kind, as the page's fallback does) at a CSS weight.
    static func forFont(_ family: String?, weight: Int) -> LabelMetrics {
        var kind = FontFamilies.Kind.sansSerif
        if let family {
            for entry in FontFamilies.entries(family) {
                if case .family(let name) = entry { kind = FontFamilies.kind(of: name); break }
                if case .generic(let name) = entry {
                    if name == "serif" || name == "ui-serif" { kind = .serif }
                    if name == "monospace" || name == "ui-monospace" { kind = .monospace }
                    break
                }
            }
        }
        let bold = weight >= 600
        switch kind {
        case .sansSerif: return bold ? .sansBold : .sans
        case .serif: return bold ? .serifBold : .serif
        case .monospace: return .monospace
        }
    }

    /// The advance of one scalar, in em.
    func advance(_ s: Unicode.Scalar) -> Double {
        let v = s.value
        if v >= 0x20 && v <= 0x7E { return Double(ascii[Int(v) - 0x20]) / 1000 }
        if LabelMetrics.isZeroWidth(v) { return 0 }
        if LabelMetrics.isWide(v) { return 1 }
        return other
    }

    /// The width of a text, in em.
    func width<S: Sequence>(_ scalars: S) -> Double where S.Element == Unicode.Scalar {
        var total = 0.0
        for s in scalars { total += advance(s) }
        return total
    }

    /// Combining marks, zero-width spaces and joiners, marks of direction, variation
    /// selectors: drawn on or between their neighbours, never a line of their own.
    static func isZeroWidth(_ v: UInt32) -> Bool {
        (v >= 0x0300 && v <= 0x036F) || (v >= 0x1AB0 && v <= 0x1AFF) || (v >= 0x1DC0 && v <= 0x1DFF)
            || (v >= 0x200B && v <= 0x200F) || (v >= 0x20D0 && v <= 0x20FF) || (v >= 0xFE00 && v <= 0xFE0F)
            || (v >= 0xFE20 && v <= 0xFE2F) || v == 0xFEFF || (v >= 0xE0100 && v <= 0xE01EF)
            || (v >= 0x1F3FB && v <= 0x1F3FF)  // skin-tone modifiers
    }

    /// East Asian Wide and Fullwidth characters (UAX #11), with the emoji blocks: 1 em, and
    /// each a place a line may break (CJK text has no spaces between words).
    static func isWide(_ v: UInt32) -> Bool {
        (v >= 0x1100 && v <= 0x115F) || (v >= 0x2E80 && v <= 0x303E) || (v >= 0x3041 && v <= 0x33FF)
            || (v >= 0x3400 && v <= 0x4DBF) || (v >= 0x4E00 && v <= 0x9FFF) || (v >= 0xA000 && v <= 0xA4CF)
            || (v >= 0xA960 && v <= 0xA97F) || (v >= 0xAC00 && v <= 0xD7A3) || (v >= 0xF900 && v <= 0xFAFF)
            || (v >= 0xFE30 && v <= 0xFE4F) || (v >= 0xFF00 && v <= 0xFF60) || (v >= 0xFFE0 && v <= 0xFFE6)
            || (v >= 0x1F300 && v <= 0x1F64F) || (v >= 0x1F900 && v <= 0x1F9FF)
            || (v >= 0x20000 && v <= 0x3FFFD)
    }

    /// Closing punctuation that may not begin a line (Japanese kinsoku shori, in brief): it
    /// stays with the character before it.
    static func mayNotBeginLine(_ v: UInt32) -> Bool {
        switch v {
        case 0x3001, 0x3002, 0xFF0C, 0xFF0E, 0xFF01, 0xFF1F, 0xFF1A, 0xFF1B, 0x300D, 0x300F, 0x3011, 0xFF09,
             0x3009, 0x300B, 0x30FC, 0x3005, 0x3063, 0x30C3, 0x3083, 0x3085, 0x3087, 0x30E3, 0x30E5, 0x30E7:
            return true
        default:
            return false
        }
    }

    /// Where a word too long for its line may break, after one of these: URL and path
    /// separators, so a URL breaks at its parts when it can.
    static func isSoftBreakAfter(_ v: UInt32) -> Bool {
        switch v {
        case 0x2F, 0x2E, 0x2D, 0x3F, 0x26, 0x3D, 0x5F, 0x23, 0x3A, 0x2C, 0x40: return true  // / . - ? & = _ # : , @
        default: return false
        }
    }
}
