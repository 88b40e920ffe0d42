import Foundation
import ProjectModel
import TemplateFormat
import TestSupport
import Validator
import XCTest

/// The validator's fixtures: documents in `Fixtures/` whose expected diagnostics are written
/// in them, under the text they point at (`AnnotatedDocument`):
///
///     text title {
///       colour: #333333
///     //^^^^^^ TDL102 did you mean `color`?
///
/// Every diagnostic must be annotated, and every annotation must match one (same line,
/// columns and code; the message must contain the text after the code). The files of one
/// folder are checked together, as `template-fmt check FOLDER` checks them: a file may
/// import the others of its folder, and nothing else. A file named `NAME.utf-16le.tdl` is
/// written in UTF-8 and checked as UTF-16 (little-endian, with a byte order mark), so that a
/// fixture can show what TDL017 says of such a file. To add a case, add a file (or a line
/// to one) and run `swift test --filter ValidatorFixtureTests`: a failure prints the
/// document annotated with what the validator reported, to compare or copy from.
final class ValidatorFixtureTests: XCTestCase {
    static let folder = FixtureFolder("Fixtures")

    /// One fixture file: its path in the project, its annotations, and what was reported.
    struct Checked {
        let name: String
        let document: AnnotatedDocument
        /// What was reported, at ranges of `document.text`.
        let diagnostics: [Diagnostic]
        /// The project of its folder, to validate it again after a change.
        let project: Project

        /// The diagnostics of this file with `text` instead, in its project.
        func validate(_ text: [UInt8]) -> [Diagnostic] {
            var changed = project
            let file = ProjectFile(path: name, bytes: text)
            changed.update(file)
            return Validator.validate(file, in: changed)
        }
    }

    /// Every fixture, validated with the other files of its folder.
    static func checkAll() throws -> [Checked] {
        var byFolder: [String: [String]] = [:]
        for name in folder.files(withExtension: "tdl") {
            byFolder[(name as NSString).deletingLastPathComponent, default: []].append(name)
        }
        var checked: [Checked] = []
        for (_, names) in byFolder.sorted(by: { $0.key < $1.key }) {
            var documents: [String: AnnotatedDocument] = [:]
            for name in names {
                do {
                    documents[name] = try AnnotatedDocument(folder.read(name))
                } catch let malformed as AnnotatedDocument.Malformed {
                    XCTFail("\(name): \(malformed)")
                }
            }
            let texts = documents.map { ($0.key, UTF16Fixture.isOne($0.key) ? UTF16Fixture.encode($0.value.text) : $0.value.text) }
                .reduce(into: [String: [UInt8]]()) { $0[$1.0] = $1.1 }
            @Sendable func resolve(_ path: String, _ importer: String?) -> String {
                let base = importer.map { ($0 as NSString).deletingLastPathComponent } ?? ""
                return String(URL(fileURLWithPath: "/" + base).appendingPathComponent(path).standardized.path.dropFirst())
            }
            let loader: ImportLoader = { path, importer in
                let resolved = resolve(path, importer)
                guard let bytes = texts[resolved] else { return .failed(message: "no such file") }
                return .loaded(path: resolved, bytes: bytes)
            }
            // Other files (an image, a video) are looked up in the fixtures' folder on disk,
            // as `check` looks beside the document (TDL313).
            let imports = ProjectLoader(loader), root = folder.path
            let projectLoader = ProjectLoader(
                resolve: { path, importer in path.hasSuffix(".tdl") ? imports.resolve(path, importer) : .success(resolve(path, importer)) },
                read: imports.read, exists: { FileManager.default.fileExists(atPath: root + "/" + $0) })
            let files = documents.keys.sorted().map { ProjectFile(path: $0, bytes: texts[$0] ?? []) }
            let project = Project(files: files, loader: projectLoader)
            for file in files {
                guard let document = documents[file.path] else { continue }
                var found = Validator.validate(file, in: project)
                if UTF16Fixture.isOne(file.path) {
                    found = found.map { $0.mappingRanges { UTF16Fixture.utf8Range($0, in: document.text) } }
                }
                checked.append(Checked(name: file.path, document: document, diagnostics: found, project: project))
            }
        }
        return checked
    }

    func testEveryDiagnosticIsAnnotatedAndEveryAnnotationMatches() throws {
        let all = try Self.checkAll()
        XCTAssertGreaterThanOrEqual(all.count, 20, "fixtures not found in \(Self.folder.path)")
        for fixture in all {
            if let problem = Self.mismatch(fixture) { XCTFail(problem) }
        }
    }

    /// Every code is shown by at least one fixture.
    func testEveryCodeHasAFixture() throws {
        let annotated = Set(try Self.checkAll().flatMap { $0.document.annotations.map(\.code) })
        let missing = DiagnosticCode.all.map(\.code).filter { !annotated.contains($0) }
        XCTAssertEqual(missing, [], "codes no fixture shows")
    }

    /// Every fix offered in a fixture removes its diagnostic and adds no syntax error.
    func testEveryFixInTheFixturesRemovesItsDiagnostic() throws {
        var applied = 0
        for fixture in try Self.checkAll() {
            let text = fixture.document.text
            let syntaxErrors = fixture.diagnostics.filter { $0.code.hasPrefix("TDL0") }.count
            for d in fixture.diagnostics {
                for fix in d.fixes {
                    XCTAssertFalse(fix.edits.isEmpty, "\(fixture.name): \(d.code) fix \"\(fix.title)\" has no edits")
                    let fixed = applying(fix.edits, to: text)
                    let after = fixture.validate(fixed)
                    let context = "\(fixture.name): \(d.code) fix \"\(fix.title)\"; after it:\n"
                        + AnnotatedPlace.render(fixed, after.map { (AnnotatedPlace($0.range, in: LineIndex(fixed)), $0.code, $0.message) })
                    XCTAssertLessThan(after.filter { $0.code == d.code }.count, fixture.diagnostics.filter { $0.code == d.code }.count, context)
                    XCTAssertLessThanOrEqual(after.filter { $0.code.hasPrefix("TDL0") }.count, syntaxErrors, context)
                    applied += 1
                }
            }
        }
        XCTAssertGreaterThanOrEqual(applied, 10)
    }

    /// What differs between a fixture's annotations and its diagnostics, or nil.
    static func mismatch(_ fixture: Checked) -> String? {
        let lines = LineIndex(fixture.document.text)
        let found = fixture.diagnostics.map { (place: AnnotatedPlace($0.range, in: lines), diagnostic: $0) }
        var unmatched = Array(found.indices)
        var missing: [AnnotatedDocument.Annotation] = []
        for annotation in fixture.document.annotations {
            let hit = unmatched.firstIndex { i in
                found[i].place.isMarked(by: annotation) && found[i].diagnostic.code == annotation.code
                    && found[i].diagnostic.message.contains(annotation.message)
            }
            if let hit { unmatched.remove(at: hit) } else { missing.append(annotation) }
        }
        var problems: [String] = []
        for annotation in missing { problems.append("line \(annotation.sourceLine): expected \(annotation), not reported") }
        for i in unmatched {
            let (place, d) = found[i]
            problems.append("reported, not annotated: \(place.annotationLine(code: d.code, message: d.message)) (line \(place.line + 1))")
        }
        // The codes' severities are the catalogue's.
        for (_, d) in found where DiagnosticCode.lookup(d.code)?.severity != d.severity {
            problems.append("\(d.code) reported as \(d.severity), not as the catalogue says")
        }
        guard !problems.isEmpty else { return nil }
        let annotated = AnnotatedPlace.render(fixture.document.text, found.map { ($0.place, $0.diagnostic.code, $0.diagnostic.message) })
        return "\(fixture.name):\n  " + problems.joined(separator: "\n  ")
            + "\nThe document with what the validator reported:\n" + annotated
    }
}

/// Fixtures written in UTF-8 and checked as UTF-16LE with a byte order mark.
enum UTF16Fixture {
    static func isOne(_ name: String) -> Bool { name.hasSuffix(".utf-16le.tdl") }

    static func encode(_ utf8: [UInt8]) -> [UInt8] {
        [0xFF, 0xFE] + String(decoding: utf8, as: UTF8.self).utf16.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8($0 >> 8)] }
    }

    /// A range of the encoded bytes as the same characters of the UTF-8 text (the byte order
    /// mark is before the first character).
    static func utf8Range(_ range: ByteRange, in utf8: [UInt8]) -> ByteRange {
        func utf8Offset(_ encoded: Int) -> Int {
            var units = 0, offset = 0
            for scalar in String(decoding: utf8, as: UTF8.self).unicodeScalars {
                if 2 + 2 * units >= encoded { break }
                units += scalar.utf16.count
                offset += scalar.utf8.count
            }
            return offset
        }
        return ByteRange(start: utf8Offset(range.start), end: utf8Offset(range.end))
    }
}
