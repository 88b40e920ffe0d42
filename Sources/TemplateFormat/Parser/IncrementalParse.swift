#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How many lines of a document end in LF, CRLF and a lone CR.
struct LineEndingCounts: Sendable, Equatable {
    var lf = 0, crlf = 0, cr = 0

    var majority: LineEnding {
        if crlf > lf && crlf >= cr { return .crlf }
        if cr > lf && cr > crlf { return .cr }
        return .lf
    }
}

extension SyntaxTree {
    /// The tree of `newBytes`: these bytes with `replaced` (a range of this tree's bytes)
    /// replaced by `insertedCount` bytes. Always equal to `SyntaxTree.parse(newBytes)`.
    ///
    /// An edit strictly inside one closed top-level block (the common keystroke) re-lexes
    /// and re-parses that block alone and splices it between the untouched tokens and nodes
    /// around it, which only move. That gives the same tree because lexing and parsing
    /// start afresh at every top-level block: the lexer carries no state across a `}`, the
    /// first pass of the parser none across top-level members. So the block is parsed
    /// alone only when it still reads as one closed block that ends exactly where its text
    /// ends (no token of it reaches past its `}`, no block is left open, no `"""` or `/*`
    /// is left unclosed, as its close may lie further on), and only when the
    /// old tree did not need the indentation-guided second pass (no missing `}`); any other
    /// edit parses the whole document.
    public func reparsed(replacing replaced: ByteRange, insertedCount: Int, in newBytes: [UInt8]) -> SyntaxTree {
        spliced(replacing: replaced, insertedCount: insertedCount, in: newBytes) ?? SyntaxTree.parse(newBytes)
    }

    /// The incremental path of `reparsed`, or nil where it does not apply.
    func spliced(replacing replaced: ByteRange, insertedCount: Int, in newBytes: [UInt8]) -> SyntaxTree? {
        let oldTokens = storage.tokens, oldNodes = storage.nodes
        let delta = insertedCount - (replaced.end - replaced.start)
        // (A file in UTF-16 or UTF-32 is one token: an edit can make or unmake one only at
        // its start, but such files are rare enough to always parse whole.)
        guard oldNodes.count > 1, replaced.start >= 0, replaced.start <= replaced.end, replaced.end <= bytes.count,
              newBytes.count == bytes.count + delta, ForeignEncoding.detect(newBytes) == nil,
              !storage.diagnostics.contains(where: { $0.code == SyntaxCode.missingCloseBrace.rawValue })
        else { return nil }

        // The top-level block holding the edit strictly inside its first and last bytes.
        var block = 1
        let documentEnd = Int(oldNodes[0].subtreeEnd)
        while block < documentEnd {
            let node = oldNodes[block]
            if node.endToken > node.firstToken && oldTokens[Int(node.endToken) - 1].end > replaced.end { break }
            block = Int(node.subtreeEnd)
        }
        guard block < documentEnd else { return nil }
        let old = oldNodes[block]
        let firstToken = Int(old.firstToken), endToken = Int(old.endToken)
        guard old.kind == .block, Int(old.slotB) == endToken - 1 else { return nil }
        let start = oldTokens[firstToken].start, oldEnd = oldTokens[endToken - 1].end
        guard start < replaced.start, replaced.end < oldEnd else { return nil }
        let newEnd = oldEnd + delta
        // An unclosed `"""` or `/*` before the block ended early for want of a close, which
        // the edit may have typed.
        let unclosed = [SyntaxCode.unterminatedString.rawValue, SyntaxCode.unterminatedComment.rawValue]
        guard !storage.diagnostics.contains(where: { $0.range.start < start && unclosed.contains($0.code) }) else { return nil }

        // Parse the block's new text alone; it must still be exactly one closed block.
        let pieces = newBytes.withUnsafeBufferPointer { buf in
            Parser.parsePieces(UnsafeBufferPointer(rebasing: buf[start..<newEnd]), recoverByIndent: false)
        }
        let subTokens = UnsafeBufferPointer(start: pieces.tokens.0, count: pieces.tokens.1)
        let subNodes = UnsafeBufferPointer(start: pieces.nodes.0, count: pieces.nodes.1)
        defer {
            free(pieces.tokens.0)
            free(pieces.nodes.0)
        }
        guard !pieces.leftBlocksOpen, subNodes.count >= 2, subTokens.count >= 2,
              subNodes[1].kind == .block, Int(subNodes[1].subtreeEnd) == subNodes.count,
              subNodes[1].firstToken == 0, Int(subNodes[1].endToken) == subTokens.count,
              Int(subNodes[1].slotB) == subTokens.count - 1,
              subTokens[0].start == 0, subTokens[subTokens.count - 1].end == newEnd - start,
              // An unclosed `"""` or `/*` ends early when its close is not found in the
              // block; the whole document may have one further on.
              !subTokens.contains(where: { $0.flags.contains(.unterminated) && ($0.kind == .multilineString || $0.kind == .blockComment) })
        else { return nil }

        // Syntax diagnostics: those of the other members stay (moved), the block's are new.
        var before: [Diagnostic] = [], after: [Diagnostic] = []
        for d in storage.diagnostics {
            // An empty range on the block's edge could be the block's or its neighbour's.
            if d.range.start == d.range.end && (d.range.start == start || d.range.start == oldEnd) { return nil }
            if d.range.end <= start {
                before.append(d)
            } else if d.range.start >= oldEnd {
                after.append(d.mappingRanges { ByteRange(start: $0.start + delta, end: $0.end + delta) })
            } else if d.range.start < start || d.range.end > oldEnd {
                return nil  // reaches across the block's edge: not the block's own
            }
        }
        if before.contains(where: { d in d.related.contains { $0.path == nil && $0.range.end > start }
                                       || d.fixes.contains { $0.edits.contains { $0.range.end > start } } })
            || after.contains(where: { d in d.related.contains { $0.path == nil && $0.range.start < newEnd }
                                         || d.fixes.contains { $0.edits.contains { $0.range.start < newEnd } } }) {
            return nil
        }
        let blockDiagnostics = pieces.diagnostics.map { $0.mappingRanges { ByteRange(start: $0.start + start, end: $0.end + start) } }

        // Line endings: the block's old ones out, its new ones in.
        var lineEndings = storage.lineEndings
        for k in firstToken..<endToken where oldTokens[k].kind == .newline {
            let t = oldTokens[k]
            if t.end - t.start == 2 { lineEndings.crlf -= 1 } else if bytes[t.start] == 0x0D { lineEndings.cr -= 1 } else { lineEndings.lf -= 1 }
        }
        lineEndings.lf += pieces.lineEndings.lf
        lineEndings.crlf += pieces.lineEndings.crlf
        lineEndings.cr += pieces.lineEndings.cr

        // Tokens: before, the block's (moved to its offset), after (moved by the edit).
        let tokenCount = oldTokens.count - (endToken - firstToken) + subTokens.count
        guard let tokenRaw = malloc(max(tokenCount, 1) * MemoryLayout<Token>.stride) else { return nil }
        let tokens = tokenRaw.bindMemory(to: Token.self, capacity: max(tokenCount, 1))
        if firstToken > 0, let base = oldTokens.baseAddress { tokens.initialize(from: base, count: firstToken) }
        for (k, t) in subTokens.enumerated() {
            (tokens + firstToken + k).initialize(to: Token(kind: t.kind, flags: t.flags, start: t.start + start, end: t.end + start))
        }
        let tokenShift = subTokens.count - (endToken - firstToken)
        for k in endToken..<oldTokens.count {
            let t = oldTokens[k]
            (tokens + k + tokenShift).initialize(to: Token(kind: t.kind, flags: t.flags, start: t.start + delta, end: t.end + delta))
        }

        // Nodes: the same three parts; the block's come without their document node.
        let blockEnd = Int(old.subtreeEnd)
        let nodeCount = oldNodes.count - (blockEnd - block) + (subNodes.count - 1)
        guard let nodeRaw = malloc(nodeCount * MemoryLayout<RawNode>.stride) else {
            free(tokenRaw)
            return nil
        }
        let nodes = nodeRaw.bindMemory(to: RawNode.self, capacity: nodeCount)
        if let base = oldNodes.baseAddress { nodes.initialize(from: base, count: block) }
        let t0 = Int32(firstToken)
        func moved(_ slot: Int32, by shift: Int32) -> Int32 { slot >= 0 ? slot + shift : slot }
        for k in 1..<subNodes.count {
            var n = subNodes[k]
            n.parent = n.parent == 0 ? 0 : n.parent + Int32(block - 1)
            n.subtreeEnd += Int32(block - 1)
            n.firstToken += t0
            n.endToken += t0
            n.slotA = moved(n.slotA, by: t0)
            n.slotB = moved(n.slotB, by: t0)
            (nodes + block + k - 1).initialize(to: n)
        }
        let nodeShift = Int32(nodeCount - oldNodes.count), ts = Int32(tokenShift)
        for k in blockEnd..<oldNodes.count {
            var n = oldNodes[k]
            n.parent = n.parent == 0 ? 0 : n.parent + nodeShift
            n.subtreeEnd += nodeShift
            n.firstToken += ts
            n.endToken += ts
            n.slotA = moved(n.slotA, by: ts)
            n.slotB = moved(n.slotB, by: ts)
            (nodes + k + Int(nodeShift)).initialize(to: n)
        }
        nodes[0].subtreeEnd = Int32(nodeCount)
        nodes[0].endToken = Int32(tokenCount)

        return SyntaxTree(storage: Storage(bytes: newBytes, tokens: (tokens, tokenCount), nodes: (nodes, nodeCount),
                                           diagnostics: before + blockDiagnostics + after, lineEndings: lineEndings))
    }
}
