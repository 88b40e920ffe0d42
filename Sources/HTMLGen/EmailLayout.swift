/// A box on a container's content area (the canvas, or a group's content box), in whole px:
/// email tables take widths and heights as whole numbers.
struct EmailRect: Hashable {
    var left: Int, top: Int, right: Int, bottom: Int

    var width: Int { right - left }
    var height: Int { bottom - top }

    /// Whether the two boxes share some area (boxes that only touch do not).
    func overlaps(_ other: EmailRect) -> Bool {
        left < other.right && other.left < right && top < other.bottom && other.top < bottom
    }
}

/// How email shows one container's members without positioning: the absolute boxes cut
/// into rows and columns of table cells (a guillotine cut).
///
/// The members are sorted top to bottom, and those whose vertical extents overlap share a
/// band (a table row); a band's members are sorted left to right, and those whose horizontal
/// extents overlap share a column (a cell). A column of one member is that member; a column
/// of several is cut again the same way, inside its cell. Gaps become spacer rows and cells.
/// A set that neither cut separates holds boxes drawn over one another (or, rarely, boxes
/// interlocked like a pinwheel), which table cells cannot show: the layout is refused.
enum EmailLayout {
    /// A band (row): its vertical extent and its columns, left to right.
    struct Band: Equatable {
        var top: Int, bottom: Int
        var columns: [Column]
    }

    /// A column (cell) of a band: its horizontal extent and what it holds.
    struct Column: Equatable {
        var left: Int, right: Int
        var content: Content
    }

    indirect enum Content: Equatable {
        /// One member, by its index in the boxes laid out.
        case member(Int)
        /// Several members, cut again into bands (in the same coordinates).
        case bands([Band])
    }

    enum Problem: Equatable {
        /// Two members drawn over one another.
        case overlap(Int, Int)
        /// Members that no cut separates though no two overlap.
        case interlocked([Int])
        /// Cuts nested deeper than `maximumDepth`.
        case tooDeep([Int])
    }

    /// Deeper nesting than this is refused: email clients (Outlook among them) give up on
    /// deeply nested tables, and it bounds the work to a few sorts per level.
    static let maximumDepth = 16

    /// Bands of `boxes`, top to bottom, and what keeps them from being cut into rows and
    /// columns (the bands are usable only when there are no problems).
    static func bands(_ boxes: [EmailRect]) -> (bands: [Band], problems: [Problem]) {
        var problems: [Problem] = []
        let bands = cut(Array(boxes.indices), boxes, depth: 0, problems: &problems)
        return (bands, problems)
    }

    private static func cut(_ members: [Int], _ boxes: [EmailRect], depth: Int, problems: inout [Problem]) -> [Band] {
        if depth > maximumDepth {
            problems.append(.tooDeep(members.sorted()))
            return []
        }
        // Ties broken by position in the source, so the output is deterministic.
        let byTop = members.sorted { (boxes[$0].top, boxes[$0].left, $0) < (boxes[$1].top, boxes[$1].left, $1) }
        var groups: [[Int]] = []
        var bottom = Int.min
        for i in byTop {
            if groups.isEmpty || boxes[i].top >= bottom {
                groups.append([i])
                bottom = boxes[i].bottom
            } else {
                groups[groups.count - 1].append(i)
                bottom = max(bottom, boxes[i].bottom)
            }
        }
        var result: [Band] = []
        result.reserveCapacity(groups.count)
        for band in groups {
            let top = band.map { boxes[$0].top }.min() ?? 0
            let bandBottom = band.map { boxes[$0].bottom }.max() ?? 0
            let byLeft = band.sorted { (boxes[$0].left, boxes[$0].top, $0) < (boxes[$1].left, boxes[$1].top, $1) }
            var columns: [[Int]] = []
            var right = Int.min
            for i in byLeft {
                if columns.isEmpty || boxes[i].left >= right {
                    columns.append([i])
                    right = boxes[i].right
                } else {
                    columns[columns.count - 1].append(i)
                    right = max(right, boxes[i].right)
                }
            }
            if columns.count == 1 && band.count > 1 {
                // Neither cut separates these members.
                problems += stuck(band, boxes)
                continue
            }
            var cells: [Column] = []
            for column in columns {
                let left = column.map { boxes[$0].left }.min() ?? 0
                let columnRight = column.map { boxes[$0].right }.max() ?? 0
                let content: Content = column.count == 1
                    ? .member(column[0])
                    : .bands(cut(column, boxes, depth: depth + 1, problems: &problems))
                cells.append(Column(left: left, right: columnRight, content: content))
            }
            result.append(Band(top: top, bottom: bandBottom, columns: cells))
        }
        return result
    }

    /// The overlapping pairs among members no cut separates (sorted by left, each compared
    /// with those that start before it ends; only this refusal path compares pairs), or the
    /// whole set as interlocked when no two overlap. At most `reportedPairs` pairs, and at
    /// most `comparisons` comparisons, so a set of thousands drawn over one another costs
    /// no more than a small one.
    static let reportedPairs = 10
    static let comparisons = 1_000_000

    private static func stuck(_ members: [Int], _ boxes: [EmailRect]) -> [Problem] {
        let byLeft = members.sorted { (boxes[$0].left, $0) < (boxes[$1].left, $1) }
        var pairs: [Problem] = []
        var budget = comparisons
        search: for (n, i) in byLeft.enumerated() {
            for j in byLeft[(n + 1)...] {
                if boxes[j].left >= boxes[i].right { break }
                budget -= 1
                if budget < 0 { break search }
                if boxes[i].overlaps(boxes[j]) {
                    pairs.append(.overlap(min(i, j), max(i, j)))
                    if pairs.count == reportedPairs { break search }
                }
            }
        }
        return pairs.isEmpty ? [.interlocked(members.sorted())] : pairs
    }
}
