// Renders the schema table as Markdown for docs/LANGUAGE.md. Deterministic: the same table
// always gives the same text, so a test can check the docs agree with the code.

/// The whole schema as a Markdown reference: a `## Schema reference` section with the value
/// types, then a `###` section per kind (its doc, where it may appear, and a table of its
/// properties), then the device presets and the named colours. Ends with one newline.
public func schemaReferenceMarkdown() -> String {
    var out: [String] = []
    out.append("## Schema reference")
    out.append("")
    out.append("<!-- Generated from the schema table (Sources/Validator/Schema) by schemaReferenceMarkdown(); edit the table, not this text. -->")
    out.append("")
    out.append("Format version \(Schema.formatVersion). Every kind of block, where it may appear, and its properties: type, default, accepted range or values, whether it is required, and what it does. A bare number may always be written without a unit; the units listed with a type may also be written.")
    out.append("")

    out.append("### Value types")
    out.append("")
    out.append("| type | written as | example |")
    out.append("| --- | --- | --- |")
    let sampleTypes: [ValueType] = [
        .string, .text, .number(units: [.px]), .integer, .boolean, .color, .point, .size,
        .enumeration(["a", "b"]), .font, .url, .styleReference, .pointOrElement, .languageTag, .paramDefault,
    ]
    for type in sampleTypes {
        let name: String
        switch type {
        case .number: name = "number"
        default: name = type.shortName
        }
        let written: String
        switch type {
        case .number: written = "a number, with one of the units listed for the property or none"
        case .enumeration: written = "one of the values listed for the property"
        default: written = type.expectation
        }
        let example: String
        switch type {
        case .enumeration: example = "`center`"
        case .number: example = "`16`, `12px`"
        default: example = "`" + type.example + "`"
        }
        out.append(markdownRow([name, written, example]))
    }
    out.append("")

    for kind in Schema.kinds {
        out.append(contentsOf: markdownSection(for: kind))
    }

    out.append("### Devices")
    out.append("")
    out.append("The values of a template's `device`, and the canvas size each one sets.")
    out.append("")
    out.append("| device | width | height | |")
    out.append("| --- | --- | --- | --- |")
    for device in Schema.devices {
        out.append(markdownRow(["`\(device.name)`", String(device.width), String(device.height), device.displayName]))
    }
    out.append("")

    out.append("### Named colours")
    out.append("")
    out.append("Besides hex colours, a colour may be one of these names (lower case, as in CSS; `transparent` has alpha 0): "
        + Schema.namedColorNames.map { "`\($0)`" }.joined(separator: ", ") + ".")
    out.append("")

    while out.last == "" { out.removeLast() }
    return out.joined(separator: "\n") + "\n"
}

private func markdownSection(for kind: KindSchema) -> [String] {
    var out: [String] = []
    out.append("### `\(kind.name)`" + (kind.isDirective ? " (directive)" : ""))
    out.append("")
    out.append(kind.doc)
    out.append("")
    out.append("- Written: `\(kind.synopsis)`")
    out.append("- Allowed: " + kind.allowedIn.map(\.displayName).joined(separator: ", "))
    if let placement = kind.childPlacement {
        let children = Schema.kinds(allowedIn: placement).map { "`\($0.name)`" }.joined(separator: ", ")
        out.append("- Holds: " + children)
    }
    if let type = kind.freeFormPropertyType {
        out.append("- Properties: any parameter name, each with a value of type \(type.shortName)")
    }
    if kind.anyElementProperty {
        out.append("- Properties: any property that some component or annotation element accepts, and:")
    }
    out.append("")

    let rows: [PropertySchema]
    if let argument = kind.argument {
        rows = [argument]
    } else {
        rows = kind.properties
    }
    guard !rows.isEmpty else { return out }
    out.append(kind.isDirective ? "| argument | type | default | range / values | required | doc |" : "| property | type | default | range / values | required | doc |")
    out.append("| --- | --- | --- | --- | --- | --- |")
    for property in rows {
        out.append(markdownRow([
            "`\(property.name)`",
            property.type.shortName,
            markdownDefault(property),
            markdownValues(property),
            markdownRequirement(property),
            property.doc,
        ]))
    }
    out.append("")
    return out
}

private func markdownDefault(_ property: PropertySchema) -> String {
    if let value = property.defaultValue { return "`\(value)`" }
    if let note = property.defaultNote { return "*\(note)*" }
    return "—"
}

private func markdownValues(_ property: PropertySchema) -> String {
    if let values = property.type.enumerationValues {
        return values.map { "`\($0)`" }.joined(separator: ", ")
    }
    if let range = property.range { return range.description }
    return "—"
}

private func markdownRequirement(_ property: PropertySchema) -> String {
    switch property.requirement {
    case .optional: return "no"
    case .required: return "yes"
    case .requiredUnless(let others): return "unless " + others.map { "`\($0)`" }.joined(separator: " or ")
    case .recommended: return "recommended"
    }
}

/// One table row; `|` and line breaks inside a cell are escaped so the table stays intact.
private func markdownRow(_ cells: [String]) -> String {
    let escaped = cells.map { cell -> String in
        var result = ""
        for character in cell {
            switch character {
            case "|": result += "\\|"
            case "\n", "\r\n", "\r": result += " "
            default: result.append(character)
            }
        }
        return result
    }
    return "| " + escaped.joined(separator: " | ") + " |"
}
