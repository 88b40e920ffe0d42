import XCTest
@testable import TemplateFormat
import TestSupport

/// `reparsed` must give exactly the tree a full parse gives: same tokens, nodes,
/// diagnostics and line endings, whichever path it takes.
final class IncrementalParseTests: XCTestCase {
    static let pieces: [String] = ["x", " ", "\n", "\r\n", "\r", "{", "}", ":", ";", ",", "\"", "\"\"\"", "/*", "*/", "//",
                                   "12px", "#fff", "\u{0}", "é", "😀", "\u{FEFF}", "  color: red\n", "text t { }\n",
                                   "template z {\n}\n", "{{p}}", "\\u{41}"]

    static let seed: UInt64 = 2026

    func testRandomEditsGiveTheTreeOfAFullParse() throws {
        // Seeded, so a failure can be replayed and the share of spliced edits checked below is
        // the same on every run: with the system generator it ranged from under 10% to 20%, and
        // a CI run failed at 147 of 1,500. (The `reparse` fuzz target explores other edits.)
        var generator = SeededRandom(seed: Self.seed)
        var documents = Repository.examples.map(\.bytes)
        for seed in 0..<20 { documents.append(Array(DocumentGenerator.document(seed: UInt64(seed)).utf8)) }
        var spliced = 0, total = 0
        for original in documents {
            var tree = SyntaxTree.parse(original)
            for _ in 0..<60 {
                let bytes = tree.bytes
                let a = Int.random(in: 0...bytes.count, using: &generator)
                let b = Bool.random(using: &generator) ? a : min(bytes.count, a + Int.random(in: 0...12, using: &generator))
                let inserted: [UInt8] = a == b || Bool.random(using: &generator)
                    ? Array((Self.pieces.randomElement(using: &generator) ?? "x").utf8) : []
                var newBytes = bytes
                newBytes.replaceSubrange(a..<b, with: inserted)
                let edit = ByteRange(start: a, end: b)
                let incremental = tree.spliced(replacing: edit, insertedCount: inserted.count, in: newBytes)
                if incremental != nil { spliced += 1 }
                total += 1
                let next = tree.reparsed(replacing: edit, insertedCount: inserted.count, in: newBytes)
                let full = SyntaxTree.parse(newBytes)
                if let difference = treeDifference(next, full) {
                    return XCTFail("\(difference) after replacing \(a)..<\(b) with \(String(decoding: inserted, as: UTF8.self).debugDescription) in:\n\(String(decoding: bytes, as: UTF8.self))")
                }
                XCTAssertNil(next.verifyInvariants())
                tree = next
            }
        }
        // Most random edits land inside a block: the incremental path must be exercised.
        XCTAssertGreaterThan(spliced, total / 10, "\(spliced) of \(total) edits were spliced")
    }

    func testATypedCharacterInsideATemplateIsSpliced() throws {
        let text = Array("format 1\n\ntemplate a {\n  size: 10 x 10\n}\n\ntemplate b {\n  size: 10 x 10\n}\n".utf8)
        let tree = SyntaxTree.parse(text)
        let at = text.count - 4  // inside `size` of template b
        var newBytes = text
        newBytes.insert(UInt8(ascii: "x"), at: at)
        let spliced = try XCTUnwrap(tree.spliced(replacing: ByteRange(start: at, end: at), insertedCount: 1, in: newBytes))
        XCTAssertNil(treeDifference(spliced, SyntaxTree.parse(newBytes)))
        // Deleting the closing brace, or typing after it, parses everything again.
        var unclosed = text
        unclosed.removeLast(2)
        XCTAssertNil(tree.spliced(replacing: ByteRange(start: text.count - 2, end: text.count - 1), insertedCount: 0, in: unclosed + [0x0A]))
        XCTAssertNil(tree.spliced(replacing: ByteRange(start: text.count, end: text.count), insertedCount: 1, in: text + [0x78]))
    }
}
