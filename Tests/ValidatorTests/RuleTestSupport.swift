import ProjectModel
import XCTest
import TemplateFormat
import TestSupport
import Validator

/// One row of the rule table: a diagnostic code, a small document that must produce it at
/// an exact position, and a corrected document that must produce no diagnostic at all.
struct RuleCase {
    let code: String
    /// What the case exercises, for failure messages.
    let name: String
    let bad: [UInt8]
    /// 1-based line and column (in Unicode scalars) where the diagnostic starts.
    let line: Int
    let column: Int
    /// A substring the diagnostic's message must contain.
    let message: String?
    let good: [UInt8]
    /// Other codes the bad document is allowed (and expected) to produce besides `code`.
    let others: Set<String>
    /// Whether the diagnostic must offer at least one fix.
    let expectsFix: Bool
    /// Files the import loader knows, by the path written in `import`; nil: no loader at all.
    let files: [String: String]?
    /// The files for validating the good document (by default, `files`).
    let goodFiles: [String: String]?
    /// The path of the document itself (for import cycles).
    let path: String?
    /// Files beside the document that exist (paths as resolved: the document's folder joined
    /// with the relative path); nil: the loader cannot tell, as in-memory loaders cannot.
    var existing: Set<String>? = nil
    let file: StaticString
    let sourceLine: UInt

    var loader: ImportLoader? { RuleCase.loader(files, path: path, document: bad) }

    /// `bytes` validated as this case's document, with `files` for its imports (by default
    /// the bad document's) and `existing` for its local files.
    func validate(_ bytes: [UInt8], files: [String: String]?? = nil) -> [Diagnostic] {
        let imports = RuleCase.loader(files ?? self.files, path: path, document: bytes)
        guard let existing, let path else { return Validator.validate(bytes, path: path, loader: imports) }
        let base = imports.map { ProjectLoader($0) }
        let loader = ProjectLoader(
            resolve: { wanted, importer in
                if let base, case .success(let found) = base.resolve(wanted, importer) { return .success(found) }
                let folder = importer.map { $0.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/") } ?? ""
                return .success(folder + "/" + wanted)
            },
            read: { base?.read($0) ?? .failure(ImportFailure("no such file")) },
            exists: { existing.contains($0) })
        let file = ProjectFile(path: path, tree: SyntaxTree.parse(bytes))
        return Validator.validate(file, in: Project(files: [file], loader: loader))
    }

    /// A loader over an in-memory file table; the validated document itself is known under `path`.
    static func loader(_ files: [String: String]?, path: String?, document: [UInt8]?) -> ImportLoader? {
        guard let files else { return nil }
        var table = files.mapValues { Array($0.utf8) }
        if let path, let document { table[path] = document }
        let frozen = table
        return { wanted, _ in
            if let bytes = frozen[wanted] { return .loaded(path: wanted, bytes: bytes) }
            return .failed(message: "no such file")
        }
    }
}

/// Builds a `RuleCase` with its source position recorded for failure messages.
func rule(_ code: String, _ name: String,
          bad: String, at position: (Int, Int), message: String? = nil,
          good: String, others: Set<String> = [], fix: Bool = false,
          files: [String: String]? = nil, goodFiles: [String: String]? = nil, path: String? = nil,
          file: StaticString = #filePath, line: UInt = #line) -> RuleCase {
    rule(code, name, badBytes: Array(bad.utf8), at: position, message: message, good: good, others: others, fix: fix,
         files: files, goodFiles: goodFiles, path: path, file: file, line: line)
}

func rule(_ code: String, _ name: String,
          badBytes: [UInt8], at position: (Int, Int), message: String? = nil,
          good: String, others: Set<String> = [], fix: Bool = false,
          files: [String: String]? = nil, goodFiles: [String: String]? = nil, path: String? = nil,
          file: StaticString = #filePath, line: UInt = #line) -> RuleCase {
    RuleCase(code: code, name: name, bad: badBytes, line: position.0, column: position.1, message: message,
             good: Array(good.utf8), others: others, expectsFix: fix, files: files, goodFiles: goodFiles ?? files, path: path,
             file: file, sourceLine: line)
}

/// The bytes of `text` with every `¤` replaced by the invalid UTF-8 byte 0xFF.
func withInvalidByte(_ text: String) -> [UInt8] {
    var out: [UInt8] = []
    for scalar in text.unicodeScalars {
        if scalar == "¤" { out.append(0xFF) } else { out.append(contentsOf: Array(String(scalar).utf8)) }
    }
    return out
}

// MARK: Validation helpers

func validate(_ text: String, path: String? = nil, files: [String: String]? = nil) -> [Diagnostic] {
    validate(Array(text.utf8), path: path, files: files)
}

func validate(_ bytes: [UInt8], path: String? = nil, files: [String: String]? = nil) -> [Diagnostic] {
    Validator.validate(bytes, path: path, loader: RuleCase.loader(files, path: path, document: bytes))
}

/// 1-based line and column (Unicode scalars) of a byte offset.
func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
    let p = LineIndex(bytes).scalarPosition(of: offset)
    return (p.line + 1, p.column + 1)
}

/// `CODE@line:column message` for each diagnostic, for failure messages.
func describe(_ diagnostics: [Diagnostic], in bytes: [UInt8]) -> String {
    if diagnostics.isEmpty { return "(none)" }
    return diagnostics.map { d in
        let p = position(of: d.range.start, in: bytes)
        return "\(d.code)@\(p.line):\(p.column) \(d.message)"
    }.joined(separator: "\n  ")
}

func diagnostics(_ all: [Diagnostic], code: String, at line: Int, _ column: Int, in bytes: [UInt8]) -> [Diagnostic] {
    all.filter { $0.code == code && position(of: $0.range.start, in: bytes) == (line, column) }
}

// MARK: Fixes

/// Where a byte offset of the original document lands after the edits: edits that end at or
/// before it shift it by the change in length.
func mapped(_ offset: Int, through edits: [TextEdit]) -> Int {
    var result = offset
    for edit in edits where edit.range.end <= offset {
        result += edit.newText.utf8.count - edit.range.length
    }
    return result
}

/// 1-based line and column of the first occurrence of `needle` in `text`, plus `shift` scalars.
func position(of needle: String, in text: String, shift: Int = 0) -> [Int] {
    guard let r = text.range(of: needle) else { return [] }
    let offset = text.utf8.distance(from: text.utf8.startIndex, to: r.lowerBound) + shift
    let p = position(of: offset, in: Array(text.utf8))
    return [p.line, p.column]
}

/// 1-based line and column of where a diagnostic starts.
func start(_ d: Diagnostic?, in bytes: [UInt8]) -> [Int] {
    guard let d else { return [] }
    let p = position(of: d.range.start, in: bytes)
    return [p.line, p.column]
}

extension Array where Element == Diagnostic {
    var codes: [String] { map(\.code) }
    func with(code: String) -> [Diagnostic] { filter { $0.code == code } }
}
