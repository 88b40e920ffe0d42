// The recovering parser where a fixture does not fit: bytes that are not UTF-8, one
// document under each line ending, and checks over many inputs. The cases of one document
// each are fixtures: Fixtures/parser (ParserFixtureTests).

import XCTest
@testable import TemplateFormat
import TestSupport

final class ParserRecoveryTests: XCTestCase {
    /// Parses, checks the lossless round trip and invariants, and returns the tree.
    func parse(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> SyntaxTree {
        let (problem, tree) = losslessProblem(bytes(text))
        XCTAssertNil(problem, file: file, line: line)
        return tree
    }

    func parse(bytes input: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> SyntaxTree {
        let (problem, tree) = losslessProblem(input)
        XCTAssertNil(problem, file: file, line: line)
        return tree
    }

    func describe(_ tree: SyntaxTree) -> [String] { tree.diagnostics.map { "\($0.code)@\($0.range)" } }

    func testUnterminatedStringStopsAtEndOfLine() {
        for ending in ["\n", "\r\n", "\r"] {
            let text = "style a {" + ending + "  text: \"open" + ending + "  b: 2" + ending + "}" + ending
            let tree = parse(text)
            XCTAssertEqual(describe(tree), ["TDL003@\(range(of: "\"open", in: text))"], ending.debugDescription)
            let props = tree.document.blocks.first?.properties ?? []
            XCTAssertEqual(props.map(\.key), ["text", "b"], ending.debugDescription)
            XCTAssertEqual(props.last?.atoms.map(\.text), ["2"])
            XCTAssertEqual(props.first?.atoms.first?.stringValue, "open")
        }
    }

    func testNulBytes() {
        let input = bytes("style a {\n  x: 1\0\n  \0\n  y: 2\n}\n")
        let tree = parse(bytes: input)
        let nuls = input.indices.filter { input[$0] == 0 }
        let unexpected = tree.diagnostics(.unexpectedCharacter)
        XCTAssertEqual(unexpected.map(\.range), nuls.map { ByteRange(start: $0, end: $0 + 1) })
        XCTAssertEqual(unexpected.first?.message.contains("NUL"), true)
        XCTAssertEqual(tree.document.blocks.first?.properties.map(\.key), ["x", "y"])
    }

    func testInvalidUTF8() {
        // A lone 0xFF where a member would start, a truncated sequence in a string, an
        // overlong encoding in a comment, a surrogate and a truncated sequence at the end.
        var input = bytes("style a {\n  ")
        let ff = input.count
        input += [0xFF] + bytes("\n  s: \"")
        let stringStart = input.count - 1
        input += [0xE2, 0x82] + bytes("\"\n  // ")
        let commentStart = input.count - 3
        input += [0xC0, 0xAF] + bytes("\n  t: \"")
        let surrogateString = input.count - 1
        input += [0xED, 0xA0, 0x80] + bytes("\"\n}\n")
        let tail = input.count
        input += [0xF0, 0x9F]
        let tree = parse(bytes: input)
        let invalid = tree.diagnostics(.invalidUTF8).map(\.range)
        XCTAssertEqual(invalid, [
            ByteRange(start: ff, end: ff + 1),
            ByteRange(start: stringStart, end: stringStart + 4),
            ByteRange(start: commentStart, end: commentStart + 5),
            ByteRange(start: surrogateString, end: surrogateString + 5),
            ByteRange(start: tail, end: tail + 2),
        ])
        XCTAssertEqual(tree.document.blocks.first?.properties.map(\.key), ["s", "t"])
        XCTAssertFalse(tree.diagnostics.contains { $0.code == "TDL001" && $0.range.start == ff }, "invalid UTF-8 is TDL002, not TDL001")
    }

    func testTheFormatterKeepsAByteOrderMark() {
        // How a BOM parses is the fixture grammar/byte-order-mark.tdl.
        let text = "\u{FEFF}format 1\nstyle a {}\n"
        XCTAssertEqual(formatted(bytes(text)).map { Array($0.prefix(3)) }, [0xEF, 0xBB, 0xBF])
    }

    func testEmptyAndTriviaOnlyInputs() {
        for text in ["", "\n", "\r\n\r\n", "   \t ", "// c", "/* c */", "\u{FEFF}", "\u{FEFF}\n// c\n"] {
            let tree = parse(text)
            XCTAssertEqual(codes(tree), [], text.debugDescription)
            XCTAssertTrue(tree.document.members.isEmpty, text.debugDescription)
        }
    }

    func testEveryDiagnosticIsAnErrorWithAMessage() {
        let text = "}\n@ \u{0}\nsize: 1\nstyle a {\n  t: \"\\q\n  n: 1. #12 2em\n  k 1\n  /* x\n  m:\n  {\n"
        let tree = parse(text)
        XCTAssertEqual(Set(codes(tree)), ["TDL010", "TDL001", "TDL014", "TDL016", "TDL003", "TDL005", "TDL006", "TDL007",
                                          "TDL008", "TDL011", "TDL004", "TDL013", "TDL012", "TDL009"])
        for d in tree.diagnostics {
            XCTAssertEqual(d.severity, .error)
            XCTAssertFalse(d.message.isEmpty)
        }
        XCTAssertEqual(tree.diagnostics.map(\.range.start), tree.diagnostics.map(\.range.start).sorted(), "sorted by position")
    }
}
