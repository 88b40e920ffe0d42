// Escapes are read in one place (EscapeSequence) for the lexer's flag, the parser's TDL005
// reports and the decoded value. Over random strings built from valid escapes, invalid ones
// and plain text, all three must agree with what each piece is: the value has each valid
// escape replaced and each invalid one kept as written, TDL005 covers exactly the invalid
// ones, and the token is flagged exactly when there is one.

import XCTest
import TestSupport
@testable import TemplateFormat

final class EscapeSequenceTests: XCTestCase {
    /// A piece of a string's body: its source, its decoded value, and for an invalid escape
    /// the length of the range TDL005 reports from its start.
    struct Piece {
        let source: String
        let value: String
        let invalidLength: Int?
    }

    static let pieces: [Piece] = [
        Piece(source: "\\\"", value: "\"", invalidLength: nil),
        Piece(source: "\\\\", value: "\\", invalidLength: nil),
        Piece(source: "\\n", value: "\n", invalidLength: nil),
        Piece(source: "\\t", value: "\t", invalidLength: nil),
        Piece(source: "\\{", value: "{", invalidLength: nil),
        Piece(source: "\\u{41}", value: "A", invalidLength: nil),
        Piece(source: "\\u{0}", value: "\u{0}", invalidLength: nil),
        Piece(source: "\\u{e9}", value: "\u{E9}", invalidLength: nil),
        Piece(source: "\\u{1F600}", value: "\u{1F600}", invalidLength: nil),
        Piece(source: "\\u{10FFFF}", value: "\u{10FFFF}", invalidLength: nil),
        Piece(source: "\\q", value: "\\q", invalidLength: 2),
        Piece(source: "\\u41", value: "\\u41", invalidLength: 2),
        Piece(source: "\\u{}", value: "\\u{}", invalidLength: 4),
        Piece(source: "\\u{D800}", value: "\\u{D800}", invalidLength: 8),
        Piece(source: "\\u{110000}", value: "\\u{110000}", invalidLength: 10),
        Piece(source: "\\u{1234567}", value: "\\u{1234567}", invalidLength: 11),
        // Seven digits: invalid however small the value (the value decoders took it as `A`).
        Piece(source: "\\u{0000041}", value: "\\u{0000041}", invalidLength: 11),
        Piece(source: "\\u{123456789}", value: "\\u{123456789}", invalidLength: 11),
        Piece(source: "\\u{12 ", value: "\\u{12 ", invalidLength: 5),
        Piece(source: "abc", value: "abc", invalidLength: nil),
        Piece(source: " ", value: " ", invalidLength: nil),
        Piece(source: "u{41}", value: "u{41}", invalidLength: nil),
        Piece(source: "{{name}}", value: "{{name}}", invalidLength: nil),
        Piece(source: "\u{E9}t\u{E9}", value: "\u{E9}t\u{E9}", invalidLength: nil),
    ]

    func testLexerParserAndValueAgreeOnEveryEscape() {
        var rng = SeededRandom(seed: 0x5EED_E5C)
        for round in 0..<2_000 {
            let chosen = (0..<rng.int(0...8)).map { _ in rng.pick(Self.pieces) }
            let prefix = "s a {\n  text: \""
            let source = prefix + chosen.map(\.source).joined() + "\"\n}\n"
            let bytes = Array(source.utf8)
            var expectedRanges: [ByteRange] = []
            var offset = prefix.utf8.count
            for piece in chosen {
                if let length = piece.invalidLength { expectedRanges.append(ByteRange(start: offset, end: offset + length)) }
                offset += piece.source.utf8.count
            }
            let context = "round \(round): \(source.debugDescription)"

            guard let token = Lexer.tokenize(bytes).first(where: { $0.kind == .string }) else {
                XCTFail("no string token, \(context)")
                continue
            }
            XCTAssertEqual(token.flags.contains(.invalidEscape), !expectedRanges.isEmpty, context)
            let value = bytes.withUnsafeBufferPointer { AtomSyntax.stringValue(of: token, in: $0) }
            XCTAssertEqual(value, chosen.map(\.value).joined(), context)
            let reported = SyntaxTree.parse(bytes).diagnostics.filter { $0.code == SyntaxCode.invalidEscape.rawValue }.map(\.range)
            XCTAssertEqual(reported, expectedRanges, context)
        }
    }

    /// The reader never reads at or past `limit`, and always moves forward.
    func testReadStaysWithinItsLimit() {
        let text = Array("\\u{1F600}\\u{41\\\\".utf8)
        text.withUnsafeBufferPointer { buf in
            for k in 0..<buf.count where buf[k] == 0x5C {
                for limit in (k + 1)...buf.count {
                    let (end, _) = EscapeSequence.read(buf, at: k, limit: limit)
                    XCTAssertTrue(end > k && end <= limit, "escape at \(k), limit \(limit): end \(end)")
                }
            }
        }
    }
}
