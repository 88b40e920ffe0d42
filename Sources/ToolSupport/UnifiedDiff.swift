// Unified diffs for `--diff` output: what a reviewer reads and what `patch` applies, so the
// format follows GNU `diff -u` exactly (hunk headers, merged hunks, "\ No newline" markers).
// Lines are compared as raw bytes including their terminator, so "x" at end of file and
// "x\n" differ — which is what makes a missing final newline show up in the diff.

/// A unified diff from `old` to `new`, or "" when they are byte-for-byte equal.
///
/// Uses Myers' O(ND) algorithm in its linear-space (middle snake) form, so the edit script
/// is minimal and memory stays proportional to the input (pathological inputs needing
/// thousands of interleaved edits get a valid, slightly longer diff in bounded time, as with
/// GNU diff's heuristic). Lines are split after each `\n`;
/// a final line without one is marked `\ No newline at end of file`. Bytes that are not
/// UTF-8 are replaced in the returned `String`; use `unifiedDiffBytes` to keep them exact.
public func unifiedDiff(old: [UInt8], new: [UInt8], oldLabel: String, newLabel: String, context: Int = 3) -> String {
    String(decoding: unifiedDiffBytes(old: old, new: new, oldLabel: oldLabel, newLabel: newLabel, context: context),
           as: UTF8.self)
}

/// `unifiedDiff` as bytes, preserving file content that is not valid UTF-8.
public func unifiedDiffBytes(old: [UInt8], new: [UInt8], oldLabel: String, newLabel: String, context: Int = 3) -> [UInt8] {
    if old == new { return [] }
    let oldLines = splitLines(old)
    let newLines = splitLines(new)
    let script = editScript(oldLines, newLines)
    let hunks = groupHunks(script, context: max(context, 0))

    var out: [UInt8] = []
    out.reserveCapacity(old.count / 4 + new.count / 4 + 256)
    out.append(contentsOf: Array("--- \(oldLabel)\n+++ \(newLabel)\n".utf8))
    for hunk in hunks {
        let ops = script[hunk]
        let first = ops.first!
        let oldCount = ops.count(where: { $0.kind != .insert })
        let newCount = ops.count(where: { $0.kind != .delete })
        let header = "@@ -\(hunkRange(first.oldIndex, oldCount)) +\(hunkRange(first.newIndex, newCount)) @@\n"
        out.append(contentsOf: Array(header.utf8))
        for op in ops {
            let line: ArraySlice<UInt8>
            switch op.kind {
            case .equal: out.append(UInt8(ascii: " ")); line = oldLines[op.oldIndex]
            case .delete: out.append(UInt8(ascii: "-")); line = oldLines[op.oldIndex]
            case .insert: out.append(UInt8(ascii: "+")); line = newLines[op.newIndex]
            }
            out.append(contentsOf: line)
            if line.last != UInt8(ascii: "\n") {
                out.append(contentsOf: Array("\n\\ No newline at end of file\n".utf8))
            }
        }
    }
    return out
}

/// GNU's range syntax: "start,count", "start" when count is 1, and for an empty range the
/// line *before* it ("0,0" at the top of the file).
private func hunkRange(_ linesBefore: Int, _ count: Int) -> String {
    switch count {
    case 0: return "\(linesBefore),0"
    case 1: return "\(linesBefore + 1)"
    default: return "\(linesBefore + 1),\(count)"
    }
}

/// Lines with their `\n` kept; a trailing fragment without one is the last line.
private func splitLines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
    var lines: [ArraySlice<UInt8>] = []
    var start = 0
    for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
        lines.append(bytes[start...index])
        start = index + 1
    }
    if start < bytes.count { lines.append(bytes[start...]) }
    return lines
}

/// One line of the edit script. `oldIndex`/`newIndex` are the positions in each file at this
/// point (for an insert, `oldIndex` is how many old lines precede it, and vice versa).
struct EditOperation: Equatable {
    enum Kind: Equatable { case equal, delete, insert }
    var kind: Kind
    var oldIndex: Int
    var newIndex: Int
}

/// The edit script turning `old` into `new`, deletions before insertions within a change.
/// Minimal unless a sub-problem needs more than `MyersDiff.costLimit` edits.
func editScript(_ old: [ArraySlice<UInt8>], _ new: [ArraySlice<UInt8>]) -> [EditOperation] {
    let (deleted, inserted) = changedLines(old, new)
    var script: [EditOperation] = []
    script.reserveCapacity(max(old.count, new.count))
    var i = 0, j = 0
    while i < old.count || j < new.count {
        if i < old.count && deleted[i] {
            script.append(EditOperation(kind: .delete, oldIndex: i, newIndex: j)); i += 1
        } else if j < new.count && inserted[j] {
            script.append(EditOperation(kind: .insert, oldIndex: i, newIndex: j)); j += 1
        } else {
            script.append(EditOperation(kind: .equal, oldIndex: i, newIndex: j)); i += 1; j += 1
        }
    }
    return script
}

/// Flags for the lines of `old` to delete and of `new` to insert.
///
/// Lines occurring only on one side can never be matched, so they are marked up front and
/// only the rest goes through Myers. This keeps the result minimal while turning the common
/// formatter case — most lines changed (say, re-indented) — from O(N·D) into near-linear time.
private func changedLines(_ old: [ArraySlice<UInt8>], _ new: [ArraySlice<UInt8>]) -> (deleted: [Bool], inserted: [Bool]) {
    // Compare integers, not byte strings: each distinct line gets a number once.
    var ids: [ArraySlice<UInt8>: Int] = [:]
    func number(_ line: ArraySlice<UInt8>) -> Int {
        if let id = ids[line] { return id }
        let id = ids.count
        ids[line] = id
        return id
    }
    let a = old.map(number), b = new.map(number)
    var inA = [Bool](repeating: false, count: ids.count), inB = inA
    for id in a { inA[id] = true }
    for id in b { inB[id] = true }

    var deleted = a.map { !inB[$0] }
    var inserted = b.map { !inA[$0] }
    let keptA = a.indices.filter { !deleted[$0] }
    let keptB = b.indices.filter { !inserted[$0] }

    var myers = MyersDiff(a: keptA.map { a[$0] }, b: keptB.map { b[$0] })
    myers.run()
    for (index, flag) in myers.deleted.enumerated() where flag { deleted[keptA[index]] = true }
    for (index, flag) in myers.inserted.enumerated() where flag { inserted[keptB[index]] = true }
    return (deleted, inserted)
}

/// Op index ranges of each hunk: changes plus `context` equal lines either side, merged when
/// two changes are at most 2×context lines apart (their contexts would touch or overlap).
private func groupHunks(_ script: [EditOperation], context: Int) -> [ClosedRange<Int>] {
    let changes = script.indices.filter { script[$0].kind != .equal }
    guard var groupStart = changes.first else { return [] }
    var hunks: [ClosedRange<Int>] = []
    var groupEnd = groupStart
    func close() {
        hunks.append(max(0, groupStart - context)...min(script.count - 1, groupEnd + context))
    }
    for change in changes.dropFirst() {
        if change - groupEnd - 1 <= 2 * context {
            groupEnd = change
        } else {
            close()
            groupStart = change
            groupEnd = change
        }
    }
    close()
    return hunks
}

/// Myers' "An O(ND) Difference Algorithm and Its Variations" (1986), linear-space refinement:
/// find the middle snake of the shortest edit path, split there, and solve both halves. The
/// result is recorded as flags — `deleted[i]` for lines of `a`, `inserted[j]` for lines of `b`
/// — the same representation GNU diff uses, which makes building the script trivial.
///
/// Like GNU diff, a search that runs past `costLimit` edit steps gives up on minimality for
/// that sub-problem and splits at the furthest point reached, so a huge, scrambled input
/// yields a valid (if longer) diff in bounded time instead of a hang.
struct MyersDiff {
    let a: [Int]
    let b: [Int]
    let costLimit: Int
    private(set) var deleted: [Bool]
    private(set) var inserted: [Bool]

    init(a: [Int], b: [Int], costLimit: Int = 2048) {
        self.a = a
        self.b = b
        self.costLimit = max(costLimit, 1)
        deleted = Array(repeating: false, count: a.count)
        inserted = Array(repeating: false, count: b.count)
    }

    mutating func run() {
        // An explicit stack instead of recursion: pathological inputs cannot overflow it.
        var pending = [(aLow: 0, aHigh: a.count, bLow: 0, bHigh: b.count)]
        while var (aLow, aHigh, bLow, bHigh) = pending.popLast() {
            while aLow < aHigh && bLow < bHigh && a[aLow] == b[bLow] { aLow += 1; bLow += 1 }
            while aLow < aHigh && bLow < bHigh && a[aHigh - 1] == b[bHigh - 1] { aHigh -= 1; bHigh -= 1 }
            if aLow == aHigh || bLow == bHigh {
                for i in aLow..<aHigh { deleted[i] = true }
                for j in bLow..<bHigh { inserted[j] = true }
                continue
            }
            // With common ends trimmed and both sides non-empty, the middle snake lies strictly
            // inside the rectangle, so both halves are smaller and the loop terminates. The
            // corner check guards that invariant for the cost-limited split as well.
            guard let (x, y) = middleSnake(aLow, aHigh, bLow, bHigh),
                  (x, y) != (aLow, bLow), (x, y) != (aHigh, bHigh) else {
                for i in aLow..<aHigh { deleted[i] = true }
                for j in bLow..<bHigh { inserted[j] = true }
                continue
            }
            pending.append((x, aHigh, y, bHigh))
            pending.append((aLow, x, bLow, y))
        }
    }

    /// Runs the forward and reverse searches together until their furthest-reaching paths
    /// overlap; returns the absolute (x, y) where the forward path ends, or nil if the
    /// ranges share no line at all. Past `costLimit` rounds, returns the furthest point
    /// either search has reached instead.
    private func middleSnake(_ aLow: Int, _ aHigh: Int, _ bLow: Int, _ bHigh: Int) -> (Int, Int)? {
        let n = aHigh - aLow, m = bHigh - bLow
        let maxD = (n + m + 1) / 2
        let offset = maxD + 1
        // vForward[k]: furthest x on diagonal k (x - y = k) going forward from (0, 0);
        // vReverse[k]: furthest distance travelled back from (n, m) on diagonal k.
        var vForward = [Int](repeating: -1, count: 2 * maxD + 3)
        var vReverse = vForward
        vForward[offset + 1] = 0
        vReverse[offset + 1] = 0
        let delta = n - m
        // The paths meet in the forward pass when delta is odd, in the reverse pass when even.
        let forwardMeets = delta % 2 != 0
        // Diagonals that ran off the grid are skipped on later passes.
        var kForwardStart = 0, kForwardEnd = 0, kReverseStart = 0, kReverseEnd = 0

        for d in 0..<maxD {
            if d >= costLimit {
                return furthestPoint(vForward, vReverse, offset: offset, n: n, m: m)
                    .map { (aLow + $0.0, bLow + $0.1) }
            }
            var k1 = -d + kForwardStart
            while k1 <= d - kForwardEnd {
                let index = offset + k1
                var x1 = (k1 == -d || (k1 != d && vForward[index - 1] < vForward[index + 1]))
                    ? vForward[index + 1] : vForward[index - 1] + 1
                var y1 = x1 - k1
                while x1 < n && y1 < m && a[aLow + x1] == b[bLow + y1] { x1 += 1; y1 += 1 }
                vForward[index] = x1
                if x1 > n {
                    kForwardEnd += 2
                } else if y1 > m {
                    kForwardStart += 2
                } else if forwardMeets {
                    let reverseIndex = offset + delta - k1
                    if reverseIndex >= 0 && reverseIndex < vReverse.count && vReverse[reverseIndex] != -1 {
                        if x1 >= n - vReverse[reverseIndex] { return (aLow + x1, bLow + y1) }
                    }
                }
                k1 += 2
            }

            var k2 = -d + kReverseStart
            while k2 <= d - kReverseEnd {
                let index = offset + k2
                var x2 = (k2 == -d || (k2 != d && vReverse[index - 1] < vReverse[index + 1]))
                    ? vReverse[index + 1] : vReverse[index - 1] + 1
                var y2 = x2 - k2
                while x2 < n && y2 < m && a[aHigh - x2 - 1] == b[bHigh - y2 - 1] { x2 += 1; y2 += 1 }
                vReverse[index] = x2
                if x2 > n {
                    kReverseEnd += 2
                } else if y2 > m {
                    kReverseStart += 2
                } else if !forwardMeets {
                    let forwardIndex = offset + delta - k2
                    if forwardIndex >= 0 && forwardIndex < vForward.count && vForward[forwardIndex] != -1 {
                        let x1 = vForward[forwardIndex]
                        let y1 = x1 - (forwardIndex - offset)
                        if x1 >= n - x2 { return (aLow + x1, bLow + y1) }
                    }
                }
                k2 += 2
            }
        }
        return nil
    }

    /// The reached point (relative to the sub-problem) that covers the most of it: every
    /// point in either V array lies on some real edit path, so splitting there is valid.
    private func furthestPoint(_ vForward: [Int], _ vReverse: [Int], offset: Int, n: Int, m: Int) -> (Int, Int)? {
        var best: (Int, Int)? = nil
        var bestProgress = 0
        for index in vForward.indices where vForward[index] >= 0 {
            let x = vForward[index], y = x - (index - offset)
            if x <= n && y >= 0 && y <= m && x + y > bestProgress && (x, y) != (n, m) {
                best = (x, y)
                bestProgress = x + y
            }
        }
        for index in vReverse.indices where vReverse[index] >= 0 {
            let travelledX = vReverse[index], travelledY = travelledX - (index - offset)
            let x = n - travelledX, y = m - travelledY
            if x >= 0 && travelledY >= 0 && y >= 0 && travelledX + travelledY > bestProgress && (x, y) != (0, 0) {
                best = (x, y)
                bestProgress = travelledX + travelledY
            }
        }
        return best
    }
}
