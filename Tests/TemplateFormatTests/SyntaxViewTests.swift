// The typed views over the tree: blocks, properties, directives and atom decoders.

import Dispatch
import Foundation
import XCTest
@testable import TemplateFormat
import TestSupport

final class SyntaxViewTests: XCTestCase {
    let text = """
        // Header.
        format 1
        import "lib.tdl"

        template welcome "Welcome \\"card\\"" {
          size: 375 x 667
          /// Doc.
          text title {
            text: "Hi, {{user}}!"; at: 24, 64
          }
          group {
            image hero {}
          }
        }

        """

    func testDocumentAndBlocks() {
        let tree = SyntaxTree.parse(text)
        XCTAssertEqual(codes(tree), [])
        let doc = tree.document
        XCTAssertEqual(doc.members.count, 3)
        XCTAssertEqual(doc.directives.map(\.keyword), ["format", "import"])
        XCTAssertEqual(doc.directives.last?.atoms.first?.stringValue, "lib.tdl")
        XCTAssertEqual(doc.directives.first?.range, range(of: "format 1", in: text))

        let template = doc.blocks[0]
        XCTAssertEqual(template.kind, "template")
        XCTAssertEqual(template.name, "welcome")
        XCTAssertEqual(template.title, "Welcome \"card\"")
        XCTAssertEqual(template.headerRange, range(of: "template welcome", in: text))
        XCTAssertEqual(template.openBrace?.range, range(of: "{", in: text))
        XCTAssertEqual(template.closeBrace?.range.start, text.utf8.count - 2)
        XCTAssertEqual(template.range, ByteRange(start: offset(of: "template", in: text), end: text.utf8.count - 1))
        XCTAssertNil(template.parentBlock)
        XCTAssertEqual(template.properties.map(\.key), ["size"])
        XCTAssertEqual(template.blocks.map(\.kind), ["text", "group"])
        XCTAssertEqual(template.members.count, 3)

        let title = template.blocks[0]
        XCTAssertEqual(title.properties.map(\.key), ["text", "at"])
        XCTAssertEqual(title.parentBlock?.name, "welcome")
        XCTAssertEqual(title.property("at")?.atoms.map(\.text), ["24", "64"])
        XCTAssertEqual(title.property("text")?.block?.name, "title")
        XCTAssertNil(title.property("missing"))

        let group = template.blocks[1]
        XCTAssertNil(group.name)
        XCTAssertEqual(group.headerRange, range(of: "group", in: text))
        let hero = group.blocks[0]
        XCTAssertEqual(hero.parentBlock?.kind, "group")
        XCTAssertEqual(hero.parentBlock?.parentBlock?.name, "welcome")
        XCTAssertTrue(hero.members.isEmpty)
    }

    func testProperties() {
        let tree = SyntaxTree.parse(text)
        let size = tree.document.blocks[0].properties[0]
        XCTAssertEqual(size.keyToken.range, range(of: "size", in: text))
        XCTAssertEqual(size.colon?.range, ByteRange(offset: offset(of: "size:", in: text) + 4, length: 1))
        XCTAssertEqual(size.valueRange, range(of: "375 x 667", in: text))
        XCTAssertEqual(size.range, range(of: "size: 375 x 667", in: text))
        XCTAssertEqual(size.atoms.map(\.kind), [.number, .identifier, .number])
        // A `;` belongs to the property before it.
        let text2 = tree.document.blocks[0].blocks[0].properties[0]
        XCTAssertEqual(text2.range, range(of: "text: \"Hi, {{user}}!\";", in: text))
        // Without a value, the value range is the key's.
        let broken = SyntaxTree.parse("s a {\n  k:\n}\n")
        let k = broken.document.blocks.first?.properties.first
        XCTAssertEqual(k?.valueRange, ByteRange(start: 8, end: 9))
        XCTAssertEqual(k?.atoms.count, 0)
    }

    func atom(_ source: String) -> AtomSyntax? {
        let tree = SyntaxTree.parse("s a {\n  v: \(source)\n}\n")
        return tree.document.blocks.first?.properties.first?.atoms.first
    }

    func testStringValues() {
        XCTAssertEqual(atom(#""a\"b\\c\nd\te\{f \u{2014} \u{1F600}""#)?.stringValue, "a\"b\\c\nd\te{f \u{2014} \u{1F600}")
        XCTAssertEqual(atom(#""""#)?.stringValue, "")
        XCTAssertEqual(atom(#""caf\u{E9}""#)?.stringValue, "caf\u{E9}")
        XCTAssertEqual(atom("\"caf\u{E9}\"")?.stringValue, "caf\u{E9}")
        XCTAssertEqual(atom(#""""one "line" here""""#)?.stringValue, "one \"line\" here")
        // Invalid escapes are kept as written.
        XCTAssertEqual(atom(#""a\qb \u{D800}""#)?.stringValue, #"a\qb \u{D800}"#)
        XCTAssertEqual(atom(#""a\qb""#)?.contentRange.length, 4)
    }

    func testMultilineStringLayout() {
        // Opening line break dropped, closing line's indentation removed, CRLF read as LF.
        let tree = SyntaxTree.parse("s a {\r\n  d: \"\"\"\r\n    one\r\n      two\r\n    \"\"\"\r\n}\r\n")
        XCTAssertEqual(tree.document.blocks.first?.property("d")?.atoms.first?.stringValue, "one\n  two")
        // On one line the value is taken as written; escapes still apply.
        XCTAssertEqual(atom("\"\"\"a \\t b\"\"\"")?.stringValue, "a \t b")
        // A line indented less than the closing delimiter loses only its own whitespace.
        let less = SyntaxTree.parse("s a {\n  d: \"\"\"\n    x\n  y\n    \"\"\"\n}\n")
        XCTAssertEqual(less.document.blocks.first?.property("d")?.atoms.first?.stringValue, "x\ny")
    }

    func testInterpolations() {
        let source = #""Hi {{user}}, {{trial-days}} days; \{{not}} {x} {{""#
        let a = atom(source)
        let names = a?.interpolations.map(\.name)
        XCTAssertEqual(names, ["user", "trial-days"])
        let full = "s a {\n  v: \(source)\n}\n"
        XCTAssertEqual(a?.interpolations.map(\.range), [range(of: "{{user}}", in: full), range(of: "{{trial-days}}", in: full)])
        XCTAssertEqual(atom("bold")?.interpolations.count, 0)
        XCTAssertEqual(atom("12")?.interpolations.count, 0)
    }

    func testNumbers() {
        XCTAssertTrue(atom("24")?.number.map { $0 == (24, nil) } ?? false)
        XCTAssertTrue(atom("-0.5")?.number.map { $0 == (-0.5, nil) } ?? false)
        XCTAssertTrue(atom("12px")?.number.map { $0 == (12, "px") } ?? false)
        XCTAssertTrue(atom("50%")?.number.map { $0 == (50, "%") } ?? false)
        XCTAssertTrue(atom("-2deg")?.number.map { $0 == (-2, "deg") } ?? false)
        XCTAssertTrue(atom("327x180")?.number.map { $0 == (327, "x180") } ?? false)
        XCTAssertNil(atom("1.")?.number)
        XCTAssertNil(atom("bold")?.number)
        XCTAssertNil(atom("\"12\"")?.number)
    }

    /// A number's value is the double nearest to its decimal text, as `Double(String)` gives.
    /// (The fast path `whole + fraction / scale` rounds twice: `1.66` became
    /// 1.6600000000000001, which then shows in generated CSS.)
    func testNumberValuesAreTheNearestDouble() {
        var rng = SeededRandom(seed: 1066)
        var samples = ["1.66", "-1.66", "9.274", "6.6149", "-2.9559", "0.1", "0.3", "1.50", "327", "-0", "0.000001", "123456.789"]
        for _ in 0..<300 {
            var s = rng.chance(30) ? "-" : ""
            s += String(rng.below(100_000))
            if rng.chance(80) { s += "." + String((0..<rng.int(1...6)).map { _ in Character(String(rng.below(10))) }) }
            samples.append(s)
        }
        var wrong: [String] = []
        for s in samples {
            guard let n = atom(s)?.number else { wrong.append("\(s): nil"); continue }
            if n.value != Double(s)! || n.value.sign != Double(s)!.sign { wrong.append("\(s): \(n.value)") }
        }
        XCTAssertEqual(wrong, [], "AtomSyntax.number differs from Double(String)")
    }

    func testHexColours() {
        XCTAssertEqual(atom("#abc")?.hexColor, 0xAABB_CCFF)
        XCTAssertEqual(atom("#ABCD")?.hexColor, 0xAABB_CCDD)
        XCTAssertEqual(atom("#0060df")?.hexColor, 0x0060_DFFF)
        XCTAssertEqual(atom("#0060DF80")?.hexColor, 0x0060_DF80)
        XCTAssertNil(atom("#12345")?.hexColor)
        XCTAssertNil(atom("white")?.hexColor)
        XCTAssertEqual(atom("#abc")?.kind, .color)
    }

    func testTreeHelpers() {
        let tree = SyntaxTree.parse("ab: c\n")
        XCTAssertEqual(tree.tokenIndex(at: 0), 0)
        XCTAssertEqual(tree.tokenIndex(at: 1), 0)
        XCTAssertEqual(tree.tokenIndex(at: 2), 1)
        XCTAssertEqual(tree.tokenIndex(at: 3), 2, "the gap before `c` belongs to the next token")
        XCTAssertEqual(tree.tokenIndex(at: 99), tree.tokens.count)
        XCTAssertTrue(tree.token(tree.tokens[0], equals: "ab"))
        XCTAssertFalse(tree.token(tree.tokens[0], equals: "a"))
        XCTAssertEqual(tree.text(of: ByteRange(start: -4, end: 2)), "ab")
        XCTAssertEqual(tree.text(of: ByteRange(start: 4, end: 40)), "c\n")
        XCTAssertEqual(tree.text(of: tree.tokens[2]), "c")
        XCTAssertEqual(SyntaxTree.parse(bytes("x")).bytes, bytes("x"))
    }

    /// Views keep their tree (and its token and node memory) alive on their own.
    func testViewsOutliveTheirTreeVariable() {
        func firstAtom() -> AtomSyntax? {
            let tree = SyntaxTree.parse("s a {\n  v: \"kept\" #abc\n}\n")
            return tree.document.blocks.first?.properties.first?.atoms.first
        }
        var atoms: [AtomSyntax] = []
        for _ in 0..<200 { if let a = firstAtom() { atoms.append(a) } }
        // Churn the allocator so freed memory would be reused.
        for i in 0..<200 { _ = SyntaxTree.parse(String(repeating: "x\(i) y {}\n", count: 20)) }
        XCTAssertEqual(atoms.count, 200)
        XCTAssertTrue(atoms.allSatisfy { $0.stringValue == "kept" && $0.text == "\"kept\"" })
        let block = SyntaxTree.parse("t n \"T\" { k: 1 }").document.blocks[0]
        XCTAssertEqual(block.title, "T")
        XCTAssertEqual(block.tree.tokens.count, 8)
    }

    /// A tree is an immutable value: many threads may read and format it at once.
    func testConcurrentReadersAgree() {
        final class Results: @unchecked Sendable {
            let lock = NSLock()
            var outputs: [[UInt8]?] = Array(repeating: nil, count: 16)
        }
        let input = Repository.examples.first?.bytes ?? bytes("s a { x: 1 }")
        let tree = SyntaxTree.parse(input)
        let expected = formatted(input)
        XCTAssertNotNil(expected)
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 16) { i in
            var out: [UInt8]? = nil
            if case .formatted(let f) = Formatter.format(tree), structureDump(tree) == structureDump(SyntaxTree.parse(f)) { out = f }
            results.lock.lock(); results.outputs[i] = out; results.lock.unlock()
        }
        XCTAssertTrue(results.outputs.allSatisfy { $0 != nil && $0 == expected })
    }

    func testByteRange() {
        let r = ByteRange(start: 5, end: 3)
        XCTAssertEqual(r.end, 5, "a reversed range is empty")
        XCTAssertTrue(ByteRange(start: 2, end: 4).intersects(ByteRange(start: 3, end: 9)))
        XCTAssertFalse(ByteRange(start: 2, end: 4).intersects(ByteRange(start: 4, end: 9)))
        XCTAssertTrue(ByteRange(start: 2, end: 4).intersects(ByteRange(start: 4, end: 4)), "a cursor at the end touches")
        XCTAssertTrue(ByteRange(start: 2, end: 2).intersects(ByteRange(start: 0, end: 2)))
        XCTAssertFalse(ByteRange(start: 5, end: 5).intersects(ByteRange(start: 0, end: 2)))
        XCTAssertTrue(ByteRange(offset: 3, length: 2).contains(4))
        XCTAssertFalse(ByteRange(offset: 3, length: 2).contains(5))
    }
}
