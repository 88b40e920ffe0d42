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

/// The syntax errors of a tree as position-free text: code, message and the text each
/// covers (blanks before its line breaks aside: the formatter removes those in comments,
/// which an error may cover whole), in order. Formatting moves errors but must keep these.
func syntaxErrorSummary(_ tree: SyntaxTree) -> [String] {
    tree.diagnostics.map { d in
        var covered: [UInt8] = []
        for b in tree.bytes[d.range.start..<d.range.end] {
            if b == 0x0A || b == 0x0D { while let last = covered.last, last == 0x20 || last == 0x09 { covered.removeLast() } }
            covered.append(b)
        }
        return "\(d.code) \(d.message) «\(string(covered))»"
    }
}

/// For each syntax error, the text of the smallest value, block header or error node that
/// holds its start ("" when none does: an error on a key; and for an empty range, a missing
/// value at a colon, which a value may or may not start at): the parts the formatter must
/// keep exactly as written.
func keptTexts(_ tree: SyntaxTree) -> [String] {
    var parts: [ByteRange] = []
    for node in tree.nodes where node.endToken > node.firstToken {
        let first = tree.tokens[Int(node.firstToken)]
        switch node.kind {
        case .value, .error:
            parts.append(ByteRange(start: first.start, end: tree.tokens[Int(node.endToken) - 1].end))
        case .block where node.slotA > node.firstToken:
            parts.append(ByteRange(start: first.start, end: tree.tokens[Int(node.slotA) - 1].end))
        default:
            break
        }
    }
    return tree.diagnostics.map { d in
        guard !d.range.isEmpty else { return "" }
        let holders = parts.filter { $0.start <= d.range.start && d.range.start < $0.end }
        return holders.min { $0.length < $1.length }.map { tree.text(of: $0) } ?? ""
    }
}

/// For a tree without structural errors (`SyntaxCode.isStructural`; errors inside values,
/// headers and lines are allowed): formatting succeeds, is idempotent, and its output
/// parses to the same structure, the same comments and the same syntax errors (code,
/// message and covered text), every value, header and line holding an error being kept as
/// written. Returns a problem or nil.
func formattingProblem(_ tree: SyntaxTree, options: FormatOptions = FormatOptions()) -> String? {
    guard case .formatted(let once) = Formatter.format(tree, options: options) else {
        return "refused a tree without structural errors: \(tree.diagnostics.map { "\($0.code)@\($0.range) \($0.message)" })"
    }
    let reparsed = SyntaxTree.parse(once)
    if syntaxErrorSummary(reparsed) != syntaxErrorSummary(tree) {
        return "syntax errors changed:\n\(syntaxErrorSummary(tree))\nvs\n\(syntaxErrorSummary(reparsed))\nin\n\(escaped(once))"
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
    if keptTexts(tree) != keptTexts(reparsed) {
        return "a part with an error was not kept as written:\n\(keptTexts(tree))\nvs\n\(keptTexts(reparsed))"
    }
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
