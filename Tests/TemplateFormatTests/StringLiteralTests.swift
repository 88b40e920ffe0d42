// StringLiteral writes what the tools put into source as a string: the lexer must read it
// back as one clean string token whose value is exactly what was written, and no `{{` may
// form, even where the literal's inside is joined to other text.

import XCTest
import TestSupport
@testable import TemplateFormat

final class StringLiteralTests: XCTestCase {
    /// Scalars that need care: quotes, backslashes, braces, every control block, line
    /// breaks, non-ASCII of each UTF-8 length, bidi controls, and plain letters.
    static let scalars: [Unicode.Scalar] = [
        "\"", "\\", "{", "}", "\n", "\r", "\t", "\u{0}", "\u{1}", "\u{1B}", "\u{1F}", "\u{7F}", "\u{80}", "\u{85}",
        "\u{9B}", "\u{9F}", "\u{A0}", "\u{E9}", "\u{2028}", "\u{202E}", "\u{FEFF}", "\u{1F600}", "\u{10FFFF}",
        "a", "u", "n", " ", "$",
    ]

    func testWrittenLiteralsReadBackAsTheirValue() {
        var rng = SeededRandom(seed: 0x57E1_11E7)
        for round in 0..<3_000 {
            var value = String.UnicodeScalarView()
            for _ in 0..<rng.int(0...12) {
                value.append(rng.chance(80) ? rng.pick(Self.scalars) : Unicode.Scalar(UInt8(rng.int(0x20...0x7E))))
            }
            let text = String(value)
            let literal = StringLiteral.quoted(text)
            let context = "round \(round): \(text.debugDescription) as \(literal.debugDescription)"
            let tree = SyntaxTree.parse("s a {\n  v: \(literal)\n}\n")
            XCTAssertEqual(tree.diagnostics.map(\.message), [], context)
            let strings = tree.tokens.filter { $0.kind == .string }
            XCTAssertEqual(strings.count, 1, context)
            guard let token = strings.first else { continue }
            XCTAssertEqual(tree.text(of: token), literal, context)
            let atom = AtomSyntax(tree: tree, token: token)
            XCTAssertEqual(atom.stringValue, text, context)
            // Nothing in it reads as an interpolation, and nothing controls an editor.
            XCTAssertEqual(atom.pieces.filter { if case .interpolation = $0 { return true }; if case .malformed = $0 { return true }; return false }, [], context)
            for scalar in literal.unicodeScalars {
                XCTAssertFalse(scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0), context)
            }
            // Joined to `{{p}}` on either side, the literal adds no brace of its own to it.
            let joined = SyntaxTree.parse("s a {\n  v: \"\(StringLiteral.content(text)){{p}}\(StringLiteral.content(text))\"\n}\n")
            if let t = joined.tokens.first(where: { $0.kind == .string }) {
                XCTAssertEqual(AtomSyntax(tree: joined, token: t).interpolations.map(\.name), ["p"], context)
            } else {
                XCTFail(context)
            }
        }
    }
}
