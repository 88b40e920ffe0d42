import ProjectModel
import Foundation
import HTMLGen
import TemplateFormat
import TestSupport
import Validator
import XCTest

/// The repository's root.
let repositoryRoot = URL(fileURLWithPath: Repository.root)

/// A loader over an in-memory table of files, for imports.
func memoryLoader(_ files: [String: String]) -> ImportLoader {
    let table = files.mapValues { Array($0.utf8) }
    return { path, _ in
        if let bytes = table[path] { return .loaded(path: path, bytes: bytes) }
        return .failed(message: "no such file")
    }
}

/// Resolves a document given as text (no validation).
func resolve(_ source: String, data: [String: ParamValue] = [:], files: [String: String] = [:]) -> ResolvedDocument {
    ResolvedDocument.resolve(SyntaxTree.parse(source), path: "main.tdl", loader: memoryLoader(files), data: data)
}

/// The first item of a document in one format, as text.
func export(_ source: String, as format: ExportFormat = .html, data: [String: ParamValue] = [:],
            file: StaticString = #filePath, line: UInt = #line) -> String {
    let document = resolve(source, data: data)
    guard let item = document.items.first, let bytes = Exporter.render(item, as: format) else {
        XCTFail("nothing to export", file: file, line: line)
        return ""
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// The text between the first `start` and the next `end`.
func section(_ text: String, from start: String, to end: String) -> String {
    guard let a = text.range(of: start), let b = text.range(of: end, range: a.upperBound..<text.endIndex) else { return "" }
    return String(text[a.upperBound..<b.lowerBound])
}
