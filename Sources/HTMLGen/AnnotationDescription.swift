/// An annotation set's marks in words, for the overlay's `<desc>`: what a screen reader
/// announces as the picture's description, since the shapes themselves say nothing.
///
/// One sentence per visible element, in source order (the order the author wrote the marks,
/// which is how numbered markers and their notes are usually read): its kind, its name when
/// it has one, where it is on the image (`top left` … `bottom right`, in thirds, when the set
/// has a `size`), and a label's text. Arrows and lines say where they lead: an element's
/// name, or a place. The words are English, as the kinds' names are.
enum AnnotationDescription {
    static func text(_ item: ResolvedItem) -> String {
        let ends = AnnotationGeometry.lineEnds(item.children)
        let size = item.canvasSize
        var sentences: [String] = []
        for e in item.children where e[.visible]?.bool != false {
            let box = AnnotationGeometry.box(e, lines: ends)
            let at = place(box.center, in: size).map { " (" + $0 + ")" } ?? ""
            let named = e.name.map { " " + $0 } ?? ""
            switch e.kindID {
            case .number:
                let value = e[.value].flatMap { if case .integer(let n) = $0 { return n } else { return nil } } ?? 0
                sentences.append("Marker \(value)\(at)")
            case .label:
                let text = (e[.text]?.string ?? "").split(whereSeparator: { $0 == "\n" }).joined(separator: " ")
                sentences.append("Label\(at): \(text)")
            case .arrow, .line:
                let what = e.kindID == .arrow ? "Arrow" : "Line"
                let line = ends[e.id]
                let from = end(e[.from], point: line?.from, size: size)
                let to = end(e[.to], point: line?.to, size: size)
                var sentence = what + named
                if let from { sentence += " from " + from }
                if let to { sentence += " to " + to }
                sentences.append(sentence)
            case .rect: sentences.append("Rectangle\(named)\(at)")
            case .ellipse: sentences.append("Ellipse\(named)\(at)")
            case .highlight: sentences.append("Highlight\(named)\(at)")
            case .blur: sentences.append("Blurred area\(named)\(at)")
            default: sentences.append(e.kind + named + at)
            }
        }
        if sentences.isEmpty { return "No marks." }
        return sentences.joined(separator: ". ") + "."
    }

    /// An end of a line: the element it names, else its place on the image.
    static func end(_ value: ResolvedValue?, point: (x: Double, y: Double)?, size: (width: Double, height: Double)?) -> String? {
        if case .element(let name)? = value { return name }
        return point.flatMap { place($0, in: size) }
    }

    /// Where a point lies on the image, in thirds: `top left`, `middle`, `bottom right`, ….
    static func place(_ p: (x: Double, y: Double), in size: (width: Double, height: Double)?) -> String? {
        guard let size, size.width > 0, size.height > 0 else { return nil }
        let column = p.x < size.width / 3 ? "left" : p.x < size.width * 2 / 3 ? "centre" : "right"
        let row = p.y < size.height / 3 ? "top" : p.y < size.height * 2 / 3 ? "middle" : "bottom"
        if row == "middle" { return column == "centre" ? "middle" : "middle " + column }
        return column == "centre" ? row + " centre" : row + " " + column
    }
}
