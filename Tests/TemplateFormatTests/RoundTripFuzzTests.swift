// Round trip, invariants, idempotency and tree preservation on the examples and on
// thousands of generated and mutated inputs (seeded, so every run checks the same ones).

import Foundation
import XCTest
@testable import TemplateFormat
import TestSupport

final class RoundTripFuzzTests: XCTestCase {
    static let generatedSeeds: Range<UInt64> = 1..<1001

    func testExamplesAreFound() {
        XCTAssertGreaterThanOrEqual(Repository.examples.count, 5, "Examples/*.tdl not found at \(Repository.examplesFolder)")
        for (name, b) in Repository.examples {
            XCTAssertGreaterThan(b.count, 500, name)
        }
    }

    func testExamplesRoundTripAndFormatStably() {
        XCTAssertFalse(Repository.examples.isEmpty)
        for (name, input) in Repository.examples {
            let (problem, tree) = losslessProblem(input)
            XCTAssertNil(problem, name)
            XCTAssertEqual(tree.diagnostics.map { "\($0.code) \($0.range) \($0.message)" }, [], name)
            XCTAssertNil(formattingProblem(tree), name)
            // The examples are written in the canonical layout already.
            XCTAssertEqual(formatted(input).map(string), string(input), "\(name) is not in canonical form")
            XCTAssertFalse(tree.document.blocks.isEmpty, name)
            XCTAssertEqual(tree.document.directives.first?.keyword, "format", name)
        }
    }

    func testExamplesFormatStablyWithOtherOptions() {
        let options = [FormatOptions(indent: .tabs), FormatOptions(indent: .spaces(4), lineEnding: .crlf),
                       FormatOptions(lineEnding: .cr, insertFinalNewline: false), FormatOptions(indent: .spaces(0))]
        for (name, input) in Repository.examples {
            let tree = SyntaxTree.parse(input)
            for o in options {
                XCTAssertNil(formattingProblem(tree, options: o), "\(name) with \(o)")
            }
        }
    }

    func testGeneratedDocuments() {
        var log = FailureLog(), formatLog = FailureLog(), generatorLog = FailureLog()
        var sawFeature: [String: Int] = [:]
        for seed in RoundTripFuzzTests.generatedSeeds {
            let text = DocumentGenerator.document(seed: seed)
            let input = bytes(text)
            let tree = SyntaxTree.parse(input)
            generatorLog.record(tree.hasErrors ? "generated document has errors: \(tree.diagnostics.map { "\($0.code)@\($0.range) \($0.message)" })" : nil,
                                input: input, label: "seed \(seed)")
            checkEverything(input, label: "seed \(seed)", log: &log, formatLog: &formatLog)
            for (feature, needle) in [("crlf", "\r\n"), ("fmt-off", "tdl-fmt: off"), ("multiline", "\"\"\""),
                                      ("semicolon", ";"), ("bom", "\u{FEFF}"), ("comma-x", ", x")] where text.contains(needle) {
                sawFeature[feature, default: 0] += 1
            }
        }
        generatorLog.assertClean("generated documents parse without errors", minimumChecked: 1000)
        log.assertClean("generated: round trip", minimumChecked: 1000)
        formatLog.assertClean("generated: formatting", minimumChecked: 1000)
        // The generator really exercises the features it is meant to.
        for feature in ["crlf", "fmt-off", "multiline", "semicolon", "bom", "comma-x"] {
            XCTAssertGreaterThan(sawFeature[feature, default: 0], 20, "generator rarely produces \(feature)")
        }
    }

    func testGeneratedDocumentsWithOtherOptions() {
        var formatLog = FailureLog()
        let options = [FormatOptions(indent: .tabs, lineEnding: .crlf), FormatOptions(indent: .spaces(4), insertFinalNewline: false),
                       FormatOptions(lineEnding: .lf), FormatOptions(lineEnding: .cr)]
        for seed in UInt64(5000)..<5300 {
            let input = bytes(DocumentGenerator.document(seed: seed))
            let tree = SyntaxTree.parse(input)
            guard !tree.hasErrors else { continue }
            let o = options[Int(seed % UInt64(options.count))]
            formatLog.record(formattingProblem(tree, options: o), input: input, label: "seed \(seed) \(o)")
        }
        formatLog.assertClean("generated with options", minimumChecked: 250)
    }

    /// Canonical output keeps the layout rules that can be checked on any document.
    func testGeneratedOutputFollowsLayoutRules() {
        var log = FailureLog()
        for seed in UInt64(9000)..<9300 {
            let input = bytes(DocumentGenerator.document(seed: seed))
            guard let out = formatted(input, options: FormatOptions(lineEnding: .lf)) else { continue }
            let tree = SyntaxTree.parse(out)
            var problem: String? = nil
            let verbatim = string(input).contains("tdl-fmt: off")
            if out.first == 0x0A { problem = "blank line at the start" }
            let onlyBOM = out == [0xEF, 0xBB, 0xBF]  // an empty document keeps its BOM and nothing else
            if !out.isEmpty && !onlyBOM && (out.last != 0x0A || (out.count >= 2 && out[out.count - 2] == 0x0A)) {
                problem = problem ?? "does not end with exactly one line break"
            }
            if !verbatim {
                // Verbatim regions keep their own line breaks; everything else uses the option.
                if tree.tokens.contains(where: { $0.kind == .newline && ($0.range.length != 1 || out[$0.start] != 0x0A) }) {
                    problem = problem ?? "a line break other than LF in LF output"
                }
                if tree.tokens.contains(where: { $0.kind == .semicolon }) { problem = problem ?? "`;` separator kept" }
                // No line ends in a blank, block comment lines included; only a `"""`
                // string (a value) keeps its own.
                for i in out.indices where i > 0 && out[i] == 0x0A && (out[i - 1] == 0x20 || out[i - 1] == 0x09) {
                    let owner = tree.tokenIndex(at: i - 1)
                    let inString = owner < tree.tokens.count && tree.tokens[owner].kind == .multilineString
                        && tree.tokens[owner].start <= i - 1
                    if !inString { problem = problem ?? "trailing whitespace before offset \(i)" }
                }
                // Values: ` x ` between the numbers of a size, `, ` between other numbers.
                let toks = tree.tokens.filter { $0.kind != .blockComment }
                for i in toks.indices.dropFirst().dropLast() where toks[i].kind == .identifier && tree.text(of: toks[i]) == "x" {
                    let before = toks[i - 1], after = toks[i + 1]
                    let commaBefore = before.kind == .comma && i >= 2 && toks[i - 2].kind == .number
                    let commaAfter = after.kind == .comma && i + 2 < toks.count && toks[i + 2].kind == .number
                    if (before.kind == .number || commaBefore) && (after.kind == .number || commaAfter) {
                        if commaBefore || commaAfter || tree.text(of: ByteRange(start: before.end, end: after.start)) != " x " {
                            problem = problem ?? "size not written `W x H` at \(toks[i].start)"
                        }
                    }
                }
                for i in toks.indices.dropFirst() where toks[i].kind == .number && toks[i - 1].kind == .number {
                    problem = problem ?? "two numbers without a comma at \(toks[i].start)"
                }
                if string(out).contains("\n\n\n") { problem = problem ?? "two blank lines in a row" }
                if string(out).contains("{\n\n") { problem = problem ?? "blank line after `{`" }
                if out.starts(with: [0x0A]) || string(out).range(of: "\n\n *\\}", options: .regularExpression) != nil {
                    problem = problem ?? "blank line before `}`"
                }
            }
            log.record(problem, input: input, label: "seed \(seed)")
        }
        log.assertClean("layout rules", minimumChecked: 250)
    }

    func testTruncationsAtEveryNthByte() {
        var log = FailureLog(), formatLog = FailureLog()
        let step = 9
        for (name, input) in Repository.examples {
            for cut in stride(from: 0, through: input.count, by: step) {
                checkEverything(Array(input[0..<cut]), label: "\(name)[..<\(cut)]", log: &log, formatLog: &formatLog)
            }
        }
        for seed in UInt64(100)..<115 {
            let input = bytes(DocumentGenerator.document(seed: seed))
            for cut in stride(from: 1, to: input.count, by: 4) {
                checkEverything(Array(input[0..<cut]), label: "seed \(seed)[..<\(cut)]", log: &log, formatLog: &formatLog)
            }
        }
        log.assertClean("truncations: round trip", minimumChecked: 1000)
        formatLog.assertClean("truncations: formatting")
    }

    func testRandomByteFlips() {
        var rng = SeededRandom(seed: 0xF11F)
        var log = FailureLog(), formatLog = FailureLog()
        var sawCodes: Set<String> = []
        for round in 0..<1000 {
            let base: [UInt8]
            if round % 3 == 0, !Repository.examples.isEmpty {
                base = Repository.examples[round % Repository.examples.count].bytes
            } else {
                base = bytes(DocumentGenerator.document(seed: UInt64(20_000 + round)))
            }
            let mutant = Mutator.flipBytes(base, rng: &rng)
            checkEverything(mutant, label: "flip round \(round)", log: &log, formatLog: &formatLog)
            sawCodes.formUnion(codes(SyntaxTree.parse(mutant)))
        }
        log.assertClean("byte flips: round trip", minimumChecked: 1000)
        formatLog.assertClean("byte flips: formatting")
        for code in ["TDL001", "TDL002", "TDL003", "TDL009", "TDL010"] {
            XCTAssertTrue(sawCodes.contains(code), "byte flips never produced \(code)")
        }
    }

    func testDeletedBracesAndQuotes() {
        var rng = SeededRandom(seed: 0xB7ACE)
        var log = FailureLog(), formatLog = FailureLog()
        for round in 0..<400 {
            let base = round % 2 == 0 && !Repository.examples.isEmpty
                ? Repository.examples[round % Repository.examples.count].bytes
                : bytes(DocumentGenerator.document(seed: UInt64(30_000 + round)))
            guard var mutant = Mutator.deleteDelimiter(base, rng: &rng) else { continue }
            if round % 5 == 0, let again = Mutator.deleteDelimiter(mutant, rng: &rng) { mutant = again }
            checkEverything(mutant, label: "delimiter round \(round)", log: &log, formatLog: &formatLog)
        }
        log.assertClean("deleted delimiters: round trip", minimumChecked: 350)
        formatLog.assertClean("deleted delimiters: formatting")
    }

    /// Deletes each token of each example in turn.
    func testDeletingEachTokenOfEachExample() {
        var log = FailureLog(), formatLog = FailureLog()
        var clean = 0
        for (name, input) in Repository.examples {
            let tree = SyntaxTree.parse(input)
            for index in tree.tokens.indices {
                let mutant = Mutator.deletingToken(index, of: tree)
                if checkEverything(mutant, label: "\(name) without token \(index)", log: &log, formatLog: &formatLog) { clean += 1 }
            }
        }
        log.assertClean("token deletion: round trip", minimumChecked: 1500)
        formatLog.assertClean("token deletion: formatting", minimumChecked: 100)
        XCTAssertGreaterThan(clean, 100)
    }

    // MARK: Deep nesting

    func testHundredThousandNestedBlocksOnOneLine() {
        let input = bytes(String(repeating: "a b {", count: 100_000))
        let tree = SyntaxTree.parse(input)
        XCTAssertTrue(tree.printed() == input, "round trip")
        XCTAssertNil(tree.verifyInvariants())
        let deep = tree.diagnostics(.nestingTooDeep)
        XCTAssertEqual(deep.count, 1)
        // The 129th block is the first one too deep.
        XCTAssertEqual(deep.first?.range, ByteRange(start: 128 * 5, end: 129 * 5))
        // The 128 real blocks are all unclosed; the deeper rest is one error node.
        XCTAssertEqual(tree.diagnostics(.missingCloseBrace).count, 128)
        XCTAssertEqual(tree.document.blocks.count, 1)
        guard case .refused = Formatter.format(tree) else { return XCTFail("formatted a tree with errors") }
    }

    func testTwentyThousandNestedBlocksBalanced() {
        let n = 20_000
        var text = ""
        text.reserveCapacity(n * 8)
        for _ in 0..<n { text += "a b {\n" }
        for _ in 0..<n { text += "}\n" }
        let input = bytes(text)
        let tree = SyntaxTree.parse(input)
        XCTAssertTrue(tree.printed() == input, "round trip")
        XCTAssertNil(tree.verifyInvariants())
        XCTAssertEqual(codes(tree), ["TDL015"])
        XCTAssertEqual(tree.diagnostics.first?.range, ByteRange(start: 128 * 6, end: 128 * 6 + 5))
        // 128 levels of real blocks remain in the tree.
        var depth = 0
        var block = tree.document.blocks.first
        while let b = block { depth += 1; block = b.blocks.first }
        XCTAssertEqual(depth, 128)
    }

    func testManyUnclosedBlocksOnSeparateLines() {
        // Unindented bodies are not closed by indentation, so the blocks nest until the
        // depth limit; the rest is one error node. Linear, no recursion, lossless.
        let input = bytes(String(repeating: "a b {\n", count: 30_000))
        let tree = SyntaxTree.parse(input)
        XCTAssertTrue(tree.printed() == input, "round trip")
        XCTAssertNil(tree.verifyInvariants())
        XCTAssertEqual(tree.diagnostics(.nestingTooDeep).count, 1)
        XCTAssertEqual(tree.diagnostics(.missingCloseBrace).count, 128)
        XCTAssertEqual(tree.document.blocks.count, 1)
    }

    func testManyUnclosedIndentedBlocksAreSiblings() {
        // Indented bodies: each header at the outer indentation closes the previous block.
        let input = bytes(String(repeating: "a b {\n  k: 1\n", count: 30_000))
        let tree = SyntaxTree.parse(input)
        XCTAssertTrue(tree.printed() == input, "round trip")
        XCTAssertNil(tree.verifyInvariants())
        XCTAssertEqual(tree.diagnostics(.missingCloseBrace).count, 30_000)
        XCTAssertEqual(tree.document.blocks.count, 30_000)
    }

    /// Inputs that made earlier versions quadratic (one very long line, many unterminated
    /// tokens, many stray braces) parse and format in time linear in their size; a generous
    /// bound still catches a return to quadratic time (minutes at these sizes).
    func testPathologicalInputsTakeLinearTime() {
        let cases: [(String, String)] = [
            ("closed blocks on one line", String(repeating: "a b {} ", count: 10_000)),
            ("properties on one line", "s a { " + String(repeating: "k: 1; ", count: 10_000) + "}"),
            ("block comments in one value", "s a {\n  k: 1 " + String(repeating: "/* c */ ", count: 10_000) + "\n}\n"),
            ("unterminated strings", String(repeating: "a: \"x\n", count: 10_000)),
            ("unterminated comments", String(repeating: "/* x\n", count: 10_000)),
            ("unterminated triple quotes", "s a {\n" + String(repeating: "t: \"\"\"x\n", count: 10_001) + "}\n"),
            ("stray close braces", String(repeating: "}", count: 25_000)),
            ("open braces", String(repeating: "{", count: 25_000)),
            ("indentation recovery on a long line", "s a {\n  t b {\n" + String(repeating: "  x y {} ", count: 10_000) + "\n"),
            ("keys without colons", "s a {\n" + String(repeating: "k ", count: 25_000) + "\n}\n"),
        ]
        for (name, text) in cases {
            let input = bytes(text)
            let start = Date()
            let tree = SyntaxTree.parse(input)
            _ = Formatter.format(tree)
            let seconds = Date().timeIntervalSince(start)
            XCTAssertLessThan(seconds, 4, "\(name): \(input.count) bytes took \(seconds) s")
            XCTAssertTrue(tree.printed() == input, name)
            XCTAssertNil(tree.verifyInvariants(), name)
        }
    }

    func testNestingLimitIsExactly128() {
        func nested(_ levels: Int) -> String {
            var s = ""
            for i in 0..<levels { s += String(repeating: "  ", count: i) + "k n\(i) {\n" }
            s += String(repeating: "  ", count: levels) + "p: 1\n"
            for i in stride(from: levels - 1, through: 0, by: -1) { s += String(repeating: "  ", count: i) + "}\n" }
            return s
        }
        let ok = nested(128)
        let okTree = SyntaxTree.parse(ok)
        XCTAssertEqual(codes(okTree), [])
        XCTAssertEqual(formattedString(ok), ok, "128 levels are canonical already")

        let deep = nested(129)
        let tree = SyntaxTree.parse(deep)
        XCTAssertEqual(codes(tree), ["TDL015"])
        XCTAssertEqual(tree.diagnostics.first?.range, range(of: "k n128 {", in: deep))
        XCTAssertTrue(tree.printed() == bytes(deep))
        XCTAssertNil(tree.verifyInvariants())
    }
}
