// Every reader of strings reads them through StringPieces: the pieces must tile the body,
// each be what its kind says, and interpolations must follow docs/LANGUAGE.md (an identifier
// directly between the braces). Random bodies are built from the fragments that matter:
// braces, spaces, escapes valid and not, names and not-names, non-ASCII.

import XCTest
import TestSupport
@testable import TemplateFormat

final class StringPiecesTests: XCTestCase {
    static let fragments = [
        "{", "{", "{{", "}", "}}", " ", "  ", "\\", "\\{", "\\\\", "\\n", "\\u{41}", "\\u{", "\\q", "\\u",
        "user", "a", "trial-days", "_x", "9", "-", ".", "\t", "\u{E9}", "\u{1F600}", "\"", "\n", "{{user}}", "{{ user }}",
    ]

    func testPiecesTileTheBodyAndAreWhatTheySay() {
        var rng = SeededRandom(seed: 0x5717_9A1E)
        for round in 0..<3_000 {
            let body = (0..<rng.int(0...12)).map { _ in rng.pick(Self.fragments) }.joined()
            let prefix = rng.int(0...3)
            let bytes = Array(repeating: UInt8(0x78), count: prefix) + Array(body.utf8) + [0x22]
            let range = ByteRange(start: prefix, end: bytes.count - 1)
            let context = "round \(round): \(body.debugDescription)"
            let pieces = StringPieces.pieces(of: bytes, in: range)
            var at = range.start
            for piece in pieces {
                let r = piece.range
                XCTAssertEqual(r.start, at, context)
                XCTAssertFalse(r.isEmpty, context)
                at = r.end
                let text = Array(bytes[r.start..<r.end])
                switch piece {
                case .text:
                    for k in r.start..<r.end {
                        XCTAssertNotEqual(bytes[k], 0x5C, context)
                        XCTAssertFalse(bytes[k] == 0x7B && k + 1 < range.end && bytes[k + 1] == 0x7B, "a `{{` starts in text, \(context)")
                    }
                case .escape(_, let scalar):
                    let (end, read) = bytes.withUnsafeBufferPointer { EscapeSequence.read($0, at: r.start, limit: range.end) }
                    XCTAssertEqual(end, r.end, context)
                    XCTAssertEqual(read, scalar, context)
                case .invalidEscape:
                    XCTAssertEqual(text, [0x5C], context)
                    XCTAssertNil(bytes.withUnsafeBufferPointer { EscapeSequence.read($0, at: r.start, limit: range.end).scalar }, context)
                case .interpolation(_, let name):
                    XCTAssertEqual(name.start, r.start + 2, context)
                    XCTAssertEqual(name.end, r.end - 2, context)
                    XCTAssertEqual(Array(text.prefix(2)) + Array(text.suffix(2)), Array("{{}}".utf8), context)
                    XCTAssertTrue(Identifier.isValid(String(decoding: bytes[name.start..<name.end], as: UTF8.self)), context)
                case .malformed(_, let m):
                    XCTAssertEqual(m.reported.start, r.start, context)
                    XCTAssertEqual(Array(bytes[m.reported.start..<m.reported.start + 2]), [0x7B, 0x7B], context)
                    switch m.form {
                    case .unclosed:
                        XCTAssertEqual(m.reported.length, 2, context)
                        XCTAssertTrue(r.length == 2 || (r.length == 1 && bytes[r.start + 2] == 0x7B), context)
                    case .spaced, .notAName:
                        XCTAssertEqual(r, m.reported, context)
                        XCTAssertEqual(Array(text.suffix(2)), [0x7D, 0x7D], context)
                        let inside = String(decoding: text.dropFirst(2).dropLast(2), as: UTF8.self)
                        let trimmed = inside.trimmingCharacters(in: .init(charactersIn: " "))
                        XCTAssertFalse(inside.contains("\\") || inside.contains("{") || inside.contains("\n"), context)
                        if m.form == .spaced {
                            XCTAssertNotEqual(trimmed, inside, context)
                            XCTAssertTrue(Identifier.isValid(trimmed), context)
                            XCTAssertEqual(m.meant.map { String(decoding: bytes[$0.start..<$0.end], as: UTF8.self) }, trimmed, context)
                        } else {
                            XCTAssertFalse(Identifier.isValid(trimmed) && !trimmed.contains(" "), context)
                        }
                    }
                }
            }
            XCTAssertEqual(at, range.end, context)
        }
    }

    /// The cases docs/LANGUAGE.md and TDL122's explanation name.
    func testInterpolationRules() {
        func kinds(_ body: String) -> [String] {
            let bytes = Array(body.utf8)
            return StringPieces.pieces(of: bytes, in: ByteRange(start: 0, end: bytes.count)).map { piece in
                let text = String(decoding: bytes[piece.range.start..<piece.range.end], as: UTF8.self)
                switch piece {
                case .text: return "text \(text)"
                case .escape: return "escape \(text)"
                case .invalidEscape: return "invalid \(text)"
                case .interpolation: return "name \(text)"
                case .malformed(_, let m): return "\(m.form) \(text)"
                }
            }
        }
        XCTAssertEqual(kinds("Hi {{user}}!"), ["text Hi ", "name {{user}}", "text !"])
        XCTAssertEqual(kinds("{{ user }}"), ["spaced {{ user }}"])
        XCTAssertEqual(kinds("{{user}"), ["unclosed {{", "text user}"])
        XCTAssertEqual(kinds("{{a.b}}{{}}"), ["notAName {{a.b}}", "notAName {{}}"])
        XCTAssertEqual(kinds("\\{{user}}"), ["escape \\{", "text {user}}"])
        XCTAssertEqual(kinds("\\\\{{user}}"), ["escape \\\\", "name {{user}}"])
        XCTAssertEqual(kinds("\\u{{x}}"), ["invalid \\", "text u", "name {{x}}"])
        XCTAssertEqual(kinds("{{{x}}}"), ["unclosed {", "name {{x}}", "text }"])
        XCTAssertEqual(kinds("{{{{x}}"), ["unclosed {{", "name {{x}}"])
        XCTAssertEqual(kinds("{{{{"), ["unclosed {{", "unclosed {{"])
        XCTAssertEqual(kinds("{x} {{1x}}"), ["text {x} ", "notAName {{1x}}"])
    }
}
