import Basics
import TemplateFormat

/// A large document checked in parts, one thread each: its top-level blocks split into runs
/// of about equal size, each checked by a copy of the checker as it stood before the first
/// block, its findings then appended in the order of the parts.
///
/// This gives what checking the blocks in one run gives, because what a block's checks find
/// never depends on the blocks checked before it: the validation cache (`ValidationCache`),
/// which checks only some of the sets, relies on the same fact, and `CheckInPartsTests`
/// holds the two ways to each other. The sort by position that follows puts the findings
/// in their place; equal positions keep their order, since each block is in one part.
extension Checker {
    /// Below this, a document is checked in one run: starting threads would cost more than
    /// they save.
    static let bytesWorthParts = 256 * 1024

    /// The blocks of each part (index ranges of `blocks`), split at about equal byte counts:
    /// one part when `workers` is 1 or the document is smaller than `minimumBytes`.
    static func parts(of blocks: [BlockSyntax], workers: Int, minimumBytes: Int = bytesWorthParts) -> [Range<Int>] {
        guard workers > 1, blocks.count >= 2 * workers, let first = blocks.first, let last = blocks.last else {
            return [blocks.indices]
        }
        let total = last.range.end - first.range.start
        guard total >= minimumBytes else { return [blocks.indices] }
        var parts: [Range<Int>] = []
        var start = 0
        for k in 1..<workers {
            let goal = first.range.start + total * k / workers
            var end = start + 1
            while end < blocks.count - (workers - k) && blocks[end].range.start < goal { end += 1 }
            parts.append(start..<end)
            start = end
        }
        parts.append(start..<blocks.count)
        return parts
    }

    /// Checks each part of `blocks` on its own thread, then takes in what each found.
    mutating func checkInParts(_ blocks: [BlockSyntax], _ parts: [Range<Int>]) {
        // A copy of the checker per part. Each thread reads the shared context (a class of
        // constants) and the raw view, which stays valid until `Validator.validate`'s
        // `withRawView` returns, after every part has finished; each writes only its copy.
        let start = Shared(self)
        let found = parallelMap(Array(parts.indices), workers: parts.count) { i -> Shared<(Findings, Set<String>)> in
            var part = start.value
            part.findings = Findings()
            part.meantStyles = []
            for block in blocks[parts[i]] { part.checkTopLevel(block) }
            part.checkLocalFiles()
            return Shared((part.findings, part.meantStyles))
        }
        for result in found {
            findings.diagnostics.append(contentsOf: result.value.0.diagnostics)
            if !result.value.1.isEmpty { meantStyles.formUnion(result.value.1) }
        }
    }
}

/// A value handed to another thread as it is: the checker and its findings, which hold no
/// state shared with other threads except through constants (see `checkInParts`).
private struct Shared<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
