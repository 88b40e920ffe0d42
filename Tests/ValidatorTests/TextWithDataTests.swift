import ProjectModel
import TemplateFormat
import TestSupport
import Validator
import XCTest

/// TDL312 with `check --data`: a text that holds `{{name}}` is measured with the value the
/// data gives in its place, exactly as if the value were written there.
final class TextWithDataTests: XCTestCase {
    func document(kind: String, text: String, size: String) -> String {
        let key = kind == "button" ? "label" : "text"
        return """
        format 1

        template card {
          size: 400 x 300
          params {
            title: "Hi"
          }
          \(kind) headline {
            \(key): \(text)
            at: 10, 10
            size: \(size)
          }
        }

        """
    }

    func validate(_ source: String, data: [String: String] = [:]) -> [Diagnostic] {
        let file = ProjectFile(unsaved: "<document>", tree: SyntaxTree.parse(Array(source.utf8)))
        return Validator.validate(file, in: Project(files: [file], loader: nil), parameterData: data)
    }

    /// Over seeded random values, kinds and boxes: the report with the value from data is the
    /// report with the value written into the text (escaped), plus the words naming it; and
    /// no data, or data for another name, leaves today's report.
    func testMeasuredAsIfTheValueWereWritten() {
        var rng = SeededRandom(seed: 319)
        let words = ["a", "Ada", "Lovelace", "wonderful", "Supercalifragilisticexpialidocious", "日本語のテキスト", "x-y/z", "{", "\\", "tab\there"]
        var reported = 0
        for _ in 0..<300 {
            let kind = ["text", "button", "textarea", "label"][Int.random(in: 0..<4, using: &rng)]
            let value = (0..<Int.random(in: 1...12, using: &rng)).map { _ in words[Int.random(in: 0..<words.count, using: &rng)] }
                .joined(separator: Bool.random(using: &rng) ? " " : "\n")
            let size = "\(Int.random(in: 40...300, using: &rng)) x \(Int.random(in: 20...120, using: &rng))"
            var escaped = ""
            for c in value.unicodeScalars {
                switch c {
                case "\\": escaped += "\\\\"
                case "{": escaped += "\\{"
                case "\"": escaped += "\\\""
                case "\n": escaped += "\\n"
                case "\t": escaped += "\\t"
                default: escaped.unicodeScalars.append(c)
                }
            }
            let withParameter = document(kind: kind, text: "\"Dear {{title}}, hello\"", size: size)
            let written = document(kind: kind, text: "\"Dear \(escaped), hello\"", size: size)
            let fromData = validate(withParameter, data: ["title": value]).filter { $0.code == "TDL312" }
            let expected = validate(written).filter { $0.code == "TDL312" }
            let context = "\(kind) \(size) \(value.debugDescription)"
            XCTAssertEqual(fromData.count, expected.count, context)
            if let got = fromData.first, let want = expected.first {
                reported += 1
                let shown = value.unicodeScalars.count > 40 ? String(String.UnicodeScalarView(value.unicodeScalars.prefix(40))) + "…" : value
                XCTAssertEqual(got.message, want.message + " with `title` = \"\(shown)\" from --data", context)
            }
            // Data for another name changes nothing; without data `{{title}}` counts as nothing.
            XCTAssertEqual(validate(withParameter, data: ["other": value]).map(\.message), validate(withParameter).map(\.message), context)
        }
        XCTAssertGreaterThan(reported, 30)
    }

    /// The case: fits with its default, not with a long value; the report names the
    /// parameter and the value.
    func testALongValueIsReportedNamingTheParameter() {
        let source = document(kind: "text", text: "\"Hello {{title}}\"", size: "200 x 24")
        XCTAssertEqual(validate(source).map(\.code), [])
        let found = validate(source, data: ["title": "a very long title that takes several lines of this box"])
        XCTAssertEqual(found.map(\.code), ["TDL312"])
        XCTAssertTrue(found.first?.message.hasSuffix("with `title` = \"a very long title that takes several lin…\" from --data") ?? false,
                      found.first?.message ?? "")
    }
}
