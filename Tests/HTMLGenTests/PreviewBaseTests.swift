import Foundation
@testable import HTMLGen
import TemplateFormat
import XCTest

/// A preview page is the exported page with a `<base href>` of the document's folder and a
/// policy that admits it; nothing else differs, and exported pages stay as they were.
final class PreviewBaseTests: XCTestCase {
    let base = "file:///home/ana/cards%20v2/"

    /// Every template and annotation set of every example: the preview is the export with
    /// its policy line replaced by the preview policy and the base, and only that.
    func testEveryExamplePageGetsTheBaseAndNothingElseChanges() throws {
        let folder = repositoryRoot.appendingPathComponent("Examples")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tdl") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 5)
        var pages = 0
        for name in names {
            let bytes = try Array(Data(contentsOf: folder.appendingPathComponent(name)))
            let document = ResolvedDocument.resolve(SyntaxTree.parse(bytes), path: folder.appendingPathComponent(name).path, loader: nil)
            for item in document.items {
                let page = try XCTUnwrap(Exporter.render(item, as: .html))
                let preview = String(decoding: try XCTUnwrap(PreviewBase.adding(directoryURL: base, to: page), "\(name) \(item.name)"), as: UTF8.self)
                let exported = String(decoding: page, as: UTF8.self)
                let policy = "<meta http-equiv=\"Content-Security-Policy\" content=\"\(HTMLPage.contentSecurityPolicy)\">\n"
                let previewPolicy = "<meta http-equiv=\"Content-Security-Policy\" content=\"\(PreviewBase.contentSecurityPolicy)\">\n"
                XCTAssertEqual(preview, exported.replacingOccurrences(of: policy, with: previewPolicy + "<base href=\"\(base)\">\n"), "\(name) \(item.name)")
                // The base comes after the policy that admits it and before anything with a URL.
                let baseAt = try XCTUnwrap(preview.range(of: "<base href="))
                XCTAssertLessThan(try XCTUnwrap(preview.range(of: "base-uri file:")).upperBound, baseAt.lowerBound)
                XCTAssertLessThan(baseAt.upperBound, try XCTUnwrap(preview.range(of: "<style>")).lowerBound)
                XCTAssertFalse(exported.contains("<base"), "an exported page has no base")
                pages += 1
            }
        }
        XCTAssertGreaterThanOrEqual(pages, 5)
    }

    func testThePreviewPolicyDiffersOnlyInItsBase() {
        XCTAssertTrue(HTMLPage.contentSecurityPolicy.contains("base-uri 'none'"))
        XCTAssertEqual(PreviewBase.contentSecurityPolicy,
                       HTMLPage.contentSecurityPolicy.replacingOccurrences(of: "base-uri 'none'", with: "base-uri file:"))
        XCTAssertFalse(PreviewBase.contentSecurityPolicy.contains("script"))
    }

    /// Only a `file:` URL of a folder, with nothing that could leave the attribute.
    func testOnlyAFolderFileURLIsABase() {
        let page = Array(export("format 1\ntemplate t {\n  size: 10 x 10\n}\n").utf8)
        for bad in ["javascript:alert(1)//", "https://example.com/", "file:///a/b.tdl", "/home/ana/", "file:///a\"b/",
                    "file:///a b/", "file:///a<b/", "file:///a\\b/", "file:///caf\u{E9}/", "file://host/a/", ""] {
            XCTAssertNil(PreviewBase.adding(directoryURL: bad, to: page), bad)
        }
        XCTAssertNotNil(PreviewBase.adding(directoryURL: "file:///", to: page))
        XCTAssertNil(PreviewBase.adding(directoryURL: base, to: Array("<html>not ours</html>".utf8)))
        let amp = String(decoding: PreviewBase.adding(directoryURL: "file:///a&b/", to: page) ?? [], as: UTF8.self)
        XCTAssertTrue(amp.contains("<base href=\"file:///a&amp;b/\">"), amp)
    }
}
