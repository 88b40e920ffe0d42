import Foundation
import HTMLGen
import TestSupport
import TemplateFormat
import Validator
import XCTest

/// Every example exported in every format it supports, compared byte for byte with
/// Tests/HTMLGenTests/Golden (an email an example cannot be, by its refusals). Regenerate with `UPDATE_GOLDEN=1 swift test --filter HTMLGenTests`.
final class GoldenTests: XCTestCase {
    static let examplesFolder = repositoryRoot.appendingPathComponent("Examples")

    /// (golden file name, output) for every example, item and format.
    static func outputs() throws -> [(String, [UInt8])] {
        let files = try FileManager.default.contentsOfDirectory(atPath: examplesFolder.path)
            .filter { $0.hasSuffix(".tdl") }.sorted()
        var result: [(String, [UInt8])] = []
        for file in files {
            let path = examplesFolder.appendingPathComponent(file).path
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            let tree = SyntaxTree.parse(bytes)
            let errors = Validator.validate(tree, path: path).filter { $0.severity == .error }
            XCTAssertEqual(errors.count, 0, "\(file) has errors: \(errors.map(\.message))")
            let document = ResolvedDocument.resolve(tree, path: path)
            XCTAssertEqual(document.issues, [], file)
            let stem = String(file.dropLast(4))
            for item in document.items {
                let base = document.items.count == 1 ? stem : stem + "." + item.name
                for format in ExportFormat.allCases where format.supports(item.kind) {
                    let rendered = Exporter.renderReporting(item, as: format)
                    if let output = rendered.output {
                        result.append((base + "." + format.fileExtension, output))
                    } else {
                        // An email that cannot be sent: its refusals are the golden file.
                        XCTAssertEqual(format, .email, "\(file) has no \(format) output")
                        let text = rendered.issues.map { $0.description + "\n" }.joined()
                        result.append((base + ".email-refused.txt", Array(text.utf8)))
                    }
                }
            }
        }
        return result
    }

    func testExamplesMatchTheGoldenFiles() throws {
        let outputs = try GoldenTests.outputs()
        XCTAssertGreaterThanOrEqual(outputs.count, 11)
        let golden = FixtureFolder("Golden")
        for (name, bytes) in outputs {
            if let difference = golden.compare(bytes, with: name, updating: "UPDATE_GOLDEN",
                                               command: "UPDATE_GOLDEN=1 swift test --filter HTMLGenTests") {
                XCTFail(difference)
            }
        }
        // No stale golden files.
        let expected = Set(outputs.map(\.0))
        let present = Set(try FileManager.default.contentsOfDirectory(atPath: golden.path))
        XCTAssertEqual(present.subtracting(expected), [], "golden files for no example")
    }

    func testExportIsDeterministic() throws {
        let first = try GoldenTests.outputs()
        let second = try GoldenTests.outputs()
        XCTAssertEqual(first.map(\.0), second.map(\.0))
        for (a, b) in zip(first, second) { XCTAssertEqual(a.1, b.1, a.0) }
    }
}
