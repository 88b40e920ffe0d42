import Foundation
import XCTest
@testable import ToolSupport
import TestSupport

final class UnifiedDiffTests: XCTestCase {
    private func diff(_ old: String, _ new: String, context: Int = 3) -> String {
        unifiedDiff(old: Array(old.utf8), new: Array(new.utf8), oldLabel: "a", newLabel: "b", context: context)
    }

    func testEqualInputsGiveEmptyDiff() {
        XCTAssertEqual(diff("", ""), "")
        XCTAssertEqual(diff("a\nb\n", "a\nb\n"), "")
        XCTAssertEqual(diff("no newline", "no newline"), "")
    }

    func testSingleChange() {
        XCTAssertEqual(diff("a\nb\nc\n", "a\nB\nc\n"), "--- a\n+++ b\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n")
    }

    func testContextIsLimitedAndSingleLineRangesOmitTheCount() {
        let old = (1...10).map { "\($0)\n" }.joined()
        let new = old.replacingOccurrences(of: "10\n", with: "ten\n")
        XCTAssertEqual(diff(old, new), "--- a\n+++ b\n@@ -7,4 +7,4 @@\n 7\n 8\n 9\n-10\n+ten\n")
        XCTAssertEqual(diff(old, new, context: 0), "--- a\n+++ b\n@@ -10 +10 @@\n-10\n+ten\n")
    }

    func testEmptyOldAndEmptyNew() {
        XCTAssertEqual(diff("", "x\ny\n"), "--- a\n+++ b\n@@ -0,0 +1,2 @@\n+x\n+y\n")
        XCTAssertEqual(diff("x\ny\n", ""), "--- a\n+++ b\n@@ -1,2 +0,0 @@\n-x\n-y\n")
    }

    func testPureInsertionHeaderNamesTheLineBefore() {
        XCTAssertEqual(diff("a\nb\n", "a\nnew\nb\n", context: 0), "--- a\n+++ b\n@@ -1,0 +2 @@\n+new\n")
    }

    func testMissingFinalNewlineIsMarked() {
        XCTAssertEqual(diff("a", "a\n"), "--- a\n+++ b\n@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+a\n")
        XCTAssertEqual(diff("x\na", "y\na"), "--- a\n+++ b\n@@ -1,2 +1,2 @@\n-x\n+y\n a\n\\ No newline at end of file\n")
    }

    func testHunksMergeWhenContextsTouchAndSplitOtherwise() {
        let lines = (1...20).map { "\($0)\n" }
        func edited(_ changed: Set<Int>) -> String {
            lines.enumerated().map { changed.contains($0.offset + 1) ? "X\($0.offset + 1)\n" : $0.element }.joined()
        }
        let old = lines.joined()
        // 6 unchanged lines between changes (= 2 × context): one hunk.
        let merged = diff(old, edited([5, 12]))
        XCTAssertEqual(merged.components(separatedBy: "\n@@").count - 1 + (merged.hasPrefix("@@") ? 1 : 0), 1)
        XCTAssertTrue(merged.contains("@@ -2,14 +2,14 @@\n"), merged)
        // 7 unchanged lines between changes: two hunks.
        let split = diff(old, edited([5, 13]))
        XCTAssertTrue(split.contains("@@ -2,7 +2,7 @@\n"), split)
        XCTAssertTrue(split.contains("@@ -10,7 +10,7 @@\n"), split)
    }

    func testLinesCompareByBytesIncludingCarriageReturns() {
        XCTAssertEqual(diff("a\r\nb\n", "a\nb\n"), "--- a\n+++ b\n@@ -1,2 +1,2 @@\n-a\r\n+a\n b\n")
    }

    func testMatchesGnuDiffOnUnambiguousInput() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/diff"), "diff not installed")
        let dir = try makeTemporaryDirectory()
        let old = (1...40).map { "line \($0)\n" }.joined()
        var newLines = (1...40).map { "line \($0)\n" }
        newLines[2] = "changed 3\n"
        newLines.insert("inserted\n", at: 20)
        newLines.remove(at: 35)
        let new = newLines.joined() + "tail without newline"
        try writeFile("\(dir)/old", old)
        try writeFile("\(dir)/new", new)
        let gnu = try run("/usr/bin/diff", ["-u", "--label", "a", "--label", "b", "\(dir)/old", "\(dir)/new"])
        XCTAssertEqual(diff(old, new), gnu)
    }

    /// The real check: `patch` must turn `old` into exactly `new` using our diff, with no
    /// fuzz or offset, over hundreds of random edits (empty files and missing newlines too).
    func testPatchAppliesRandomDiffsExactly() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/patch"), "patch not installed (apt-get install patch)")
        let dir = try makeTemporaryDirectory()
        var generator = SeededRandom(seed: 0x7D1)
        let caseCount = 300
        var expected: [[UInt8]] = []
        // Four background shells: spawning patch hundreds of times dominates the run time.
        var scripts = Array(repeating: "", count: 4)
        for index in 0..<caseCount {
            let (old, new) = randomPair(&generator)
            expected.append(new)
            try writeFile("\(dir)/old\(index)", old)
            try writeFile("\(dir)/diff\(index)", unifiedDiffBytes(old: old, new: new, oldLabel: "old\(index)", newLabel: "new\(index)",
                                                               context: index % 4 == 0 ? Int(generator.next() % 5) : 3))
            scripts[index % 4] += "if [ -s diff\(index) ]; then patch --fuzz=0 --batch -o out\(index) old\(index) diff\(index) || echo FAILED \(index); else cp old\(index) out\(index); fi\n"
        }
        let script = "cd '\(dir)' || exit 1\n" + scripts.map { "(\n\($0))&\n" }.joined() + "wait\n"
        let output = try run("/bin/sh", ["-c", script])
        XCTAssertFalse(output.contains("FAILED"), output)
        XCTAssertFalse(output.contains("offset"), output)
        XCTAssertFalse(output.contains("fuzz"), output)
        for index in 0..<caseCount {
            // patch may not create an output file for an empty result.
            let result = (try? readFile("\(dir)/out\(index)")) ?? []
            XCTAssertEqual(result, expected[index], "case \(index)")
        }
    }

    /// Myers gives a shortest edit script: removed + added lines = n + m − 2·LCS.
    func testEditScriptIsMinimal() {
        var generator = SeededRandom(seed: 42)
        for _ in 0..<300 {
            let (old, new) = randomPair(&generator)
            let oldLines = lines(old), newLines = lines(new)
            let script = editScript(oldLines.map { $0[...] }, newLines.map { $0[...] })
            let edits = script.count(where: { $0.kind != .equal })
            XCTAssertEqual(edits, oldLines.count + newLines.count - 2 * lcsLength(oldLines, newLines))
            // And the script really transforms old into new.
            var rebuilt: [[UInt8]] = []
            for op in script where op.kind != .delete {
                rebuilt.append(op.kind == .equal ? oldLines[op.oldIndex] : newLines[op.newIndex])
            }
            XCTAssertEqual(rebuilt, newLines)
            for op in script where op.kind == .equal { XCTAssertEqual(oldLines[op.oldIndex], newLines[op.newIndex]) }
        }
    }

    func testLargeInputsAreFast() {
        var generator = SeededRandom(seed: 9)
        let start = Date()
        // A long file with scattered edits.
        let old = (0..<20_000).map { "line \($0) \(generator.next() % 1000)\n" }
        var new = old
        for _ in 0..<50 { new[Int(generator.next() % UInt64(new.count))] = "edited\n" }
        XCTAssertTrue(diff(old.joined(), new.joined()).hasPrefix("--- a\n+++ b\n@@"))
        // Every line changed except blank ones (a re-indented file): D = n + m, the worst case
        // for plain Myers, handled by setting aside lines that occur on one side only.
        let a = (0..<20_000).map { $0 % 3 == 0 ? "\n" : "  a\($0)\n" }.joined()
        let b = (0..<20_000).map { $0 % 3 == 0 ? "\n" : "    a\($0)\n" }.joined()
        let rewritten = diff(a, b)
        XCTAssertEqual(rewritten.components(separatedBy: "\n+    a").count - 1, 13_333)
        XCTAssertEqual(rewritten.components(separatedBy: "\n-  a").count - 1, 13_333)
        XCTAssertLessThan(Date().timeIntervalSince(start), 4)
    }

    /// Past the cost limit the split is heuristic: the script may be longer than minimal but
    /// must still turn old into new.
    func testCostLimitedSearchStillProducesAValidScript() {
        var generator = SeededRandom(seed: 5)
        var sawSuboptimal = false
        for _ in 0..<200 {
            let a = (0..<Int(generator.next() % 60)).map { _ in Int(generator.next() % 4) }
            let b = (0..<Int(generator.next() % 60)).map { _ in Int(generator.next() % 4) }
            var myers = MyersDiff(a: a, b: b, costLimit: 2)
            myers.run()
            let kept = a.indices.filter { !myers.deleted[$0] }.map { a[$0] }
            let common = b.indices.filter { !myers.inserted[$0] }.map { b[$0] }
            XCTAssertEqual(kept, common, "unchanged lines must pair up in order")
            if kept.count < lcsLength(a.map { [UInt8($0)] }, b.map { [UInt8($0)] }) { sawSuboptimal = true }
        }
        XCTAssertTrue(sawSuboptimal, "the limit should have been reached at least once")
    }

    // MARK: - Helpers

    private func randomPair(_ generator: inout SeededRandom) -> ([UInt8], [UInt8]) {
        let alphabet = ["a\n", "b\n", "c\n", "d\n", "e\n", "f\n", "a b\n", "\n", "x\r\n", "long line with words\n"]
        func randomLine() -> String { alphabet[Int(generator.next() % UInt64(alphabet.count))] }
        let count = Int(generator.next() % 25)
        var old = (0..<count).map { _ in randomLine() }
        if generator.next() % 8 == 0 { old = [] }
        var new = old
        for _ in 0..<Int(generator.next() % 6) {
            let action = generator.next() % 3
            let position = Int(generator.next() % UInt64(new.count + 1))
            switch action {
            case 0: new.insert(randomLine(), at: position)
            case 1: if position < new.count { new.remove(at: position) }
            default: if position < new.count { new[position] = randomLine() }
            }
        }
        if generator.next() % 10 == 0 { new = [] }
        var oldBytes = Array(old.joined().utf8), newBytes = Array(new.joined().utf8)
        // Drop final newlines now and then, independently on each side.
        if generator.next() % 4 == 0, oldBytes.last == 10 { oldBytes.removeLast() }
        if generator.next() % 4 == 0, newBytes.last == 10 { newBytes.removeLast() }
        return (oldBytes, newBytes)
    }

    private func lines(_ bytes: [UInt8]) -> [[UInt8]] {
        var result: [[UInt8]] = [], current: [UInt8] = []
        for byte in bytes {
            current.append(byte)
            if byte == 10 { result.append(current); current = [] }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    private func lcsLength(_ a: [[UInt8]], _ b: [[UInt8]]) -> Int {
        var previous = [Int](repeating: 0, count: b.count + 1)
        for i in 0..<a.count {
            var current = [Int](repeating: 0, count: b.count + 1)
            for j in 0..<b.count {
                current[j + 1] = a[i] == b[j] ? previous[j] + 1 : max(previous[j + 1], current[j])
            }
            previous = current
        }
        return previous[b.count]
    }

    private func run(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
