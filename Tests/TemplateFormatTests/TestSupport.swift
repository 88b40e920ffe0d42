// Shared helpers for the TemplateFormat tests: example loading, a structural dump of the
// tree (for "same tree apart from trivia"), and the property checks that the fuzz and
// mutation tests run on every input.

import Foundation
import XCTest
@testable import TemplateFormat

// MARK: Inputs

/// The repository's `Examples/*.tdl`, found relative to this source file (symlinks resolved,
/// so the tests also work from a scratch package that links `Tests/`).
enum ExampleFiles {
    static let directory: URL = URL(fileURLWithPath: #filePath)
        .resolvingSymlinksInPath()
        .deletingLastPathComponent()  // TemplateFormatTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // repository root
        .appendingPathComponent("Examples")

    /// (file name, bytes), sorted by name. Empty when the directory cannot be read; tests
    /// assert that it is not.
    static let all: [(name: String, bytes: [UInt8])] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".tdl") }.sorted().compactMap { name in
            guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path) else { return nil }
            return (name, Array(data))
        }
    }()
}

func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }
func string(_ b: [UInt8]) -> String { String(decoding: b, as: UTF8.self) }

/// A printable form of arbitrary bytes for failure messages.
func escaped(_ b: [UInt8], limit: Int = 400) -> String {
    var s = ""
    for byte in b.prefix(limit) {
        switch byte {
        case 0x0A: s += "\\n"
        case 0x0D: s += "\\r"
        case 0x09: s += "\\t"
        case 0x5C: s += "\\\\"
        case 0x20..<0x7F: s.append(Character(Unicode.Scalar(byte)))
        default: s += String(format: "\\x%02X", byte)
        }
    }
    if b.count > limit { s += "…(\(b.count) bytes)" }
    return s
}

// MARK: Deterministic randomness

/// SplitMix64: a tiny seeded generator, so every run sees the same inputs.
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in `0..<n` (n > 0); the modulo bias is irrelevant here.
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(n, 1))) }
    mutating func int(_ r: ClosedRange<Int>) -> Int { r.lowerBound + below(r.count) }
    /// True with probability `percent`/100.
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}

// MARK: Structure

/// A dump of the tree's structure without trivia: node kinds, block kind/name/title,
/// property keys and directive keywords, and atom kinds and texts (colours upper-cased).
/// Commas, `;`, newlines, whitespace and comments do not appear.
func structureDump(_ tree: SyntaxTree) -> [String] {
    var lines: [String] = []
    func atoms(_ list: [AtomSyntax]) -> String {
        list.map { atom -> String in
            switch atom.kind {
            case .color: return "color(\(atom.text.uppercased()))"
            case .number: return "number(\(atom.text))"
            case .string: return "string(\(atom.text))"
            case .identifier: return "ident(\(atom.text))"
            }
        }.joined(separator: " ")
    }
    func visit(_ node: SyntaxNode, depth: Int) {
        let pad = String(repeating: " ", count: depth)
        switch node.member {
        case .block(let b):
            let title = b.titleToken.map { tree.text(of: $0) } ?? "-"
            lines.append("\(pad)block kind=\(b.kind) name=\(b.name ?? "-") title=\(title)")
            for child in node.children { visit(child, depth: depth + 1) }
            lines.append("\(pad)end")
        case .property(let p):
            lines.append("\(pad)property \(p.key): \(atoms(p.atoms))")
        case .directive(let d):
            lines.append("\(pad)directive \(d.keyword) \(atoms(d.atoms))")
        case .error(let n):
            lines.append("\(pad)\(n.kind) \(n.text)")
        }
    }
    for child in tree.document.node.children { visit(child, depth: 0) }
    return lines
}

/// The texts of all comments in order, trimmed of surrounding blanks and of blanks at the
/// ends of the inner lines of block comments (the formatter removes those).
func commentTexts(_ tree: SyntaxTree) -> [String] {
    tree.tokens.filter { $0.kind.isComment }.map { token -> String in
        var out: [UInt8] = []
        for b in tree.bytes[token.start..<token.end] {
            if b == 0x0A || b == 0x0D { while let last = out.last, last == 0x20 || last == 0x09 { out.removeLast() } }
            out.append(b)
        }
        return string(out).trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
    }
}

func codes(_ tree: SyntaxTree) -> [String] { tree.diagnostics.map(\.code) }

/// The formatted bytes, or nil when the formatter refused.
func formatted(_ input: [UInt8], options: FormatOptions = FormatOptions()) -> [UInt8]? {
    if case .formatted(let out) = Formatter.format(input, options: options) { return out }
    return nil
}

func formattedString(_ input: String, options: FormatOptions = FormatOptions()) -> String? {
    formatted(bytes(input), options: options).map(string)
}

// MARK: Property checks

/// Lossless round trip and tree invariants; holds for every input. Returns a problem or nil.
func losslessProblem(_ input: [UInt8]) -> (problem: String?, tree: SyntaxTree) {
    let tree = SyntaxTree.parse(input)
    if tree.printed() != input { return ("printed() differs from the input", tree) }
    if let v = tree.verifyInvariants() { return ("invariant: \(v)", tree) }
    for d in tree.diagnostics {
        if d.range.start < 0 || d.range.end > input.count { return ("diagnostic \(d.code) range \(d.range) out of bounds", tree) }
        if SyntaxCode(rawValue: d.code) == nil { return ("unknown syntax code \(d.code)", tree) }
    }
    if tree.hasErrors != !tree.diagnostics.isEmpty { return ("a syntax diagnostic is not an error", tree) }
    return (nil, tree)
}

/// For an error-free tree: formatting succeeds, is idempotent, its output parses without
/// errors to the same structure and the same comments, and has no trailing whitespace
/// outside verbatim tokens. Returns a problem or nil.
func formattingProblem(_ tree: SyntaxTree, options: FormatOptions = FormatOptions()) -> String? {
    guard case .formatted(let once) = Formatter.format(tree, options: options) else {
        return "refused an error-free tree"
    }
    let reparsed = SyntaxTree.parse(once)
    if reparsed.hasErrors {
        return "formatted output has syntax errors: \(reparsed.diagnostics.map { "\($0.code)@\($0.range) \($0.message)" }) in\n\(escaped(once))"
    }
    guard case .formatted(let twice) = Formatter.format(reparsed, options: options) else {
        return "refused its own output"
    }
    if twice != once { return "not idempotent:\nonce:  \(escaped(once))\ntwice: \(escaped(twice))" }
    let before = structureDump(tree), after = structureDump(reparsed)
    if before != after {
        let i = zip(before, after).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(before.count, after.count)
        return "structure changed at line \(i): \(i < before.count ? before[i] : "<none>") vs \(i < after.count ? after[i] : "<none>")\nformatted: \(escaped(once))"
    }
    if commentTexts(tree) != commentTexts(reparsed) { return "comments changed:\n\(commentTexts(tree))\n\(commentTexts(reparsed))" }
    return nil
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

/// Runs the always-true checks, and the formatting checks when the input has no errors.
/// Returns whether the input was error-free.
@discardableResult
func checkEverything(_ input: [UInt8], label: String, log: inout FailureLog, formatLog: inout FailureLog) -> Bool {
    let (problem, tree) = losslessProblem(input)
    log.record(problem, input: input, label: label)
    guard problem == nil, !tree.hasErrors else { return false }
    formatLog.record(formattingProblem(tree), input: input, label: label)
    return true
}

extension SyntaxTree {
    /// Diagnostics with a given code.
    func diagnostics(_ code: SyntaxCode) -> [Diagnostic] { diagnostics.filter { $0.code == code.rawValue } }
}

/// Applies a fix's edits (sorted, non-overlapping) to bytes.
func apply(_ edits: [TextEdit], to input: [UInt8]) -> [UInt8] {
    var out = input
    for e in edits.sorted(by: { $0.range.start > $1.range.start }) {
        out.replaceSubrange(e.range.start..<e.range.end, with: Array(e.newText.utf8))
    }
    return out
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
