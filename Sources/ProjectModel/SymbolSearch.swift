import TemplateFormat

/// A named thing a workspace symbol search found.
public struct WorkspaceSymbol: Sendable, Hashable {
    public let name: String
    /// The block's kind as written (`style`, `template`, `text`, …), or `parameter`.
    public let kind: String
    /// The enclosing block's name (`card` for an element of template `card`).
    public let containerName: String?
    public let path: String
    /// The name's range.
    public let range: ByteRange
}

/// Workspace symbol search over the members of a project: every named block and every
/// template parameter, ranked exact, then prefix, then substring, then fuzzy (the query's
/// characters in order), ignoring case. Ties go to shorter names, then by name and place,
/// so the best matches come first whatever the files' order, and a limit cuts the worst.
enum SymbolSearch {
    struct Entry: Sendable {
        let symbol: WorkspaceSymbol
        /// The name's bytes in lower case, for matching.
        let folded: [UInt8]
    }

    static func entries(of file: ProjectFile) -> [Entry] {
        var entries: [Entry] = []
        // Blocks nest at most 128 deep (the parser's limit), so the stack stays small.
        var stack: [(block: BlockSyntax, container: String?)] = file.tree.document.blocks.reversed().map { ($0, nil) }
        while let (block, container) = stack.popLast() {
            let kind = block.kind
            if kind == "params" {
                for property in block.properties where property.keyToken.kind == .identifier {
                    entries.append(entry(property.key, kind: "parameter", container: container, range: property.keyToken.range, in: file))
                }
                for child in block.blocks.reversed() { stack.append((child, container)) }
                continue
            }
            if let name = block.nameToken {
                entries.append(entry(file.tree.text(of: name), kind: kind, container: container, range: name.range, in: file))
            }
            let display = block.name ?? block.title.flatMap { $0.isEmpty ? nil : $0 } ?? (kind.isEmpty ? nil : kind)
            for child in block.blocks.reversed() { stack.append((child, display)) }
        }
        return entries
    }

    private static func entry(_ name: String, kind: String, container: String?, range: ByteRange, in file: ProjectFile) -> Entry {
        Entry(symbol: WorkspaceSymbol(name: name, kind: kind, containerName: container, path: file.path, range: range),
              folded: fold(Array(name.utf8)))
    }

    static func fold(_ bytes: [UInt8]) -> [UInt8] {
        bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
    }

    /// 0 exact, 1 prefix, 2 substring, 3 subsequence; nil: no match. `needle` is folded.
    static func rank(_ needle: [UInt8], _ name: [UInt8]) -> Int? {
        if needle.isEmpty { return 1 }
        if name.count < needle.count { return nil }
        if name == needle { return 0 }
        if name.starts(with: needle) { return 1 }
        var i = 0
        for b in name where i < needle.count && b == needle[i] { i += 1 }
        guard i == needle.count else { return nil }
        let first = needle[0]
        for start in 0...(name.count - needle.count) where name[start] == first {
            var k = 1
            while k < needle.count && name[start + k] == needle[k] { k += 1 }
            if k == needle.count { return 2 }
        }
        return 3
    }
}

extension Project {
    /// The members' symbols matching `query`, best first, at most `limit`.
    public func searchSymbols(_ query: String, limit: Int = 1_000) -> [WorkspaceSymbol] {
        let needle = SymbolSearch.fold(Array(query.utf8))
        var found: [SymbolSearch.Entry] = []
        // Rank and name length packed in one integer per match: the sort that finds the best
        // `limit` compares integers, and names only among the last ones kept that tie.
        var keys: [(key: Int, index: Int)] = []
        for path in memberPaths {
            guard let file = file(path) else { continue }
            for entry in file.searchEntries {
                guard let rank = SymbolSearch.rank(needle, entry.folded) else { continue }
                keys.append((rank << 32 | min(entry.folded.count, Int(UInt32.max)), found.count))
                found.append(entry)
            }
        }
        keys.sort { $0.key < $1.key }
        var kept = keys
        if keys.count > limit, limit > 0 {
            let boundary = keys[limit - 1].key
            kept = Array(keys.prefix { $0.key <= boundary })
        } else if limit <= 0 {
            return []
        }
        kept.sort { a, b in
            if a.key != b.key { return a.key < b.key }
            let x = found[a.index].symbol, y = found[b.index].symbol
            if x.name != y.name { return x.name < y.name }
            if x.path != y.path { return x.path < y.path }
            return x.range.start < y.range.start
        }
        return kept.prefix(limit).map { found[$0.index].symbol }
    }
}
