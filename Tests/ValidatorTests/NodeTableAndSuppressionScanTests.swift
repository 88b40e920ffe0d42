import XCTest
import TemplateFormat
@testable import Validator

/// The fast paths under the rules: `Suppressions.contains` screens a document's bytes for
/// `tdl-ignore` 32 positions at a time, and `NodeTable` looks up every key and kind once.
final class NodeTableAndSuppressionScanTests: XCTestCase {
    func testTheMarkerIsFoundAtEveryOffsetAndBufferEnd() {
        for length in [10, 11, 36, 37, 38, 63, 64, 69, 70, 100] {
            for at in 0...(length - 10) {
                var bytes = Array(repeating: UInt8(ascii: "x"), count: length)
                bytes.replaceSubrange(at..<(at + 10), with: Array("tdl-ignore".utf8))
                XCTAssertTrue(bytes.withUnsafeBufferPointer { Suppressions.contains("tdl-ignore", $0) }, "\(at) of \(length)")
                // Cut one byte short of the end: not there.
                if at + 10 == length {
                    XCTAssertFalse(bytes.withUnsafeBufferPointer { Suppressions.contains("tdl-ignore", UnsafeBufferPointer(rebasing: $0.dropLast())) })
                }
            }
        }
    }

    func testNearMissesAndCandidatesAreNotFound() {
        // Every position a candidate (`-` and `g` two apart) but no marker; and every prefix.
        let candidates = Array(String(repeating: "tdl-i-g-gnor", count: 20).utf8)
        XCTAssertFalse(candidates.withUnsafeBufferPointer { Suppressions.contains("tdl-ignore", $0) })
        for miss in ["tdl-ignor", "Tdl-ignore", "tdl-ignorE", "tdl ignore", "dl-ignore", ""] {
            for padding in [0, 3, 31, 40] {
                let bytes = Array(repeating: UInt8(ascii: "-"), count: padding) + Array(miss.utf8) + Array("-g-g".utf8)
                XCTAssertFalse(bytes.withUnsafeBufferPointer { Suppressions.contains("tdl-ignore", $0) }, miss)
            }
        }
        let empty: [UInt8] = []
        XCTAssertFalse(empty.withUnsafeBufferPointer { Suppressions.contains("tdl-ignore", $0) })
    }

    func testAMarkerOutsideACommentSuppressesNothing() {
        let text = "format 1\ntemplate t {\n  size: 10 x 10\n  text a { text: \"tdl-ignore TDL301\"; at: 0, 0; size: 5 x 5 }\n}\n"
        XCTAssertTrue(Suppressions(tree: SyntaxTree.parse(text)).rules.isEmpty)
        let commented = text.replacingOccurrences(of: "  text a", with: "  // tdl-ignore TDL301\n  text a")
        XCTAssertEqual(Suppressions(tree: SyntaxTree.parse(commented)).rules.map(\.codes), [["TDL301"]])
    }

    /// Every property's and block's id is its key's or kind's id in the schema, -1 for other
    /// nodes; deferred sets resolve to the same ids.
    func testNodeIDsAreTheSchemaIDsOfKeysAndKinds() {
        let text = ValidationCacheTests.document + "style tail { font-size: 3; unknown-key-that-is-longer-than-24: 1 }\n"
        let tree = SyntaxTree.parse(text)
        let table = NodeTable(tree)
        var deferred = NodeTable(tree, deferSets: true)
        tree.withRawView { raw in
            XCTAssertEqual(table.entries.count, raw.nodeCount)
            var resolved = 0
            for n in 0..<raw.nodeCount {
                var expected = -1
                if raw.kind(n) == .property, let key = raw.firstTokenOf(n) {
                    expected = SchemaIndex.properties.id(raw.text(key))
                } else if raw.kind(n) == .block, let key = raw.blockKindToken(n) {
                    expected = SchemaIndex.kinds.id(raw.text(key))
                }
                XCTAssertEqual(table.id(n), expected, "node \(n)")
                XCTAssertEqual(Int(table.entries[n].subtreeEnd), raw.subtreeEnd(n))
                XCTAssertEqual(table.entries[n].kind, raw.kind(n))
                if raw.parent(n) == 0 && (expected == SchemaIndex.templateKindID || expected == SchemaIndex.annotationsKindID) {
                    XCTAssertEqual(deferred.id(n), expected)
                    XCTAssertLessThan(n + 1, raw.subtreeEnd(n))
                    XCTAssertEqual(deferred.id(n + 1), -1, "inside a deferred set")
                    deferred.resolveIDs(of: n, raw)
                    resolved += 1
                }
            }
            XCTAssertEqual(resolved, 3)
            XCTAssertEqual(deferred.entries.map(\.id), table.entries.map(\.id))
        }
        XCTAssertGreaterThan(table.entries.filter { $0.id >= 0 }.count, 40)
    }
}
