import TemplateFormat

/// A group without `size` (or without `width` or `height`) takes its natural size: the union
/// of its members' outer boxes and the origin of its content box, plus its padding and border
/// on each side. Members at negative offsets stick out of that box to the left or top (the
/// box starts at the group's `at`, as every box does); a rotated member counts with its box
/// unrotated, as the bounds check reads it (CSS too lays out the unrotated box); a hidden one
/// (`visible: false`) does not count; a member whose own size is natural (a text without
/// `size`) counts by its `at` only, since only rendering knows more.
struct MemberExtent {
    /// The furthest right and bottom edges so far, in canvas px.
    var right = 0.0, bottom = 0.0
    /// `Checker.outsideReports` when the group's members began.
    var reportsBefore = 0

    mutating func add(_ box: Checker.Box) {
        if let x = box.x { right = max(right, x + (box.width ?? 0)) }
        if let y = box.y { bottom = max(bottom, y + (box.height ?? 0)) }
    }
}

/// What is known of a group sized by its members before they are linted.
struct NaturalGroup {
    /// `at` on the canvas, and the `width` or `height` it sets, if either.
    var box: Checker.Box
    /// Border width plus padding.
    var inset: Double
    /// Where its TDL301 goes (`lintRange` of its `at`), taken while its properties are at hand.
    var range: ByteRange
    /// Whether it is itself a shown member of a group sized by its members.
    var isMember: Bool
}

extension Checker {
    /// Starts collecting the members of the group sized by them whose children `frame`
    /// lints; returns the enclosing collection, for `endMembers` to restore.
    mutating func beginMembers(of frame: LintFrame) -> MemberExtent {
        let outer = members
        members = MemberExtent(right: frame.origin.0, bottom: frame.origin.1, reportsBefore: outsideReports)
        return outer
    }

    /// The group's box from its members: checked against the canvas unless a member already
    /// crossed its edge (that member is what to move; one mistake, one report), and added to
    /// the enclosing group's members.
    mutating func endMembers(of node: Int, frame: LintFrame, restoring outer: MemberExtent) {
        guard let group = naturalGroups.popLast() else { return }
        var box = group.box
        if box.width == nil { box.width = members.right - frame.origin.0 + 2 * group.inset }
        if box.height == nil { box.height = members.bottom - frame.origin.1 + 2 * group.inset }
        let membersReported = outsideReports != members.reportsBefore
        members = outer
        if let canvas = frame.canvas, !membersReported {
            checkInside(node, box: box, canvas: canvas, range: group.range, natural: true)
        }
        if group.isMember { members.add(box) }
    }
}
