import XCTest
import TemplateFormat
@testable import LanguageFeatures

final class DocumentLinksTests: XCTestCase {
    private let text = """
    format 1
    import "../shared/styles.tdl"
    template t {
      size: 100 x 100
      image logo { src: "img/logo.png?v=2"; alt: "" }
      image remote { src: "https://example.com/a.png"; alt: "" }
      image bad { src: "javascript:alert(1)"; alt: "" }
      image data { src: "data:image/png;base64,AAAA"; alt: "" }
      video v { src: "/abs/movie.mp4"; poster: "./media/my poster.jpg" }
      button b { label: "Go"; action: "mailto:team@example.com" }
      text x { text: "img/not-a-link.png" }
    }
    """

    func testLinksForURLPropertiesAndImports() {
        let tree = SyntaxTree.parse(text)
        let links = DocumentLinks.links(in: tree, documentPath: "/work/docs/cards/card.tdl")
        XCTAssertEqual(links.map { tree.text(of: $0.range) }, [
            "../shared/styles.tdl", "img/logo.png?v=2", "https://example.com/a.png",
            "/abs/movie.mp4", "./media/my poster.jpg", "mailto:team@example.com",
        ])
        XCTAssertEqual(links.map(\.target), [
            .file(path: "/work/docs/shared/styles.tdl"), .file(path: "/work/docs/cards/img/logo.png"),
            .url("https://example.com/a.png"), .file(path: "/abs/movie.mp4"),
            .file(path: "/work/docs/cards/media/my poster.jpg"), .url("mailto:team@example.com"),
        ])
        XCTAssertEqual(links[4].uri, "file:///work/docs/cards/media/my%20poster.jpg")
        XCTAssertEqual(links[2].uri, "https://example.com/a.png")
    }

    func testUnsavedDocumentsLinkOnlyAbsoluteTargets() {
        let tree = SyntaxTree.parse(text)
        let links = DocumentLinks.links(in: tree, documentPath: nil)
        XCTAssertEqual(links.map(\.target), [.url("https://example.com/a.png"), .file(path: "/abs/movie.mp4"), .url("mailto:team@example.com")])
    }

    func testMailtoOnlyWhereALinkIsFollowedAndBrokenStrings() {
        let tree = SyntaxTree.parse("template t { image i { src: \"mailto:a@b.c\" }\n image j { src: \"unterminated\n }")
        XCTAssertTrue(DocumentLinks.links(in: tree, documentPath: "/a/b.tdl").isEmpty)
    }
}

final class ImportTargetTests: XCTestCase {
    func testDefinitionOnAnImportPathIsTheImportedFile() throws {
        let shared = NavFixture.source("style s { opacity: 1 }\n", path: "/w/shared.tdl")
        let (file, _, _) = NavFixture.file("format 1\nimport \"shared.tdl\"\nimport \"missing.tdl\"\n")
        let context = NavFixture.context(file, imports: [shared])
        let start = NavFixture.offset(of: "\"shared.tdl\"", in: file)
        for offset in start...(start + "\"shared.tdl\"".utf8.count) {
            let target = try XCTUnwrap(ImportTarget.location(at: offset, in: context))
            XCTAssertEqual(target, SourceLocation(path: "/w/shared.tdl", range: ByteRange(start: 0, end: 0)))
        }
        XCTAssertNil(ImportTarget.location(at: NavFixture.offset(of: "missing", in: file), in: context))
        XCTAssertNil(ImportTarget.location(at: NavFixture.offset(of: "import", in: file) - 2, in: context))
        XCTAssertNil(ImportTarget.location(at: start, in: NavFixture.context(file)), "nothing to read it from")
    }
}
