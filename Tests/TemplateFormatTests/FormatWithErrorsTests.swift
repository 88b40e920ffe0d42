// The formatter on documents with syntax errors: each code is either structural (the file
// is refused) or confined to a value, header or line (kept as written, the rest formatted).

import XCTest
@testable import TemplateFormat
import TestSupport

final class FormatWithErrorsTests: XCTestCase {
    /// One document per syntax code, with the formatted text, or nil for a structural code
    /// (refused). Every code must be here: a new code needs a decision.
    static let cases: [SyntaxCode: (input: String, formatted: String?)] = [
        .unexpectedCharacter: ("s a {\n  opacity :  .5\n      x:1\n}\n", "s a {\n  opacity: .5\n  x: 1\n}\n"),
        .invalidUTF8: ("s a {\n  text:\"caf\u{FFFD}\"  ;  x:1\n}\n", nil),  // replaced by real bytes below
        .unterminatedString: ("s a {\n  text: \"open\n  x: 1\n}\n", nil),
        .unterminatedComment: ("s a {\n  x: 1 /* open\n}\n", nil),
        .invalidEscape: ("s a {\n  text:   \"C:\\Drafts\"   \n}\n", "s a {\n  text: \"C:\\Drafts\"\n}\n"),
        .malformedNumber: ("s a {\n  grid:8.\n  at:1 2\n}\n", "s a {\n  grid: 8.\n  at: 1, 2\n}\n"),
        .malformedColor: ("s a {\n  background:  #abcdeg\n  color: #abcdef\n}\n", "s a {\n  background: #abcdeg\n  color: #ABCDEF\n}\n"),
        .unknownUnit: ("template t {\n size:   327x1\n   at: 24 64\n}\n", "template t {\n  size: 327x1\n  at: 24, 64\n}\n"),
        .missingCloseBrace: ("s a {\n  x: 1\n", nil),
        .unexpectedCloseBrace: ("s a {\n  x: 1\n}\n}\n", nil),
        .missingColon: ("s a {\n   size   1 x 2\n}\n", "s a {\n  size 1 x 2\n}\n"),
        .missingOpenBrace: ("s a {\n  text t\n  {\n    x: 1\n  }\n}\n", nil),
        .missingValue: ("s a {\n    background:\n  x:1;y:2\n}\n", "s a {\n  background:\n  x: 1\n  y: 2\n}\n"),
        .unexpectedToken: ("s   a   \"A\"  \"B\" {\n  at: 1,,2\n     @oops   here // c\n}\n",
                           "s   a   \"A\"  \"B\" {\n  at: 1,,2\n  @oops   here // c\n}\n"),
        .nestingTooDeep: (String(repeating: "a b {\n", count: 129) + String(repeating: "}\n", count: 129), nil),
        .propertyOutsideBlock: ("size :1 2\ns a {x:1}\n", "size: 1, 2\ns a {\n  x: 1\n}\n"),
        .foreignEncoding: ("", nil),  // UTF-16 bytes, below
    ]

    func input(for code: SyntaxCode) -> [UInt8] {
        if code == .invalidUTF8 { return Array("s a {\n  text:\"caf".utf8) + [0xE9] + Array("\"  ;  x:1\n}\n".utf8) }
        if code == .foreignEncoding { return [0xFF, 0xFE] + "s a {\n  x:1\n}\n".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] } }
        return FormatWithErrorsTests.cases[code].map { Array($0.input.utf8) } ?? []
    }

    func testEveryCodeIsDecidedAndEachDecisionHolds() {
        XCTAssertEqual(Set(FormatWithErrorsTests.cases.keys), Set(SyntaxCode.allCases), "a syntax code without a decision")
        for code in SyntaxCode.allCases {
            let bytes = input(for: code)
            let tree = SyntaxTree.parse(bytes)
            XCTAssertTrue(tree.diagnostics.contains { $0.code == code.rawValue }, "\(code): the example does not report \(code.rawValue)")
            var expected = FormatWithErrorsTests.cases[code]?.formatted.map { Array($0.utf8) }
            if code == .invalidUTF8 { expected = Array("s a {\n  text: \"caf".utf8) + [0xE9] + Array("\"\n  x: 1\n}\n".utf8) }
            switch Formatter.format(tree) {
            case .refused(let errors):
                XCTAssertTrue(code.isStructural, "\(code) refused: \(errors.map(\.message))")
                XCTAssertFalse(errors.isEmpty)
                XCTAssertTrue(errors.allSatisfy { SyntaxCode(rawValue: $0.code)?.isStructural == true }, "\(code): \(errors.map(\.code))")
                XCTAssertEqual(errors, tree.structuralErrors)
                XCTAssertNil(Formatter.formatRange(tree, range: ByteRange(start: 0, end: bytes.count)), "\(code): range formatting")
            case .formatted(let out):
                XCTAssertFalse(code.isStructural, "\(code) is structural but was formatted")
                XCTAssertEqual(string(out), expected.map(string), "\(code)")
                XCTAssertNil(formattingProblem(tree), "\(code)")
            }
        }
    }

    /// Found by the `format` fuzz target: a value that is only a stray character, right after
    /// the colon (TDL013 and TDL001 at once).
    func testAValueOfStrayCharactersRightAfterTheColon() {
        let input = "import \"shared.tdl\"\nstyle body { font-size: 14 }\nstyle heading {\n  style:`|\n}\n"
        XCTAssertEqual(formattedString(input), "import \"shared.tdl\"\nstyle body {\n  font-size: 14\n}\nstyle heading {\n  style: `|\n}\n")
        XCTAssertNil(formattingProblem(SyntaxTree.parse(input)))
    }

    /// Found by the `format` fuzz target: invalid UTF-8 in a block comment whose inner line
    /// ends in a blank, which the formatter removes (the error stays, on the same comment).
    func testInvalidUTF8InACommentWithTrailingBlanks() {
        let input: [UInt8] = Array("style a {\n  x: 1\n}\n/* caf".utf8) + [0xE9] + Array(" \n  more */\n".utf8)
        XCTAssertEqual(formatted(input), Array("style a {\n  x: 1\n}\n/* caf".utf8) + [0xE9] + Array("\n  more */\n".utf8))
        XCTAssertNil(formattingProblem(SyntaxTree.parse(input)))
    }

    func testTheIssueExampleIsFormatted() {
        // `size: 327x1` used to stop the formatter: now the rest is formatted around it.
        let input = "template card {\n      size: 327x1\n  text t {text: \"Hi\"}\n}\n"
        XCTAssertEqual(formattedString(input), "template card {\n  size: 327x1\n  text t {\n    text: \"Hi\"\n  }\n}\n")
    }

    /// Generated documents with one error of each formattable kind injected (bad values,
    /// dropped colons and values, stray lines, header junk, top-level properties): every one
    /// whose structure is intact formats idempotently to the same tree and errors, keeping
    /// each part with an error as written, with the default options and one other set.
    func testGeneratedDocumentsWithValueLevelErrors() {
        var rng = SeededRandom(seed: 0x5EED_0015)
        var log = FailureLog()
        var seen: [String: Int] = [:]
        var structural = 0
        let options = [FormatOptions(indent: .tabs), FormatOptions(indent: .spaces(4), lineEnding: .crlf),
                       FormatOptions(lineEnding: .cr, insertFinalNewline: false)]
        for round in 0..<1500 {
            let base = bytes(DocumentGenerator.document(seed: UInt64(40_000 + round)))
            guard var mutant = Mutator.valueLevelError(base, rng: &rng) else { continue }
            if round % 4 == 0, let again = Mutator.valueLevelError(mutant, rng: &rng) { mutant = again }
            let (problem, tree) = losslessProblem(mutant)
            log.record(problem, input: mutant, label: "round \(round)")
            guard tree.structuralErrors.isEmpty else { structural += 1; continue }
            for d in tree.diagnostics { seen[d.code, default: 0] += 1 }
            log.record(formattingProblem(tree), input: mutant, label: "round \(round)")
            log.record(formattingProblem(tree, options: options[round % options.count]), input: mutant, label: "round \(round) with options")
        }
        log.assertClean("documents with value-level errors", minimumChecked: 2000)
        for code in SyntaxCode.allCases where !code.isStructural {
            XCTAssertGreaterThan(seen[code.rawValue, default: 0], 10, "the mutations rarely produce \(code.rawValue)")
        }
        XCTAssertLessThan(structural, 300, "most mutations keep the structure sound")
    }
}
