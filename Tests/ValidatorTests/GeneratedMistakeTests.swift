import ProjectModel
import XCTest
import Foundation
import TemplateFormat
@testable import Validator
import TestSupport

/// Clean documents with one mistake injected each: the generated documents of
/// `CleanDocumentGenerator` and the examples, under every `Mistake`.
enum MistakeCorpus {
    static let seeds: ClosedRange<UInt64> = 1...30

    struct Case {
        let label: String
        let mistake: Mistake?
        let bytes: [UInt8]
        let path: String?
        let loader: ImportLoader?
    }

    /// The clean documents: generated ones, then the examples (which import files).
    static func cleanDocuments() -> [Case] {
        var list = seeds.map { seed in
            Case(label: "seed \(seed)", mistake: nil, bytes: Array(CleanDocumentGenerator.document(seed: seed).utf8), path: nil, loader: nil)
        }
        for example in Examples.all {
            list.append(Case(label: example.name, mistake: nil, bytes: example.bytes, path: example.path, loader: Examples.loader))
        }
        return list
    }

    /// Each clean document under each mistake it has room for (one try per pair, its
    /// randomness seeded from the document's and the mistake's position).
    static func mistakes() -> [Case] {
        var list: [Case] = []
        for (d, doc) in cleanDocuments().enumerated() {
            let sites = DocumentSites(SyntaxTree.parse(doc.bytes))
            for (m, mistake) in Mistake.all.enumerated() {
                var rng = SeededRandom(derivedSeed: UInt64(d * 1000 + m))
                guard let bytes = mistake.make(&rng, sites) else { continue }
                list.append(Case(label: "\(doc.label), \(mistake.name)", mistake: mistake, bytes: bytes, path: doc.path, loader: doc.loader))
            }
        }
        return list
    }
}

/// The examples with a loader that reads their imports.
enum Examples {
    static let folder: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples")

    static let all: [(name: String, path: String, bytes: [UInt8])] = {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".tdl") }.sorted()
        return names.compactMap { name in
            let path = folder.appendingPathComponent(name).path
            return FileManager.default.contents(atPath: path).map { (name, path, Array($0)) }
        }
    }()

    static let loader: ImportLoader = { path, importer in
        let base = importer.map { URL(fileURLWithPath: $0).deletingLastPathComponent() } ?? folder
        let url = base.appendingPathComponent(path).standardizedFileURL
        guard let data = FileManager.default.contents(atPath: url.path) else { return .failed(message: "cannot read \(url.path)") }
        return .loaded(path: url.path, bytes: Array(data))
    }
}

/// One mistake, one report: each injected mistake gives exactly one diagnostic, of the
/// mistake's code, with everything known about it in that one message.
final class OneReportPerMistakeTests: XCTestCase {
    func testGeneratedDocumentsAreClean() {
        print("OneReportPerMistakeTests: seeds \(MistakeCorpus.seeds)")
        for doc in MistakeCorpus.cleanDocuments() {
            let found = Validator.validate(doc.bytes, path: doc.path, loader: doc.loader)
            XCTAssertTrue(found.isEmpty, "\(doc.label) is not clean:\n  \(describe(found, in: doc.bytes))\n\(String(decoding: doc.bytes, as: UTF8.self))")
        }
    }

    func testEachMistakeIsReportedExactlyOnce() {
        print("OneReportPerMistakeTests: seeds \(MistakeCorpus.seeds)")
        var failures: [String] = []
        var failedByMistake: [String: [String]] = [:]
        var made: [String: Int] = [:]
        let cases = MistakeCorpus.mistakes()
        for c in cases {
            guard let mistake = c.mistake else { continue }
            made[mistake.name, default: 0] += 1
            let found = Validator.validate(c.bytes, path: c.path, loader: c.loader)
            if found.count != 1 || found.first?.code != mistake.code {
                failures.append("\(c.label): expected one \(mistake.code), got:\n  \(describe(found, in: c.bytes))\n\(String(decoding: c.bytes, as: UTF8.self))")
                failedByMistake[mistake.name, default: []].append(found.codes.joined(separator: "+"))
            }
        }
        for mistake in Mistake.all {
            XCTAssertGreaterThanOrEqual(made[mistake.name] ?? 0, 5, "mistake \"\(mistake.name)\" found too few places")
        }
        let summary = failedByMistake.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.count) (\(Set($0.value).sorted().joined(separator: ", ")))" }
        XCTAssertTrue(failures.isEmpty, "\(failures.count) of \(cases.count) mistakes were not reported exactly once:\n" + summary.joined(separator: "\n") + "\nfirst ones:\n"
                      + failures.prefix(5).joined(separator: "\n----\n"))
    }
}
