import XCTest
import TemplateFormat
import Validator

/// A line `kind name` without `{` inside a block (TDL123) versus a property missing its
/// colon (TDL011): which one a line is, that each mistake is reported once, and that the
/// fix gives a block that brings no error.
final class UnfinishedHeaderTests: XCTestCase {
    private func codes(_ text: String) -> [String] { Validator.validate(Array(text.utf8)).map(\.code) }

    private func template(_ body: String) -> String {
        "format 1\n\ntemplate t {\n  size: 375 x 667\n" + body + "}\n"
    }

    func testAKindAllowedHereIsAnUnfinishedHeader() {
        XCTAssertEqual(codes(template("  group g {\n    text sub\n  }\n")), ["TDL123"])
        XCTAssertEqual(codes(template("  image hero\n")), ["TDL123"], "directly in a template")
        XCTAssertEqual(codes("format 1\n\nannotations a {\n  image: \"s.png\"\n  arrow pointer\n}\n"), ["TDL123"])
    }

    func testOtherLinesStayAPropertyMissingItsColon() {
        // `text` is a property of a text block, so `text sub` there is `text: sub` gone wrong.
        XCTAssertEqual(Set(codes(template("  text a {\n    text \"Hi\"\n  }\n"))), ["TDL011"])
        // An annotation kind in a template, a kind with a title it does not take, and two
        // names are no header.
        XCTAssertTrue(codes(template("  rect box\n")).contains("TDL011"))
        XCTAssertTrue(codes(template("  text a \"Title\"\n")).contains("TDL011"))
        XCTAssertTrue(codes(template("  text a b\n")).contains("TDL011"))
        // `size 4` is a property.
        XCTAssertEqual(Set(codes(template("  size 375 x 667\n").replacingOccurrences(of: "  size: 375 x 667\n", with: ""))), ["TDL011"])
    }

    func testTheFixOpensAndClosesTheBlockAndAddsNoError() throws {
        let cases = [
            template("  group g {\n    text sub\n  }\n"),
            template("  image hero\n"),
            template("\tgroup g {\n\t\tbutton go\n\t}\n"),
            template("  group g {\n    video clip\n  }\n").replacingOccurrences(of: "\n", with: "\r\n"),
            "format 1\n\nannotations a {\n  image: \"s.png\"\n  size: 800 x 600\n  arrow pointer\n}\n",
        ]
        for text in cases {
            let bytes = Array(text.utf8)
            let found = Validator.validate(bytes)
            let header = try XCTUnwrap(found.first { $0.code == "TDL123" }, text)
            let fix = try XCTUnwrap(header.fixes.first, text)
            XCTAssertFalse(fix.isCertain, "a guess: the line may be a property after all")
            let fixed = FixSelection.apply(fix.edits, to: bytes)
            let after = Validator.validate(fixed)
            let errors = after.filter { $0.severity == .error }
            XCTAssertTrue(errors.isEmpty, "\(String(decoding: fixed, as: UTF8.self))\n\(errors.map { "\($0.code) \($0.message)" })")
            // Laid out as the formatter would (indentation and line breaks kept).
            if case .formatted(let formatted) = Formatter.format(SyntaxTree.parse(fixed)) {
                let expected = text.contains("\t") ? fixed : formatted
                XCTAssertEqual(String(decoding: fixed, as: UTF8.self), String(decoding: expected, as: UTF8.self))
            } else {
                XCTFail("the fixed document does not format")
            }
        }
    }
}
