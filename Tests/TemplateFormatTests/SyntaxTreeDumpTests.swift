import XCTest
@testable import TemplateFormat
import TestSupport

/// `SyntaxTree.dump()`, the text of the parser's fixtures and of `template-fmt debug tree`.
final class SyntaxTreeDumpTests: XCTestCase {
    func testALittleDocument() {
        let tree = SyntaxTree.parse("style a {\n  k: 1 \"x\"\n  font \"\\q\n")
        XCTAssertEqual(tree.dump(), #"""
            document@0..32
              block@0..32
                identifier@0..5 "style"
                identifier@6..7 "a"
                leftBrace@8..9 "{"
                newline@9..10 "\n"
                property@12..20
                  identifier@12..13 "k"
                  colon@13..14 ":"
                  value@15..20
                    number@15..16 "1"
                    string@17..20 "\"x\""
                newline@20..21 "\n"
                property@23..31
                  identifier@23..27 "font"
                  value@28..31
                    string@28..31 "\"\\q" [unterminated, invalid escape]
                newline@31..32 "\n"
            diagnostics:
              error TDL009@0..9: missing `}` to close `style a`
              error TDL011@23..27: expected `:` after the property name `font`
                fix "Insert `:`": 27..27 ":"
              error TDL003@28..31: unterminated string: a `"` is missing before the end of the line
              error TDL005@29..31: invalid escape `\q`; strings allow \" \\ \n \t \{ and \u{HEX}

            """#)
    }

    func testInvisibleCharactersAndBytesThatAreNoUTF8AreEscaped() {
        XCTAssertEqual(SyntaxTree.escaped(Array("a \"b\" \\ \t\r\n".utf8)), #"a \"b\" \\ \t\r\n"#)
        XCTAssertEqual(SyntaxTree.escaped(Array("\u{0}\u{7F}\u{85}\u{A0}\u{200B}\u{2028}\u{FEFF}".utf8)),
                       #"\u{0}\u{7F}\u{85}\u{A0}\u{200B}\u{2028}\u{FEFF}"#)
        XCTAssertEqual(SyntaxTree.escaped(Array("é 😀 中".utf8)), "é 😀 中", "visible characters stay as they are")
        XCTAssertEqual(SyntaxTree.escaped([0x61, 0xFF, 0xC3, 0x62, 0xE2, 0x82]), #"a\xFF\xC3b\xE2\x82"#)
    }

    /// For any input the dump lists every node and every token once, in order, each token
    /// under the deepest node that spans it, and its escaped text gives back its bytes: so
    /// the dump is the whole tree. Over the examples, generated documents and random bytes.
    func testTheDumpIsTheWholeTree() {
        var inputs = Repository.examples.map(\.bytes)
        for seed in 1...200 { inputs.append(bytes(DocumentGenerator.document(seed: UInt64(seed)))) }
        var random = SeededRandom(seed: 31)
        let alphabet: [UInt8] = Array("ab x_-09.#%\"\\/*{}:,;\n\r\t ".utf8) + [0x00, 0x7F, 0xFF, 0xC3, 0xA9, 0xE2, 0x80, 0xA8, 0xEF, 0xBB, 0xBF]
        for _ in 0..<300 { inputs.append((0..<random.int(0...60)).map { _ in random.pick(alphabet) }) }
        var failures: [String] = []
        for input in inputs {
            if let problem = dumpProblem(SyntaxTree.parse(input)) { failures.append("\(problem)\n  input: \(escaped(input))") }
        }
        XCTAssertEqual(failures.count, 0, failures.prefix(3).joined(separator: "\n"))
    }

    /// What is wrong with `tree.dump()`, or nil.
    private func dumpProblem(_ tree: SyntaxTree) -> String? {
        var lines = tree.dump().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.last == "" else { return "the dump does not end with a line break" }
        lines.removeLast()
        if let start = lines.firstIndex(of: "diagnostics:") {
            if lines.count - start - 1 < tree.diagnostics.count { return "diagnostics missing" }
            lines.removeSubrange(start...)
        } else if !tree.diagnostics.isEmpty {
            return "no diagnostics section"
        }
        // (depth, node index) of the open nodes; nodes come in preorder.
        var open: [(depth: Int, node: Int)] = []
        var nodeCount = 0, tokenCount = 0
        for line in lines {
            let depth = line.prefix { $0 == " " }.count / 2
            let body = line.drop { $0 == " " }
            guard let at = body.firstIndex(of: "@") else { return "no @ in \(line)" }
            let kind = String(body[..<at])
            let rest = body[body.index(after: at)...]
            let rangeText = rest.prefix { $0 != " " }
            let bounds = rangeText.split(separator: ".", omittingEmptySubsequences: true).compactMap { Int($0) }
            guard bounds.count == 2 else { return "bad range in \(line)" }
            while let last = open.last, last.depth >= depth { open.removeLast() }
            if NodeKind.allNames.contains(kind) {
                guard nodeCount < tree.nodes.count, "\(tree.nodes[nodeCount].kind)" == kind else { return "node \(nodeCount) is not \(kind)" }
                let parent = Int(tree.nodes[nodeCount].parent)
                if parent != (open.last?.node ?? -1) || depth != open.count { return "node \(nodeCount) at the wrong depth: \(line)" }
                open.append((depth, nodeCount))
                nodeCount += 1
            } else {
                guard tokenCount < tree.tokens.count else { return "more tokens than the tree has" }
                let token = tree.tokens[tokenCount]
                guard "\(token.kind)" == kind, bounds == [token.start, token.end] else { return "token \(tokenCount) differs: \(line)" }
                // The deepest node whose span holds the token.
                guard let owner = open.last?.node, depth == open.count,
                      tree.nodes[owner].firstToken <= tokenCount, tokenCount < tree.nodes[owner].endToken else {
                    return "token \(tokenCount) under the wrong node: \(line)"
                }
                let quoted = rest.dropFirst(rangeText.count + 1)
                guard quoted.first == "\"", let close = quoted.lastIndex(of: "\""), close > quoted.startIndex,
                      let text = unescape(String(quoted[quoted.index(after: quoted.startIndex)..<close])) else {
                    return "token text not quoted: \(line)"
                }
                if text != Array(tree.bytes[token.start..<token.end]) { return "token \(tokenCount)'s text does not give back its bytes: \(line)" }
                if line.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) { return "a control character in \(line)" }
                tokenCount += 1
            }
        }
        if nodeCount != tree.nodes.count { return "\(nodeCount) of \(tree.nodes.count) nodes listed" }
        if tokenCount != tree.tokens.count { return "\(tokenCount) of \(tree.tokens.count) tokens listed" }
        return nil
    }

    /// The bytes an escaped text stands for; nil when an escape is malformed.
    private func unescape(_ text: String) -> [UInt8]? {
        var out: [UInt8] = []
        var scalars = Array(text.unicodeScalars)[...]
        while let c = scalars.popFirst() {
            guard c == "\\" else { out += Array(String(c).utf8); continue }
            switch scalars.popFirst() {
            case "\""?: out.append(0x22)
            case "\\"?: out.append(0x5C)
            case "n"?: out.append(0x0A)
            case "r"?: out.append(0x0D)
            case "t"?: out.append(0x09)
            case "x"?:
                guard scalars.count >= 2, let byte = UInt8(String(String.UnicodeScalarView(scalars.prefix(2))), radix: 16) else { return nil }
                out.append(byte)
                scalars = scalars.dropFirst(2)
            case "u"?:
                guard scalars.popFirst() == "{", let close = scalars.firstIndex(of: "}"),
                      let value = UInt32(String(String.UnicodeScalarView(scalars[..<close])), radix: 16),
                      let scalar = Unicode.Scalar(value) else { return nil }
                out += Array(String(scalar).utf8)
                scalars = scalars[scalars.index(after: close)...]
            default: return nil
            }
        }
        return out
    }
}

private extension NodeKind {
    static let allNames: Set<String> = ["document", "directive", "block", "property", "value", "error"]
}
