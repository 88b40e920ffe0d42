import Foundation
import TestSupport
import XCTest
import Validator

/// docs/LANGUAGE.md carries the schema table and the diagnostics list generated from code.
/// Run with UPDATE_DOCS=1 to rewrite the generated parts after changing the schema or a code.
final class DocsTests: XCTestCase {
    static let docsPath = Repository.root + "/docs/LANGUAGE.md"

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

    /// The hand-written tables of docs/LANGUAGE.md (templates, components, annotations) say
    /// which properties are required or recommended; they must say what the schema says. A
    /// property is marked by "(required…" or "(recommended…" right after its name in a kind
    /// table ("| kind | own properties |"), or by a value cell starting with "required" or
    /// "recommended" in a set's property table ("| property | value |").
    func testPropertyTablesAgreeWithTheSchemaOnRequiredProperties() throws {
        let doc = try String(contentsOfFile: DocsTests.docsPath, encoding: .utf8)
        var section = "", header = ""
        var documented: [String: [String: String]] = [:]
        for line in doc.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("## ") { section = String(line.dropFirst(3)) }
            guard line.hasPrefix("|") else { header = ""; continue }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2 else { continue }
            if header.isEmpty { header = cells.joined(separator: "|"); continue }
            if cells[0].hasPrefix("---") { continue }
            switch header {
            case "kind|own properties":
                let kinds = DocsTests.codeSpans(cells[0]).compactMap { Schema.kind($0) }
                for kind in kinds {
                    let marks = DocsTests.marks(in: cells[1], of: kind)
                    DocsTests.assertAgree(kind, marks, context: line)
                    documented[kind.name, default: [:]].merge(marks) { a, _ in a }
                }
            case "property|value" where section == "Templates" || section == "Annotations":
                guard let kind = Schema.kind(section == "Templates" ? "template" : "annotations"),
                      let name = DocsTests.codeSpans(cells[0]).first, kind.property(name) != nil else { continue }
                let mark = cells[1].hasPrefix("required") ? "required" : cells[1].hasPrefix("recommended") ? "recommended" : "optional"
                DocsTests.assertAgree(kind, [name: mark], context: line)
                documented[kind.name, default: [:]][name] = mark
            default:
                break
            }
        }
        // Every element kind and both sets have a table row, which names each of their required
        // and recommended properties.
        for kind in Schema.kinds where kind.isComponent || kind.isAnnotationElement || ["template", "annotations"].contains(kind.name) {
            guard let marks = documented[kind.name] else {
                XCTFail("docs/LANGUAGE.md has no table row for `\(kind.name)`")
                continue
            }
            for p in kind.properties where DocsTests.requirement(p) != "optional" {
                XCTAssertEqual(marks[p.name], DocsTests.requirement(p), "docs/LANGUAGE.md's table row for `\(kind.name)` and `\(p.name)`")
            }
        }
    }

    static func requirement(_ p: PropertySchema) -> String {
        switch p.requirement {
        case .required, .requiredUnless: return "required"
        case .recommended: return "recommended"
        case .optional: return "optional"
        }
    }

    /// The text inside each pair of backticks.
    static func codeSpans(_ text: String) -> [String] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    /// For each property of `kind` named in `cell`: "required", "recommended" or "optional",
    /// as its first mention says (a later one is in a note: "`heading` (`text` only: …)").
    static func marks(in cell: String, of kind: KindSchema) -> [String: String] {
        var marks: [String: String] = [:]
        let parts = cell.split(separator: "`", omittingEmptySubsequences: false).map(String.init)
        for i in stride(from: 1, to: parts.count, by: 2) where kind.property(parts[i]) != nil && marks[parts[i]] == nil {
            let after = i + 1 < parts.count ? parts[i + 1].trimmingCharacters(in: .whitespaces) : ""
            marks[parts[i]] = after.hasPrefix("(required") ? "required" : after.hasPrefix("(recommended") ? "recommended" : "optional"
        }
        return marks
    }

    static func assertAgree(_ kind: KindSchema, _ marks: [String: String], context: String, file: StaticString = #filePath, line: UInt = #line) {
        for (name, mark) in marks {
            guard let p = kind.property(name) else { continue }
            XCTAssertEqual(mark, requirement(p), "`\(name)` of `\(kind.name)` in docs/LANGUAGE.md: \(context)", file: file, line: line)
        }
    }
}
