#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TemplateFormat

/// Colour values read from atoms, and the WCAG 2 contrast arithmetic.
enum ColorMath {
    /// The colour an atom names: a hex colour or a named CSS colour.
    static func color(of atom: AtomSyntax) -> RGBAColor? { RGBAColor(atom: atom) }

    /// Parses a default value written as TDL source (`#FFFFFF`, `white`).
    static func color(source: String) -> RGBAColor? {
        if source.hasPrefix("#") { return RGBAColor(hex: source) }
        return Schema.namedColor(source)
    }

    /// `top` painted over an opaque `bottom`.
    static func composite(_ top: RGBAColor, over bottom: RGBAColor) -> RGBAColor {
        // Most colours are opaque: they hide what is below.
        if top.alpha == 255 { return RGBAColor(red: top.red, green: top.green, blue: top.blue) }
        let a = Double(top.alpha) / 255
        func mix(_ t: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(t) * a + Double(b) * (1 - a)).rounded()) }
        return RGBAColor(red: mix(top.red, bottom.red), green: mix(top.green, bottom.green), blue: mix(top.blue, bottom.blue))
    }

    /// WCAG 2 relative luminance.
    static func luminance(_ c: RGBAColor) -> Double {
        0.2126 * linear[Int(c.red)] + 0.7152 * linear[Int(c.green)] + 0.0722 * linear[Int(c.blue)]
    }

    /// sRGB channel value → linear light, for all 256 values (the contrast rule runs per text element).
    static let linear: [Double] = (0...255).map { v in
        let s = Double(v) / 255
        return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
    }

    static func contrast(_ a: RGBAColor, _ b: RGBAColor) -> Double {
        linear.withUnsafeBufferPointer { linear in
            func luminance(_ c: RGBAColor) -> Double {
                0.2126 * linear[Int(c.red)] + 0.7152 * linear[Int(c.green)] + 0.0722 * linear[Int(c.blue)]
            }
            let la = luminance(a), lb = luminance(b)
            return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
        }
    }
}

extension RGBAColor {
    /// The colour an atom names: a hex colour (`#RGB` … `#RRGGBBAA`) or a named CSS colour.
    /// Shared by the validator's contrast rule and the HTML generator.
    public init?(atom: AtomSyntax) {
        switch atom.kind {
        case .color:
            guard let v = atom.hexColor else { return nil }
            self.init(red: UInt8(v >> 24 & 0xFF), green: UInt8(v >> 16 & 0xFF), blue: UInt8(v >> 8 & 0xFF), alpha: UInt8(v & 0xFF))
        case .identifier:
            let token = atom.token
            guard let named = atom.tree.bytes.withUnsafeBufferPointer({ Schema.namedColor(token, in: $0) }) else { return nil }
            self = named
        default:
            return nil
        }
    }
}
