// The parser's fast path for plain `key: value` lines must build exactly what the general
// path builds: same nodes (kinds, parents, token spans, subtree ends, slots), same
// diagnostics, same decision about the indentation-guided second pass.

import Foundation
import XCTest
@testable import TemplateFormat
import TestSupport

final class ParserFastPathTests: XCTestCase {
    func assertPathsAgree(_ input: [UInt8], _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        let fast = ParseOutcome(input, fastPaths: true)
        let general = ParseOutcome(input, fastPaths: false)
        XCTAssertEqual(fast, general, label, file: file, line: line)
    }

    static let tricky: [String] = [
        "t {\n  k: v\n}\n",
        "t {\n  k: a, b, 1 x 2, #fff, \"s\", 12px\n}\n",
        "t { k: 1; m: 2 }",
        "t { k: 1;}",
        "t {\n  k: a ; ;\n}\n",
        "t {\n  k: a;\n  m: b;\n}\n",
        "t {\n  k: a,\n}\n",
        "t {\n  k: ,a\n}\n",
        "t {\n  k: a,,b\n}\n",
        "t {\n  k: a, ;\n}\n",
        "t {\n  k:\n}\n",
        "t {\n  k:;\n}\n",
        "t {\n  k: }",
        "t {\n  k: a // trailing\n}\n",
        "t {\n  k: a // trailing",
        "t {\n  k: a, // trailing\n}\n",
        "t {\n  k: a // trailing\n  ;\n}\n",
        "t {\n  k: a // one\n  // two\n  m: b //\n}\n",
        "t {\n  k: a /// doc\n}\n",
        "t {\n  k: a /* c */\n}\n",
        "t {\n  k: a /* c */ ;\n}\n",
        "t {\n  k: a /* c */ b\n}\n",
        "t {\n  k /* c */: a\n}\n",
        "t {\n  k: /* c */ a\n}\n",
        "t {\n  k: a\n  // own line\n  m: b\n}\n",
        "t {\n  k: a {\n  }\n}\n",
        "t {\n  k: a { m: b }\n}\n",
        "t {\n  k: a }",
        "t {\n  k: a",
        "t {\n  k:",
        "t {\n  k",
        "t {\n  k: a : b\n}\n",
        "t {\n  k: a @ b\n}\n",
        "t {\n  k: a @\n}\n",
        "t {\n  k: \"unterminated\n}\n",
        "t {\n  k: \"\"\"\n  multi\n  \"\"\"\n}\n",
        "t {\n  k: a\r\n  m: b\r\n}\r\n",
        "t {\r  k: a\r}\r",
        "\u{FEFF}t {\n  k: a\n}\n",
        "t {\n  k: 1.2.3, #12, 5qx\n}\n",
        "k: v\n",
        "k: v; m: w\n",
        ";\nt {\n  ;\n  k: v\n}\n",
        "t {\n  k: a\n  x y {\n",
        "a {\n  b {\n    k: v\n  c: d\n}\n",
        "a {\n  b {\n    k: v\n  }\n  c: d\n",
        "a {\nk: v\n  b {\n    m: w\n}\n",
        "t {\n  k: a\n  m b\n}\n",
        "t {\n  k: a\n  m\n  {\n  }\n}\n",
        "t {\n  format: 1\n  import: \"x\"\n}\n",
        "t {\n  k: a\n}\n}\n}\n",
        "{\n  k: a\n}\n",
        "t {\n  k: a, \n  b\n}\n",
        String(repeating: "b {\n", count: 140) + "  k: v\n" + String(repeating: "}\n", count: 140),
        String(repeating: "b {\n", count: 140) + "  k: v\n",
    ]

    func testFastAndGeneralPathsAgreeOnTrickyInputs() {
        for text in ParserFastPathTests.tricky {
            assertPathsAgree(bytes(text), text.debugDescription)
        }
    }

    func testFastAndGeneralPathsAgreeOnGeneratedAndMutatedDocuments() {
        var rng = SeededRandom(seed: 7)
        for seed in UInt64(1)..<201 {
            let input = bytes(DocumentGenerator.document(seed: seed))
            assertPathsAgree(input, "seed \(seed)")
            for round in 0..<5 {
                assertPathsAgree(Mutator.flipBytes(input, rng: &rng), "seed \(seed), flipped bytes \(round)")
                if let cut = Mutator.deleteDelimiter(input, rng: &rng) {
                    assertPathsAgree(cut, "seed \(seed), deleted delimiter \(round)")
                }
            }
        }
    }
}
