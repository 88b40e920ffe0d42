// Shared helpers for the TemplateFormat tests: parsing with and without fast paths, and
// the property checks that the fuzz and mutation tests run on every input.

import Foundation
import XCTest
@testable import TemplateFormat
import TestSupport

// MARK: Parsing both ways

/// Everything one parse produced (nodes, diagnostics, whether blocks were left open), in a
/// comparable form: the parser's fast-path tests compare it with and without fast paths.
struct ParseOutcome: Equatable {
    var nodes: [String]
    var diagnostics: [Diagnostic]
    var leftBlocksOpen: Bool

    init(_ input: [UInt8], fastPaths: Bool) {
        (nodes, diagnostics, leftBlocksOpen) = input.withUnsafeBufferPointer { buf in
            let pieces = Parser.parsePieces(buf, recoverByIndent: true, fastPaths: fastPaths)
            defer {
                free(pieces.tokens.0)
                free(pieces.nodes.0)
            }
            let nodes = UnsafeBufferPointer(start: pieces.nodes.0, count: pieces.nodes.1).map { n in
                "\(n.kind) parent \(n.parent) end \(n.subtreeEnd) tokens \(n.firstToken)..<\(n.endToken) slots \(n.slotA) \(n.slotB)"
            }
            return (nodes, pieces.diagnostics, pieces.leftBlocksOpen)
        }
    }
}

/// The formatted bytes, or nil when the formatter refused.
func formatted(_ input: [UInt8], options: FormatOptions = FormatOptions()) -> [UInt8]? {
    if case .formatted(let out) = Formatter.format(input, options: options) { return out }
    return nil
}

func formattedString(_ input: String, options: FormatOptions = FormatOptions()) -> String? {
    formatted(bytes(input), options: options).map(string)
}

/// Collects failures from many generated inputs and reports a few of them, so that one
/// bug does not print thousands of assertion failures.
struct FailureLog {
    var failures: [String] = []
    var checked = 0

    mutating func record(_ problem: String?, input: [UInt8], label: String) {
        checked += 1
        if let p = problem { failures.append("\(label): \(p)\n  input: \(escaped(input))") }
    }

    func assertClean(_ what: String, minimumChecked: Int = 1, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertGreaterThanOrEqual(checked, minimumChecked, "\(what): too few inputs checked", file: file, line: line)
        if !failures.isEmpty {
            XCTFail("\(what): \(failures.count) of \(checked) inputs failed; first ones:\n" + failures.prefix(4).joined(separator: "\n---\n"),
                    file: file, line: line)
        }
    }
}

/// Runs the always-true checks, and the formatting checks when the input's structure is
/// sound (errors inside values and lines allowed). Returns whether the input was error-free.
@discardableResult
func checkEverything(_ input: [UInt8], label: String, log: inout FailureLog, formatLog: inout FailureLog) -> Bool {
    let (problem, tree) = losslessProblem(input)
    log.record(problem, input: input, label: label)
    guard problem == nil, tree.structuralErrors.isEmpty else { return false }
    formatLog.record(formattingProblem(tree), input: input, label: label)
    return !tree.hasErrors
}

extension SyntaxTree {
    /// Diagnostics with a given code.
    func diagnostics(_ code: SyntaxCode) -> [Diagnostic] { diagnostics.filter { $0.code == code.rawValue } }
}

/// The byte offset of the `n`th (0-based) occurrence of `needle` in `haystack`.
func offset(of needle: String, in haystack: String, occurrence n: Int = 0) -> Int {
    let h = Array(haystack.utf8), s = Array(needle.utf8)
    var found = 0
    var i = 0
    while i + s.count <= h.count {
        if Array(h[i..<(i + s.count)]) == s {
            if found == n { return i }
            found += 1
        }
        i += 1
    }
    return -1
}

func range(of needle: String, in haystack: String, occurrence n: Int = 0) -> ByteRange {
    let start = offset(of: needle, in: haystack, occurrence: n)
    return ByteRange(start: start, end: start + needle.utf8.count)
}
