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

    // MARK: Properties in a `style` block, which may apply to any kind

    /// The components and annotation elements that take `name`, each with its own entry
    /// (defaults and ranges differ between kinds: `color` is black on text, red on a label).
    static func styleableOwners(_ name: String) -> [(kind: KindSchema, property: PropertySchema)] {
        Schema.kinds.compactMap { kind in
            guard kind.isComponent || kind.isAnnotationElement, let property = kind.property(name) else { return nil }
            return (kind, property)
        }
    }

    /// The detail of a property offered in a style: its type, and its default only when
    /// every kind that takes it has the same one. Never "required": a style need not set
    /// anything.
    static func styleablePropertyDetail(_ name: String) -> String {
        guard let first = Schema.styleableProperty(name) else { return "" }
        let owners = styleableOwners(name)
        var out = first.type.shortName
        let defaults = Set(owners.map(\.property.defaultValue))
        if defaults.count == 1, let value = first.defaultValue {
            out += " · default \(value)"
        } else if defaults.count > 1 {
            out += " · default depends on the kind"
        }
        return out
    }

    /// Markdown for a property offered or hovered in a style: what it means, the kinds it
    /// applies to, and each kind's default where they differ.
    static func styleablePropertyMarkdown(_ name: String) -> String {
        guard let first = Schema.styleableProperty(name) else { return "" }
        let owners = styleableOwners(name)
        guard !owners.isEmpty else { return propertyMarkdown(first) }
        var lines = ["**\(name)**: \(first.type.shortName)"]
        var byDefault: [(value: String, kinds: [String])] = []
        for (kind, property) in owners {
            let value = property.defaultValue.map { "`\($0)`" } ?? property.defaultNote ?? "none"
            if let i = byDefault.firstIndex(where: { $0.value == value }) {
                byDefault[i].kinds.append(kind.name)
            } else {
                byDefault.append((value, [kind.name]))
            }
        }
        if byDefault.count == 1 {
            lines.append("Default: \(byDefault[0].value)")
        } else {
            lines.append("Default: " + byDefault.map { "\($0.value) on " + $0.kinds.map { "`\($0)`" }.joined(separator: ", ") }
                .joined(separator: "; "))
        }
        let ranges = Set(owners.map(\.property.range))
        if ranges.count == 1, let range = first.range { lines.append("Range: \(range)") }
        if let values = first.type.enumerationValues {
            lines.append("Values: " + values.map { "`\($0)`" }.joined(separator: ", "))
        }
        lines.append("Applies to: " + owners.map { "`\($0.kind.name)`" }.joined(separator: ", "))
        return lines.joined(separator: "  \n") + "\n\n" + first.doc
    }

    /// `#0060DF · rgb(0, 96, 223)`, with alpha when not opaque.
    static func colorText(_ color: RGBAColor) -> String {
        if color.isOpaque {
            return "`\(color.hexString)` · rgb(\(color.red), \(color.green), \(color.blue))"
        }
        let alpha = Double(Int(Double(color.alpha) / 255 * 100 + 0.5)) / 100
        return "`\(color.hexString)` · rgba(\(color.red), \(color.green), \(color.blue), \(alpha))"
    }
}
