import XCTest
import ProjectModel
import TemplateFormat
import Validator
@testable import LanguageFeatures

final class CompletionTests: XCTestCase {
    private func complete(_ text: String) -> [CompletionItem] {
        let (file, _, cursor) = NavFixture.file(text)
        return Completion.items(in: file, at: cursor)
    }

    private func labels(_ items: [CompletionItem]) -> [String] { items.map(\.label) }

    func testEmptyFileOffersFormatFirst() {
        let items = complete("|")
        let format = items.first { $0.label == "format 1" }
        XCTAssertNotNil(format)
        XCTAssertEqual(format?.insertText, "format 1")
        XCTAssertEqual(format?.preselect, true)
        XCTAssertTrue(labels(items).contains("template"))
        XCTAssertTrue(labels(items).contains("style"))
        XCTAssertTrue(labels(items).contains("annotations"))
        XCTAssertFalse(labels(items).contains("text"), "components are not allowed at top level")
    }

    func testTopLevelAfterFormatHasNoSecondFormat() {
        let items = complete("format 1\n\nte|")
        XCTAssertFalse(labels(items).contains("format 1"))
        let template = items.first { $0.label == "template" }
        XCTAssertEqual(template?.insertText, "template ${1:name} {\n\tsize: ${2:375 x 667}\n\t$0\n}")
        XCTAssertEqual(template?.plainText, "template name {\n  size: 375 x 667\n}")
        XCTAssertEqual(template?.isSnippet, true)
        // Replaces the partial word `te`.
        XCTAssertEqual(template?.replaceRange.length, 2)
    }

    func testTemplateBodyOffersComponentsAndUnsetProperties() {
        let items = complete("""
        template card {
          size: 375 x 667
          |
        }
        """)
        let names = labels(items)
        XCTAssertTrue(names.contains("text"))
        XCTAssertTrue(names.contains("group"))
        XCTAssertTrue(names.contains("params"))
        XCTAssertFalse(names.contains("rect"), "annotation elements are not allowed in a template")
        XCTAssertFalse(names.contains("size"), "size is already set")
        XCTAssertFalse(names.contains("device"), "device excludes the size already written")
        let background = items.first { $0.label == "background" }
        XCTAssertEqual(background?.kind, .property)
        XCTAssertEqual(background?.insertText, "background: ${1:#FFFFFF}")
        XCTAssertEqual(background?.detail, "colour · default #FFFFFF")
        XCTAssertTrue(background?.documentation?.contains("Colour of the canvas") ?? false)
    }

    func testComponentPropertySnippetWithDefault() {
        let items = complete("""
        template card {
          text title {
            text: "Hi"
            font-s|
          }
        }
        """)
        let fontSize = items.first { $0.label == "font-size" }
        XCTAssertEqual(fontSize?.insertText, "font-size: ${1:16}")
        XCTAssertEqual(fontSize?.isSnippet, true)
        XCTAssertFalse(labels(items).contains("text"), "text is set")
        XCTAssertEqual(fontSize?.replaceRange.length, "font-s".utf8.count)
    }

    func testGroupAndAnnotationPlacements() {
        let group = labels(complete("template t {\n  group g {\n    |\n  }\n}\n"))
        XCTAssertTrue(group.contains("image"))
        XCTAssertFalse(group.contains("params"), "params only at template level")
        let annotations = labels(complete("annotations a {\n  image: \"x.png\"\n  |\n}\n"))
        XCTAssertTrue(annotations.contains("arrow"))
        XCTAssertTrue(annotations.contains("size"))
        XCTAssertFalse(annotations.contains("image"), "image is set")
        XCTAssertFalse(annotations.contains("text"))
    }

    func testEnumValuesAfterKey() {
        let items = complete("template t {\n  text a {\n    align: |\n  }\n}\n")
        XCTAssertEqual(labels(items), ["start", "end", "left", "center", "right", "justify"])
        XCTAssertEqual(items.first?.kind, .value)
        XCTAssertEqual(items.first?.detail, "default")
    }

    func testBooleanAndFontWeight() {
        XCTAssertEqual(labels(complete("template t {\n  text a {\n    italic: t|\n  }\n}\n")), ["true", "false"])
        XCTAssertEqual(labels(complete("template t {\n  text a {\n    font: \"Inter\" |\n  }\n}\n")), Schema.fontWeights)
    }

    func testColourNames() {
        let items = complete("template t {\n  background: |\n}\n")
        let white = items.first { $0.label == "white" }
        XCTAssertEqual(white?.kind, .color)
        XCTAssertEqual(white?.detail, "#FFFFFF")
        XCTAssertEqual(items.count, Schema.namedColorNames.count)
    }

    func testStyleNamesIncludingImported() {
        let shared = NavFixture.source("style shared-title { font-size: 28 }\n", path: "/w/shared.tdl")
        let (file, _, cursor) = NavFixture.file("""
        import "shared.tdl"
        style body { font-size: 14 }
        style heading {
          style: |
        }
        """)
        let items = Completion.items(in: file, at: cursor, styles: NavFixture.context(file, imports: [shared]).scope)
        XCTAssertEqual(labels(items), ["body", "shared-title"], "a style does not extend itself")
        XCTAssertEqual(items.last?.detail, "style from shared.tdl", "relative to the document, as `import` writes it")
        XCTAssertEqual(items.first?.kind, .reference)
    }

    func testElementNamesAfterTo() {
        let items = complete("""
        annotations a {
          image: "x.png"
          rect target { at: 1, 2 }
          arrow pointer {
            to: ta|
          }
          label note { text: "n" }
        }
        """)
        XCTAssertEqual(labels(items), ["target", "note"], "every element but the arrow itself, defined before or after")
        XCTAssertEqual(items.first?.replaceRange.length, 2)
    }

    func testParameterNamesInsideInterpolation() {
        let items = complete("""
        template t {
          params {
            user: "friend"
            days: 14
          }
          text a { text: "Hello {{u|" }
        }
        """)
        XCTAssertEqual(labels(items), ["user", "days"])
        XCTAssertEqual(items.first?.insertText, "user}}", "closes the interpolation when it is open")
        XCTAssertEqual(items.first?.detail, "parameter · default \"friend\"")
        XCTAssertEqual(items.first?.replaceRange.length, 1)
    }

    func testNothingInPlainStringOrComment() {
        XCTAssertTrue(complete("template t {\n  text a { text: \"Hel|lo\" }\n}\n").isEmpty)
        XCTAssertTrue(complete("// a comm|ent\n").isEmpty)
        XCTAssertTrue(complete("// tdl-ignore-not TDL3|\n").isEmpty, "not a suppression")
        XCTAssertTrue(complete("template t {\n  text a { text: \"\\{{u|\" }\n}\n").isEmpty, "escaped braces are literal")
    }

    func testBrokenAndTruncatedFiles() throws {
        // Unclosed blocks at the end of the file.
        let truncated = labels(complete("format 1\ntemplate t {\n  text a {\n    te|"))
        XCTAssertTrue(truncated.contains("text"), "the `text` property of a text component")
        XCTAssertTrue(truncated.contains("font-size"))
        // A broken line before the cursor does not stop completion.
        let broken = labels(complete("template t {\n  size: 327x180 }}\n  text a {\n    align: |\n"))
        XCTAssertEqual(broken, ["start", "end", "left", "center", "right", "justify"])
        // A value being typed in an unterminated file.
        XCTAssertTrue(labels(complete("template t {\n  background: re|")).contains("red"))
        // Every prefix of a real document completes without trapping.
        let text = try String(contentsOfFile: #filePath.replacingOccurrences(of: "Tests/LanguageFeaturesTests/CompletionTests.swift", with: "Examples/styles-and-groups.tdl"), encoding: .utf8)
        let bytes = Array(text.utf8)
        for cut in stride(from: 0, through: bytes.count, by: 7) {
            let tree = SyntaxTree.parse(Array(bytes[0..<cut]))
            let file = ProjectFile(path: "/w/x.tdl", tree: tree)
            _ = Completion.items(in: file, at: cut)
        }
    }

    func testOutOfRangeOffsetIsClamped() {
        let (file, _, _) = NavFixture.file("template t {\n}\n")
        XCTAssertFalse(Completion.items(in: file, at: 10_000).isEmpty)
        XCTAssertFalse(Completion.items(in: file, at: -5).isEmpty)
    }
}
