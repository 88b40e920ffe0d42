// The first pass's `plainMembers` reads runs of plain properties, plain block headers and
// closing braces with the parser's state in locals; the indentation-guided pass takes one
// such member at a time (`plainMember`). Both must build exactly what the general path
// builds: same nodes, same diagnostics, same decision about the second pass.

import Foundation
import XCTest
@testable import TemplateFormat
import TestSupport

final class ParserPlainMembersTests: XCTestCase {
    func assertPathsAgree(_ text: String, _ label: String? = nil, file: StaticString = #filePath, line: UInt = #line) {
        let input = Array(text.utf8)
        let fast = ParseOutcome(input, fastPaths: true)
        XCTAssertEqual(fast, ParseOutcome(input, fastPaths: false), label ?? text.debugDescription, file: file, line: line)
        XCTAssertNil(SyntaxTree.parse(input).verifyInvariants(), label ?? text.debugDescription, file: file, line: line)
    }

    static let headers: [String] = [
        "a {}", "a b {}", "a \"T\" {}", "a b \"T\" {}", "a \"\"\"\nT\n\"\"\" {}", "a b \"\"\"\nT\n\"\"\" {}",
        "a b c {}", "a \"T\" b {}", "a b \"T\" \"U\" {}", "a 1 {}", "a b, {}", "a /* c */ b {}",
        "a b /* c */ {}", "a b // c\n{}", "a b\n{}", "a\n{}", "a b \"unterminated\n{}", "a: {}", "a b: {}",
    ]

    func testBlockHeadersAtEveryDepth() {
        for header in ParserPlainMembersTests.headers {
            assertPathsAgree(header + "\n")
            assertPathsAgree("t {\n  " + header + "\n}\n")
            assertPathsAgree("t {\n  k: v\n  " + header + "\n  m: w\n}\n")
            assertPathsAgree("t { u { " + header + " } }")
            assertPathsAgree("t {\n  u {\n    " + header + "\n")  // left open: the second pass
        }
    }

    static let tricky: [String] = [
        "a { k: v } b { m: w }",
        "a{k:v}b{m:w}",
        "a {\n  k: v\n}\nk: v\n",
        "a { k: v } m: w",
        "a { k: v };\n",
        "a { b { } ; } ;",
        "a {\n  b {\n  }\n}\n}\n",
        "}\na {}\n",
        "a {}\n}\nb {}\n",
        "a { k: v b { } }",
        "a {\n  k: v, { }\n}\n",
        "a {\n  k: v {\n    m: w\n  }\n}\n",
        "a { // c\n  k: v /* x */\n  /// doc\n  m: w // y\n}\n",
        "/// doc\na {\n}\n// end\n",
        "\u{FEFF}a { k: v }",
        "a {\n  ;;\n  k: v;;\n  ;\n}\n;\n",
        "a { k: v; m: w; } b { }",
        "a {\n  k: v\n  m\n  n: w\n}\n",
        "a {\n  k: v\n  {\n    m: w\n  }\n}\n",
        "a {\n  b {\n    k: v\n  c {\n    m: w\n  }\n}\n",
        "a {\n  b {\n    k: v\n}\nc {\n  m: w\n}\n",
        "a {\n  k: v\n  b {\n    m: w\n",
        "a {\n\tk: v\n\tb {\n\t\tm: w\n\t}\n",
        "a {\r\n  k: v\r\n  b {\r\n  }\r\n}\r\n",
        "format: 1\na { k: v }",
        "a { format: 1\n import: x }",
        String(repeating: "b {\n", count: 127) + "k: v\n" + String(repeating: "}\n", count: 127),
        String(repeating: "b {\n", count: 128) + "k: v\n" + String(repeating: "}\n", count: 128),
        String(repeating: "b {\n", count: 129) + "k: v\n" + String(repeating: "}\n", count: 129),
        String(repeating: "b c \"T\" { k: v\n", count: 130) + String(repeating: "}", count: 130),
        String(repeating: "b {\n", count: 129) + "k: v\n" + String(repeating: "}\n", count: 100),
        String(repeating: "b {\n k: v\n}\n", count: 200),
    ]

    func testFastAndGeneralPathsAgreeOnTrickyInputs() {
        for text in ParserPlainMembersTests.tricky { assertPathsAgree(text) }
    }

    /// Random sequences of the tokens the fast paths look at, with the trivia between them.
    func testFastAndGeneralPathsAgreeOnRandomTokenSequences() {
        let pieces = ["a", "b", "key", ":", ":", "{", "{", "}", "}", ";", ",", "\n", "\n", "\n",
                      "\"s\"", "\"\"\"\nm\n\"\"\"", "1", "#fff", "// c\n", "/// d\n", "/* c */", "@", "  ", "\t",
                      // Whole members, so that runs of plain ones are common.
                      "k: v\n", "k: v\n", "k: 1, \"s\";", "k: v // c\n", "b {\n", "b {\n", "b c \"T\" {", "}\n", "}\n"]
        var rng = SeededRandom(seed: 11)
        for round in 0..<3000 {
            var text = ""
            for _ in 0..<rng.int(1...40) {
                text += rng.pick(pieces)
                if rng.chance(60) { text += " " }
            }
            assertPathsAgree(text, "round \(round): \(text.debugDescription)")
        }
    }
}
