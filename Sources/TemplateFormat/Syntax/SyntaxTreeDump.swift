extension SyntaxTree {
    /// The whole tree as text, for debugging and the parser's fixture tests: one node per
    /// line, indented two spaces per level, as `kind@start..end` (byte offsets); the tokens
    /// of each node in their place among its children, with their text quoted and escaped and
    /// the lexer's flags in brackets; then the syntax diagnostics with their fixes. The tree is
    /// lossless, so this is everything the parser made of the input (the blanks between
    /// tokens are the gaps in the offsets).
    ///
    ///     document@0..17
    ///       block@0..16
    ///         identifier@0..5 "style"
    ///         identifier@6..7 "a"
    ///         leftBrace@8..9 "{"
    ///     ...
    ///     diagnostics:
    ///       error TDL009@0..9: missing `}` to close `style a`
    public func dump() -> String {
        var out = ""
        out.reserveCapacity(64 * tokens.count + 64)
        // Iterative preorder walk, as `printed()`: (node, next token, next child, depth).
        var stack: [(node: Int, nextToken: Int, nextChild: Int, depth: Int)] = []
        if !nodes.isEmpty {
            stack.append((0, Int(nodes[0].firstToken), 1, 0))
            out += nodeLine(0, depth: 0)
        }
        while var top = stack.popLast() {
            let node = nodes[top.node]
            let stop = top.nextChild < Int(node.subtreeEnd) ? Int(nodes[top.nextChild].firstToken) : Int(node.endToken)
            while top.nextToken < stop {
                out += tokenLine(top.nextToken, depth: top.depth + 1)
                top.nextToken += 1
            }
            guard top.nextChild < Int(node.subtreeEnd) else { continue }
            let childIndex = top.nextChild
            let child = nodes[childIndex]
            top.nextToken = Int(child.endToken)
            top.nextChild = Int(child.subtreeEnd)
            stack.append(top)
            out += nodeLine(childIndex, depth: top.depth + 1)
            stack.append((childIndex, Int(child.firstToken), childIndex + 1, top.depth + 1))
        }
        if !diagnostics.isEmpty {
            out += "diagnostics:\n"
            for d in diagnostics {
                out += "  \(d.severity) \(d.code)@\(d.range.start)..\(d.range.end): \(d.message)\n"
                for fix in d.fixes {
                    out += "    fix\(fix.isCertain ? "" : " (not certain)") \"\(SyntaxTree.escaped(Array(fix.title.utf8)))\":"
                    out += fix.edits.map { " \($0.range.start)..\($0.range.end) \"\(SyntaxTree.escaped(Array($0.newText.utf8)))\"" }.joined(separator: ",")
                    out += "\n"
                }
            }
        }
        return out
    }

    private func nodeLine(_ index: Int, depth: Int) -> String {
        let r = SyntaxNode(tree: self, index: index).range
        return String(repeating: "  ", count: depth) + "\(nodes[index].kind)@\(r.start)..\(r.end)\n"
    }

    private func tokenLine(_ index: Int, depth: Int) -> String {
        let token = tokens[index]
        var line = String(repeating: "  ", count: depth) + "\(token.kind)@\(token.start)..\(token.end) \""
        line += SyntaxTree.escaped(Array(bytes[token.start..<token.end])) + "\""
        let flags: [(TokenFlags, String)] = [(.unterminated, "unterminated"), (.invalidEscape, "invalid escape"),
                                             (.invalidUTF8, "invalid UTF-8"), (.malformed, "malformed"), (.hasUnit, "unit"),
                                             (.foreignEncoding, "foreign encoding")]
        var set = flags.filter { token.flags.contains($0.0) }.map(\.1)
        let unnamed = token.flags.subtracting(TokenFlags(flags.map(\.0)))
        if !unnamed.isEmpty { set.append("flags 0x" + SyntaxTree.hex(UInt32(unnamed.rawValue), width: 2)) }
        if !set.isEmpty { line += " [" + set.joined(separator: ", ") + "]" }
        return line + "\n"
    }

    /// Bytes as the inside of a quoted string that shows every byte: `"` and `\` escaped,
    /// line breaks and tabs as `\n`, `\r`, `\t`, other invisible characters as `\u{…}`
    /// (controls, format characters such as U+FEFF, spaces other than U+0020, line and
    /// paragraph separators, unassigned code points), bytes
    /// that are not UTF-8 as `\xFF`; the other characters as they are.
    static func escaped(_ bytes: [UInt8]) -> String {
        var out = ""
        bytes.withUnsafeBufferPointer { buffer in
            var i = 0
            while i < buffer.count {
                let length = UTF8Validation.sequenceLength(buffer, at: i, limit: buffer.count)
                guard length > 0 else {
                    out += "\\x" + hex(UInt32(buffer[i]), width: 2)
                    i += 1
                    continue
                }
                // A well-formed sequence: its lead byte's payload, then six bits per byte.
                var value = UInt32(buffer[i]) & (length == 1 ? 0x7F : length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
                for k in 1..<length { value = value << 6 | UInt32(buffer[i + k] & 0x3F) }
                let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
                i += length
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                default:
                    switch scalar.properties.generalCategory {
                    case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator, .surrogate, .unassigned, .privateUse:
                        if scalar == " " { out += " " } else { out += "\\u{" + hex(scalar.value, width: 1) + "}" }
                    default:
                        out.unicodeScalars.append(scalar)
                    }
                }
            }
        }
        return out
    }

    private static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
