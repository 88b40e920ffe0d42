// The lexer where a fixture does not fit: bytes that are not UTF-8, line breaks byte by
// byte, and the runs it skips many bytes at a time against a byte loop. Each lexical form
// of the language is a fixture: Fixtures/parser/lexer (ParserFixtureTests).

import XCTest
@testable import TemplateFormat
import TestSupport

final class LexerTests: XCTestCase {
    func lex(_ text: String) -> [(TokenKind, String)] {
        let b = bytes(text)
        return Lexer.tokenize(b).map { ($0.kind, string(Array(b[$0.start..<$0.end]))) }
    }

    func kinds(_ text: String) -> [TokenKind] { lex(text).map(\.0) }
    func texts(_ text: String) -> [String] { lex(text).map(\.1) }

    func testLineBreaks() {
        XCTAssertEqual(texts("a\nb\r\nc\rd\r\r\n"), ["a", "\n", "b", "\r\n", "c", "\r", "d", "\r", "\r\n"])
        // A comment ends at `\r` too.
        XCTAssertEqual(texts("// a\rb"), ["// a", "\r", "b"])
    }

    /// (Whole characters: the fixture lexer/unknown-characters.tdl.)
    func testUnknownRunsOfBytesThatAreNoUTF8() {
        let invalid = Lexer.tokenize([0x40, 0xFF, 0x80, 0x61])
        XCTAssertEqual(invalid.map(\.kind), [.unknown, .identifier])
        XCTAssertTrue(invalid[0].flags.contains(.invalidUTF8))
        XCTAssertEqual(Lexer.tokenize([0x00]).map(\.kind), [.unknown])
    }

    func testByteOrderMarkOnlyAtTheStart() {
        XCTAssertEqual(kinds("\u{FEFF}a"), [.byteOrderMark, .identifier])
        XCTAssertEqual(kinds("a\u{FEFF}"), [.identifier, .unknown])
        XCTAssertEqual(Lexer.tokenize([0xEF, 0xBB]).map(\.kind), [.unknown])
    }

    /// Spaces, identifiers and the text of strings and line comments are skipped 8 or 16
    /// bytes at a time. Where each run ends is checked against a plain byte-by-byte rule with
    /// the ending byte at every offset from the run's start (within and across blocks) and
    /// the input ending 0 to 17 bytes after it (the last bytes take the byte loop).
    func testRunsSkippedManyBytesAtATimeEndWhereAByteLoopEnds() {
        func isIdentContinue(_ c: UInt8) -> Bool {
            (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39) || c == 0x5F || c == 0x2D
        }
        func isValidUTF8(_ b: ArraySlice<UInt8>) -> Bool { Array(String(decoding: b, as: UTF8.self).utf8) == Array(b) }
        // Bytes at the edges of every class the fast paths test, and non-ASCII ones.
        let enders: [[UInt8]] = [[0x2D], [0x5F], [0x30], [0x39], [0x41], [0x5A], [0x61], [0x7A], [0x2F], [0x3A], [0x40],
                                 [0x5B], [0x60], [0x7B], [0x7F], [0x00], [0x20], [0x09], [0x0A], [0x0D], [0x0D, 0x0A],
                                 [0x22], [0x5C, 0x6E], [0x5C, 0x71], [0x23], [0x80], [0xFF], [0xC3, 0xA9], [0xC3]]
        let filler = Array("aZ9_-q".utf8)
        for length in 0...33 {
            let body = (0..<length).map { filler[$0 % filler.count] }
            for ender in enders {
                for tail in 0...17 {
                    let padding = [UInt8](repeating: 0x20, count: tail)
                    // An identifier: `x` then the body, then the ender.
                    var input = [0x78] + body + ender + padding
                    var end = 1 + length
                    while end < input.count && isIdentContinue(input[end]) { end += 1 }
                    XCTAssertEqual(Lexer.tokenize(input).first?.range, ByteRange(start: 0, end: end), escaped(input))

                    // A run of spaces between two identifiers (tabs and the rest are blanks too).
                    input = [0x78] + [UInt8](repeating: 0x20, count: length + 1) + ender + padding
                    var next = 1
                    while next < input.count && [0x20, 0x09, 0x0B, 0x0C].contains(input[next]) { next += 1 }
                    let tokens = Lexer.tokenize(input)
                    XCTAssertEqual(tokens.first?.range, ByteRange(start: 0, end: 1), escaped(input))
                    XCTAssertEqual(tokens.dropFirst().first?.start ?? input.count, next, escaped(input))

                    // A string: it ends after a quote, before a line break, or at the end.
                    input = [0x22] + body + ender + body + [0x22] + padding
                    if !input.starts(with: [0x22, 0x22, 0x22]) {  // not a `"""` string
                        var j = 1
                        var closed = false, badEscape = false
                        while j < input.count {
                            let c = input[j]
                            if c == 0x22 { j += 1; closed = true; break }
                            if c == 0x0A || c == 0x0D { break }
                            if c == 0x5C { badEscape = badEscape || input[j + 1] != 0x6E; j += 2; continue }
                            j += 1
                        }
                        var flags: TokenFlags = []
                        if !closed { flags.insert(.unterminated) }
                        if badEscape { flags.insert(.invalidEscape) }
                        if !isValidUTF8(input[0..<j]) { flags.insert(.invalidUTF8) }
                        let string = Lexer.tokenize(input).first
                        XCTAssertEqual(string?.range, ByteRange(start: 0, end: j), escaped(input))
                        XCTAssertEqual(string?.flags, flags, escaped(input))
                    }

                    // A line comment: it ends before a line break, without its trailing blanks.
                    input = Array("// ".utf8) + body + ender + body + padding
                    var e = 0
                    while e < input.count && input[e] != 0x0A && input[e] != 0x0D { e += 1 }
                    while e > 2 && (input[e - 1] == 0x20 || input[e - 1] == 0x09) { e -= 1 }
                    let comment = Lexer.tokenize(input).first
                    XCTAssertEqual(comment?.range, ByteRange(start: 0, end: e), escaped(input))
                    XCTAssertEqual(comment?.flags, isValidUTF8(input[0..<e]) ? [] : .invalidUTF8, escaped(input))
                }
            }
        }
    }

    /// Tokens never overlap and the gaps between them are blanks only, for any bytes.
    func testTokensCoverEveryByteOfRandomInput() {
        var rng = SeededRandom(seed: 77)
        let alphabet: [UInt8] = Array("ab x_-09.#%\"\\/*{}:,;\n\r\t ".utf8) + [0x00, 0xFF, 0xC3, 0xA9, 0xE2, 0x80, 0xF0, 0x9F]
        for _ in 0..<300 {
            let input = (0..<rng.int(0...80)).map { _ in rng.pick(alphabet) }
            let tokens = Lexer.tokenize(input)
            var end = 0
            for t in tokens {
                XCTAssertGreaterThan(t.end, t.start)
                XCTAssertGreaterThanOrEqual(t.start, end)
                XCTAssertTrue(input[end..<t.start].allSatisfy { [0x20, 0x09, 0x0C, 0x0B].contains($0) }, escaped(input))
                end = t.end
            }
            XCTAssertTrue(input[end...].allSatisfy { [0x20, 0x09, 0x0C, 0x0B].contains($0) })
        }
    }
}
