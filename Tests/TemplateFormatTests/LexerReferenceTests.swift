// The lexer's fast paths (spaces 8 bytes at a time, runs 16 at a time, a line break with the
// indentation and name after it, a name with its colon, numbers ahead of the switch, tokens
// and flagged indices written in blocks) checked against a plain byte-at-a-time lexer with
// the same rules: same tokens, flags, flagged indices and line-break counts.

import XCTest
@testable import TemplateFormat
import TestSupport

/// The lexer's rules, one byte at a time and without any fast path.
enum ReferenceLexer {
    static func tokenize(_ buf: [UInt8]) -> (tokens: [Token], lf: Int, crlf: Int, cr: Int, flagged: [Int32]) {
        var tokens: [Token] = []
        var flagged: [Int32] = []
        var lf = 0, crlf = 0, cr = 0
        let n = buf.count
        var i = 0
        func isLetter(_ b: UInt8) -> Bool { (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) }
        func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        func isHex(_ b: UInt8) -> Bool { isDigit(b) || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x66) }
        func isIdentStart(_ b: UInt8) -> Bool { isLetter(b) || b == 0x5F }
        func isIdentContinue(_ b: UInt8) -> Bool { isIdentStart(b) || isDigit(b) || b == 0x2D }
        func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0C || b == 0x0B }
        func add(_ kind: TokenKind, _ flags: TokenFlags, _ start: Int, _ end: Int, flag: Bool = false) {
            tokens.append(Token(kind: kind, flags: flags, start: start, end: end))
            if flag || !flags.isEmpty { flagged.append(Int32(tokens.count - 1)) }
        }
        func lineEnd(_ k: Int) -> Int {
            var j = k
            while j < n && buf[j] != 0x0A && buf[j] != 0x0D { j += 1 }
            return j
        }
        func utf8Flags(_ start: Int, _ end: Int) -> TokenFlags {
            let slice = buf[start..<end]
            return Array(String(decoding: slice, as: UTF8.self).utf8) == Array(slice) ? [] : .invalidUTF8
        }
        func escape(_ k: Int, _ limit: Int) -> (Int, Bool) {
            guard k + 1 < limit else { return (k + 1, false) }
            switch buf[k + 1] {
            case 0x22, 0x5C, 0x6E, 0x74, 0x7B: return (k + 2, true)
            case 0x75:
                var j = k + 2
                guard j < limit && buf[j] == 0x7B else { return (j, false) }
                j += 1
                var value: UInt32 = 0
                var digits = 0
                while j < limit && isHex(buf[j]) && digits < 8 {
                    let d = buf[j]
                    value = value &* 16 &+ (d <= 0x39 ? UInt32(d - 0x30) : UInt32((d | 0x20) - 0x61 + 10))
                    digits += 1
                    j += 1
                }
                guard j < limit && buf[j] == 0x7D else { return (j, false) }
                return (j + 1, digits >= 1 && digits <= 6 && value <= 0x10FFFF && !(0xD800...0xDFFF).contains(value))
            case 0x0A, 0x0D: return (k + 1, false)
            default: return (k + 2, false)
            }
        }
        if n >= 3 && buf[0] == 0xEF && buf[1] == 0xBB && buf[2] == 0xBF {
            add(.byteOrderMark, [], 0, 3)
            i = 3
        }
        while i < n {
            let b = buf[i]
            let start = i
            if isBlank(b) { i += 1; continue }
            switch b {
            case 0x0A: i += 1; lf += 1; add(.newline, [], start, i)
            case 0x0D:
                if i + 1 < n && buf[i + 1] == 0x0A { i += 2; crlf += 1 } else { i += 1; cr += 1 }
                add(.newline, [], start, i)
            case 0x7B: i += 1; add(.leftBrace, [], start, i)
            case 0x7D: i += 1; add(.rightBrace, [], start, i)
            case 0x3A: i += 1; add(.colon, [], start, i)
            case 0x2C: i += 1; add(.comma, [], start, i)
            case 0x3B: i += 1; add(.semicolon, [], start, i)
            case 0x22:
                var flags: TokenFlags = []
                if i + 2 < n && buf[i + 1] == 0x22 && buf[i + 2] == 0x22 {
                    var j = i + 3
                    var closed = false
                    while j < n {
                        if buf[j] == 0x5C {
                            let (e, ok) = escape(j, n)
                            if !ok { flags.insert(.invalidEscape) }
                            j = e
                        } else if buf[j] == 0x22 && j + 2 < n && buf[j + 1] == 0x22 && buf[j + 2] == 0x22 {
                            j += 3; closed = true; break
                        } else {
                            j += 1
                        }
                    }
                    if !closed { flags = [.unterminated]; j = lineEnd(start) }
                    flags.formUnion(utf8Flags(start, j))
                    i = j
                    add(.multilineString, flags, start, i)
                } else {
                    var j = i + 1
                    var closed = false
                    while j < n {
                        let c = buf[j]
                        if c == 0x22 { j += 1; closed = true; break }
                        if c == 0x0A || c == 0x0D { break }
                        if c == 0x5C {
                            let (e, ok) = escape(j, n)
                            if !ok { flags.insert(.invalidEscape) }
                            j = e
                            continue
                        }
                        j += 1
                    }
                    if !closed { flags.insert(.unterminated) }
                    flags.formUnion(utf8Flags(start, j))
                    i = j
                    add(.string, flags, start, i)
                }
            case 0x2F where i + 1 < n && buf[i + 1] == 0x2F:
                var e = lineEnd(i)
                while e > i + 2 && (buf[e - 1] == 0x20 || buf[e - 1] == 0x09) { e -= 1 }
                let isDoc = i + 2 < n && buf[i + 2] == 0x2F && !(i + 3 < n && buf[i + 3] == 0x2F)
                let flags = utf8Flags(i, e)
                i = e
                add(isDoc ? .docComment : .lineComment, flags, start, i)
            case 0x2F where i + 1 < n && buf[i + 1] == 0x2A:
                var j = i + 2
                var closed = false
                while j + 1 < n {
                    if buf[j] == 0x2A && buf[j + 1] == 0x2F { j += 2; closed = true; break }
                    j += 1
                }
                var flags: TokenFlags = []
                if !closed { flags.insert(.unterminated); j = lineEnd(start) }
                flags.formUnion(utf8Flags(start, j))
                i = j
                add(.blockComment, flags, start, i)
            case 0x2F:  // a `/` that starts no comment: an unknown token of its own
                i += 1
                add(.unknown, [], start, i, flag: true)
            case 0x23:
                var j = i + 1
                var allHex = true
                while j < n && isIdentContinue(buf[j]) && buf[j] != 0x2D {
                    if !isHex(buf[j]) { allHex = false }
                    j += 1
                }
                let len = j - i - 1
                let ok = allHex && [3, 4, 6, 8].contains(len)
                i = j
                add(.color, ok ? [] : .malformed, start, i)
            default:
                if isIdentStart(b) {
                    i += 1
                    while i < n && isIdentContinue(buf[i]) { i += 1 }
                    add(.identifier, [], start, i)
                } else if isDigit(b) || (b == 0x2D && i + 1 < n && isDigit(buf[i + 1])) {
                    var flags: TokenFlags = []
                    i += 1
                    while i < n && isDigit(buf[i]) { i += 1 }
                    if i < n && buf[i] == 0x2E {
                        if i + 1 < n && isDigit(buf[i + 1]) {
                            i += 1
                            while i < n && isDigit(buf[i]) { i += 1 }
                        } else {
                            i += 1
                            flags.insert(.malformed)
                        }
                        while i < n && (buf[i] == 0x2E || isDigit(buf[i])) { flags.insert(.malformed); i += 1 }
                    }
                    if i < n && buf[i] == 0x25 {
                        i += 1
                        flags.insert(.hasUnit)
                    } else if i < n && isIdentStart(buf[i]) {
                        i += 1
                        while i < n && isIdentContinue(buf[i]) && buf[i] != 0x2D { i += 1 }
                        flags.insert(.hasUnit)
                    }
                    add(.number, flags, start, i)
                } else {
                    var flags: TokenFlags = []
                    while i < n {
                        let c = buf[i]
                        if isBlank(c) || [0x0A, 0x0D, 0x7B, 0x7D, 0x3A, 0x2C, 0x3B, 0x22, 0x23].contains(c)
                            || isIdentStart(c) || isDigit(c) || (c == 0x2F && i > start) {
                            break
                        }
                        if c >= 0x80 {
                            let len = buf.withUnsafeBufferPointer { UTF8Validation.sequenceLength($0, at: i, limit: n) }
                            if len == 0 { flags.insert(.invalidUTF8); i += 1 } else { i += len }
                        } else {
                            i += 1
                        }
                    }
                    if i == start { i += 1 }
                    add(.unknown, flags, start, i, flag: true)
                }
            }
        }
        return (tokens, lf, crlf, cr, flagged)
    }
}

final class LexerReferenceTests: XCTestCase {
    /// The lexer against the reference on `input`, with the tokens as the parser takes them.
    func assertSameAsReference(_ input: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
        let expected = ReferenceLexer.tokenize(input)
        var summary = Lexer.LexSummary()
        let tokens = input.withUnsafeBufferPointer { Lexer.tokenizeIntoBuffer($0, summary: &summary).finish() }
        guard tokens == expected.tokens else {
            let at = (0..<min(tokens.count, expected.tokens.count)).first { tokens[$0] != expected.tokens[$0] } ?? min(tokens.count, expected.tokens.count)
            XCTFail("token \(at) differs (\(tokens.count) vs \(expected.tokens.count) tokens): "
                    + "\(at < tokens.count ? "\(tokens[at])" : "none") vs "
                    + "\(at < expected.tokens.count ? "\(expected.tokens[at])" : "none") in \(escaped(input))", file: file, line: line)
            return
        }
        XCTAssertEqual(summary.flagged, expected.flagged, escaped(input), file: file, line: line)
        XCTAssertEqual([summary.lf, summary.crlf, summary.cr], [expected.lf, expected.crlf, expected.cr], escaped(input), file: file, line: line)
    }

    /// Property lines as documents have them (indentation, a name, its colon, a value, a
    /// line break), with every indentation and name length around the 8- and 16-byte steps,
    /// cut at every length so that each fast path also meets the end of the input.
    func testPropertyLinesCutAtEveryLength() {
        let names = ["a", "font", "font-size", "corner-radius", "x_1-abcdefghijklm", "abcdefghijklmnopqrstuvwxyz0123456789"]
        let values = ["12", "-3", "1.5", "50%", "12px", "\"Inter\"", "#A1B2C3", "white", "1, 2", "{", "}", "// c", "\u{E9}"]
        for indent in [0, 1, 2, 7, 8, 9, 16, 17] {
            for name in names {
                for value in values {
                    for sep in [":", ": ", " :", " "] {
                        for end in ["\n", "\r\n", " \n", "\n\n  }"] {
                            let line = Array((String(repeating: " ", count: indent) + name + sep + value + end).utf8)
                            let document = line + line
                            for cut in 0...document.count { assertSameAsReference(Array(document[..<cut])) }
                        }
                    }
                }
            }
        }
    }

    /// Digit runs (skipped 16 bytes at a time) and names of every length from 0 to 33, with
    /// each byte that can end them, and the input ending 0 to 17 bytes later.
    func testRunsOfEveryLengthWithEveryEnder() {
        let enders: [[UInt8]] = [[0x2E, 0x35], [0x2E], [0x25], [0x70, 0x78], [0x2D], [0x5F], [0x2F], [0x3A], [0x40], [0x60],
                                 [0x7B], [0x20], [0x0A], [0x0D], [0x22], [0x23], [0x80], [0xFF], [0xC3, 0xA9]]
        for length in 0...33 {
            for ender in enders {
                for tail in 0...17 {
                    let padding = [UInt8](repeating: 0x20, count: tail)
                    assertSameAsReference([0x31] + [UInt8](repeating: 0x37, count: length) + ender + padding)
                    assertSameAsReference([0x2D] + [UInt8](repeating: 0x30, count: length) + ender + [0x39] + padding)
                    assertSameAsReference([0x0A, 0x20, 0x20, 0x78] + (0..<length).map { UInt8(0x61 + $0 % 26) } + ender + padding)
                }
            }
        }
    }

    /// Short random documents from bytes every path cares about, including ones that
    /// start, end or break a token (non-ASCII, CR, quotes, backslashes, NUL).
    func testRandomDocumentsMatchTheReference() {
        var rng = SeededRandom(seed: 20_240_611)
        let pieces: [[UInt8]] = ["a", "Zz", "_", "-", "0", "9", "12", ".", "%", "px", "#", "#fff", ":", ",", ";", "{", "}",
                                 " ", "  ", "        ", "\t", "\u{0B}", "\u{0C}", "\n", "\r", "\r\n", "\"", "\"\"\"", "\\",
                                 "\\n", "\\u{41}", "/", "//", "///", "/*", "*/", "@", "\u{E9}", "\u{1F600}", "name: ",
                                 "abcdefghijklmnop"].map { Array($0.utf8) } + [[0x00], [0xFF], [0xC3], [0x80], [0xEF, 0xBB, 0xBF]]
        for _ in 0..<3000 {
            var input: [UInt8] = []
            for _ in 0..<rng.int(0...40) { input += rng.pick(pieces) }
            assertSameAsReference(input)
        }
    }

    /// Documents longer than one block of the loop (4096 bytes) and than the initial token
    /// capacity (a quarter of the bytes): tokens and flagged tokens across every boundary.
    func testLongDocumentsAcrossBlocksAndGrowth() {
        // One-byte tokens only: four times the initial capacity, and flagged ones.
        assertSameAsReference([UInt8](repeating: 0x7B, count: 10_000))
        assertSameAsReference([UInt8](repeating: 0x40, count: 9_000).enumerated().map { $0.offset % 2 == 0 ? 0x40 : 0x7B })
        assertSameAsReference([UInt8](repeating: 0xFF, count: 9_000).enumerated().map { $0.offset % 3 == 0 ? 0x61 : 0xFF })
        // A name and its colon (two tokens from one step) at every offset around 4096.
        for shift in 0..<24 {
            var input = [UInt8](repeating: 0x7B, count: 4080 + shift)
            input += Array("ab:cd:\n  e: 1\n".utf8)
            input += [UInt8](repeating: 0x3A, count: 5000)
            assertSameAsReference(input)
        }
        // A realistic long document with some flagged tokens.
        var rng = SeededRandom(seed: 5)
        var doc: [UInt8] = []
        while doc.count < 50_000 {
            let indent = String(repeating: " ", count: rng.int(0...10))
            let value = rng.pick(["12", "1.2.3", "\"s\"", "\"open", "#12", "#abcdef", "x", "@", "1, 2", "12px"])
            doc += Array("\(indent)prop-\(rng.int(0...999)): \(value)\n".utf8)
        }
        assertSameAsReference(doc)
    }
}
