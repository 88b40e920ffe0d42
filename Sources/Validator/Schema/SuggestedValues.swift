// What to write when a property is added for the user (completion, fixes that insert a
// property or a block): a value the property accepts that brings no diagnostic of its own.

extension PropertySchema {
    /// The value to insert for this property in a block of `kindName` (nil: a style, or
    /// the kind is unknown), as canonical TDL source text.
    ///
    /// The default when there is one: writing it changes nothing, so it cannot add a
    /// problem. Otherwise a value of the right type, unit and range that means something
    /// ordinary for this key (`line-height: 1.5`, not 16 times the font size), and, for a
    /// box colour behind text, one that keeps the kind's default text colour readable.
    /// A style reference has no value valid in every document: callers that can see the
    /// document's styles (completion) pick one; `"heading"` is returned otherwise.
    public func suggestedValue(inKind kindName: String?) -> String {
        if let defaultValue { return defaultValue }
        let kind = kindName.flatMap(Schema.kind)
        switch type {
        case .string: return "\"Description\""
        case .text:
            switch name {
            case "label": return "\"Button\""
            case "alt": return "\"Description\""
            default: return "\"Text\""
            }
        case .url:
            switch (name, kindName) {
            case ("action", _): return "\"https://example.com\""
            case ("src", _) where kind.map { KindID($0) } == .video: return "\"video.mp4\""
            case ("src", _) where kind.map { KindID($0) } == .fontFace: return "\"fonts/font.woff2\""
            case ("poster", _): return "\"poster.png\""
            case ("image", _): return "\"screenshot.png\""
            case ("captions", _): return "\"captions.vtt\""
            default: return "\"image.png\""
            }
        case .number:
            switch name {
            case "line-height": return "1.5"
            case "width": return "100"
            case "height": return "40"
            case "grid": return "8"
            default: return numberInRange(preferred: 16)
            }
        case .integer:
            return numberInRange(preferred: 1)
        case .size:
            return kind?.role == .definition ? "375 x 667" : "100 x 40"
        case .point, .pointOrElement:
            return name == "to" ? "100, 100" : "0, 0"
        case .color:
            return suggestedColor(in: kind)
        case .font: return "\"Inter\""
        case .languageTag: return "\"en\""
        case .paramDefault: return "\"text\""
        case .boolean, .enumeration, .styleReference:
            return type.example
        }
    }

    /// `preferred` when the range allows it, else the nearest whole number inside the range.
    private func numberInRange(preferred: Double) -> String {
        guard let range, !range.contains(preferred) else { return formatSchemaNumber(preferred) }
        if let lower = range.lower {
            let candidate = range.lowerInclusive ? lower : lower + 1
            if range.contains(candidate) { return formatSchemaNumber(candidate) }
        }
        if let upper = range.upper {
            let candidate = range.upperInclusive ? upper : upper - 1
            if range.contains(candidate) { return formatSchemaNumber(candidate) }
        }
        return formatSchemaNumber(preferred)
    }

    /// A box behind text (a component's `background`, a label's box) gets white or black,
    /// whichever the kind's default text colour reads on (WCAG AA, 4.5:1); an annotation's
    /// shape colours get the annotation red; anything else white.
    private func suggestedColor(in kind: KindSchema?) -> String {
        guard let kind else { return "#FFFFFF" }
        let isTextBox = name == "background" || (name == "fill" && kind.property("text") != nil)
        if isTextBox, let text = kind.property("color")?.defaultValue.flatMap(ColorMath.color(source:)) {
            for candidate in ["#FFFFFF", "#000000"] {
                if let box = ColorMath.color(source: candidate), ColorMath.contrast(text, box) >= 4.5 { return candidate }
            }
        }
        return kind.isAnnotationElement ? "#FF0000" : "#FFFFFF"
    }
}

extension KindSchema {
    /// The properties a new block of this kind is written with, so that it brings no
    /// diagnostic of its own: the required ones (one of each "required unless" group, as
    /// `size` or `device` for a template), then the recommended ones (`alt` of an image).
    public var suggestedProperties: [PropertySchema] {
        var chosen: [PropertySchema] = []
        for property in requiredProperties + properties.filter(\.recommended)
        where !chosen.contains(where: { property.excludes.contains($0.name) || $0.name == property.name }) {
            chosen.append(property)
        }
        return chosen
    }
}
