// LineIndex: line breaks as LSP counts them, and UTF-8, UTF-16 and scalar columns.

import XCTest
@testable import TemplateFormat
import TestSupport

final class LineIndexTests: XCTestCase {
    func testLineStartsForEveryKindOfLineBreak() {
        let index = LineIndex(bytes("a\nb\r\nc\rd\r\r\n"))
        XCTAssertEqual(index.lineStarts, [0, 2, 5, 7, 9, 11])
        XCTAssertEqual(index.lineCount, 6)
        XCTAssertEqual(index.contentRange(ofLine: 1), ByteRange(start: 2, end: 3))
        XCTAssertEqual(index.contentRange(ofLine: 3), ByteRange(start: 7, end: 8))
        XCTAssertEqual(index.contentRange(ofLine: 4), ByteRange(start: 9, end: 9), "a lone CR, then CRLF: an empty line")
        XCTAssertEqual(index.contentRange(ofLine: 5), ByteRange(start: 11, end: 11))
        XCTAssertEqual(index.contentRange(ofLine: 99), ByteRange(start: 11, end: 11))
        XCTAssertEqual(LineIndex([]).lineStarts, [0])
        XCTAssertEqual(LineIndex(bytes("no break")).lineCount, 1)
    }

    func testLineContaining() {
        let index = LineIndex(bytes("ab\r\ncd\ref"))
        XCTAssertEqual((0...9).map(index.line(containing:)), [0, 0, 0, 0, 1, 1, 1, 2, 2, 2])
        XCTAssertEqual(index.line(containing: -5), 0)
        XCTAssertEqual(index.line(containing: 500), 2)
    }

    func testOffsetsInsideACharacterMapToTheColumnBeforeIt() {
        let index = LineIndex(Array("a😀b".utf8))
        XCTAssertEqual((0...6).map { index.utf16Position(of: $0).column }, [0, 1, 1, 1, 1, 3, 4])
        XCTAssertEqual((0...6).map { index.scalarPosition(of: $0).column }, [0, 1, 1, 1, 1, 2, 3])
    }

    func testUTF16ColumnsAfterEmojiAndCJK() {
        // 😀 is 4 UTF-8 bytes and 2 UTF-16 units; 中 is 3 bytes and 1 unit; é is 2 and 1.
        let text = "t: \"\u{1F600}\u{4E2D}\u{E9}x\"\n\u{4E2D}\u{6587}: 1\r\n  \u{1F468}\u{200D}\u{1F469} z"
        let b = bytes(text)
        let index = LineIndex(b)
        let x = offset(of: "x\"", in: text)
        XCTAssertEqual(index.utf8Position(of: x).column, 4 + 4 + 3 + 2)
        XCTAssertEqual(index.utf16Position(of: x).column, 4 + 2 + 1 + 1)
        XCTAssertEqual(index.scalarPosition(of: x).column, 4 + 1 + 1 + 1)
        let colon = offset(of: ": 1", in: text)
        XCTAssertEqual(index.utf16Position(of: colon).line, 1)
        XCTAssertEqual(index.utf16Position(of: colon).column, 2)
        XCTAssertEqual(index.utf8Position(of: colon).column, 6)
        // A ZWJ sequence: three scalars, five UTF-16 units.
        let z = offset(of: "z", in: text)
        XCTAssertEqual(index.utf16Position(of: z).line, 2)
        XCTAssertEqual(index.utf16Position(of: z).column, 2 + 2 + 1 + 2 + 1)
        XCTAssertEqual(index.scalarPosition(of: z).column, 2 + 3 + 1)
        XCTAssertEqual(index.offset(line: 2, utf16Column: 8), z)
        XCTAssertEqual(index.offset(line: 1, utf16Column: 2), colon)
        XCTAssertEqual(index.offset(line: 0, utf16Column: 8), x)
    }

    func testColumnsInsideASurrogatePairAndPastTheEnd() {
        let text = "a\u{1F600}b\nxy"
        let index = LineIndex(bytes(text))
        XCTAssertEqual(index.offset(line: 0, utf16Column: 1), 1)
        XCTAssertEqual(index.offset(line: 0, utf16Column: 2), 1, "inside the pair: stay before it")
        XCTAssertEqual(index.offset(line: 0, utf16Column: 3), 5)
        XCTAssertEqual(index.offset(line: 0, utf16Column: 4), 6)
        XCTAssertEqual(index.offset(line: 0, utf16Column: 40), 6, "past the end: the end of the content")
        XCTAssertEqual(index.offset(line: 1, utf16Column: 40), 9)
        XCTAssertEqual(index.offset(line: 1, utf8Column: 1), 8)
        XCTAssertEqual(index.offset(line: 0, utf8Column: 99), 6)
        XCTAssertEqual(index.offset(line: 7, utf16Column: 0), 9, "a line past the end: the end of the file")
        XCTAssertEqual(index.offset(line: -1, utf16Column: 3), 0)
        XCTAssertEqual(index.offset(line: 0, utf16Column: -3), 0)
        XCTAssertTrue(index.utf16Position(of: 100) == (1, 2))
        XCTAssertTrue(index.utf16Position(of: -1) == (0, 0))
    }

    func testCRLFAndLoneCRLines() {
        let text = "ab\r\nc\u{E9}\rd\u{1F600}e\r\n"
        let index = LineIndex(bytes(text))
        // The CR of a CRLF ends its line's content; the next line starts after the LF.
        XCTAssertTrue(index.utf16Position(of: 2) == (0, 2))
        XCTAssertTrue(index.utf16Position(of: 4) == (1, 0))
        XCTAssertTrue(index.utf16Position(of: 7) == (1, 2), "the lone CR after é")
        XCTAssertTrue(index.utf16Position(of: 8) == (2, 0))
        XCTAssertTrue(index.utf16Position(of: 13) == (2, 3))
        XCTAssertTrue(index.utf16Position(of: 16) == (3, 0))
        XCTAssertEqual(index.offset(line: 1, utf16Column: 2), 7)
        XCTAssertEqual(index.offset(line: 1, utf16Column: 3), 7, "clamped before the CR")
        XCTAssertEqual(index.offset(line: 2, utf16Column: 9), 14, "clamped before the CRLF")
    }

    /// Every offset of a non-ASCII document maps to a position and back, and agrees with
    /// positions computed independently from Swift's own UTF-16 and scalar views.
    func testEveryOffsetRoundTrips() {
        let text = "// caf\u{E9} \u{1F600}\r\nstyle a {\n  t: \"\u{4E2D}\u{6587} \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\"\r  u: \"\u{10FFFF}\u{7F}\u{80}\"\r\n}\n\u{E9}"
        let b = bytes(text)
        let index = LineIndex(b)
        // Reference line starts and scalar boundaries.
        var lineStarts = [0]
        var i = 0
        while i < b.count {
            if b[i] == 0x0A { lineStarts.append(i + 1) }
            if b[i] == 0x0D { if i + 1 < b.count && b[i + 1] == 0x0A { i += 1 }; lineStarts.append(i + 1) }
            i += 1
        }
        XCTAssertEqual(index.lineStarts, lineStarts)
        var checked = 0
        for o in 0...b.count {
            let isBoundary = o == b.count || b[o] & 0xC0 != 0x80
            let insideCRLF = o > 0 && o < b.count && b[o - 1] == 0x0D && b[o] == 0x0A
            let line = lineStarts.lastIndex { $0 <= o } ?? 0
            let u8 = index.utf8Position(of: o)
            XCTAssertTrue(u8 == (line, o - lineStarts[line]), "utf8 at \(o)")
            guard isBoundary && !insideCRLF else { continue }
            let prefix = String(decoding: b[lineStarts[line]..<o], as: UTF8.self)
            let u16 = index.utf16Position(of: o)
            XCTAssertTrue(u16 == (line, prefix.utf16.count), "utf16 at \(o): \(u16)")
            XCTAssertTrue(index.scalarPosition(of: o) == (line, prefix.unicodeScalars.count), "scalars at \(o)")
            XCTAssertEqual(index.offset(line: u16.line, utf16Column: u16.column), o, "utf16 round trip at \(o)")
            XCTAssertEqual(index.offset(line: u8.line, utf8Column: u8.column), o, "utf8 round trip at \(o)")
            XCTAssertEqual(index.line(containing: o), line)
            checked += 1
        }
        XCTAssertGreaterThan(checked, 45)
    }

    func testInvalidBytesCountAsOneColumnEach() {
        // 0xFF and 0xFE are never part of UTF-8: each is one U+FFFD, one column.
        let b: [UInt8] = [0x61, 0xFF, 0xFE, 0x62, 0x0A, 0x63]
        let index = LineIndex(b)
        XCTAssertTrue(index.utf16Position(of: 3) == (0, 3))
        XCTAssertTrue(index.scalarPosition(of: 3) == (0, 3))
        XCTAssertTrue(index.utf16Position(of: 4) == (0, 4))
        for o in 0...4 {
            XCTAssertEqual(index.offset(line: 0, utf16Column: index.utf16Position(of: o).column), o)
        }
        XCTAssertTrue(index.utf16Position(of: 6) == (1, 1))
    }

    func testASCIIFastPathAgreesWithTheSlowPath() {
        // The same ASCII line, alone and after a non-ASCII line.
        let index = LineIndex(bytes("\u{E9}\nabc def\n"))
        XCTAssertTrue(index.utf16Position(of: 3 + 5) == (1, 5))
        XCTAssertEqual(index.offset(line: 1, utf16Column: 5), 8)
        XCTAssertTrue(index.scalarPosition(of: 2) == (0, 1))
    }

    func testWordAtATimeScanAgreesWithAByteLoop() {
        // Line breaks and non-ASCII characters at every alignment relative to the 16-byte
        // blocks the scan skips, checked against a plain byte loop and String's UTF-16 count.
        var generator = SeededRandom(seed: 102)
        let pieces = ["a", "b", " ", "\n", "\r", "\r\n", "\u{E9}", "\t", "\u{4E2D}"]
        for length in 0..<120 {
            for _ in 0..<5 {
                let text = (0..<length).map { _ in
                    Int.random(in: 0..<10, using: &generator) < 7 ? "a" : pieces.randomElement(using: &generator) ?? "a"
                }.joined()
                let input = Array(text.utf8)
                var starts = [0]
                var i = 0
                while i < input.count {
                    if input[i] == 0x0A { starts.append(i + 1) }
                    else if input[i] == 0x0D {
                        if i + 1 < input.count && input[i + 1] == 0x0A { i += 1 }
                        starts.append(i + 1)
                    }
                    i += 1
                }
                let index = LineIndex(input)
                XCTAssertEqual(index.lineStarts, starts, "input \(text.debugDescription)")
                for line in 0..<index.lineCount {
                    let content = index.contentRange(ofLine: line)
                    let units = String(decoding: input[content.start..<content.end], as: UTF8.self).utf16.count
                    XCTAssertEqual(index.utf16Position(of: content.end).column, units, "line \(line) of \(text.debugDescription)")
                }
            }
        }
    }

    func testBlockScanAgreesWithAByteLoopAtEveryOffset() {
        // The scan reads 16-byte blocks and masks their breaks and non-ASCII bytes. Two
        // breaks or non-ASCII bytes at every pair of offsets (a CR LF split across blocks, a
        // CR in a block's last byte, in the tail after the last block), compared with a plain
        // byte loop, over the whole input and over a range that ends before its last byte.
        let specials: [[UInt8]] = [[0x0A], [0x0D], [0x0D, 0x0A], [0xC3, 0xA9], [0xFF]]
        for length in 0...36 {
            for p in 0...length {
                for q in p...length {
                    for first in specials {
                        for second in specials {
                            let a = [UInt8](repeating: 0x61, count: length)
                            let input = Array(a[..<p]) + first + Array(a[p..<q]) + second + Array(a[q...])
                            for (from, to) in [(0, input.count), (min(3, input.count - 1), input.count - 1)] {
                                let scanned = input.withUnsafeBufferPointer { LineIndex.lines($0, from: from, to: to, firstStart: from) }
                                let expected = referenceLines(input, from: from, to: to)
                                XCTAssertEqual(scanned.starts, expected.starts, "\(input) \(from)..<\(to)")
                                XCTAssertEqual(scanned.ascii, expected.ascii, "\(input) \(from)..<\(to)")
                            }
                        }
                    }
                }
            }
        }
    }

    func testExactSizeScanAgreesWithAByteLoopOnEdgeInputs() {
        // `lines` counts the breaks first and writes arrays of exactly that size; the count,
        // the exact-size scan and the growing-buffer scan must all agree with a byte loop.
        let a = { (n: Int) in [UInt8](repeating: 0x61, count: n) }
        var inputs: [[UInt8]] = [
            [], a(1), a(16), a(17), a(40),                     // no line break
            [0x0D], a(15) + [0x0D], a(16) + [0x0D], a(31) + [0x0D], a(3) + [0x0D],  // a lone CR at the end
            [0x0A], [0x0D, 0x0A], [0x0A, 0x0D], [0x0D, 0x0D, 0x0A, 0x0A],
            Array("\u{E9}\n\u{E9}\r\n\u{4E2D}\r\u{1F600}".utf8),           // non-ASCII around breaks
            a(14) + [0xC3, 0xA9, 0x0D, 0x0A, 0xC3, 0xA9] + a(14),
            a(15) + [0xFF, 0x0D] + [0x0A, 0xFF] + a(20),
            [UInt8](repeating: 0x0A, count: 20_000),          // past 255 blocks: a lane's count is flushed
            [UInt8](repeating: 0x0D, count: 20_000),
            Array(Array(repeating: [0x0D, 0x0A] as [UInt8], count: 9_000).joined()) + [0x0D],
            Array(Array(repeating: [0x0D, 0x61, 0x0A, 0xC3, 0xA9] as [UInt8], count: 2_000).joined()),
        ]
        // A CR LF at every offset around the 16-byte blocks (and the count's 17-byte reach).
        for p in 0...48 { inputs.append(a(p) + [0x0D, 0x0A] + a(50 - p)) }
        for p in 0...48 { inputs.append(a(p) + [0x0D] + a(3) + [0xE2, 0x82, 0xAC, 0x0A] + a(48 - p)) }
        for input in inputs {
            let ranges = [(0, input.count), (min(1, input.count), input.count), (0, max(0, input.count - 1)),
                          (min(5, input.count), max(min(5, input.count), input.count - 16))]
            for (from, to) in ranges {
                let expected = referenceLines(input, from: from, to: to)
                let label = "\(input.prefix(64)) (\(input.count) bytes) \(from)..<\(to)"
                input.withUnsafeBufferPointer { buf in
                    XCTAssertEqual(LineIndex.countBreaks(buf, from: from, to: to) + 1, expected.starts.count, label)
                    let exact = LineIndex.lines(buf, from: from, to: to, firstStart: from)
                    XCTAssertEqual(exact.starts, expected.starts, label)
                    XCTAssertEqual(exact.ascii, expected.ascii, label)
                    XCTAssertEqual(exact.starts.count, exact.ascii.count, label)
                    let growing = LineIndex.linesByGrowing(buf, from: from, to: to, firstStart: from)
                    XCTAssertEqual(growing.starts, expected.starts, label)
                    XCTAssertEqual(growing.ascii, expected.ascii, label)
                }
            }
            XCTAssertEqual(LineIndex(input).lineStarts, referenceLines(input, from: 0, to: input.count).starts)
        }
    }

    func testAnEditedIndexEqualsAFreshOne() {
        // Random replacements, CR, LF, CRLF and non-ASCII among them, applied one after
        // another as an editor does: the updated index must equal one built from scratch.
        var generator = SeededRandom(seed: 103)
        let pieces = ["a", "b", " ", "\n", "\r", "\r\n", "\u{E9}", "\u{1F600}"]
        func text(_ n: Int) -> [UInt8] {
            Array((0..<n).map { _ in Int.random(in: 0..<10, using: &generator) < 6 ? "a" : pieces.randomElement(using: &generator) ?? "a" }.joined().utf8)
        }
        for _ in 0..<200 {
            var bytes = text(Int.random(in: 0..<80, using: &generator))
            var index = LineIndex(bytes)
            for _ in 0..<20 {
                let a = Int.random(in: 0...bytes.count, using: &generator)
                let b = Int.random(in: a...min(bytes.count, a + 6), using: &generator)
                let inserted = text(Int.random(in: 0..<4, using: &generator))
                var next = bytes
                next.replaceSubrange(a..<b, with: inserted)
                let updated = index.applying(replaced: ByteRange(start: a, end: b), insertedCount: inserted.count, newBytes: next)
                let fresh = LineIndex(next)
                XCTAssertEqual(updated.lineStarts, fresh.lineStarts, "\(bytes) -> \(next)")
                for line in 0..<fresh.lineCount {
                    let end = fresh.contentRange(ofLine: line).end
                    XCTAssertTrue(updated.utf16Position(of: end) == fresh.utf16Position(of: end), "line \(line) of \(next)")
                }
                if updated.lineStarts != fresh.lineStarts { return }
                bytes = next
                index = updated
            }
        }
    }

    func testHintedLineLookupAgreesWithTheSearch() {
        let text = (0..<300).map { n in String(repeating: "x", count: n % 7) }.joined(separator: crlf)
        let index = LineIndex(Array(text.utf8))
        for offset in stride(from: 0, through: text.utf8.count, by: 3) {
            let line = index.line(containing: offset)
            for hint in [0, max(0, line - 1), line, line + 1, index.lineCount - 1, -5, index.lineCount + 5] {
                XCTAssertEqual(index.line(containing: offset, after: hint), line, "offset \(offset), hint \(hint)")
            }
        }
    }

    func testLookupNearAHintAgreesWithTheSearchInBothDirections() {
        let text = (0..<300).map { n in String(repeating: "x", count: n % 7) }.joined(separator: "\n")
        let index = LineIndex(Array(text.utf8))
        for offset in Array(stride(from: 0, through: text.utf8.count, by: 3)) + [-4, text.utf8.count + 9] {
            let line = index.line(containing: offset)
            for hint in [0, 1, 2, line - 9, line - 1, line, line + 1, line + 2, line + 40, index.lineCount - 1, -5, index.lineCount + 5] {
                XCTAssertEqual(index.line(containing: offset, near: hint), line, "offset \(offset), hint \(hint)")
            }
        }
    }

    func testReportLocationIsThePositionAndTheLineContent() {
        // LF, CRLF, a lone CR, non-ASCII, an invalid byte and an empty last line.
        let bytes: [UInt8] = Array("ab\r\ncafé x\rz\t€\n".utf8) + [0xFF, 0x41, 0x0A]
        let index = LineIndex(bytes)
        var hint = 0
        for offset in -2...(bytes.count + 2) {
            let location = index.scalarLocation(of: offset, after: hint)
            let position = index.scalarPosition(of: offset)
            XCTAssertEqual(location.line, position.line, "offset \(offset)")
            XCTAssertEqual(location.column, position.column, "offset \(offset)")
            let content = index.contentRange(ofLine: position.line)
            XCTAssertEqual(location.content, content, "offset \(offset)")
            XCTAssertEqual(location.isASCII, bytes[content.start..<content.end].allSatisfy { $0 < 0x80 }, "offset \(offset)")
            hint = location.line
        }
    }
}

private let crlf = "\r\n"

/// The lines of `b[from..<n]` found by a plain byte loop: each line's start, and whether its
/// content is pure ASCII.
private func referenceLines(_ b: [UInt8], from: Int, to n: Int) -> (starts: [Int], ascii: [Bool]) {
    var starts = [from], ascii: [Bool] = []
    var isASCII = true
    var i = from
    while i < n {
        if b[i] == 0x0A || b[i] == 0x0D {
            ascii.append(isASCII)
            isASCII = true
            // A CR LF is one break, even when its LF lies past `n`.
            i += b[i] == 0x0D && i + 1 < b.count && b[i + 1] == 0x0A ? 2 : 1
            starts.append(i)
        } else {
            if b[i] >= 0x80 { isASCII = false }
            i += 1
        }
    }
    ascii.append(isASCII)
    return (starts, ascii)
}
