import Validator

/// Markdown for kinds, properties and colours, shared by completion and hover so that both
/// say the same thing the same way.
enum SchemaDocs {
    /// The schema of a property written in a block of `kindName`: a style takes any property
    /// some element takes; `params` entries are parameters, not schema properties.
    static func property(_ key: String, inKind kindName: String) -> PropertySchema? {
        guard let kind = Schema.kind(kindName), !kind.isDirective else { return nil }
        if let own = kind.property(key) { return own }
        if kind.anyElementProperty { return Schema.styleableProperty(key) }
        return nil
    }

    static func kindMarkdown(_ kind: KindSchema) -> String {
        var out = "```tdl\n\(kind.synopsis)\n```\n\n\(kind.doc)"
        if !kind.isDirective {
            out += "\n\nAllowed in: " + kind.allowedIn.map(\.displayName).joined(separator: ", ")
        }
        let required = kind.requiredProperties.map { "`\($0.name)`" }
        if !required.isEmpty { out += "\n\nRequired: " + required.joined(separator: ", ") }
        return out
    }

    /// `number (px, pt) · default 16`
    static func propertyDetail(_ property: PropertySchema) -> String {
        var out = property.type.shortName
        if let value = property.defaultValue { out += " · default \(value)" }
        if property.required { out += " · required" }
        return out
    }

    static func propertyMarkdown(_ property: PropertySchema) -> String {
        var lines = ["**\(property.name)**: \(property.type.shortName)"]
        if let value = property.defaultValue {
            lines.append("Default: `\(value)`")
        } else if let note = property.defaultNote {
            lines.append("Default: \(note)")
        }
        if let range = property.range { lines.append("Range: \(range)") }
        if let values = property.type.enumerationValues {
            lines.append("Values: " + values.map { "`\($0)`" }.joined(separator: ", "))
        }
        switch property.requirement {
        case .required: lines.append("Required")
        case .requiredUnless(let others): lines.append("Required unless " + others.map { "`\($0)`" }.joined(separator: " or ") + " is set")
        case .recommended: lines.append("Recommended")
        case .optional: break
        }
        if !property.excludes.isEmpty {
            lines.append("Not together with " + property.excludes.map { "`\($0)`" }.joined(separator: ", "))
        }
        return lines.joined(separator: "  \n") + "\n\n" + property.doc
    }

    /// `#0060DF · rgb(0, 96, 223)`, with alpha when not opaque.
    static func colorText(_ color: RGBAColor) -> String {
        if color.isOpaque {
            return "`\(color.hexString)` · rgb(\(color.red), \(color.green), \(color.blue))"
        }
        let alpha = Double(Int(Double(color.alpha) / 255 * 100 + 0.5)) / 100
        return "`\(color.hexString)` · rgba(\(color.red), \(color.green), \(color.blue), \(alpha))"
    }

    /// Escapes text placed inside a snippet placeholder.
    static func snippetEscaped(_ text: String) -> String {
        var out = ""
        for c in text {
            if c == "$" || c == "}" || c == "\\" { out.append("\\") }
            out.append(c)
        }
        return out
    }
}
