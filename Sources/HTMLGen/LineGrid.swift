/// A container's members laid on a CSS grid whose lines are the design's own edges, so that a
/// text that grows (a larger default font size, zoom, a long parameter value) pushes what is
/// below it down instead of running over it.
///
/// Every edge of a member (`x`, `x + width`, `y`, `y + height`, relative to the container's
/// content box) and of the content box itself is a grid line. Columns are fixed (their
/// widths in canvas px); rows are `minmax(height, auto)`: exactly their designed height while
/// everything fits, taller when a member spanning them needs more. A member fills the
/// columns between its left and right edges and sits at the top of the rows between its top
/// and bottom, so at the designed sizes every box is where the design puts it, and two
/// members whose boxes do not meet in the design never meet in the page: grid areas that do
/// not share a cell cannot overlap, whatever their content does to the rows.
///
/// A member takes part only with a known box (`width` and `height`, or `size`) inside the
/// content box; the others (a text sized by its content, a member that sticks out) are
/// placed absolutely from the content box as before and push nothing.
struct LineGrid {
    /// A member's area: 1-based grid lines, as CSS `grid-area` takes them.
    struct Area: Equatable {
        let row: Int, column: Int, rowEnd: Int, columnEnd: Int
    }

    /// Track sizes in canvas px.
    let columns: [Double]
    let rows: [Double]
    /// Per member, in source order: its area, or nil when it is placed absolutely.
    let areas: [Area?]

    /// The grid of `members` in a content box `width` × `height` whose top left corner is
    /// `origin` on the canvas, or nil when no member takes part (the container then keeps
    /// absolute placement alone).
    init?(members: [ResolvedElement], origin: (x: Double, y: Double) = (0, 0), width: Double, height: Double) {
        guard width > 0, height > 0, !members.isEmpty else { return nil }
        let boxes = members.map { LineGrid.box(of: $0, from: origin, within: width, height) }
        guard boxes.contains(where: { $0 != nil }) else { return nil }
        var xs: [Double] = [0, width], ys: [Double] = [0, height]
        xs.reserveCapacity(2 + 2 * boxes.count)
        ys.reserveCapacity(2 + 2 * boxes.count)
        for case let b? in boxes {
            xs.append(b.x); xs.append(b.x + b.width)
            ys.append(b.y); ys.append(b.y + b.height)
        }
        let columnLines = LineGrid.lines(&xs), rowLines = LineGrid.lines(&ys)
        columns = LineGrid.gaps(columnLines)
        rows = LineGrid.gaps(rowLines)
        areas = boxes.map { box in
            box.map { b in
                Area(row: LineGrid.line(b.y, in: rowLines), column: LineGrid.line(b.x, in: columnLines),
                     rowEnd: LineGrid.line(b.y + b.height, in: rowLines), columnEnd: LineGrid.line(b.x + b.width, in: columnLines))
            }
        }
    }

    /// Positions closer than this are one line: what `OutputBuffer.number` writes alike.
    static let tolerance = 0.00005

    /// The sorted distinct positions (sorted and thinned in place).
    static func lines(_ positions: inout [Double]) -> [Double] {
        positions.sort()
        var kept = 0
        for k in positions.indices where kept == 0 || positions[k] - positions[kept - 1] > tolerance {
            positions[kept] = positions[k]
            kept += 1
        }
        positions.removeLast(positions.count - kept)
        return positions
    }

    /// The distances between neighbouring lines: the tracks.
    static func gaps(_ lines: [Double]) -> [Double] {
        var out: [Double] = []
        out.reserveCapacity(max(lines.count - 1, 0))
        for k in lines.indices.dropFirst() { out.append(lines[k] - lines[k - 1]) }
        return out
    }

    /// The 1-based number of the line at `position` (which `lines` holds, within tolerance).
    static func line(_ position: Double, in lines: [Double]) -> Int {
        var low = 0, high = lines.count - 1
        while low < high {
            let mid = (low + high) / 2
            if lines[mid] < position - tolerance { low = mid + 1 } else { high = mid }
        }
        return low + 1
    }

    /// A member's designed outer box in its container's content box, when it takes part: it
    /// is shown, its size is known and not empty, and it lies inside the content box. The box
    /// is the one resolving placed on the canvas (`ResolvedElement.box`: its `size`, a
    /// divider's rule, a group's natural size), less the content box's `origin`.
    static func box(of e: ResolvedElement, from origin: (x: Double, y: Double), within width: Double, _ height: Double)
        -> (x: Double, y: Double, width: Double, height: Double)? {
        guard let placed = e.box, let w = placed.width, let h = placed.height, e[.visible]?.bool != false else { return nil }
        let at = (x: placed.x - origin.x, y: placed.y - origin.y)
        guard w > tolerance, h > tolerance, at.x.isFinite, at.y.isFinite,
              at.x >= -tolerance, at.y >= -tolerance, at.x + w <= width + tolerance, at.y + h <= height + tolerance
        else { return nil }
        return (at.x, at.y, w, h)
    }
}
