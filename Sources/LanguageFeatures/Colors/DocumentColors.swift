import TemplateFormat
import Validator

/// A colour written in the document, as the editor's colour picker shows it.
public struct ColorInformation: Sendable, Hashable {
    public var range: ByteRange
    /// Channels from 0 to 1.
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(range: ByteRange, red: Double, green: Double, blue: Double, alpha: Double) {
        self.range = range
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }
}

/// A way to write a picked colour: the label the picker shows and the edit that writes it.
public struct ColorPresentation: Sendable, Hashable {
    public var label: String
    public var edit: TextEdit
}

public enum DocumentColors {
    /// Every colour value in document order: each well-formed hex colour, and each named
    /// colour in a property whose type is a colour (so `white` in `align: white` is not one).
    public static func colors(in tree: SyntaxTree) -> [ColorInformation] {
        var result: [ColorInformation] = []
        for token in tree.tokens where token.kind == .color {
            if let color = RGBAColor(atom: AtomSyntax(tree: tree, token: token)) {
                result.append(information(color, token.range))
            }
        }
        for block in EditSyntax.allBlocks(tree) {
            // Only values starting with an identifier can hold a named colour: test the
            // token kind before the schema lookup, which builds strings.
            var kind: String? = nil
            for property in block.properties where property.firstAtom?.kind == .identifier {
                if kind == nil { kind = block.kind }
                guard let kind, EditSyntax.valueType(key: property.key, inKind: kind) == .color else { continue }
                for atom in property.atoms where atom.kind == .identifier {
                    if let color = RGBAColor(atom: atom) { result.append(information(color, atom.range)) }
                }
            }
        }
        result.sort { $0.range.start < $1.range.start }
        return result
    }

    /// How to write a colour picked for `range`: `#RRGGBB` (or `#RRGGBBAA` when not opaque),
    /// then the named colour with exactly this value, if any. Channels are clamped to 0…1.
    public static func presentations(red: Double, green: Double, blue: Double, alpha: Double, range: ByteRange) -> [ColorPresentation] {
        let channels = [red, green, blue, alpha].map(byte)
        let digits = Array("0123456789ABCDEF")
        var hex = "#"
        for (n, value) in channels.enumerated() where n < 3 || value != 255 {
            hex.append(digits[Int(value >> 4)])
            hex.append(digits[Int(value & 0xF)])
        }
        var result = [ColorPresentation(label: hex, edit: TextEdit(range: range, newText: hex))]
        let picked = RGBAColor(red: channels[0], green: channels[1], blue: channels[2], alpha: channels[3])
        if let name = NamedColorLookup.name(of: picked) {
            result.append(ColorPresentation(label: name, edit: TextEdit(range: range, newText: name)))
        }
        return result
    }

    static func information(_ color: RGBAColor, _ range: ByteRange) -> ColorInformation {
        ColorInformation(range: range, red: Double(color.red) / 255, green: Double(color.green) / 255,
                         blue: Double(color.blue) / 255, alpha: Double(color.alpha) / 255)
    }

    /// A 0…1 channel as a byte, rounded; NaN and out-of-range values are clamped.
    static func byte(_ channel: Double) -> UInt8 {
        guard channel.isFinite else { return 0 }
        return UInt8((min(max(channel, 0), 1) * 255).rounded())
    }
}

/// The reverse of `Schema.namedColors`: one name per value (the alphabetically first of
/// synonyms such as `aqua`/`cyan` and `gray`/`grey`).
enum NamedColorLookup {
    static let byValue: [RGBAColor: String] = {
        var table: [RGBAColor: String] = [:]
        for name in Schema.namedColorNames {
            if let color = Schema.namedColor(name), table[color] == nil { table[color] = name }
        }
        return table
    }()

    static func name(of color: RGBAColor) -> String? { byValue[color] }
}
