import Foundation
import XCTest
import Validator

/// docs/LANGUAGE.md carries the schema table and the diagnostics list generated from code.
/// Run with UPDATE_DOCS=1 to rewrite the generated parts after changing the schema or a code.
final class DocsTests: XCTestCase {
    static let docsPath: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("docs/LANGUAGE.md").path
    }()

    func generated(_ name: String, _ text: String, in doc: String) -> (String, String) {
        let begin = "<!-- \(name):begin -->\n", end = "<!-- \(name):end -->"
        guard let b = doc.range(of: begin), let e = doc.range(of: end, range: b.upperBound..<doc.endIndex) else {
            XCTFail("docs/LANGUAGE.md has no \(name) markers")
            return (doc, "")
        }
        let current = String(doc[b.upperBound..<e.lowerBound])
        let updated = doc.replacingCharacters(in: b.upperBound..<e.lowerBound, with: text)
        return (updated, current)
    }

    func testGeneratedSectionsMatchTheCode() throws {
        var doc = try String(contentsOfFile: DocsTests.docsPath, encoding: .utf8)
        let (afterSchema, schemaNow) = generated("schema", schemaReferenceMarkdown(), in: doc)
        let (afterDiagnostics, diagnosticsNow) = generated("diagnostics", diagnosticsReferenceMarkdown(), in: afterSchema)
        if ProcessInfo.processInfo.environment["UPDATE_DOCS"] == "1" {
            doc = afterDiagnostics
            try doc.write(toFile: DocsTests.docsPath, atomically: true, encoding: .utf8)
            return
        }
        XCTAssertEqual(schemaNow, schemaReferenceMarkdown(), "docs/LANGUAGE.md schema table is stale: run UPDATE_DOCS=1 swift test --filter DocsTests")
        XCTAssertEqual(diagnosticsNow, diagnosticsReferenceMarkdown(), "docs/LANGUAGE.md diagnostics list is stale: run UPDATE_DOCS=1 swift test --filter DocsTests")
    }

    func testEveryCodeIsDocumented() throws {
        let doc = try String(contentsOfFile: DocsTests.docsPath, encoding: .utf8)
        for code in DiagnosticCode.all {
            XCTAssertTrue(doc.contains("### \(code.code)\n"), "\(code.code) missing from docs/LANGUAGE.md")
        }
        for kind in Schema.kinds {
            XCTAssertTrue(doc.contains("`\(kind.name)`"), "kind \(kind.name) missing from docs/LANGUAGE.md")
        }
    }
}
