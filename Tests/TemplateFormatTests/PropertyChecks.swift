// The property checks that hold for every input, shared by the unit tests (generated and
// mutated inputs) and the libFuzzer targets in `Fuzz/`, which compile this file too: so it
// imports no XCTest.

import Foundation
@testable import TemplateFormat

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

/// The first way two trees differ, or nil when they are the same.
func treeDifference(_ a: SyntaxTree, _ b: SyntaxTree) -> String? {
    if a.bytes != b.bytes { return "bytes differ" }
    if Array(a.tokens) != Array(b.tokens) {
        let k = (0..<min(a.tokens.count, b.tokens.count)).first { a.tokens[$0] != b.tokens[$0] } ?? min(a.tokens.count, b.tokens.count)
        return "tokens differ from \(k) (of \(a.tokens.count) and \(b.tokens.count)): \(k < a.tokens.count ? "\(a.tokens[k])" : "end") vs \(k < b.tokens.count ? "\(b.tokens[k])" : "end")"
    }
    if a.nodes.count != b.nodes.count { return "node counts differ: \(a.nodes.count) vs \(b.nodes.count)" }
    for k in 0..<a.nodes.count {
        let x = a.nodes[k], y = b.nodes[k]
        if x.kind != y.kind || x.parent != y.parent || x.subtreeEnd != y.subtreeEnd || x.firstToken != y.firstToken
            || x.endToken != y.endToken || x.slotA != y.slotA || x.slotB != y.slotB {
            return "node \(k) differs: \(x) vs \(y)"
        }
    }
    if a.diagnostics != b.diagnostics {
        func show(_ t: SyntaxTree) -> String { t.diagnostics.map { "\($0.code)@\($0.range.start)..<\($0.range.end) \($0.message)" }.joined(separator: "; ") }
        return "diagnostics differ:\n\(show(a))\nvs\n\(show(b))\n"
    }
    if a.storage.lineEndings != b.storage.lineEndings { return "line endings differ" }
    return nil
}
