// Lexing a large document in two halves on two threads (`Lexer.tokenizeInHalves`) against
// lexing it on one: wherever the halves are joined, the tokens, flags, flagged indices and
// line-break counts are the same, and a cut a token runs across is refused, never joined.

import XCTest
@testable import TemplateFormat
import TestSupport

final class LexingInHalvesTests: XCTestCase {
    private typealias Lexed = (tokens: [Token], lf: Int, crlf: Int, cr: Int, flagged: [Int32])

    private func lexedOnOneThread(_ input: [UInt8]) -> Lexed {
        var summary = Lexer.LexSummary()
        let tokens = input.withUnsafeBufferPointer { Lexer.tokenizeIntoBuffer($0, summary: &summary).finish() }
        return (tokens, summary.lf, summary.crlf, summary.cr, summary.flagged)
    }

    /// The halves joined at `cut`, or nil when the cut is refused.
    private func lexedInHalves(_ input: [UInt8], cut: Int) -> Lexed? {
        var summary = Lexer.LexSummary()
        let tokens = input.withUnsafeBufferPointer { buf in Lexer.tokenizeInHalves(buf, cut: cut, summary: &summary)?.finish() }
        guard let tokens else {
            XCTAssertTrue(summary.flagged.isEmpty && summary.lf == 0 && summary.crlf == 0 && summary.cr == 0, "a refused cut counted something")
            return nil
        }
        return (tokens, summary.lf, summary.crlf, summary.cr, summary.flagged)
    }

    /// Every cut of `input` (or every `stride`-th): a joined result is the one-thread result.
    /// Returns how many cuts were joined and how many were at a line start after `\n`.
    @discardableResult
    private func assertEveryCut(_ input: [UInt8], stride: Int = 1, file: StaticString = #filePath, line: UInt = #line) -> (joined: Int, lineStarts: Int) {
        let expected = lexedOnOneThread(input)
        var joined = 0, lineStarts = 0
        for cut in Swift.stride(from: 1, to: input.count, by: stride) {
            if input[cut - 1] == 0x0A { lineStarts += 1 }
            guard let halves = lexedInHalves(input, cut: cut) else { continue }
            joined += 1
            guard halves.tokens == expected.tokens else {
                let at = (0..<min(halves.tokens.count, expected.tokens.count)).first { halves.tokens[$0] != expected.tokens[$0] } ?? 0
                XCTFail("cut at \(cut): token \(at) differs in \(String(decoding: input, as: UTF8.self).debugDescription)", file: file, line: line)
                return (joined, lineStarts)
            }
            XCTAssertEqual(halves.flagged, expected.flagged, "cut at \(cut)", file: file, line: line)
            XCTAssertEqual([halves.lf, halves.crlf, halves.cr], [expected.lf, expected.crlf, expected.cr], "cut at \(cut)", file: file, line: line)
        }
        return (joined, lineStarts)
    }

    /// Short inputs of the pieces that start, end or span tokens (strings and `"""` strings
    /// over lines, block comments, CR and CRLF, escapes, bad bytes), cut everywhere.
    func testRandomInputsCutEverywhere() {
        var rng = SeededRandom(seed: 2_026_112_601)
        let pieces: [[UInt8]] = ["a", "Zz", "-", "12", ".5", "%", "#fff", ":", ",", ";", "{", "}", " ", "    ", "\t",
                                 "\n", "\n", "\r", "\r\n", "\"", "\"\"\"", "\\", "\\n", "/", "//", "/*", "*/", "@",
                                 "\u{E9}", "name: ", "}\n", "text {\n"].map { Array($0.utf8) } + [[0x00], [0xFF], [0xC3]]
        var joined = 0
        for _ in 0..<1500 {
            var input: [UInt8] = []
            for _ in 0..<rng.int(1...40) { input += rng.pick(pieces) }
            joined += assertEveryCut(input).joined
        }
        // Not a test that passes by refusing every cut.
        XCTAssertGreaterThan(joined, 1500)
    }

    /// Generated documents (every line ending, strings and comments over lines): cut at every
    /// byte; every cut just after a `\n` outside a multi-line token is joined.
    func testGeneratedDocumentsCutEverywhere() {
        let seed = SeededRandom(seed: 7_031).seed
        var joined = 0, lineStarts = 0
        for k in 0..<40 {
            let input = Array(DocumentGenerator.document(seed: seed &+ UInt64(k)).utf8)
            let counts = assertEveryCut(input, stride: input.count > 4000 ? 3 : 1)
            joined += counts.joined
            lineStarts += counts.lineStarts
        }
        XCTAssertGreaterThan(lineStarts, 0)
        // Most line starts are between tokens (not inside a `"""` string or a block comment).
        XCTAssertGreaterThan(Double(joined), 0.8 * Double(lineStarts), "\(joined) of \(lineStarts) line starts joined")
    }

    /// The parser's entry with two workers, on a document past `Lexer.bytesWorthHalves`,
    /// makes the tree one thread makes: tokens, nodes and diagnostics.
    func testALargeDocumentParsesTheSameOnTwoThreads() {
        let bytes = Array(LexingInHalvesTests.documentPastHalves(seed: SeededRandom(seed: 11).seed).utf8)
        // The halves are joined here, not lexed again on one thread.
        var summary = Lexer.LexSummary()
        let joined = bytes.withUnsafeBufferPointer { buf -> Bool in
            guard let cut = Lexer.lineStart(after: buf.count / 2, in: buf) else { return false }
            return Lexer.tokenizeInHalves(buf, cut: cut, summary: &summary) != nil
        }
        XCTAssertTrue(joined, "the cut after the middle was refused")
        LexingInHalvesTests.assertSameTree(SyntaxTree.parse(bytes, workers: 2), SyntaxTree.parse(bytes), "two workers")
    }

    /// Generated documents joined until they are past `Lexer.bytesWorthHalves`.
    static func documentPastHalves(seed: UInt64) -> String {
        var text = ""
        var k: UInt64 = 0
        while text.utf8.count < Lexer.bytesWorthHalves + 4096 {
            text += DocumentGenerator.document(seed: seed &+ k) + "\n"
            k += 1
        }
        return text
    }

    /// The same tokens, nodes and diagnostics.
    static func assertSameTree(_ tree: SyntaxTree, _ expected: SyntaxTree, _ label: String,
                               file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(Array(tree.tokens), Array(expected.tokens), label, file: file, line: line)
        XCTAssertEqual(tree.nodes.count, expected.nodes.count, label, file: file, line: line)
        let same = zip(tree.nodes, expected.nodes).allSatisfy { a, b in
            a.kind == b.kind && a.parent == b.parent && a.subtreeEnd == b.subtreeEnd && a.firstToken == b.firstToken
                && a.endToken == b.endToken && a.slotA == b.slotA && a.slotB == b.slotB
        }
        XCTAssertTrue(same, "\(label): the node lists differ", file: file, line: line)
        XCTAssertEqual(tree.diagnostics, expected.diagnostics, label, file: file, line: line)
    }

    /// `parse(_:workers:beside:)` makes the tree `parse(_:)` makes, and runs its work once,
    /// with one worker or two, on documents under and past `Lexer.bytesWorthHalves` and with
    /// syntax errors (whose second, indentation-guided pass runs beside the work too).
    func testParsingBesideOtherWorkMakesTheSameTreeAndRunsTheWorkOnce() {
        let seed = SeededRandom(seed: 12).seed
        let large = LexingInHalvesTests.documentPastHalves(seed: seed)
        let documents = [DocumentGenerator.document(seed: seed), large,
                         "template t {\n  text a {\n    text: \"open\n  }\n", "", large + "\ntemplate broken {\n  group g {\n"]
        for (d, text) in documents.enumerated() {
            let bytes = Array(text.utf8)
            let one = SyntaxTree.parse(bytes)
            for workers in [1, 2] {
                let runs = LockedCount()
                let tree = SyntaxTree.parse(bytes, workers: workers, beside: { runs.add() })
                XCTAssertEqual(runs.value, 1, "document \(d), \(workers) workers: the work ran \(runs.value) times")
                LexingInHalvesTests.assertSameTree(tree, one, "document \(d), \(workers) workers")
                XCTAssertTrue(tree.isSameParse(as: tree))
                XCTAssertFalse(tree.isSameParse(as: one), "two parses of the same bytes are equal, not the same")
            }
        }
    }
}

/// A count that work on another thread adds to.
private final class LockedCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}
