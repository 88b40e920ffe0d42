import TemplateFormat

extension FileSummary {
    /// The summary of `newTree`, made from `old` (the summary of `oldTree`) when one edit
    /// (`replaced` in the old bytes, `insertedCount` bytes in its place) stayed inside one
    /// top-level block that is not a style and changed none of what a summary holds: the
    /// block's kind, its name and the names its `style:` properties write, in order. The
    /// rest of the file is the same bytes, moved: ranges after the block move by the
    /// length change, node numbers by the change in the node count. Nil when the edit does
    /// more (the caller then summarises the new tree from scratch).
    ///
    /// The language server asks this on every keystroke: a summary walks every node of the
    /// file, this walks the top-level nodes and the edited block's.
    public static func updated(_ old: FileSummary, from oldTree: SyntaxTree, to newTree: SyntaxTree,
                               replaced: ByteRange, insertedCount: Int) -> FileSummary? {
        let delta = insertedCount - (replaced.end - replaced.start)
        return oldTree.withRawView { before -> FileSummary? in
            newTree.withRawView { after -> FileSummary? in
                // The old top-level block holding the edit strictly inside it, and its ordinal.
                var ordinal = 0, n = 1, found = -1
                while n < before.nodeCount {
                    let r = before.range(of: n)
                    if r.start < replaced.start && replaced.end < r.end {
                        found = n
                        break
                    }
                    if r.start >= replaced.end { return nil }
                    ordinal += 1
                    n = max(before.subtreeEnd(n), n + 1)
                }
                guard found > 0, before.kind(found) == .block else { return nil }
                // The new tree has the same top-level nodes with this one at the same place.
                var m = 1, k = 0
                while m < after.nodeCount && k < ordinal {
                    m = max(after.subtreeEnd(m), m + 1)
                    k += 1
                }
                guard m < after.nodeCount, m == found, after.kind(m) == .block else { return nil }
                let oldRange = before.range(of: found), newRange = after.range(of: m)
                guard newRange.start == oldRange.start, newRange.end == oldRange.end + delta,
                      topLevelCount(before) == topLevelCount(after),
                      sameHeader(before, found, after, m), !isStyle(after, m),
                      styleNamesWritten(in: found, before) == styleNamesWritten(in: m, after) else { return nil }
                let nodeDelta = after.nodeCount - before.nodeCount
                func moved(_ r: ByteRange) -> ByteRange {
                    r.start >= oldRange.end ? ByteRange(start: r.start + delta, end: r.end + delta) : r
                }
                return FileSummary(
                    imports: old.imports.map { Import(path: $0.path, range: moved($0.range), isWellFormed: $0.isWellFormed) },
                    styles: old.styles.map { Style(name: $0.name, node: $0.node > found ? $0.node + nodeDelta : $0.node,
                                                   nameRange: moved($0.nameRange), parentName: $0.parentName) },
                    usedStyleNames: old.usedStyleNames, writtenStyleNames: old.writtenStyleNames,
                    topLevelNames: old.topLevelNames, styleIndex: old.styleIndex)
            }
        }
    }

    private static func topLevelCount(_ raw: RawSyntaxView) -> Int {
        var count = 0, n = 1
        while n < raw.nodeCount {
            count += 1
            n = max(raw.subtreeEnd(n), n + 1)
        }
        return count
    }

    private static func sameHeader(_ a: RawSyntaxView, _ x: Int, _ b: RawSyntaxView, _ y: Int) -> Bool {
        let p = a.blockHeader(x), q = b.blockHeader(y)
        return p.kind.map(a.text) == q.kind.map(b.text) && p.name.map(a.text) == q.name.map(b.text)
    }

    private static func isStyle(_ raw: RawSyntaxView, _ block: Int) -> Bool {
        raw.blockHeader(block).kind.map { raw.token($0, equals: "style") } ?? false
    }

    /// The names the block's `style:` properties write, in order (what `init` reads of it).
    private static func styleNamesWritten(in block: Int, _ raw: RawSyntaxView) -> [String] {
        var names: [String] = []
        forEachStyleProperty(inContainer: block, raw) { property in
            if let token = styleNameToken(property, raw) { names.append(raw.text(token)) }
        }
        return names
    }
}
