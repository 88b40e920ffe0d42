import XCTest
import TemplateFormat
@testable import LanguageFeatures

final class WorkspaceSymbolsTests: XCTestCase {
    private let files = [
        NavFixture.source("style heading { font-size: 28 }\nstyle body-text { font-size: 14 }\n", path: "/w/styles.tdl"),
        NavFixture.source("template card {\n  params { user: \"x\" }\n  text heading-copy { text: \"{{user}}\" }\n  text { text: \"unnamed\" }\n  text text { text: \"named text\" }\n}\n", path: "/w/card.tdl"),
    ]

    func testQueryMatchesPrefixesFirstThenSubsequences() {
        let found = WorkspaceSymbols.search("head", in: files)
        XCTAssertEqual(found.map(\.name), ["heading", "heading-copy"])
        XCTAssertEqual(found.map(\.location.path), ["/w/styles.tdl", "/w/card.tdl"])
        XCTAssertEqual(found.last?.containerName, "card")
        XCTAssertEqual(found.first.map { files[0].tree.text(of: $0.location.range) }, "heading")
        XCTAssertEqual(WorkspaceSymbols.search("BDT", in: files).map(\.name), ["body-text"], "case-insensitive subsequence")
        XCTAssertEqual(WorkspaceSymbols.search("ext", in: files).map(\.name), ["body-text", "text"], "substrings, in document order")
    }

    func testEmptyQueryListsEverythingNamedAndLimitApplies() {
        let all = WorkspaceSymbols.search("", in: files)
        XCTAssertEqual(Set(all.map(\.name)), ["heading", "body-text", "card", "user", "heading-copy", "text"], "unnamed blocks are left out")
        XCTAssertEqual(all.first { $0.name == "user" }?.kind, .parameter)
        XCTAssertEqual(all.first { $0.name == "user" }?.containerName, "card")
        XCTAssertEqual(WorkspaceSymbols.search("", in: files, limit: 2).count, 2)
        XCTAssertTrue(WorkspaceSymbols.search("zzz", in: files).isEmpty)
    }
}
