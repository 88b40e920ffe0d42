// The fast paths of value reading against the simple ones: `atoms(of:)` (one-token values
// inline) against `atomsInSpan(of:)` and the typed views, `numberLiteral` (15 digits or
// fewer) against `longNumberLiteral`, and `hexColor` against a digit-by-digit reference.

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

    func testNumberLiteralMatchesTheLongPath() {
        let numbers = ["0", "-0", "7", "12", "12px", "-3.25pt", "1.5", ".5", "5.", "-.5", "007", "0.0001",
                       "1.2.3", "50%", "-", "", "1e5", "12.5e3", "123456789012345", "1234567890123456",
                       "0.00000000000001", "0.000000000000001", "0000000000000001", "99999999999999999999",
                       "12345678.1234567", "12345678.12345678", "3.14159265358979323846", "1x", "327x180",
                       "9007199254740993", "0.1", "0.3", "-999999999999999", "1.000000000000000000001"]
        for text in numbers {
            for prefix in ["", "  "] {
                let bytes = Array((prefix + text + " ").utf8)
                let token = Token(kind: .number, start: prefix.utf8.count, end: prefix.utf8.count + text.utf8.count)
                bytes.withUnsafeBufferPointer { b in
                    let fast = AtomSyntax.numberLiteral(token, b)
                    let long = token.start < token.end ? AtomSyntax.longNumberLiteral(token, b) : nil
                    XCTAssertEqual(fast?.value.bitPattern, long?.value.bitPattern, text)
                    XCTAssertEqual(fast?.unitStart, long?.unitStart, text)
                }
            }
        }
        // Only well-formed number tokens have a value.
        let bytes: [UInt8] = Array("12 #abc".utf8)
        bytes.withUnsafeBufferPointer { b in
            XCTAssertNil(AtomSyntax.numberLiteral(Token(kind: .number, flags: .malformed, start: 0, end: 2), b))
            XCTAssertNil(AtomSyntax.numberLiteral(Token(kind: .identifier, start: 0, end: 2), b))
            XCTAssertNil(AtomSyntax.numberLiteral(Token(kind: .number, start: 0, end: 20), b))
        }
    }

    func testHexColorMatchesTheReference() {
        func reference(_ digits: [UInt8]) -> UInt32? {
            let count = digits.count
            guard count == 3 || count == 4 || count == 6 || count == 8 else { return nil }
            var v: UInt32 = 0
            for b in digits {
                guard let d = UInt32(String(UnicodeScalar(b)), radix: 16) else { return nil }
                v = count <= 4 ? v << 8 | (d << 4 | d) : v << 4 | d
            }
            return count == 3 || count == 6 ? v << 8 | 0xFF : v
        }
        var cases = ["abc", "ABCD", "a1b2c3", "A1B2C3D4", "12", "GGG", "12345", "abcdeg", "ffffff", "0000",
                     "@@@", "`ab", "gggggg", "fFfF", "09aF", "0123456789", "", "/:@G", "ab cd"]
        // Every byte in each position of a three- and a six-digit colour.
        for b in 0...255 {
            cases.append(String(decoding: [UInt8(b), 0x31, 0x32], as: UTF8.self))
            cases.append(String(decoding: [0x61, 0x62, 0x63, 0x64, 0x65, UInt8(b)], as: UTF8.self))
        }
        for digits in cases {
            let bytes = [0x23] + Array(digits.utf8)
            let token = Token(kind: .color, start: 0, end: bytes.count)
            bytes.withUnsafeBufferPointer { b in
                XCTAssertEqual(AtomSyntax.hexColor(token, b), reference(Array(digits.utf8)), digits)
            }
        }
        let bytes: [UInt8] = Array("#abc".utf8)
        bytes.withUnsafeBufferPointer { b in
            XCTAssertNil(AtomSyntax.hexColor(Token(kind: .color, flags: .malformed, start: 0, end: 4), b))
            XCTAssertNil(AtomSyntax.hexColor(Token(kind: .string, start: 0, end: 4), b))
        }
    }
}
