import Validator

/// Geometry of annotation elements: boxes, line ends that meet another element's box, and
/// the layout of label text. Everything is in the image's px.
struct Rect: Hashable {
    var x, y, width, height: Double

    var center: (x: Double, y: Double) { (x + width / 2, y + height / 2) }

    func contains(_ p: (x: Double, y: Double)) -> Bool {
        p.x >= x && p.x <= x + width && p.y >= y && p.y <= y + height
    }
}

enum AnnotationGeometry {
    /// Estimated advance of one character, as a fraction of the font size. SVG has no text
    /// wrapping, so labels break lines from this estimate (a typical sans-serif average).
    static let characterWidth = 0.5
    static let lineHeight = 1.2
    /// Inner margins of a label's box, as fractions of the font size.
    static let labelPaddingX = 0.25
    static let labelPaddingY = 0.25

    /// The element's box: `at` and `size` (a number's default size is filled in by the
    /// resolver; a label without `size` fits its text; a line spans its ends).
    static func box(_ e: ResolvedElement, lines: [String: (from: (x: Double, y: Double), to: (x: Double, y: Double))]) -> Rect {
        if e.kindID == .line || e.kindID == .arrow, let ends = lines[e.id] {
            return Rect(x: min(ends.from.x, ends.to.x), y: min(ends.from.y, ends.to.y),
                        width: abs(ends.to.x - ends.from.x), height: abs(ends.to.y - ends.from.y))
        }
        let at = e[.at]?.point ?? (0, 0)
        if let size = e[.size]?.size { return Rect(x: at.x, y: at.y, width: size.width, height: size.height) }
        if e.kindID == .label {
            let layout = labelLayout(e)
            return Rect(x: at.x, y: at.y, width: layout.width, height: layout.height)
        }
        return Rect(x: at.x, y: at.y, width: 0, height: 0)
    }

    /// Where the segment from `outside` to the centre of `box` enters the box: the end of a
    /// line drawn to an element. From inside the box, the centre itself.
    static func edgePoint(of box: Rect, from outside: (x: Double, y: Double)) -> (x: Double, y: Double) {
        let c = box.center
        if box.contains(outside) { return c }
        let dx = c.x - outside.x, dy = c.y - outside.y
        var enter = 0.0
        // Liang–Barsky: the largest entering parameter over the two slabs.
        for (p0, d, low, high) in [(outside.x, dx, box.x, box.x + box.width), (outside.y, dy, box.y, box.y + box.height)] {
            if d == 0 { continue }
            let t1 = (low - p0) / d, t2 = (high - p0) / d
            enter = max(enter, min(t1, t2))
        }
        enter = min(max(enter, 0), 1)
        return (outside.x + dx * enter, outside.y + dy * enter)
    }

    /// The ends of every line and arrow of a set, by element id: points (plus `at`) as
    /// written, element names resolved to the edge of that element's box.
    static func lineEnds(_ elements: [ResolvedElement]) -> [String: (from: (x: Double, y: Double), to: (x: Double, y: Double))] {
        // Boxes of the elements a line may point at (lines among them span their point ends).
        var pointEnds: [String: (from: (x: Double, y: Double), to: (x: Double, y: Double))] = [:]
        for e in elements where e.kindID == .line || e.kindID == .arrow {
            let at = e[.at]?.point ?? (0, 0)
            if let f = e[.from]?.point, let t = e[.to]?.point {
                pointEnds[e.id] = ((f.x + at.x, f.y + at.y), (t.x + at.x, t.y + at.y))
            }
        }
        var boxes: [String: Rect] = [:]
        for e in elements {
            guard let name = e.name, boxes[name] == nil else { continue }
            if (e.kindID == .line || e.kindID == .arrow) && pointEnds[e.id] == nil { continue }
            boxes[name] = box(e, lines: pointEnds)
        }
        var result: [String: (from: (x: Double, y: Double), to: (x: Double, y: Double))] = [:]
        for e in elements where e.kindID == .line || e.kindID == .arrow {
            let at = e[.at]?.point ?? (0, 0)
            func anchor(_ v: ResolvedValue?) -> (point: (x: Double, y: Double)?, box: Rect?) {
                switch v {
                case .point(let x, let y)?: return ((x + at.x, y + at.y), nil)
                case .element(let name)?: return (nil, boxes[name])
                default: return (nil, nil)
                }
            }
            let a = anchor(e[.from]), b = anchor(e[.to])
            guard let aRef = a.point ?? a.box?.center, let bRef = b.point ?? b.box?.center else { continue }
            let from = a.box.map { edgePoint(of: $0, from: bRef) } ?? aRef
            let to = b.box.map { edgePoint(of: $0, from: aRef) } ?? bRef
            result[e.id] = (from, to)
        }
        return result
    }

    /// A label's lines and the size of its box (its `size`, or what fits the text).
    static func labelLayout(_ e: ResolvedElement) -> (lines: [String], width: Double, height: Double) {
        let fontSize = e[.fontSize]?.number ?? 16
        let text = e[.text]?.string ?? ""
        let padX = fontSize * labelPaddingX, padY = fontSize * labelPaddingY
        let size = e[.size]?.size
        var lines: [String] = []
        let available = size.map { max(0, $0.width - 2 * padX) }
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard let available else { lines.append(String(paragraph)); continue }
            lines += wrap(String(paragraph), width: available, fontSize: fontSize)
        }
        if let size { return (lines, size.width, size.height) }
        let widest = lines.map { Double($0.unicodeScalars.count) }.max() ?? 0
        return (lines, widest * characterWidth * fontSize + 2 * padX,
                Double(max(lines.count, 1)) * lineHeight * fontSize + 2 * padY)
    }

    /// Greedy word wrap on spaces from the estimated character width; a word longer than the
    /// line stays whole.
    static func wrap(_ paragraph: String, width: Double, fontSize: Double) -> [String] {
        // Clamped before converting: a zero font size or a huge width must not trap.
        let estimate = width / (characterWidth * fontSize)
        let perLine = estimate.isNaN ? 1 : Int(min(max(estimate, 1), 1_000_000))
        var lines: [String] = []
        var current = ""
        var currentCount = 0
        for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
            let count = word.unicodeScalars.count
            if currentCount == 0 && current.isEmpty {
                current = String(word)
                currentCount = count
            } else if currentCount + 1 + count <= perLine {
                current += " " + word
                currentCount += 1 + count
            } else {
                lines.append(current)
                current = String(word)
                currentCount = count
            }
        }
        lines.append(current)
        return lines
    }
}
