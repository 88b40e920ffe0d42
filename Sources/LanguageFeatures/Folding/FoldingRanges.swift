import TemplateFormat

/// A foldable run of lines, 0-based and inclusive. Lines are the same in every position
/// encoding, so the server passes them through unchanged.
public struct FoldingRegion: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case region, comment, imports
    }

    public var startLine: Int
    public var endLine: Int
    public var kind: Kind

    public init(startLine: Int, endLine: Int, kind: Kind) {
        self.startLine = startLine
        self.endLine = endLine
        self.kind = kind
    }
}

public enum FoldingRanges {
    /// Blocks (from the header's `{` line to the line before `}`, so the closing brace stays
    /// visible), `"""` strings, block comments, runs of two or more line comments, and runs
    /// of two or more imports; sorted by start line, one region per start line and kind.
    public static func ranges(in tree: SyntaxTree, lines: LineIndex) -> [FoldingRegion] {
        var result: [FoldingRegion] = []
        func line(_ offset: Int) -> Int { lines.line(containing: offset) }

        for block in EditSyntax.allBlocks(tree) {
            guard let open = block.openBrace else { continue }
            let start = line(open.start)
            let endLine: Int
            if let close = block.closeBrace {
                // Keep `}` visible when it starts its own line; fold through it otherwise.
                let closeLine = line(close.start)
                let closeStartsLine = tree.bytes[lines.lineStarts[closeLine]..<close.start].allSatisfy { $0 == 0x20 || $0 == 0x09 }
                endLine = closeStartsLine ? closeLine - 1 : closeLine
            } else {
                endLine = line(block.range.end)  // unclosed: fold what the block has
            }
            if endLine > start { result.append(FoldingRegion(startLine: start, endLine: endLine, kind: .region)) }
        }

        // Comments and `"""` strings, from the token stream.
        let tokens = tree.tokens
        var commentRun: (start: Int, end: Int)? = nil
        func closeRun() {
            if let run = commentRun, run.end > run.start { result.append(FoldingRegion(startLine: run.start, endLine: run.end, kind: .comment)) }
            commentRun = nil
        }
        for token in tokens {
            switch token.kind {
            case .lineComment, .docComment:
                let l = line(token.start)
                // A run continues on the next line, and only with comments alone on their line.
                let alone = tree.bytes[lines.lineStarts[l]..<token.start].allSatisfy { $0 == 0x20 || $0 == 0x09 }
                if let run = commentRun, alone, l == run.end + 1 { commentRun = (run.start, l) }
                else { closeRun(); if alone { commentRun = (l, l) } }
            case .newline:
                continue
            case .blockComment, .multilineString:
                closeRun()
                let (first, last) = (line(token.start), line(token.end - 1))
                if last > first { result.append(FoldingRegion(startLine: first, endLine: last, kind: token.kind == .blockComment ? .comment : .region)) }
            default:
                closeRun()
            }
        }
        closeRun()

        // Consecutive imports.
        var importRun: (start: Int, end: Int)? = nil
        func closeImports() {
            if let run = importRun, run.end > run.start { result.append(FoldingRegion(startLine: run.start, endLine: run.end, kind: .imports)) }
            importRun = nil
        }
        for member in tree.document.members {
            if case .directive(let directive) = member, directive.keyword == "import" {
                let (first, last) = (line(directive.range.start), line(directive.range.end))
                if let run = importRun, first <= run.end + 1 { importRun = (run.start, last) } else { closeImports(); importRun = (first, last) }
            } else {
                closeImports()
            }
        }
        closeImports()

        result.sort { ($0.startLine, $0.endLine) < ($1.startLine, $1.endLine) }
        // Editors keep one region per start line; keep the outermost of each kind.
        var seen: Set<String> = []
        var unique: [FoldingRegion] = []
        for region in result.reversed() where seen.insert("\(region.startLine) \(region.kind.rawValue)").inserted {
            unique.append(region)
        }
        return unique.reversed()
    }
}
