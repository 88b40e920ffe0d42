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

    /// The widths a label's text is measured with: its `font`'s kind and weight.
    static func metrics(_ e: ResolvedElement) -> LabelMetrics {
        guard case .font(let family, let weight)? = e[.font] else { return .sans }
        return LabelMetrics.forFont(family, weight: weight.flatMap { Schema.cssFontWeight($0) } ?? 400)
    }

    /// A label's lines and the size of its box (its `size`, or what fits the text).
    static func labelLayout(_ e: ResolvedElement) -> (lines: [String], width: Double, height: Double) {
        let fontSize = e[.fontSize]?.number ?? 16
        let text = e[.text]?.string ?? ""
        let padX = fontSize * labelPaddingX, padY = fontSize * labelPaddingY
        let size = e[.size]?.size
        let metrics = metrics(e)
        var lines: [String] = []
        let available = size.map { max(0, $0.width - 2 * padX) }
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard let available else { lines.append(String(paragraph)); continue }
            lines += wrap(String(paragraph), width: available, fontSize: fontSize, metrics: metrics)
        }
        if let size { return (lines, size.width, size.height) }
        let widest = lines.map { metrics.width($0.unicodeScalars) }.max() ?? 0
        return (lines, widest * fontSize + 2 * padX,
                Double(max(lines.count, 1)) * lineHeight * fontSize + 2 * padY)
    }

    /// Greedy wrapping by measured width (`LabelMetrics`). Lines break at spaces (a run of
    /// them is one break, dropped at the break), before and after wide characters (CJK needs
    /// no spaces), never before a combining mark, after a joiner or before closing CJK
    /// punctuation. A word wider than the line breaks after its last URL separator (`/`, `.`,
    /// `-`, `?`, `&`, …) that fits, else after its last character that fits. So every line
    /// fits `width`, except a line of one character wider than it all alone.
    static func wrap(_ paragraph: String, width: Double, fontSize: Double, metrics: LabelMetrics = .sans) -> [String] {
        // NaN fits nothing; a negative, NaN or infinite font size measures nothing.
        let available = width.isNaN ? 0 : width
        let scale = fontSize.isFinite && fontSize > 0 ? fontSize : 0
        let scalars = Array(paragraph.unicodeScalars)
        func advance(_ i: Int) -> Double { metrics.advance(scalars[i]) * scale }
        func text(_ r: Range<Int>) -> String {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[r])
            return String(view)
        }

        // Tokens: the runs between break opportunities, and whether spaces come before each.
        var tokens: [(range: Range<Int>, spaced: Bool)] = []
        var start: Int? = nil
        var spaced = false
        var previousWide = false, previousJoiner = false
        for i in scalars.indices {
            let v = scalars[i].value
            if v == 0x20 {
                if let s = start { tokens.append((s..<i, spaced)); start = nil }
                spaced = true
                previousWide = false; previousJoiner = false
                continue
            }
            let zeroWidth = LabelMetrics.isZeroWidth(v)
            let wide = LabelMetrics.isWide(v)
            if let s = start, !zeroWidth, !previousJoiner, !LabelMetrics.mayNotBeginLine(v), wide || previousWide {
                tokens.append((s..<i, spaced)); start = nil; spaced = false
            }
            if start == nil { start = i }
            if !zeroWidth { previousWide = wide }
            previousJoiner = v == 0x200D
        }
        if let s = start { tokens.append((s..<scalars.count, spaced)) }

        var lines: [String] = []
        var line: Range<Int>? = nil  // the current line: one range of scalars, spaces included
        var lineWidth = 0.0
        let spaceWidth = metrics.advance(" ") * scale
        for token in tokens {
            var tokenWidth = 0.0
            for i in token.range { tokenWidth += advance(i) }
            if let current = line {
                let gap = token.spaced ? spaceWidth : 0
                // (Spaces between tokens of one line are kept; a run of them measures as one.)
                if lineWidth + gap + tokenWidth <= available {
                    line = current.lowerBound..<token.range.upperBound
                    lineWidth += gap + tokenWidth
                    continue
                }
                lines.append(collapsedSpaces(text(current)))
                line = nil
            }
            if tokenWidth <= available {
                line = token.range; lineWidth = tokenWidth
                continue
            }
            // Too wide for any line: full lines of it, the rest starts the next line.
            var from = token.range.lowerBound
            var width = 0.0
            var soft: Int? = nil  // after the last separator that fits
            var i = from
            while i < token.range.upperBound {
                // A cluster: a scalar with the zero-width ones after it (and what a joiner joins).
                var end = i + 1
                while end < token.range.upperBound,
                      LabelMetrics.isZeroWidth(scalars[end].value) || scalars[end - 1].value == 0x200D { end += 1 }
                var clusterWidth = 0.0
                for j in i..<end { clusterWidth += advance(j) }
                if width + clusterWidth > available && i > from {
                    let cut = soft ?? i
                    lines.append(text(from..<cut))
                    from = cut; soft = nil
                    width = 0
                    for j in from..<i { width += advance(j) }
                    // A separator cut may leave a tail that, with this cluster, still overflows.
                    if width + clusterWidth > available && i > from {
                        lines.append(text(from..<i))
                        from = i; width = 0
                    }
                }
                width += clusterWidth
                if LabelMetrics.isSoftBreakAfter(scalars[end - 1].value) && width <= available && end < token.range.upperBound {
                    soft = end
                }
                i = end
            }
            line = from..<token.range.upperBound
            lineWidth = width
        }
        if let line { lines.append(collapsedSpaces(text(line))) }
        return lines.isEmpty ? [""] : lines
    }

    /// A line with each run of spaces as one space (their width was counted once).
    static func collapsedSpaces(_ line: String) -> String {
        var double = false
        var previous: UInt8 = 0
        for b in line.utf8 { if b == 0x20 && previous == 0x20 { double = true; break }; previous = b }
        guard double else { return line }
        var out = String.UnicodeScalarView()
        var previousSpace = false
        for s in line.unicodeScalars {
            if s == " " && previousSpace { continue }
            previousSpace = s == " "
            out.append(s)
        }
        return String(out)
    }
}
