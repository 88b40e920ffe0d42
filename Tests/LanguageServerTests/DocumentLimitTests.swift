import XCTest
import JSONText
import TemplateFormat
@testable import LanguageServer

final class ServerDocumentLimitTests: XCTestCase {
    func testADocumentOverTheLimitIsNotOpenedAndTheUserIsTold() throws {
        let h = try ServerHarness()
        let uri = "file:///t/huge.tdl"
        h.open(uri, String(repeating: "a", count: DocumentLimits.maximumBytes + 1))
        XCTAssertNil(h.server.workspace.documents[uri])
        let shown = h.notifications.filter { $0.method == "window/showMessage" }
        XCTAssertEqual(shown.count, 1)
        XCTAssertTrue(shown.first?.params["message"].stringValue?.contains("at most 134217728 bytes") == true)
        XCTAssertEqual(try h.request("shutdown").get(), .null)
    }

    func testAChangeThatGrowsADocumentPastTheLimitClosesIt() throws {
        let h = try ServerHarness()
        let uri = "file:///t/grows.tdl"
        h.open(uri, "format 1\n")
        h.clearRecorded()
        h.replaceAll(uri, version: 2, text: String(repeating: "b", count: DocumentLimits.maximumBytes + 1))
        XCTAssertNil(h.server.workspace.documents[uri])
        XCTAssertEqual(h.notifications.filter { $0.method == "window/showMessage" }.count, 1)
        XCTAssertEqual(h.published(uri).last?["diagnostics"], [], "what was pushed for it is cleared")
        // It can be opened again at a size that fits.
        h.open(uri, "format 1\n", version: 3)
        XCTAssertNotNil(h.server.workspace.documents[uri])
    }
}
