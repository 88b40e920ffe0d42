import Validator

/// Where two spellings can set the same thing, the one value the exporter uses, so that the
/// HTML, the SVG and the JSON model read one resolved value per property
/// (docs/LANGUAGE.md, "One value per property").
///
/// An element may write one spelling and take the other from its style (the validator's
/// TDL119 only sees the two written in one block), so both can arrive here:
///
/// - `font-weight` (the element's or its style's) wins over a weight written after the
///   `font` family; that weight counts only when `font-weight` is not set. The weight then
///   lives in `font-weight` alone, and `font` keeps only the family. A label, which has no
///   `font-weight`, keeps its weight in `font`.
/// - `size` wins over `width` and `height`, which are dropped when it is set.
/// - A label's `background` wins over its `fill` (the same colour of its box), which is
///   folded into `background`.
enum PropertySpellings {
    /// Settles an element's values, in place.
    static func settle(_ slots: inout Slots, _ plan: KindPlan) {
        if let fontIndex = plan.fontIndex, let weightIndex = plan.weightIndex,
           case .font(let family, let weight)? = slots[fontIndex] {
            if slots[weightIndex] == nil, let weight { slots[weightIndex] = .keyword(weight) }
            if weight != nil { slots[fontIndex] = .font(family: family, weight: nil) }
        }
        if let sizeIndex = plan.sizeIndex, slots[sizeIndex] != nil {
            if let w = plan.widthIndex { slots[w] = nil }
            if let h = plan.heightIndex { slots[h] = nil }
        }
        if let fillIndex = plan.labelFillIndex, let background = plan.backgroundIndex,
           let fill = slots[fillIndex] {
            if slots[background] == nil { slots[background] = fill }
            slots[fillIndex] = nil
        }
    }

    /// The properties of a kind that never appear in the resolved model: `style` (applied,
    /// not listed) and the spellings folded into another property above. The JSON Schema
    /// (docs/model.schema.json) lists every other property of the kind.
    static func notExported(_ kind: KindSchema) -> [String] {
        var names: [String] = []
        if kind.property("style") != nil { names.append("style") }
        if KindID(kind) == .label { names.append("fill") }
        return names
    }

    /// Pairs of a kind's properties that never both reach the resolved model (`size` and
    /// `width`, `size` and `height`).
    static func neverTogether(_ kind: KindSchema) -> [(String, String)] {
        guard kind.property("size") != nil else { return [] }
        return ["width", "height"].filter { kind.property($0) != nil }.map { ("size", $0) }
    }

    /// Whether a kind's `font` value holds only the family (its weight is in `font-weight`).
    static func fontWeightApart(_ kind: KindSchema) -> Bool {
        kind.property("font") != nil && kind.property("font-weight") != nil
    }

    /// The kinds whose `font` holds only the family (`text`, `textarea`, `button`).
    static let fontWeightApartKinds: [KindID] = Schema.kinds.filter(fontWeightApart).map(KindID.init)
}
