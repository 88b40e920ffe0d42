import Foundation
import JSONText
import LSPProtocol
import XCTest
@testable import LanguageServer

/// The server reports a relative file an open document names that is not there (TDL313,
/// relative to the document's folder), and checks the document again when the client
/// reports the file created or deleted.
final class LocalFileWatchTests: XCTestCase {
    static let page = """
        format 1

        template card {
          size: 375 x 200
          image hero {
            src: "img/hero.png"
            alt: "Hero"
            size: 100 x 100
          }
        }

        """

    func codes(_ h: ServerHarness, _ uri: String) -> [String] {
        (h.published(uri).last?["diagnostics"].arrayValue ?? []).compactMap { $0["code"].stringValue }
    }

    func testCreatingAndDeletingTheFileUpdatesTheOpenDocument() throws {
        let folder = try WorkspaceModelTests.Folder()
        let h = try ServerHarness(rootPath: folder.root)
        let uri = folder.uri("screens/page.tdl")
        folder.write("screens/page.tdl", LocalFileWatchTests.page)
        h.open(uri, LocalFileWatchTests.page)
        XCTAssertEqual(codes(h, uri), ["TDL313"])
        let message = h.published(uri).last?["diagnostics"][0]["message"].stringValue ?? ""
        XCTAssertTrue(message.hasPrefix("`src` names `img/hero.png`, which does not exist"), message)
        XCTAssertEqual(h.published(uri).last?["diagnostics"][0]["range"]["start"], ["line": 5, "character": 9])

        // A file no open document names: nothing is published again.
        let before = h.published(uri).count
        try FileManager.default.createDirectory(atPath: folder.path("screens/img"), withIntermediateDirectories: true)
        folder.write("screens/img/other.png", "")
        h.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(folder.uri("screens/img/other.png")), "type": 1]]])
        XCTAssertEqual(h.published(uri).count, before)

        folder.write("screens/img/hero.png", "")
        h.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(folder.uri("screens/img/hero.png")), "type": 1]]])
        XCTAssertEqual(h.published(uri).count, before + 1)
        XCTAssertEqual(codes(h, uri), [])

        folder.remove("screens/img/hero.png")
        h.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(folder.uri("screens/img/hero.png")), "type": 3]]])
        XCTAssertEqual(codes(h, uri), ["TDL313"])

        // An edit elsewhere in the document (its set reused from the cache) keeps the warning.
        h.change(uri, version: 2, range: (0, 8, 0, 8), text: "\n// note")
        XCTAssertEqual(codes(h, uri), ["TDL313"])
    }

    /// An edit of the set checks it again. A client that watches files tells the server when
    /// one comes or goes, so what the set's last check learnt of its files is reused until
    /// then; a client that does not gets a fresh look at every check.
    func testAnEditLooksAgainOnlyWhenNoWatcherWouldSayTheFileCame() throws {
        for watching in [false, true] {
            let folder = try WorkspaceModelTests.Folder()
            let capabilities: JSONValue = watching ? ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]] : [:]
            let h = try ServerHarness(capabilities: capabilities, rootPath: folder.root)
            let uri = folder.uri("screens/page.tdl")
            folder.write("screens/page.tdl", LocalFileWatchTests.page)
            h.open(uri, LocalFileWatchTests.page)
            XCTAssertEqual(codes(h, uri), ["TDL313"], "watching: \(watching)")
            try FileManager.default.createDirectory(atPath: folder.path("screens/img"), withIntermediateDirectories: true)
            folder.write("screens/img/hero.png", "")
            // An edit inside the set (its `alt`), with no word of the new file.
            h.change(uri, version: 2, range: (6, 12, 6, 12), text: "Big ")
            XCTAssertEqual(codes(h, uri), watching ? ["TDL313"] : [], "watching: \(watching)")
            h.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(folder.uri("screens/img/hero.png")), "type": 1]]])
            XCTAssertEqual(codes(h, uri), [], "watching: \(watching)")
        }
    }

    func testAnUnsavedBufferHasNoFolderToLookIn() throws {
        let h = try ServerHarness()
        h.open("untitled:Untitled-1", LocalFileWatchTests.page)
        XCTAssertEqual(codes(h, "untitled:Untitled-1"), [])
    }
}
