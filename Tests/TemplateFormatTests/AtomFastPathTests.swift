// The fast paths of value reading against the simple ones: `atoms(of:)` (one-token values
// inline) against `atomsInSpan(of:)` and the value's tokens.

import XCTest
@testable import TemplateFormat

final class AtomFastPathTests: XCTestCase {
    func testAtomsMatchTheValueTokens() {
        let text = """
            format 1
            template t "T" {
              a: 1
              b:
              c: "s"
              d: 1, 2
              e: 10 x 20
              f: /* c */ 7
              g: 8 // trailing
              h: 1 2 3 4 5
              i: 1, 2, 3, 4
              j: "a" bold
              k: ,
              l: #abc
              m: x
              n: 1 /* a */ 2 /* b */ 3
              text a { at: 1, 2; size: 3 x 4 }
            }
            import "x.tdl"
            import
            """
        let tree = SyntaxTree.parse(text)
        var checked = 0
        tree.withRawView { raw in
            for node in 0..<raw.nodeCount where raw.kind(node) == .property || raw.kind(node) == .directive {
                // The reference: every atom token of the node's value child, in order.
                var expected: [Token] = []
                let value = node + 1
                if value < raw.subtreeEnd(node), raw.kind(value) == .value {
                    for t in raw.firstToken(value)..<raw.endToken(value) where raw.tokens[t].kind.isAtom {
                        expected.append(raw.tokens[t])
                    }
                }
                let fast = raw.atoms(of: node), slow = raw.atomsInSpan(of: node)
                XCTAssertEqual(fast.count, expected.count, "node \(node)")
                XCTAssertEqual(slow.count, expected.count, "node \(node)")
                XCTAssertEqual(fast.first, expected.first)
                XCTAssertEqual(slow.first, expected.first)
                for i in 0..<min(expected.count, 4) {
                    XCTAssertEqual(fast[i], expected[i], "node \(node) atom \(i)")
                    XCTAssertEqual(slow[i], expected[i], "node \(node) atom \(i)")
                }
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 15)
        XCTAssertEqual(AtomTokens().count, 0)
        XCTAssertNil(AtomTokens().first)
    }
}
