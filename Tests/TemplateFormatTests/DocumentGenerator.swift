// A seeded generator of valid TDL documents in messy but legal layouts, and the mutators
// that turn documents into broken inputs. Deterministic: the same seed gives the same text.

@testable import TemplateFormat
import TestSupport

struct DocumentGenerator {
    var rng: SeededRandom
    /// Line endings to draw from; one entry gives a uniform file.
    var endings: [String]
    var out = ""

    init(seed: UInt64) {
        rng = SeededRandom(derivedSeed: seed)
        switch rng.below(10) {
        case 0...5: endings = ["\n"]
        case 6, 7: endings = ["\r\n"]
        case 8: endings = ["\r"]
        default: endings = ["\n", "\r\n", "\n"]
        }
    }

    /// One document. Every document this returns must parse without syntax errors.
    static func document(seed: UInt64) -> String {
        var g = DocumentGenerator(seed: seed)
        g.generate()
        return g.out
    }

    // MARK: Pieces

    static let identifiers = ["a", "x", "bold", "white", "true", "center", "heading", "rebeccapurple",
                              "semi-bold", "snake_case", "_private", "A1", "format", "text", "style", "kind-2"]
    static let keys = ["size", "at", "font", "color", "text", "label", "src", "padding", "style",
                       "from", "to", "z", "opacity", "format", "import", "value", "corner-radius", "x"]
    static let kinds = ["template", "annotations", "style", "text", "image", "group", "button", "rect", "params", "label", "x"]
    static let stringBodies = ["Inter", "", "Welcome aboard, {{user}}!", "tab\\tand\\nnewline", "quote \\\" and \\\\",
                               "em\\u{2014}dash", "\\{{literal}}", "caf\u{E9} \u{4E2D}\u{6587} \u{1F600}", "{ lone } braces",
                               "https://example.com/a?b=c#d", "{{a}}{{b-c}}", "x // not a comment /* nor this */"]

    mutating func nl() { out += rng.pick(endings) }

    mutating func spaces() -> String {
        switch rng.below(13) {
        case 0: return ""
        case 1: return "  "
        case 2: return "\t"
        case 3: return " \t "
        case 4: return rng.chance(20) ? " \u{0C}\u{0B}" : " "  // form feed, vertical tab
        default: return " "
        }
    }

    /// Space that must separate two tokens.
    mutating func gap() -> String {
        let s = spaces()
        return s.isEmpty ? " " : s
    }

    mutating func indent(_ depth: Int) -> String {
        switch rng.below(8) {
        case 0: return String(repeating: "\t", count: depth)
        case 1: return String(repeating: " ", count: rng.below(7))
        case 2: return String(repeating: "    ", count: depth)
        default: return String(repeating: "  ", count: depth)
        }
    }

    mutating func color() -> String {
        let digits = Array("0123456789abcdefABCDEF")
        let n = rng.pick([3, 4, 6, 8])
        return "#" + String((0..<n).map { _ in rng.pick(digits) })
    }

    mutating func number() -> String {
        var s = rng.chance(20) ? "-" : ""
        s += String(rng.below(2000))
        if rng.chance(20) { s += "." + String(rng.below(100)) }
        if rng.chance(15) { s += rng.pick(["px", "pt", "%", "deg"]) }
        return s
    }

    mutating func singleLineString() -> String {
        rng.chance(10) ? "\"\"\"" + rng.pick(["one line", "with \"quotes\" inside", ""]) + "\"\"\"" : "\"" + rng.pick(DocumentGenerator.stringBodies) + "\""
    }

    /// A `"""` string over several lines, closed on its own line.
    mutating func multilineString(depth: Int) -> String {
        var s = "\"\"\""
        let ending = rng.pick(endings)
        let pad = String(repeating: "  ", count: depth + 1)
        for _ in 0..<rng.int(1...3) {
            s += ending + pad + rng.pick(["1. Pick a size.", "quote \" and \"\" inside", "{{user}} \\u{1F600}", "", "  deeper line"])
        }
        s += ending + pad + "\"\"\""
        return s
    }

    mutating func atom(depth: Int, allowMultiline: Bool) -> String {
        switch rng.below(10) {
        case 0, 1, 2: return number()
        case 3, 4: return rng.pick(DocumentGenerator.identifiers)
        case 5, 6: return color()
        case 7 where allowMultiline && rng.chance(30): return multilineString(depth: depth)
        default: return singleLineString()
        }
    }

    mutating func value(depth: Int, allowMultiline: Bool) -> String {
        if rng.chance(15) {
            // A size, with the separators the formatter must normalise to ` x `.
            let seps = [" x ", " x ", "  x  ", ", x ", " x, ", ", x, ", ",x,"]
            return number() + rng.pick(seps) + number()
        }
        var s = atom(depth: depth, allowMultiline: allowMultiline)
        for _ in 0..<rng.below(4) {
            switch rng.below(8) {
            case 0, 1: s += ", "
            case 2: s += ","
            case 3: s += " , "
            case 4: s += " /* c */ "
            default: s += gap()
            }
            s += atom(depth: depth, allowMultiline: allowMultiline)
        }
        return s
    }

    mutating func lineComment() -> String {
        rng.pick(["// a comment", "//no space", "/// doc comment", "//// four slashes", "// caf\u{E9} \u{1F600}",
                  "// tdl-ignore TDL301", "//", "/// "])
    }

    mutating func trailingComment() -> String {
        rng.chance(60) ? spaces() + " " + lineComment() : gap() + "/* trailing */"
    }

    // MARK: Structure

    mutating func property(depth: Int, oneLine: Bool) -> String {
        var s = rng.pick(DocumentGenerator.keys) + spaces()
        if rng.chance(4) { s += "/* before colon */" + spaces() }
        s += ":" + spaces()
        if rng.chance(4) { s += "/* before value */" + gap() }
        s += value(depth: depth, allowMultiline: !oneLine)
        if rng.chance(3) { s += gap() + "/* after value */" }
        return s
    }

    /// A one-line block: `kind name { a: 1; b: 2 }`.
    mutating func oneLineBlock() -> String {
        var s = header() + "{"
        let count = rng.below(4)
        for i in 0..<count {
            s += (i == 0 ? spaces() : ";" + spaces()) + property(depth: 0, oneLine: true)
        }
        if count > 0 && rng.chance(30) { s += ";" }
        return s + spaces() + "}"
    }

    mutating func header() -> String {
        var s = rng.pick(DocumentGenerator.kinds)
        if rng.chance(85) { s += gap() + rng.pick(DocumentGenerator.identifiers) }
        if rng.chance(30) { s += gap() + singleLineString() }
        if rng.chance(5) { s += " /* header comment */" }
        return s + spaces()
    }

    mutating func blankLines() {
        if rng.chance(25) { for _ in 0..<rng.int(1...3) { nl() } }
    }

    mutating func block(depth: Int) {
        out += indent(depth)
        if rng.chance(15) {
            out += oneLineBlock()
            if rng.chance(20) { out += trailingComment() }
            nl()
            return
        }
        out += header() + "{"
        if rng.chance(10) { out += trailingComment() }
        nl()
        blankLines()
        let count = rng.below(depth == 0 ? 7 : 5)
        var i = 0
        while i < count {
            members(depth: depth + 1)
            blankLines()
            i += 1
        }
        if rng.chance(10) { out += indent(depth + 1) + lineComment(); nl() }  // dangling before `}`
        out += indent(depth) + "}"
        if rng.chance(10) { out += trailingComment() }
        nl()
    }

    mutating func members(depth: Int) {
        switch rng.below(20) {
        case 0, 1:
            out += indent(depth) + lineComment(); nl()
        case 2:
            out += indent(depth) + "/* a block comment"
            nl()
            out += indent(depth) + "   continued   here */"
            nl()
        case 3:
            if depth < 5 { block(depth: depth) } else { members(depth: depth) }
        case 4:
            // Several properties on one line.
            out += indent(depth) + property(depth: depth, oneLine: true)
            for _ in 0..<rng.int(1...2) { out += (rng.chance(10) ? ";;" : ";") + spaces() + property(depth: depth, oneLine: true) }
            if rng.chance(30) { out += rng.chance(20) ? "; ;" : ";" }
            nl()
        case 5:
            formatOffRegion(depth: depth)
        case 8:
            // A block comment before a member on its line, or a block whose first member
            // shares the `{` line and whose `}` ends the last member's line.
            if rng.chance(50) {
                out += indent(depth) + "/* lead */" + spaces() + property(depth: depth, oneLine: true)
                nl()
            } else if depth < 5 {
                out += indent(depth) + header() + "{" + spaces() + property(depth: depth + 1, oneLine: true)
                nl()
                out += indent(depth + 1) + property(depth: depth + 1, oneLine: true) + spaces() + "}"
                nl()
            }
        case 6, 7:
            if depth < 4 { block(depth: depth) } else { members(depth: depth) }
        default:
            out += indent(depth) + property(depth: depth, oneLine: false)
            if rng.chance(10) { out += spaces() + ";" }
            if rng.chance(15) { out += trailingComment() }
            nl()
        }
    }

    mutating func formatOffRegion(depth: Int) {
        out += indent(depth) + "// tdl-fmt: off"
        nl()
        for _ in 0..<rng.int(1...3) {
            // Top level holds blocks only; a block body holds properties and blocks.
            out += String(repeating: " ", count: rng.below(9))
            out += depth == 0 || rng.chance(20) ? oneLineBlock() : property(depth: depth, oneLine: true)
            if rng.chance(30) { out += "   " }  // trailing blanks survive in a verbatim region
            nl()
        }
        if rng.chance(80) {
            out += indent(depth) + "// tdl-fmt: on"
            nl()
        }
    }

    mutating func generate() {
        if rng.chance(10) { out += "\u{FEFF}" }
        if rng.chance(20) { blankLines() }
        if rng.chance(40) { out += lineComment(); nl() }
        if rng.chance(60) { out += "format" + gap() + "1"; if rng.chance(20) { out += trailingComment() }; nl() }
        if rng.chance(20) { out += "import" + gap() + "\"shared/styles.tdl\""; nl() }
        blankLines()
        for _ in 0..<rng.int(0...4) {
            if rng.chance(15) { out += lineComment(); nl() }
            block(depth: 0)
            blankLines()
        }
        if rng.chance(15) { formatOffRegion(depth: 0) }
        if rng.chance(20) {
            // Drop the final line break.
            while let last = out.unicodeScalars.last, last == "\n" || last == "\r" { out.unicodeScalars.removeLast() }
        }
    }
}

// MARK: Mutators

enum Mutator {
    /// Bytes that stress the lexer: NUL, 0xFF, lone UTF-8 lead and continuation bytes,
    /// lone CR, and the punctuation the parser synchronises on.
    static let nastyBytes: [UInt8] = [0x00, 0xFF, 0xFE, 0xC3, 0xE2, 0xF0, 0x80, 0xBF, 0x0D, 0x0A,
                                      0x7B, 0x7D, 0x22, 0x3A, 0x2C, 0x3B, 0x2F, 0x2A, 0x23, 0x5C, 0x2D, 0x2E, 0x40, 0x09]

    /// Overwrites, inserts or deletes 1–3 bytes.
    static func flipBytes(_ input: [UInt8], rng: inout SeededRandom) -> [UInt8] {
        var b = input
        for _ in 0..<rng.int(1...3) {
            let replacement = rng.chance(70) ? rng.pick(nastyBytes) : UInt8(truncatingIfNeeded: rng.next())
            if b.isEmpty { b.append(replacement); continue }
            let at = rng.below(b.count)
            switch rng.below(3) {
            case 0: b[at] = replacement
            case 1: b.insert(replacement, at: at)
            default: b.remove(at: at)
            }
        }
        return b
    }

    /// Removes one randomly chosen `{`, `}` or `"` (or returns nil when there is none).
    static func deleteDelimiter(_ input: [UInt8], rng: inout SeededRandom) -> [UInt8]? {
        let positions = input.indices.filter { input[$0] == 0x7B || input[$0] == 0x7D || input[$0] == 0x22 }
        guard !positions.isEmpty else { return nil }
        var b = input
        b.remove(at: rng.pick(positions))
        return b
    }

    /// The input with token `index` removed.
    static func deletingToken(_ index: Int, of tree: SyntaxTree) -> [UInt8] {
        let t = tree.tokens[index]
        var b = tree.bytes
        b.removeSubrange(t.start..<t.end)
        return b
    }
}

extension Mutator {
    /// Bad values, each an error confined to the value (TDL001/2/5/6/7/8/14): the formatter
    /// keeps them as written. Bytes, so that invalid UTF-8 is among them.
    static let badValues: [[UInt8]] = [
        "327x1", "375x200 x", "1.2.3", "8.", "#GGG", "#12345 red", ".5", "1 .5", "\"C:\\Drafts\"", "1,,2", ", 1",
        "1 2,", "b: c", "\u{E9}t\u{E9}", "24 64 @", "- 3", "#abc@", "\"ok\" \\", "\"bad \\u{D800}\" 2x3",
        "12px 5em", "50% 3deg 7q", "/* c */ 1x2 /* d */",
    ].map { Array($0.utf8) } + [[0x22, 0x63, 0x61, 0x66, 0xE9, 0x22], [0x31, 0x00, 0x32], [0xFF, 0x20, 0x31]]

    /// Lines that are not members (TDL014), and a property at the top level (TDL016).
    static let badLines = ["@oops here", "12: 3", "\"just a string\" x", "text", "key , 2", "- a: b", "caf\u{E9}: 1"]

    /// `input` (a generated document without errors) with one error that the formatter
    /// must lay out around: a bad value, a missing colon or value, a line that is no
    /// member, a stray token in a block header, a property or `;` at the top level. Nil
    /// when the document has nothing to put it in.
    static func valueLevelError(_ input: [UInt8], rng: inout SeededRandom) -> [UInt8]? {
        let tree = SyntaxTree.parse(input)
        var properties: [Int] = [], blocks: [Int] = []
        for (index, node) in tree.nodes.enumerated() where node.endToken > node.firstToken {
            if node.kind == .property && node.slotA >= 0 { properties.append(index) }
            if node.kind == .block && node.slotA > node.firstToken { blocks.append(index) }
        }
        func start(_ token: Int32) -> Int { tree.tokens[Int(token)].start }
        func lineStart(_ offset: Int) -> Int {
            var k = offset
            while k > 0 && input[k - 1] != 0x0A && input[k - 1] != 0x0D { k -= 1 }
            return k
        }
        var b = input
        switch rng.below(6) {
        case 0, 1:
            // Replace a property's value (from just after its colon to the value's end).
            guard !properties.isEmpty else { return nil }
            let p = tree.nodes[rng.pick(properties)]
            let colon = tree.tokens[Int(p.slotA)]
            var end = colon.end
            for k in (Int(p.slotA) + 1)..<Int(p.endToken) where tree.tokens[k].kind != .semicolon && !tree.tokens[k].kind.isComment {
                end = tree.tokens[k].end
            }
            // Sometimes right after the colon: a missing value is reported there.
            b.replaceSubrange(colon.end..<end, with: (rng.chance(30) ? [] : [0x20]) + rng.pick(badValues))
        case 2:
            // Drop a property's colon, or its value.
            guard !properties.isEmpty else { return nil }
            let p = tree.nodes[rng.pick(properties)]
            let colon = tree.tokens[Int(p.slotA)]
            if rng.chance(50) {
                b.remove(at: colon.start)
            } else {
                var end = colon.end
                for k in (Int(p.slotA) + 1)..<Int(p.endToken) where tree.tokens[k].kind.isAtom || tree.tokens[k].kind == .comma {
                    end = tree.tokens[k].end
                }
                b.removeSubrange(colon.end..<end)
            }
        case 3:
            // A line that is no member, inside a block: before one of its members.
            guard !properties.isEmpty else { return nil }
            let at = lineStart(start(tree.nodes[rng.pick(properties)].firstToken))
            b.insert(contentsOf: Array((rng.pick(badLines) + "\n").utf8), at: at)
        case 4:
            // A stray token or a second title in a block header, before its `{`.
            guard !blocks.isEmpty else { return nil }
            let brace = tree.tokens[Int(tree.nodes[rng.pick(blocks)].slotA)]
            b.insert(contentsOf: Array(rng.pick([" @", " \"second\" \"third\"", " 12", " #zz", " caf\u{E9}", " x,"]).utf8) + [0x20], at: brace.start)
        default:
            // A property or a `;` at the top level, before a top-level member.
            let tops = tree.document.node.children
            guard !tops.isEmpty else { return nil }
            let at = lineStart(rng.pick(tops).range.start)
            b.insert(contentsOf: Array((rng.chance(70) ? "size : 1 2\n" : ";\n").utf8), at: at)
        }
        return b
    }
}
