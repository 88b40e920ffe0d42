import XCTest
import TemplateFormat
import Validator
@testable import LanguageFeatures

/// Completion where users expect it beyond keys and enum values: codes after `tdl-ignore`,
/// paths, font families, language tags; and what a `style` block is offered.
final class CompletionContextTests: XCTestCase {
    private func complete(_ text: String, paths: [String] = [], diagnostics: [Diagnostic]? = nil) -> [CompletionItem] {
        let (file, _, cursor) = NavFixture.file(text)
        let found = diagnostics ?? Validator.validate(file.tree)
        return Completion.items(in: file, at: cursor, paths: paths, diagnostics: found)
    }

    // MARK: Suppression codes

    func testCodesAfterTdlIgnoreReportedOnesFirst() throws {
        let text = """
        format 1
        template t {
          size: 100 x 100
          // tdl-ignore |
          text a {
            text: "Hi"
            at: 90, 90
            size: 50 x 50
          }
        }
        """
        let items = complete(text)
        XCTAssertEqual(items.first?.label, "TDL301", "the element is outside the canvas: its code first")
        XCTAssertEqual(items.first?.preselect, true)
        XCTAssertEqual(items.first?.detail, "warning: Element outside its canvas")
        XCTAssertTrue(items.first?.documentation?.contains("Bad:") ?? false)
        XCTAssertFalse(items.contains { $0.label.hasPrefix("TDL0") }, "syntax errors cannot be silenced")
        XCTAssertEqual(items.count, DiagnosticCode.all.filter(\.isSuppressible).count)
        XCTAssertTrue(items.allSatisfy { $0.kind == .code })
    }

    func testCodesAlreadyListedAreLeftOutAndTheTypedWordIsReplaced() throws {
        let items = complete("// tdl-ignore-file TDL301, TDL30|\nformat 1\n")
        XCTAssertFalse(items.contains { $0.label == "TDL301" })
        let item = try XCTUnwrap(items.first { $0.label == "TDL305" })
        XCTAssertEqual(item.replaceRange.length, "TDL30".utf8.count)
        XCTAssertTrue(complete("// tdl-ignore|\n").isEmpty, "a space first: `tdl-ignored` is another word")
        XCTAssertFalse(complete("format 1 // tdl-ignore |").isEmpty, "a trailing suppression at the end of the file")
    }

    // MARK: Paths

    func testImportOffersTdlFilesAndFolders() throws {
        let entries = ["b.tdl", "a.tdl", "logo.png", "styles/", ".hidden.tdl", "styles/inner.tdl"]
        let items = complete("import \"|\"\n", paths: entries)
        XCTAssertEqual(items.map(\.label), ["styles/", "a.tdl", "b.tdl"], "folders first, only .tdl, no hidden, one level")
        XCTAssertEqual(complete("import \"|\"\n", paths: ["main.tdl", "a.tdl"]).map(\.label), ["a.tdl"],
                       "never the document itself (/w/main.tdl): that import is a cycle")
        XCTAssertEqual(items.first?.kind, .folder)
        XCTAssertEqual(items.last?.kind, .file)
        // Inside a folder: the query asks for it, the proposal replaces the last segment only.
        let (file, _, cursor) = NavFixture.file("import \"styles/in|\"\n")
        let query = try XCTUnwrap(Completion.pathQuery(in: file, at: cursor))
        XCTAssertEqual(query.folder, "styles/")
        XCTAssertEqual(query.files, .tdl)
        let inner = Completion.items(in: file, at: cursor, paths: ["styles/inner.tdl", "styles/x.png"])
        XCTAssertEqual(inner.map(\.label), ["inner.tdl"])
        XCTAssertEqual(NavFixture.text(inner[0].replaceRange, in: file), "in")
    }

    func testSrcOffersImagesOrVideosByKind() throws {
        let entries = ["clip.mp4", "photo.JPG", "notes.txt", "subs.vtt", "img/"]
        let image = complete("template t {\n  image a {\n    src: \"|\n  }\n}\n", paths: entries)
        XCTAssertEqual(image.map(\.label), ["img/", "photo.JPG"], "an unterminated string still completes")
        let video = complete("template t {\n  video v {\n    src: \"|\"\n  }\n}\n", paths: entries)
        XCTAssertEqual(video.map(\.label), ["img/", "clip.mp4"])
        let poster = complete("template t {\n  video v {\n    poster: \"|\"\n  }\n}\n", paths: entries)
        XCTAssertEqual(poster.map(\.label), ["img/", "photo.JPG"])
        let shot = complete("annotations a {\n  image: \"|\"\n}\n", paths: entries)
        XCTAssertEqual(shot.map(\.label), ["img/", "photo.JPG"])
    }

    func testNoPathQueryForUrlsAbsolutePathsOrOtherStrings() {
        for text in ["template t {\n  image a { src: \"https://x/|\" }\n}\n",
                     "template t {\n  image a { src: \"/abs/|\" }\n}\n",
                     "template t {\n  button b { action: \"|\" }\n}\n",
                     "template t {\n  text a { text: \"|\" }\n}\n"] {
            let (file, _, cursor) = NavFixture.file(text)
            XCTAssertNil(Completion.pathQuery(in: file, at: cursor), text)
        }
    }

    func testFileNamesAreEscapedForTheString() throws {
        let items = complete("import \"|\"\n", paths: ["say \"hi\".tdl", "{x}.tdl"])
        XCTAssertEqual(Set(items.map(\.insertText)), ["say \\\"hi\\\".tdl", "\\{x}.tdl"])
    }

    // MARK: Fonts and languages

    func testFontFamiliesUsedFirstThenCommonOnes() throws {
        let text = "style a {\n  font: \"Brand Sans\" bold\n}\nstyle b {\n  font: \"|\"\n}\n"
        let items = complete(text)
        XCTAssertEqual(items.first?.label, "Brand Sans")
        XCTAssertEqual(items.first?.detail, "font family · used in this file")
        XCTAssertTrue(items.contains { $0.label == "Inter" })
        // After `font: ` with no string yet, the family comes quoted.
        let bare = try XCTUnwrap(complete("style b {\n  font: |\n}\n").first { $0.label == "Inter" })
        XCTAssertEqual(bare.insertText, "\"Inter\"")
    }

    func testLanguageTags() throws {
        let items = complete("template t {\n  lang: \"|\"\n}\n")
        XCTAssertEqual(items.first?.label, "en")
        let arabic = try XCTUnwrap(items.first { $0.label == "ar" })
        XCTAssertEqual(arabic.detail, "Arabic · right to left")
        XCTAssertEqual(try XCTUnwrap(complete("template t {\n  lang: |\n}\n").first).insertText, "\"en\"")
    }

    // MARK: Style blocks

    func testStyleBlockMarksNothingRequiredAndShowsDefaultsPerKind() throws {
        let items = complete("style s {\n  |\n}\n")
        for name in ["text", "src", "from"] {
            let item = try XCTUnwrap(items.first { $0.label == name })
            XCTAssertFalse(item.detail?.contains("required") ?? true, name)
            XCTAssertFalse(item.documentation?.contains("Required") ?? true, name)
            XCTAssertEqual(item.sortText.first, "1", "\(name) is not sorted as required")
        }
        let color = try XCTUnwrap(items.first { $0.label == "color" })
        XCTAssertEqual(color.detail, "colour · default depends on the kind")
        XCTAssertTrue(color.documentation?.contains("`#000000` on `text`") ?? false, color.documentation ?? "")
        XCTAssertTrue(color.documentation?.contains("`#FF0000` on `label`") ?? false)
        let fontSize = try XCTUnwrap(items.first { $0.label == "font-size" })
        XCTAssertEqual(fontSize.detail, "number (px, pt) · default 16", "the same default everywhere is shown")
        XCTAssertFalse(items.contains { $0.label == "style" }, "no other style to extend")
    }

    func testStylePropertyNamesAnotherStyle() throws {
        let items = complete("style base {\n  opacity: 1\n}\nstyle s {\n  |\n}\n")
        XCTAssertEqual(try XCTUnwrap(items.first { $0.label == "style" }).plainText, "style: base")
    }
}
