import Foundation
import ProjectModel
import TemplateFormat
import TestSupport
import Validator
import XCTest

/// Every code's explanation (`template-fmt explain`, docs/LANGUAGE.md) shows a Bad and a Good
/// example: the Bad one must report its code, the Good one must not. The Good one must also
/// be free of every other error and warning, since readers copy it, with two allowances for
/// what a short example cannot show: hints (the examples leave out the `format` line, which
/// TDL117 points out) and unused styles (TDL304: an example of style definitions alone has
/// no element to use them; in a project the files using them are checked with them).
///
/// How examples are read: the lines indented by four spaces after `Bad:` or `Good:`. An
/// example of several files heads each with a comment naming it (`// brand.tdl`), and the
/// files are checked together; a file it imports but does not show is taken to define the
/// styles the example names. An example that says it is "Saved as Latin-1" or "Saved as
/// UTF-16 (little-endian, with a byte order mark)" is encoded so. One that leaves part of itself out (a `// …` comment line) cannot report its code
/// and is not checked for it.
final class ExplanationExampleTests: XCTestCase {
    struct Example {
        /// (name, bytes) of each file; the first is the example's own.
        var files: [(name: String, bytes: [UInt8])]
    }

    /// The Bad and Good examples of an explanation.
    static func examples(_ explanation: String) -> (bad: Example?, good: Example?) {
        var blocks: [String: [String]] = [:]
        var current: String?
        for line in explanation.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line == "Bad:" || line == "Good:" { current = line; blocks[line] = []; continue }
            guard let heading = current else { continue }
            if line.hasPrefix("    ") { blocks[heading]?.append(String(line.dropFirst(4))); continue }
            if line.isEmpty && blocks[heading]?.isEmpty == false { blocks[heading]?.append(""); continue }
            current = nil
        }
        return (blocks["Bad:"].map(example), blocks["Good:"].map(example))
    }

    static func example(_ lines: [String]) -> Example {
        var trimmed = lines
        while trimmed.last == "" { trimmed.removeLast() }
        var files: [(name: String, lines: [String])] = []
        for line in trimmed {
            if line.hasPrefix("// "), let name = line.dropFirst(3).split(whereSeparator: { $0 == " " || $0 == ":" }).first,
               name.hasSuffix(".tdl") {
                files.append((String(name), [line]))
            } else if files.isEmpty {
                files.append(("example.tdl", [line]))
            } else {
                files[files.count - 1].lines.append(line)
            }
        }
        return Example(files: files.map { file in
            let text = file.lines.joined(separator: "\n") + "\n"
            return (file.name, encoded(text))
        })
    }

    /// The text in the encoding it says it is saved in: Latin-1, UTF-16 little-endian with a
    /// byte order mark, else UTF-8.
    static func encoded(_ text: String) -> [UInt8] {
        if text.contains("Saved as Latin-1") { return text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) } }
        if text.contains("Saved as UTF-16 (little-endian, with a byte order mark)") {
            return [0xFF, 0xFE] + text.utf16.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8($0 >> 8)] }
        }
        return Array(text.utf8)
    }

    /// The diagnostics of an example's files, checked together. `besideFiles`: a folder whose
    /// files the examples' relative URLs name (TDL313's examples are read as if saved in the
    /// repository's `Examples`); otherwise whether those exist cannot be told, as in memory.
    static func diagnostics(_ example: Example, besideFiles folder: String? = nil) -> [Diagnostic] {
        let shown = Dictionary(example.files.map { ($0.name, $0.bytes) }, uniquingKeysWith: { a, _ in a })
        let standIn = Array(styleNames(example).map { "style \($0) {\n}\n" }.joined().utf8)
        let loader: ImportLoader = { path, _ in
            if let bytes = shown[path] { return .loaded(path: path, bytes: bytes) }
            return path.hasSuffix(".tdl") ? .loaded(path: path, bytes: standIn) : .failed(message: "is a directory")
        }
        let files = example.files.map { ProjectFile(path: $0.name, bytes: $0.bytes) }
        var projectLoader = ProjectLoader(loader)
        if let folder {
            let imports = projectLoader
            projectLoader = ProjectLoader(
                resolve: { path, importer in path.hasSuffix(".tdl") ? imports.resolve(path, importer) : .success(path) },
                read: imports.read, exists: { FileManager.default.fileExists(atPath: folder + "/" + $0) })
        }
        let project = Project(files: files, loader: projectLoader)
        return files.flatMap { Validator.validate($0, in: project) }
    }

    /// The names after `style:` in an example.
    static func styleNames(_ example: Example) -> Set<String> {
        var names: Set<String> = []
        for file in example.files {
            let tree = SyntaxTree.parse(file.bytes)
            for token in tree.tokens.indices.dropFirst(2) where tree.tokens[token - 1].kind == .colon
                && tree.text(of: tree.tokens[token - 2]) == "style" && tree.tokens[token].kind == .identifier {
                names.insert(tree.text(of: tree.tokens[token]))
            }
        }
        return names
    }

    static func leavesPartOut(_ example: Example) -> Bool {
        example.files.contains { file in
            String(decoding: file.bytes, as: UTF8.self).split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("// …") }
        }
    }

    func testEveryBadExampleReportsItsCodeAndEveryGoodOneIsClean() {
        var partial: [String] = []
        for code in DiagnosticCode.all {
            let (bad, good) = Self.examples(code.explanation)
            guard let bad, let good else {
                XCTFail("\(code.code): the explanation has no Bad: and Good: example")
                continue
            }
            if Self.leavesPartOut(bad) { partial.append(code.code) }
            let folder = code.code == "TDL313" ? Repository.examplesFolder : nil
            let fromBad = Self.diagnostics(bad, besideFiles: folder)
            XCTAssertTrue(Self.leavesPartOut(bad) || fromBad.contains { $0.code == code.code },
                          "\(code.code): the Bad example does not report it; it reports \(fromBad.map { "\($0.code) \($0.message)" })")
            let fromGood = Self.diagnostics(good, besideFiles: folder).filter { d in
                d.code == code.code || (d.severity <= .warning && d.code != "TDL304")
            }
            XCTAssertEqual(fromGood.map { "\($0.code) \($0.message)" }, [], "\(code.code): the Good example is not clean")
        }
        // Only the 129 levels of TDL015 are too long to show.
        XCTAssertEqual(partial, ["TDL015"], "Bad examples that leave part out, and so are not checked for their code")
    }

    /// The reading of examples, on an explanation written for the test.
    func testExamplesAreReadFromTheExplanation() {
        let (bad, good) = Self.examples("""
            TDL999: A title

            Text.

            Bad:
                // main.tdl
                import "lib.tdl"

                // lib.tdl: the other file
                style a {}

            Good:
                format 1
            Fix: something.
            """)
        XCTAssertEqual(bad?.files.map(\.name), ["main.tdl", "lib.tdl"])
        XCTAssertEqual(bad?.files.first.map { String(decoding: $0.bytes, as: UTF8.self) }, "// main.tdl\nimport \"lib.tdl\"\n\n")
        XCTAssertEqual(good?.files.map(\.name), ["example.tdl"])
        XCTAssertEqual(good?.files.first?.bytes, Array("format 1\n".utf8))
        XCTAssertEqual(Self.example(["// Saved as Latin-1: é"]).files.first?.bytes.suffix(2), [0xE9, 0x0A])
        XCTAssertEqual(Self.encoded("// Saved as UTF-16 (little-endian, with a byte order mark)\n").prefix(4), [0xFF, 0xFE, 0x2F, 0x00])
        XCTAssertTrue(Self.leavesPartOut(Self.example(["group a {", "  // … and so on", "}"])))
        XCTAssertEqual(Self.styleNames(Self.example(["text a { style: muted }", "style b { style: base; color: red }"])), ["muted", "base"])
    }
}
