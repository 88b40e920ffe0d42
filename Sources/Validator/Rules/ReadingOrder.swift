import TemplateFormat

/// TDL317: reading order (source order: what a screen reader and the exported page's DOM
/// follow) that clearly differs from the layout (top to bottom, start to end).
///
/// Within one container (a template, an annotation set, a group), its members are read in
/// source order. Compared are the members a reader meets (a text, textarea, button, video, or
/// an image with a non-empty `alt`; not hidden, not rotated or scaled, with a whole box
/// wholly on the canvas), and
/// a member is out of place when it comes after one it clearly precedes on the page:
/// - placed above it with a gap between them, the two sharing some width (one column: in
///   side-by-side columns, read column by column, nothing is said), or
/// - in the same row (their heights overlap by at least half the shorter one), wholly
///   before it in the reading direction: to its left, or to its right in a right-to-left
///   language; when the direction is not known, rows are not judged.
/// Members of different groups are never compared. One report per container, at the first
/// member out of place; each is compared with the 32 members a reader meets before it, so
/// the work stays linear.
///
/// The fix puts the members a reader meets in visual order (rows top to bottom, each in its
/// reading direction) in the places they take in the source (the other members stay where
/// they are), moving whole blocks with the comment lines directly above them, every byte
/// kept. It is offered only when that cannot change what the page shows and leaves nothing
/// out of place: every two members whose order changes have known boxes that do not overlap
/// (the later one is drawn on top), no `tdl-` or block comment lies in the stretch, each
/// moved block stands on lines of its own, and the container has at most 64 members.
struct ReadingMember {
    var node: Int
    /// The box on the canvas; nil when not wholly known (or rotated, scaled).
    var box: (x: Double, y: Double, width: Double, height: Double)?
    /// Whether a reader meets it (see above); hidden members are not.
    var isContent: Bool
}

/// The members of one container, in source order, and the direction its rows are read in.
struct ReadingContainer {
    var members: [ReadingMember] = []
    /// nil: not known (rows are not judged).
    var rightToLeft: Bool?
}

extension Checker {
    /// How many earlier members each member a reader meets is compared with.
    static let readingOrderWindow = 32

    /// The direction rows are read in, from a `lang` the validator is sure of: none (the
    /// page's default, left to right), or a plain language tag whose language it knows.
    /// HTMLGen's `TextDirection` decides the page's direction from full tables; a test keeps
    /// these lists in agreement with it.
    static func readsRightToLeft(lang: String?) -> Bool? {
        guard let lang else { return false }
        let parts = lang.lowercased().split(separator: "-")
        // A script or region subtag can change the direction: not judged.
        guard parts.count == 1, let language = parts.first else { return nil }
        if Checker.rightToLeftLanguages.contains(String(language)) { return true }
        if Checker.leftToRightLanguages.contains(String(language)) { return false }
        return nil
    }

    static let rightToLeftLanguages: Set<String> = ["ar", "he", "fa", "ur", "yi", "ps", "sd", "ug", "dv", "ckb"]
    static let leftToRightLanguages: Set<String> = [
        "en", "de", "fr", "es", "it", "pt", "nl", "sv", "da", "nb", "nn", "no", "fi", "is", "pl", "cs", "sk", "sl",
        "hr", "sr", "bs", "hu", "ro", "bg", "ru", "uk", "be", "el", "tr", "et", "lv", "lt", "ga", "cy", "ca", "eu",
        "gl", "ja", "zh", "ko", "vi", "th", "id", "ms", "tl", "hi", "bn", "ta", "te", "mr", "gu", "kn", "ml", "sw",
    ]

    /// Whether `b` clearly comes before `a` on the page.
    static func clearlyBefore(_ b: (x: Double, y: Double, width: Double, height: Double),
                              _ a: (x: Double, y: Double, width: Double, height: Double),
                              rightToLeft: Bool?) -> (Bool, above: Bool) {
        let sharedWidth = min(b.x + b.width, a.x + a.width) - max(b.x, a.x)
        if b.y + b.height < a.y && sharedWidth > 0 { return (true, true) }
        let sharedHeight = min(b.y + b.height, a.y + a.height) - max(b.y, a.y)
        guard let rightToLeft, sharedHeight >= 0.5 * min(b.height, a.height) else { return (false, false) }
        return (rightToLeft ? b.x >= a.x + a.width : b.x + b.width <= a.x, false)
    }

    /// What the reading-order rule needs of the element in `slots`, whose box is `box`.
    /// `canvas`: a member not wholly on it is not one a reader meets there. `placed`: its `at`
    /// is read or not set (one that cannot be read leaves the place unknown; lint measures
    /// from 0, 0 then).
    func readingMember(_ node: Int, kindID: Int, box: Box, canvas: (Double, Double)?, placed: Bool) -> ReadingMember {
        var member = ReadingMember(node: node, box: nil, isContent: false)
        let turned = (number(key.rotation).map { $0 != 0 } ?? isSet(key.rotation))
            || (number(key.scale).map { $0 != 1 } ?? isSet(key.scale))
        if !turned, placed, let x = box.x, let y = box.y, let w = box.width, let h = box.height, w > 0, h > 0 {
            member.box = (x, y, w, h)
        }
        guard let seen = member.box, !isHidden(), !mayBeHidden(key.visible) else { return member }
        if let canvas, seen.x < 0 || seen.y < 0 || seen.x + seen.width > canvas.0 || seen.y + seen.height > canvas.1 { return member }
        if lintKinds.showsText[kindID] && kindID != lintKinds.label || kindID == lintKinds.video {
            member.isContent = true
        } else if kindID == lintKinds.image {
            member.isContent = read(key.alt) { raw, node in Checker.readText(raw, node, room: nil) }.map { !$0.blank } ?? false
        }
        return member
    }

    /// The first member out of place, and the one it clearly precedes; nil when none is.
    static func firstOutOfPlace(_ members: [ReadingMember], rightToLeft: Bool?) -> (Int, Int, above: Bool)? {
        var content: [Int] = []
        content.reserveCapacity(members.count)  // one allocation, not one per doubling
        for (j, b) in members.enumerated() {
            guard b.isContent, let bBox = b.box else { continue }
            defer { content.append(j) }
            for i in content.suffix(Checker.readingOrderWindow) {
                guard let aBox = members[i].box else { continue }
                let (before, above) = Checker.clearlyBefore(bBox, aBox, rightToLeft: rightToLeft)
                if before { return (j, i, above) }
            }
        }
        return nil
    }

    /// Starts the container whose members are linted next, read in the direction given.
    mutating func beginReadingContainer(rightToLeft: Bool?) {
        readingContainers.append(ReadingContainer(members: spareReadingMembers.popLast() ?? [], rightToLeft: rightToLeft))
    }

    /// Judges the innermost container once all its members are checked, and keeps its list's memory.
    mutating func endReadingContainer() {
        guard var container = readingContainers.popLast() else { return }
        checkReadingOrder(container)
        container.members.removeAll(keepingCapacity: true)
        spareReadingMembers.append(container.members)
    }

    /// Judges the container's members once all are checked (one report at most).
    mutating func checkReadingOrder(_ container: ReadingContainer) {
        let members = container.members
        guard let (j, i, above) = Checker.firstOutOfPlace(members, rightToLeft: container.rightToLeft) else { return }
        let b = members[j].node, a = members[i].node
        let side: StaticString = above ? "above it" : container.rightToLeft == true ? "to its right in the same row" : "to its left in the same row"
        let fix = reorderFix(container)
        findings.report(.readingOrder, raw.headerRange(ofBlock: b),
                        "`\(element: b, raw)` comes after `\(element: a, raw)` in the source, so a screen reader reads it later, but it is placed \(literal: side)",
                        related: [RelatedLocation(range: raw.headerRange(ofBlock: a), message: "read first, though placed after")],
                        fixes: fix.map { [$0] } ?? [])
    }

    /// Containers with more members than this get no fix (its safety check compares pairs).
    static let readingOrderFixLimit = 64

    /// Puts the members a reader meets in visual order, in the places they take in the
    /// source now (the others stay where they are), when that is safe (see the type's
    /// comment) and leaves nothing out of place.
    func reorderFix(_ container: ReadingContainer) -> Fix? {
        let members = container.members
        guard members.count <= Checker.readingOrderFixLimit else { return nil }
        let places = members.indices.filter { members[$0].isContent && members[$0].box != nil }
        // Visual order: rows top to bottom (a member joins the row of the one above it when
        // their heights overlap by half the shorter), each read in its direction.
        let byTop = places.sorted { (members[$0].box?.y ?? 0, $0) < (members[$1].box?.y ?? 0, $1) }
        var rows: [[Int]] = []
        for m in byTop {
            guard let box = members[m].box else { return nil }
            if let first = rows.last?.first, let head = members[first].box,
               min(head.y + head.height, box.y + box.height) - max(head.y, box.y) >= 0.5 * min(head.height, box.height) {
                rows[rows.count - 1].append(m)
            } else {
                rows.append([m])
            }
        }
        var order: [Int] = []
        for row in rows {
            guard let rightToLeft = container.rightToLeft else { order += row.sorted(); continue }
            order += row.sorted { a, b in
                let x = members[a].box?.x ?? 0, y = members[b].box?.x ?? 0
                return rightToLeft ? (-x, a) < (-y, b) : (x, a) < (y, b)
            }
        }
        // Member now at each place, and each member's new position.
        var arranged = members.indices.map { $0 }
        for (place, m) in zip(places, order) { arranged[place] = m }
        guard arranged != Array(members.indices) else { return nil }
        guard Checker.firstOutOfPlace(arranged.map { members[$0] }, rightToLeft: container.rightToLeft) == nil else { return nil }
        var position = [Int](repeating: 0, count: members.count)
        for (p, m) in arranged.enumerated() { position[m] = p }
        // Two members whose order changes must not overlap: the later one is drawn on top.
        for i in members.indices {
            for j in (i + 1)..<members.count where position[i] > position[j] {
                guard let a = members[i].box, let b = members[j].box else { return nil }
                if min(a.x + a.width, b.x + b.width) > max(a.x, b.x) && min(a.y + a.height, b.y + b.height) > max(a.y, b.y) { return nil }
            }
        }
        let changed = members.indices.filter { arranged[$0] != $0 }
        var lines: [ByteRange] = []
        for m in members.indices {
            guard let r = memberLines(members[m].node) else {
                if changed.contains(m) { return nil }
                lines.append(ByteRange(start: 0, end: 0))
                continue
            }
            lines.append(r)
        }
        guard let first = changed.first, let last = changed.last else { return nil }
        let bytes = raw.bytes
        // No suppression or formatter comment may change what it applies to.
        let stretch = UnsafeBufferPointer(rebasing: bytes[lines[first].start..<lines[last].end])
        if Checker.contains(stretch, "tdl-") || Checker.contains(stretch, "/*") { return nil }
        var edits: [TextEdit] = []
        for place in changed {
            let r = lines[arranged[place]]
            guard let text = String(validating: UnsafeBufferPointer(rebasing: bytes[r.start..<r.end]), as: UTF8.self) else { return nil }
            edits.append(TextEdit(range: lines[place], newText: text))
        }
        return Fix(title: "Put the members a reader meets in reading order (top to bottom, \(container.rightToLeft == true ? "right to left" : "left to right"))",
                   edits: edits, isCertain: false)
    }

    /// The whole lines a member's block takes, with the comment lines directly above it;
    /// nil when the block shares a line with something else.
    func memberLines(_ node: Int) -> ByteRange? {
        let bytes = raw.bytes
        let range = raw.range(of: node)
        guard range.end > range.start, bytes[range.end - 1] == 0x7D else { return nil }
        func lineStart(_ k: Int) -> Int {
            var s = k
            while s > 0 && bytes[s - 1] != 0x0A { s -= 1 }
            return s
        }
        func blank(_ from: Int, _ to: Int) -> Bool { (from..<to).allSatisfy { bytes[$0] == 0x20 || bytes[$0] == 0x09 } }
        var start = lineStart(range.start)
        guard blank(start, range.start) else { return nil }
        // Comment lines directly above belong to the member.
        while start > 0 {
            let previous = lineStart(start - 1)
            var k = previous
            while k < start && (bytes[k] == 0x20 || bytes[k] == 0x09) { k += 1 }
            guard k + 1 < start, bytes[k] == 0x2F, bytes[k + 1] == 0x2F else { break }
            start = previous
        }
        // After the `}`: nothing but spaces, or a comment, to the end of the line.
        var end = range.end
        while end < bytes.count && (bytes[end] == 0x20 || bytes[end] == 0x09 || bytes[end] == 0x0D) { end += 1 }
        if end + 1 < bytes.count && bytes[end] == 0x2F && bytes[end + 1] == 0x2F {
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
        }
        guard end < bytes.count, bytes[end] == 0x0A else { return nil }
        return ByteRange(start: start, end: end + 1)
    }

    static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ needle: StaticString) -> Bool {
        let n = needle.utf8CodeUnitCount
        guard bytes.count >= n else { return false }
        let p = needle.utf8Start
        for k in 0...(bytes.count - n) where bytes[k] == p[0] {
            if (1..<n).allSatisfy({ bytes[k + $0] == p[$0] }) { return true }
        }
        return false
    }
}
