import TemplateFormat
import Validator

/// "Suppress TDLxxx on this line" and "… for this file": a `// tdl-ignore CODE` line above
/// the member the diagnostic is in, indented like it, or `// tdl-ignore-file CODE` after the
/// `format` line. A suppression comment already in place gets the code added to its list.
/// Syntax errors cannot be silenced, and TDL310 (a suppression that silences nothing) is
/// fixed by deleting that suppression, so neither gets these actions.
enum SuppressionActions {
    static func actions(for diagnostic: Diagnostic, in tree: SyntaxTree) -> [CodeAction] {
        guard let code = DiagnosticCode.lookup(diagnostic.code), code.isSuppressible, code.code != "TDL310" else { return [] }
        var actions: [CodeAction] = []
        // A finding about the whole file sits at its very start, before any member.
        let aboutTheFile = diagnostic.range.start == 0 && diagnostic.range.isEmpty
        if !aboutTheFile, let edit = lineEdit(code: code.code, at: diagnostic.range.start, in: tree) {
            actions.append(CodeAction(title: "Suppress \(code.code) on this line", kind: .quickFix, edits: [edit],
                                      diagnostics: [diagnostic], isPreferred: false))
        }
        actions.append(CodeAction(title: "Suppress \(code.code) for this file", kind: .quickFix,
                                  edits: [fileEdit(code: code.code, in: tree)], diagnostics: [diagnostic], isPreferred: false))
        return actions
    }

    // MARK: On this line

    static func lineEdit(code: String, at offset: Int, in tree: SyntaxTree) -> TextEdit? {
        let bytes = tree.bytes
        guard let start = memberStart(at: offset, in: tree) else { return nil }
        let lineStart = Indentation.lineStart(of: start, in: bytes)
        let indent = Indentation.leadingWhitespace(ofLineAt: start, in: bytes)
        // Above the member's doc comment, which must stay right above its block.
        var insertAt = lineStart
        let tokens = tree.tokens
        var k = tree.tokenIndex(at: lineStart) - 1
        while k >= 1, tokens[k].kind == .newline {
            var j = k - 1
            while j >= 0 && tokens[j].kind == .blockComment { j -= 1 }
            guard j >= 0 else { break }
            let previous = tokens[j]
            if previous.kind == .lineComment, let existing = SuppressionComment(previous, in: tree), !existing.isFile,
               !existing.isTrailing(in: tree) {
                return appending(code, to: existing)
            }
            guard previous.kind == .docComment, startsLine(previous, in: tree) else { break }
            insertAt = Indentation.lineStart(of: previous.start, in: bytes)
            k = tree.tokenIndex(at: insertAt) - 1
        }
        let lineBreak = String(decoding: LineEnding.majority(in: tree).bytes, as: UTF8.self)
        return TextEdit(range: ByteRange(start: insertAt, end: insertAt), newText: "\(indent)// tdl-ignore \(code)\(lineBreak)")
    }

    /// The start of the member (property, block, directive) a line comment above would
    /// cover for a diagnostic at `offset`: the innermost one that starts its line.
    static func memberStart(at offset: Int, in tree: SyntaxTree) -> Int? {
        var candidates: [Token] = []
        if var block = SyntaxLookup.innermostBlock(containing: offset, in: tree) {
            if let property = SyntaxLookup.property(of: block, at: offset) { candidates.append(property.keyToken) }
            while true {
                if let kind = block.kindToken { candidates.append(kind) }
                guard let parent = block.parentBlock else { break }
                block = parent
            }
        } else if let directive = tree.document.directives.first(where: { $0.range.start <= offset && offset <= $0.range.end }) {
            candidates.append(directive.keywordToken)
        } else {
            let tokens = tree.tokens
            var k = tree.tokenIndex(at: offset)
            while k < tokens.count && (tokens[k].kind == .newline || tokens[k].kind.isTrivia) { k += 1 }
            if k < tokens.count { candidates.append(tokens[k]) }
        }
        return candidates.first { startsLine($0, in: tree) }?.start
    }

    static func startsLine(_ token: Token, in tree: SyntaxTree) -> Bool {
        let bytes = tree.bytes
        var k = token.start
        while k > 0 && (bytes[k - 1] == 0x20 || bytes[k - 1] == 0x09) { k -= 1 }
        return k == 0 || bytes[k - 1] == 0x0A || bytes[k - 1] == 0x0D || (k == 3 && bytes.starts(with: [0xEF, 0xBB, 0xBF]))
    }

    /// `, CODE` after the last code of an existing comment (` CODE` when it lists none).
    static func appending(_ code: String, to comment: SuppressionComment) -> TextEdit {
        let at = comment.codes.last?.range.end ?? comment.markerEnd
        return TextEdit(range: ByteRange(start: at, end: at), newText: comment.codes.isEmpty ? " \(code)" : ", \(code)")
    }

    // MARK: For this file

    static func fileEdit(code: String, in tree: SyntaxTree) -> TextEdit {
        for token in tree.tokens where token.kind == .lineComment {
            if let existing = SuppressionComment(token, in: tree), existing.isFile { return appending(code, to: existing) }
        }
        let lineBreak = String(decoding: LineEnding.majority(in: tree).bytes, as: UTF8.self)
        let bytes = tree.bytes
        if let format = tree.document.directives.first(where: { $0.keyword == "format" }) {
            var end = format.range.end
            while end < bytes.count && bytes[end] != 0x0A && bytes[end] != 0x0D { end += 1 }
            if end == bytes.count {
                return TextEdit(range: ByteRange(start: end, end: end), newText: "\(lineBreak)// tdl-ignore-file \(code)")
            }
            if bytes[end] == 0x0D && end + 1 < bytes.count && bytes[end + 1] == 0x0A { end += 1 }
            return TextEdit(range: ByteRange(start: end + 1, end: end + 1), newText: "// tdl-ignore-file \(code)\(lineBreak)")
        }
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        return TextEdit(range: ByteRange(start: start, end: start), newText: "// tdl-ignore-file \(code)\(lineBreak)")
    }
}
