import XCTest
import TemplateFormat
@testable import Validator

/// The fast paths under the rules: `NodeTable` looks up every key and kind once.
final class NodeTableAndSuppressionScanTests: XCTestCase {
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
