import Basics
import TemplateFormat
import Validator

/// Hover on a number: what it means for its property (pixels, points converted to pixels,
/// degrees, a multiple or percentage of the font size), which coordinate of a point or
/// size it is, and the property's type and range.
enum NumberHover {
    static func hover(_ atom: AtomSyntax, property: PropertySyntax, block: BlockSyntax) -> HoverResult? {
        guard atom.kind == .number, let (value, unit) = atom.number,
              let schema = SchemaDocs.property(property.key, inKind: block.kind) else { return nil }
        let numbers = property.atoms.filter { $0.kind == .number }
        let position = numbers.firstIndex { $0.range == atom.range } ?? 0
        var meaning: String
        switch unit {
        case "px"?: meaning = "\(format(value)) px"
        case "pt"?: meaning = "\(format(value)) pt = \(format(value * 4 / 3)) px"
        case "%"?:
            meaning = schema.name == "line-height" ? "\(format(value))% of the font size" : "\(format(value))%"
        case "deg"?: meaning = "\(format(value))° clockwise"
        case let other?: meaning = "`\(other)` is not a unit: TDL knows `px`, `pt`, `%` and `deg`"
        case nil: meaning = bareMeaning(value, schema)
        }
        switch schema.type {
        case .point, .pointOrElement:
            meaning = (position == 0 ? "x = " : "y = ") + meaning
        case .size:
            meaning = (position == 0 ? "width = " : "height = ") + meaning
        default: break
        }
        var lines = ["`\(atom.text)`: \(meaning)", "`\(schema.name)`: \(schema.type.shortName)"]
        if let range = schema.range {
            lines[1] += " · range \(range)"
            if unit == nil || unit == "px" || unit == "%" || unit == "deg", !range.contains(value) {
                lines.append("Outside the range of `\(schema.name)`.")
            }
        }
        return HoverResult(markdown: lines.joined(separator: "  \n"), range: atom.range)
    }

    /// What a number without a unit stands for in this property.
    static func bareMeaning(_ value: Double, _ schema: PropertySchema) -> String {
        if schema.name == "line-height" { return "\(format(value)) × the font size" }
        switch schema.type {
        case .number(let units):
            if units.contains(.px) { return "\(format(value)) px (a bare number is in px)" }
            if units.contains(.deg) { return "\(format(value))° clockwise (a bare number is in degrees)" }
            return format(value)
        case .point, .size, .pointOrElement: return "\(format(value)) px"
        default: return format(value)
        }
    }

    /// At most two decimals, without trailing zeros.
    static func format(_ value: Double) -> String { NumberText.string(value, .decimals(2)) }
}
