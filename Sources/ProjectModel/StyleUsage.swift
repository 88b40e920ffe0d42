/// Which styles are used, kept per file so that one file's edit updates the counts without a
/// walk over the whole project. A file marks the styles its elements name and the styles
/// those extend, each resolved in that file's own scope; a style is used while some file
/// marks it.
struct StyleUsage: Sendable {
    private var marks: [String: Set<StyleID>] = [:]
    private var counts: [StyleID: Int] = [:]

    func isUsed(_ id: StyleID) -> Bool { counts[id, default: 0] > 0 }

    func marks(of path: String) -> Set<StyleID> { marks[path] ?? [] }

    /// Replaces what `path` marks; returns the styles that became used or unused.
    mutating func setMarks(_ new: Set<StyleID>, for path: String) -> [StyleID] {
        let old = marks[path] ?? []
        guard old != new else { return [] }
        if new.isEmpty { marks[path] = nil } else { marks[path] = new }
        var flipped: [StyleID] = []
        for id in old.subtracting(new) {
            let count = counts[id, default: 0] - 1
            counts[id] = count > 0 ? count : nil
            if count <= 0 { flipped.append(id) }
        }
        for id in new.subtracting(old) {
            let count = counts[id, default: 0] + 1
            counts[id] = count
            if count == 1 { flipped.append(id) }
        }
        return flipped
    }
}
