// UTF-16 and UTF-32 files: recognised from their first bytes and reported once (TDL017),
// the file kept as one token, so nothing else is reported and nothing is formatted.

import XCTest
@testable import TemplateFormat
import TestSupport

final class ForeignEncodingTests: XCTestCase {
    /// `text` in UTF-16 or UTF-32, either byte order, with or without a byte order mark.
    static func encode(_ text: String, unitSize: Int, bigEndian: Bool, mark: Bool) -> [UInt8] {
        var out: [UInt8] = []
        func unit(_ value: UInt32) {
            let bytes = (0..<unitSize).map { UInt8((value >> (8 * UInt32($0))) & 0xFF) }
            out += bigEndian ? bytes.reversed() : bytes
        }
        if mark { unit(0xFEFF) }
        if unitSize == 2 { text.utf16.forEach { unit(UInt32($0)) } } else { text.unicodeScalars.forEach { unit($0.value) } }
        return out
    }

    static let encodings: [(unitSize: Int, bigEndian: Bool, mark: Bool, name: String, iconv: String)] = [
        (2, false, true, "UTF-16 (little-endian)", "UTF-16"), (2, true, true, "UTF-16 (big-endian)", "UTF-16"),
        (2, false, false, "UTF-16 (little-endian)", "UTF-16LE"), (2, true, false, "UTF-16 (big-endian)", "UTF-16BE"),
        (4, false, true, "UTF-32 (little-endian)", "UTF-32"), (4, true, true, "UTF-32 (big-endian)", "UTF-32"),
        (4, false, false, "UTF-32 (little-endian)", "UTF-32LE"), (4, true, false, "UTF-32 (big-endian)", "UTF-32BE"),
    ]

    func testDetection() {
        for e in ForeignEncodingTests.encodings {
            let bytes = ForeignEncodingTests.encode("format 1\n", unitSize: e.unitSize, bigEndian: e.bigEndian, mark: e.mark)
            let found = ForeignEncoding.detect(bytes)
            XCTAssertEqual(found?.name, e.name, "\(e)")
            XCTAssertEqual(found?.iconvName, e.iconv, "\(e)")
            XCTAssertEqual(found?.byteOrderMarkLength, e.mark ? e.unitSize : 0, "\(e)")
        }
        // UTF-8, with or without its BOM, and short or odd inputs are not foreign.
        for utf8 in [[UInt8](), [0xEF, 0xBB, 0xBF] + Array("format 1\n".utf8), Array("format 1".utf8), [0x61, 0x00, 0x62],
                     [0x00], [0x61, 0x00], Array("a\u{0}bc\u{0}d".utf8), [0xFF], [0xFE]] {
            XCTAssertNil(ForeignEncoding.detect(utf8), "\(utf8)")
        }
        // A BOM alone is enough; without one, two characters.
        XCTAssertEqual(ForeignEncoding.detect([0xFF, 0xFE])?.unitSize, 2)
        XCTAssertEqual(ForeignEncoding.detect([0x66, 0x00, 0x6F, 0x00])?.unitSize, 2)
        XCTAssertNil(ForeignEncoding.detect([0x66, 0x00]))
        // A little text that is not ASCII further on does not matter; at the start it does.
        XCTAssertNotNil(ForeignEncoding.detect(ForeignEncodingTests.encode("format 1 // \u{4E2D}\u{6587}", unitSize: 2, bigEndian: false, mark: false)))
        XCTAssertNil(ForeignEncoding.detect(ForeignEncodingTests.encode("\u{4E2D}\u{6587} format 1", unitSize: 2, bigEndian: false, mark: false)))
    }

    /// Every example in every UTF-16 and UTF-32 form: one diagnostic (TDL017 at the start:
    /// the BOM, or the first character), a lossless tree of one error node, and a refusal
    /// to format, whole or by range.
    func testEveryExampleInEveryEncodingIsReportedOnce() {
        XCTAssertFalse(Repository.examples.isEmpty)
        for (name, input) in Repository.examples {
            let text = string(input)
            for e in ForeignEncodingTests.encodings {
                let bytes = ForeignEncodingTests.encode(text, unitSize: e.unitSize, bigEndian: e.bigEndian, mark: e.mark)
                let (problem, tree) = losslessProblem(bytes)
                XCTAssertNil(problem, "\(name) \(e)")
                XCTAssertEqual(tree.diagnostics.map(\.code), ["TDL017"], "\(name) \(e)")
                XCTAssertEqual(tree.diagnostics.first?.range, ByteRange(start: 0, end: e.unitSize), "\(name) \(e)")
                let message = tree.diagnostics.first?.message ?? ""
                XCTAssertTrue(message.hasPrefix("this file is \(e.name) text"), message)
                XCTAssertTrue(message.contains("`iconv -f \(e.iconv) -t UTF-8 FILE > FILE.new`"), message)
                XCTAssertEqual(tree.document.node.children.count, 1)
                guard case .refused(let errors) = Formatter.format(tree) else { return XCTFail("formatted \(name) in \(e)") }
                XCTAssertEqual(errors.map(\.code), ["TDL017"])
                XCTAssertNil(Formatter.formatRange(tree, range: ByteRange(start: 0, end: bytes.count)))
            }
        }
    }

    /// An edit that makes a file UTF-16-like, or UTF-8 again, reparses to what a full parse gives.
    func testIncrementalReparseAgreesAcrossEncodings() {
        let utf8 = bytes("style a {\n  x: 1\n}\n")
        let utf16 = ForeignEncodingTests.encode("style a {\n  x: 1\n}\n", unitSize: 2, bigEndian: false, mark: true)
        let toForeign = SyntaxTree.parse(utf8).reparsed(replacing: ByteRange(start: 0, end: utf8.count), insertedCount: utf16.count, in: utf16)
        XCTAssertNil(treeDifference(toForeign, SyntaxTree.parse(utf16)))
        let back = SyntaxTree.parse(utf16).reparsed(replacing: ByteRange(start: 0, end: utf16.count), insertedCount: utf8.count, in: utf8)
        XCTAssertNil(treeDifference(back, SyntaxTree.parse(utf8)))
        // Inside the first block: a NUL typed in makes the start UTF-16-like, and back.
        let before = bytes("a\u{0}b c\u{0}d\u{0}e\u{0}{\u{0}}\u{0}\n")
        let old = SyntaxTree.parse(before)
        XCTAssertFalse(old.diagnostics.contains { $0.code == "TDL017" })
        XCTAssertEqual(old.document.blocks.count, 1)
        var typed = before
        typed[3] = 0
        let tree = old.reparsed(replacing: ByteRange(start: 3, end: 4), insertedCount: 1, in: typed)
        XCTAssertEqual(tree.diagnostics.map(\.code), ["TDL017"])
        XCTAssertNil(treeDifference(tree, SyntaxTree.parse(typed)))
        let undone = tree.reparsed(replacing: ByteRange(start: 3, end: 4), insertedCount: 1, in: before)
        XCTAssertNil(treeDifference(undone, old))
    }
}
