import ProjectModel
import TemplateFormat
import TestSupport
import XCTest
@testable import Validator

/// A large document checked in parts on several threads (`Checker.checkInParts`) gets
/// exactly the findings of one run over it: over documents made of many generated sets,
/// each with one injected mistake, and styles shared by all of them.
final class CheckInPartsTests: XCTestCase {
    /// Files beside the document: "there" for every other path, so TDL313 is reported in
    /// every part.
    static let loader = ProjectLoader(
        resolve: { path, importer in .success(normalizedLexically((importer.map { String($0[..<($0.lastIndex(of: "/") ?? $0.startIndex)]) } ?? "") + "/" + path)) },
        read: { _ in .failure(ImportFailure("no imports here")) },
        exists: { $0.utf8.count % 2 == 0 })

    static func normalizedLexically(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == "..", !parts.isEmpty { parts.removeLast() } else { parts.append(part) }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// `ValidationCacheTests.document` followed by a random number of cases from `cases`
    /// (each a set with one injected mistake), under the one `format` line it has.
    static func document(withMistakesFrom cases: [MistakeCorpus.Case], count: ClosedRange<Int>,
                         using generator: inout SeededRandom) -> String {
        var text = ValidationCacheTests.document
        for _ in 0..<Int.random(in: count, using: &generator) {
            guard let picked = cases.randomElement(using: &generator) else { continue }
            var body = String(decoding: picked.bytes, as: UTF8.self)
            if body.hasPrefix("format 1\n") { body.removeFirst("format 1\n".count) }
            text += "\n" + body
        }
        return text
    }

    func testCheckingInPartsFindsWhatOneRunFinds() {
        let cases = MistakeCorpus.mistakes().filter { $0.path == nil }
        XCTAssertGreaterThan(cases.count, 100)
        var generator = SeededRandom(seed: 112)
        var compared = 0
        for round in 0..<10 {
            var text = CheckInPartsTests.document(withMistakesFrom: cases, count: 20...60, using: &generator)
            // A name defined twice at the top level: a document-wide rule's finding, which
            // the parts' run finds beside the parts.
            text += "\ntemplate twice {\n  size: 10 x 10\n}\ntemplate twice {\n  size: 10 x 10\n}\n"
            let tree = SyntaxTree.parse(Array(text.utf8))
            let file = ProjectFile(path: "/virtual/screens/page.tdl", tree: tree)
            let project = Project(files: [file], loader: CheckInPartsTests.loader)
            let oneRun = Validator.validate(file, in: project, cache: nil, workers: 1, minimumPartBytes: 0)
            XCTAssertTrue(oneRun.contains { $0.code == "TDL313" }, "round \(round): a part with a missing file")
            XCTAssertTrue(oneRun.contains { $0.code == "TDL104" && $0.message.contains("top level") }, "round \(round): a document-wide finding")
            for workers in 2...4 {
                let blocks = tree.document.blocks
                let count = Checker.partCount(of: blocks, workers: workers, minimumBytes: 0)
                XCTAssertEqual(count, min(workers * Checker.partsPerWorker, blocks.count / 2))
                XCTAssertEqual(Checker.parts(of: blocks, count: count).count, count)
                let inParts = Validator.validate(file, in: project, cache: nil, workers: workers, minimumPartBytes: 0)
                XCTAssertEqual(inParts.count, oneRun.count, "round \(round), \(workers) parts")
                let common = min(inParts.count, oneRun.count)
                if let k = (0..<common).first(where: { inParts[$0] != oneRun[$0] }) ?? (inParts.count == oneRun.count ? nil : common) {
                    func show(_ list: [Diagnostic]) -> String { k < list.count ? "\(list[k].code) \(list[k].range) \(list[k].message)" : "nothing" }
                    XCTFail("round \(round), \(workers) parts: finding \(k) is \(show(inParts)), one run found \(show(oneRun))")
                }
                compared += inParts.count
            }
        }
        print("CheckInPartsTests: \(compared) findings compared (seed 112)")
    }

    /// A node table built ahead (`PreparedTree`, as `check` builds it beside the project)
    /// gives the findings of one built in the validation; one of another parse, or given
    /// with a validation cache (which defers the sets' ids), is not used.
    func testAPreparedTreeGivesTheSameFindingsAndOnlyForItsOwnParse() {
        let cases = MistakeCorpus.mistakes().filter { $0.path == nil }
        var generator = SeededRandom(seed: 114)
        for round in 0..<6 {
            let text = CheckInPartsTests.document(withMistakesFrom: cases, count: 10...30, using: &generator)
            let tree = SyntaxTree.parse(Array(text.utf8))
            let file = ProjectFile(path: "/virtual/screens/page.tdl", tree: tree)
            let project = Project(files: [file], loader: CheckInPartsTests.loader)
            let other = PreparedTree(SyntaxTree.parse(Array(ValidationCacheTests.document.utf8)))
            for workers in [1, 2] {
                let plain = Validator.validate(file, in: project, cache: nil, workers: workers, minimumPartBytes: 0)
                XCTAssertFalse(plain.isEmpty, "round \(round)")
                XCTAssertEqual(Validator.validate(file, in: project, cache: nil, workers: workers, minimumPartBytes: 0,
                                                  prepared: PreparedTree(tree)), plain, "round \(round), \(workers) workers")
                XCTAssertEqual(Validator.validate(file, in: project, cache: nil, workers: workers, minimumPartBytes: 0,
                                                  prepared: other), plain, "round \(round), \(workers) workers: another parse's table")
            }
            let cached = Validator.validate(file, in: project, cache: ValidationCache())
            XCTAssertEqual(Validator.validate(file, in: project, cache: ValidationCache(), prepared: PreparedTree(tree)), cached,
                           "round \(round): with a cache")
        }
    }

    /// The parts cover every block once, in order, and none is empty.
    func testPartsCoverEveryBlockOnceInOrder() {
        var generator = SeededRandom(seed: 113)
        for _ in 0..<50 {
            var text = "format 1\n"
            for k in 0..<Int.random(in: 1...40, using: &generator) {
                text += "\ntemplate t\(k) {\n  size: 10 x 10\n" + String(repeating: "  // filler\n", count: Int.random(in: 0...30, using: &generator)) + "}\n"
            }
            let blocks = SyntaxTree.parse(Array(text.utf8)).document.blocks
            for count in 1...12 {
                let parts = Checker.parts(of: blocks, count: count)
                XCTAssertEqual(parts.first?.lowerBound, 0)
                XCTAssertEqual(parts.last?.upperBound, blocks.count)
                for (a, b) in zip(parts, parts.dropFirst()) { XCTAssertEqual(a.upperBound, b.lowerBound) }
                XCTAssertTrue(parts.allSatisfy { !$0.isEmpty })
                XCTAssertEqual(parts.count, blocks.count >= 2 * count ? count : 1)
            }
        }
    }
}
