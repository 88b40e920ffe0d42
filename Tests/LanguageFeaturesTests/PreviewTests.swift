import XCTest
import ProjectModel
import TemplateFormat
import Validator
@testable import LanguageFeatures

final class PreviewTests: XCTestCase {
    private let text = """
    format 1
    template first "First" {
      size: 200 x 100
      text hello { text: "Hello from first"; at: 0, 0; size: 100 x 20 }
    }
    template second {
      size: 200 x 100
      text hello { text: "Hello from second"; at: 0, 0; size: 100 x 20 }
    }
    """

    private func page(_ text: String, at offset: Int, baseURL: String? = nil) -> Result<PreviewPage, PreviewProblem> {
        let file = ProjectFile(path: "/w/x.tdl", tree: SyntaxTree.parse(text))
        let project = Project(files: [file], loader: nil)
        return Preview.page(for: file, in: project, diagnostics: Validator.validate(file, in: project), at: offset, baseURL: baseURL)
    }

    func testPreviewsTheTemplateUnderTheCursor() throws {
        let at = text.utf8.distance(from: text.utf8.startIndex, to: text.range(of: "from second")!.lowerBound)
        let result = try page(text, at: at).get()
        XCTAssertEqual(result.name, "second")
        XCTAssertTrue(result.html.contains("Hello from second"))
        XCTAssertFalse(result.html.contains("Hello from first"))
        XCTAssertTrue(result.html.lowercased().contains("<!doctype html"))
    }

    func testOutsideAllTemplatesPreviewsTheFirst() throws {
        XCTAssertEqual(try page(text, at: 0).get().name, "first")
        XCTAssertEqual(try page(text, at: 99_999).get().name, "first")
    }

    /// With the document's folder, the page gets it as its base (and a policy that admits
    /// it); without (an unsaved document), the page is the export as it is.
    func testTheFolderBecomesThePagesBase() throws {
        let based = try page(text, at: 0, baseURL: "file:///home/ana/cards/").get()
        XCTAssertTrue(based.html.contains("<base href=\"file:///home/ana/cards/\">"), based.html)
        XCTAssertTrue(based.html.contains("base-uri file:"))
        let plain = try page(text, at: 0).get()
        XCTAssertFalse(plain.html.contains("<base"))
        XCTAssertTrue(plain.html.contains("base-uri 'none'"))
        guard case .failure(let problem) = page(text, at: 0, baseURL: "https://example.com/") else {
            return XCTFail("a base that is no file: folder URL")
        }
        XCTAssertTrue(problem.message.contains("cannot be its base"), problem.message)
    }

    func testErrorsAndEmptyDocumentsGiveAReadableProblem() {
        let broken = "format 1\ntemplate t {\n  size: 200 x\n}\n"
        guard case .failure(let problem) = page(broken, at: 0) else { return XCTFail("expected a problem") }
        XCTAssertTrue(problem.message.contains("errors"), problem.message)
        guard case .failure(let empty) = page("format 1\nstyle s { color: red }\n", at: 0) else { return XCTFail("expected a problem") }
        XCTAssertTrue(empty.message.contains("no template"), empty.message)
    }
}
