import XCTest
import TemplateFormat
import Validator
@testable import LanguageFeatures

final class SemanticTokensTests: XCTestCase {
    private func classified(_ text: String, lines: Bool = false) -> [(String, SemanticTokenType, SemanticTokenModifiers)] {
        let tree = SyntaxTree.parse(text)
        let index = lines ? LineIndex(tree.bytes) : nil
        return SemanticTokens.tokens(in: tree, splittingLinesWith: index).map { (tree.text(of: $0.range), $0.type, $0.modifiers) }
    }

    private func type(of word: String, in tokens: [(String, SemanticTokenType, SemanticTokenModifiers)], occurrence: Int = 0) -> SemanticTokenType? {
        let hits = tokens.filter { $0.0 == word }
        return occurrence < hits.count ? hits[occurrence].1 : nil
    }

    func testLegendNamesMatchTheEnumOrder() {
        XCTAssertEqual(SemanticTokenLegend.types.count, SemanticTokenType.allCases.count)
        XCTAssertEqual(SemanticTokenLegend.types[SemanticTokenType.class.rawValue], "class")
        XCTAssertEqual(SemanticTokenLegend.types[SemanticTokenType.enumMember.rawValue], "enumMember")
        XCTAssertEqual(SemanticTokenLegend.types[SemanticTokenType.operator.rawValue], "operator")
        XCTAssertEqual(SemanticTokenLegend.modifiers, ["declaration", "documentation", "defaultLibrary"])
    }

    func testClassifiesKindsNamesKeysAndValues() {
        let text = """
        format 1
        /// Card style.
        style card { background: white; corner-radius: 8px }
        template t "T" {
          size: 320 x 200
          params { who: "you" }
          text hello {
            style: card
            text: "Hi {{who}}!"
            align: center
            italic: true
            color: #FF0000
          }
        }
        """
        let tokens = classified(text)
        XCTAssertEqual(type(of: "format", in: tokens), .keyword)
        XCTAssertEqual(type(of: "1", in: tokens), .number)
        XCTAssertEqual(tokens.first { $0.0 == "/// Card style." }?.2, .documentation)
        XCTAssertEqual(type(of: "style", in: tokens), .type)
        XCTAssertEqual(type(of: "card", in: tokens), .class)
        XCTAssertEqual(tokens.first { $0.0 == "card" }?.2, .declaration)
        XCTAssertEqual(type(of: "card", in: tokens, occurrence: 1), .class)
        XCTAssertEqual(type(of: "background", in: tokens), .property)
        XCTAssertEqual(type(of: "white", in: tokens), .color)
        XCTAssertEqual(type(of: "8px", in: tokens), .number)
        XCTAssertEqual(type(of: "t", in: tokens), .namespace)
        XCTAssertEqual(type(of: "\"T\"", in: tokens), .string)
        XCTAssertEqual(type(of: "x", in: tokens), .operator)
        XCTAssertEqual(type(of: "who", in: tokens), .parameter)
        XCTAssertEqual(tokens.first { $0.0 == "who" }?.2, .declaration)
        XCTAssertEqual(type(of: "hello", in: tokens), .variable)
        XCTAssertEqual(type(of: "center", in: tokens), .enumMember)
        XCTAssertEqual(type(of: "true", in: tokens), .keyword)
        XCTAssertEqual(type(of: "#FF0000", in: tokens), .color)
        // The string is cut around its interpolation.
        let pieces = tokens.drop { $0.0 != "\"Hi " }.prefix(5).map { "\($0.0)=\($0.1)" }
        XCTAssertEqual(pieces, ["\"Hi =string", "{{=operator", "who=parameter", "}}=operator", "!\"=string"])
    }

    func testTokensAreInOrderAndDisjoint() {
        let text = "format 1\ntemplate t { size: 1 x 2 // c\n text a { text: \"{{ a }} {{b}}\" } }\n"
        let tree = SyntaxTree.parse(text)
        let tokens = SemanticTokens.tokens(in: tree)
        XCTAssertFalse(tokens.isEmpty)
        for (a, b) in zip(tokens, tokens.dropFirst()) {
            XCTAssertLessThanOrEqual(a.range.end, b.range.start, "\(a) then \(b)")
        }
        XCTAssertTrue(tokens.allSatisfy { !$0.range.isEmpty })
        XCTAssertEqual(tokens.filter { $0.type == .parameter }.map { tree.text(of: $0.range) }, ["a", "b"])
        XCTAssertEqual(tokens.last.map { tree.text(of: $0.range) }, "\"")
        XCTAssertEqual(tokens.filter { $0.type == .comment }.map { tree.text(of: $0.range) }, ["// c"])
    }

    func testRangeRequestReturnsOnlyOverlappingTokens() {
        let text = "format 1\ntemplate t {\n  size: 1 x 2\n}\n"
        let tree = SyntaxTree.parse(text)
        let start = Array(text.utf8).firstIndex(of: UInt8(ascii: "s"))!
        let tokens = SemanticTokens.tokens(in: tree, range: ByteRange(start: start, end: start + 7))
        XCTAssertEqual(tokens.map { tree.text(of: $0.range) }, ["size", "1"])
    }

    func testMultilineTokensAreSplitPerLineWhenAsked() {
        let text = "format 1\n/* one\ntwo */\ntemplate t {\n  text a { text: \"\"\"\n    hi\n    \"\"\" }\n}\n"
        let whole = classified(text)
        XCTAssertTrue(whole.contains { $0.0 == "/* one\ntwo */" && $0.1 == .comment })
        let split = classified(text, lines: true)
        XCTAssertTrue(split.contains { $0.0 == "/* one" && $0.1 == .comment })
        XCTAssertTrue(split.contains { $0.0 == "two */" && $0.1 == .comment })
        XCTAssertEqual(split.filter { $0.1 == .string }.map(\.0), ["\"\"\"", "    hi", "    \"\"\""])
        XCTAssertTrue(split.allSatisfy { !$0.0.contains("\n") })
    }

    func testBrokenInputStillClassifiesWhatItCan() {
        let tokens = classified("template t {\n  text a {\n    text: \"unterminated\n  size: 3 x\n")
        XCTAssertEqual(type(of: "template", in: tokens), .type)
        XCTAssertEqual(type(of: "a", in: tokens), .variable)
        XCTAssertTrue(classified("").isEmpty)
        XCTAssertFalse(classified("}}}{{{: : ;;").contains { $0.0.isEmpty })
    }

    func testRangeTokensMatchTheFullTokensThatOverlapTheRange() {
        var text = "format 1\nstyle s { color: red }\n"
        for n in 0..<40 {
            text += "template t\(n) {\n  size: 10 x 10\n  // note\n  text a { style: s; text: \"v{{p}}\"; align: center }\n}\n"
        }
        let tree = SyntaxTree.parse(text)
        let full = SemanticTokens.tokens(in: tree)
        for (start, length) in [(0, 10), (500, 300), (1234, 1), (tree.bytes.count - 50, 50), (700, 0)] {
            let range = ByteRange(start: start, end: start + length)
            let expected = full.filter { $0.range.start < range.end && $0.range.end > range.start || (range.isEmpty && $0.range.contains(range.start)) }
            let ranged = SemanticTokens.tokens(in: tree, range: range)
            XCTAssertEqual(ranged, expected, "range \(range)")
        }
    }
}
