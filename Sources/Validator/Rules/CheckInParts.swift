import Basics
import TemplateFormat

/// A large document checked in parts on several threads: its top-level blocks split into
/// runs of about equal size, each checked by a copy of the checker as it stood before the
/// first block, with the document-wide rules as one more item beside them; the findings are
/// then taken in that order: the document-wide rules', then each part's.
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

    /// Parts per worker. Blocks differ in how much there is to check in them, so equal byte
    /// counts are not equal work: with several parts per worker, each taking the next part
    /// when it is done (`parallelMap`), the workers end about together. More parts cost more:
    /// each part looks up the files its URLs name (TDL313) on its own. On the 10 MB corpus,
    /// two parts per worker ran as fast as four with 3% fewer instructions.
    static let partsPerWorker = 2

    /// The number of parts `workers` threads check a document of `blocks` in: one when
    /// `workers` is 1 or the document is smaller than `minimumBytes`; never so many that
    /// a part has fewer than two blocks.
    static func partCount(of blocks: [BlockSyntax], workers: Int, minimumBytes: Int = bytesWorthParts) -> Int {
        guard workers > 1, let first = blocks.first, let last = blocks.last,
              last.range.end - first.range.start >= minimumBytes else { return 1 }
        let count = min(workers * partsPerWorker, blocks.count / 2)
        return count >= 2 ? count : 1
    }

    /// `blocks` cut into `count` runs (index ranges) of about equal byte counts, none empty;
    /// one run when there are fewer than two blocks a part.
    static func parts(of blocks: [BlockSyntax], count: Int) -> [Range<Int>] {
        guard count > 1, blocks.count >= 2 * count, let first = blocks.first, let last = blocks.last else {
            return [blocks.indices]
        }
        let total = last.range.end - first.range.start
        var parts: [Range<Int>] = []
        var start = 0
        for k in 1..<count {
            let goal = first.range.start + total * k / count
            var end = start + 1
            while end < blocks.count - (count - k) && blocks[end].range.start < goal { end += 1 }
            parts.append(start..<end)
            start = end
        }
        parts.append(start..<blocks.count)
        return parts
    }

    /// The top-level blocks and the parts to check them in on `workers` threads; nil when
    /// the document is checked in one run (with a validation cache, one worker, or under
    /// `minimumPartBytes`).
    func partsOnThreads(_ document: DocumentSyntax) -> (blocks: [BlockSyntax], parts: [Range<Int>])? {
        guard cache == nil, workers > 1 else { return nil }
        let blocks = document.blocks
        let parts = Checker.parts(of: blocks, count: Checker.partCount(of: blocks, workers: workers, minimumBytes: minimumPartBytes))
        return parts.count > 1 ? (blocks, parts) : nil
    }

    /// Checks the parts of `blocks` on `workers` threads, and the document-wide rules
    /// (`checkDocumentWide`) as one more item, then takes in what each found: the
    /// document-wide findings first, as when they were found before the blocks.
    mutating func checkInParts(_ blocks: [BlockSyntax], _ parts: [Range<Int>], document: DocumentSyntax) {
        // A copy of the checker per item. Each thread reads the shared context (a class of
        // constants) and the raw view, which stays valid until `Validator.validate`'s
        // `withRawView` returns, after every item has finished; each writes only its copy.
        let start = Shared(self)
        // The document-wide item is last: small, it is taken by the thread that is free first.
        let documentWide = parts.count
        var found = parallelMap(Array(0...parts.count), workers: workers) { i -> Shared<(Findings, Set<String>)> in
            var part = start.value
            part.findings = Findings()
            part.meantStyles = []
            if i == documentWide {
                part.checkDocumentWide(document)
            } else {
                for block in blocks[parts[i]] { part.checkTopLevel(block) }
                part.checkLocalFiles()
            }
            return Shared((part.findings, part.meantStyles))
        }
        var lists: [[Diagnostic]] = [found[documentWide].value.0.diagnostics]
        for result in found[..<documentWide] {
            lists.append(result.value.0.diagnostics)
            if !result.value.1.isEmpty { meantStyles.formUnion(result.value.1) }
        }
        // The lists alone hold the items' findings now, so they are moved rather than copied.
        found = []
        findings.takeOver(&lists)
    }
}

/// A value handed to another thread as it is: the checker and its findings, which hold no
/// state shared with other threads except through constants (see `checkInParts`).
private struct Shared<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
