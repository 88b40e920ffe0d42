import Basics
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
        /// Which of 64 byte classes the name holds (`letters(_:)`): a query with a byte the name
        /// lacks cannot match, whatever its order, and most names are passed over on this.
        let letters: UInt64
    }

    /// Every member's entries, and their letter masks in one array with where each entry
    /// is: a query scans the masks (8 bytes a name, nothing retained) and looks at an entry
    /// only when its mask admits the query.
    struct Table: Sendable {
        var files: [[Entry]] = []
        var letters: [UInt64] = []
        var places: [(file: Int32, entry: Int32)] = []

        init(_ files: [[Entry]]) {
            self.files = files
            for (f, entries) in files.enumerated() {
                for (e, entry) in entries.enumerated() {
                    letters.append(entry.letters)
                    places.append((Int32(f), Int32(e)))
                }
            }
        }
    }

    /// `Table`, built once for a set of members and shared by the copies of the project.
    final class TableBox: Sendable {
        private let table = Locked<Table?>(nil)
        func get(_ make: () -> Table) -> Table {
            table.withLock { built in
                if let built { return built }
                let made = make()
                built = made
                return made
            }
        }
    }

    static func letters(_ folded: [UInt8]) -> UInt64 {
        var mask: UInt64 = 0
        for b in folded { mask |= 1 << UInt64(b & 63) }
        return mask
    }

    /// Every named block and `params` entry, in document order, read through the raw view
    /// (a language server builds these for every file of the workspace while indexing).
    static func entries(of file: ProjectFile, tree: SyntaxTree) -> [Entry] {
        var entries: [Entry] = []
        tree.withRawView { raw in
            // Blocks nest at most 128 deep (the parser's limit), so the stack stays small.
            var stack: [(node: Int, container: String?)] = []
            func pushChildren(of parent: Int, container: String?) {
                var children: [Int] = []
                var c = parent + 1
                while c < raw.subtreeEnd(parent) {
                    if raw.kind(c) == .block { children.append(c) }
                    c = max(raw.subtreeEnd(c), c + 1)
                }
                for child in children.reversed() { stack.append((child, container)) }
            }
            pushChildren(of: 0, container: nil)
            while let (n, container) = stack.popLast() {
                let header = raw.blockHeader(n)
                if let kind = header.kind, raw.token(kind, equals: "params") {
                    var c = n + 1
                    while c < raw.subtreeEnd(n) {
                        if raw.kind(c) == .property, let key = raw.firstTokenOf(c), key.kind == .identifier {
                            entries.append(entry(raw.text(key), kind: "parameter", container: container, range: key.range, in: file))
                        }
                        c = max(raw.subtreeEnd(c), c + 1)
                    }
                    pushChildren(of: n, container: container)
                    continue
                }
                let kind = header.kind.map(raw.text) ?? ""
                var display: String? = kind.isEmpty ? nil : kind
                if let name = header.name {
                    let text = raw.text(name)
                    entries.append(entry(text, kind: kind, container: container, range: name.range, in: file))
                    display = text
                } else if let title = header.title {
                    let value = AtomSyntax(tree: tree, token: title).stringValue
                    if !value.isEmpty { display = value }
                }
                pushChildren(of: n, container: display)
            }
        }
        return entries
    }

    private static func entry(_ name: String, kind: String, container: String?, range: ByteRange, in file: ProjectFile) -> Entry {
        let folded = fold(name)
        return Entry(symbol: WorkspaceSymbol(name: name, kind: kind, containerName: container, path: file.path, range: range),
                     folded: folded, letters: letters(folded))
    }

    static func fold(_ bytes: [UInt8]) -> [UInt8] {
        bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
    }

    static func fold(_ name: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(name.utf8.count)
        for b in name.utf8 { out.append(b >= 0x41 && b <= 0x5A ? b | 0x20 : b) }
        return out
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
    /// The members' symbols matching `query`, best first, at most `limit`: ranked, then
    /// shorter names first, then by name (ignoring case, then exactly), path and position.
    ///
    /// Matches are found file by file in path order, so within one name they already stand
    /// in path and position order; they are grouped by rank and length, and only the groups
    /// that reach the limit are ordered by name. A query matching tens of thousands of
    /// symbols sorts a few group keys and names, not every match.
    public func searchSymbols(_ query: String, limit: Int = 1_000) -> [WorkspaceSymbol] {
        guard limit > 0 else { return [] }
        let needle = SymbolSearch.fold(Array(query.utf8))
        let needed = SymbolSearch.letters(needle)
        let table = searchTable.get { SymbolSearch.Table(memberFilesByPath.map(\.searchEntries)) }
        let files = table.files
        // Matches as (file, entry) positions: copying entries would retain their strings.
        var groups: [Int: [(file: Int32, entry: Int32)]] = [:]
        for i in table.letters.indices where table.letters[i] & needed == needed {
            let place = table.places[i]
            let folded = files[Int(place.file)][Int(place.entry)].folded
            guard let rank = SymbolSearch.rank(needle, folded) else { continue }
            groups[rank << 32 | min(folded.count, Int(UInt32.max)), default: []].append(place)
        }
        var result: [WorkspaceSymbol] = []
        for key in groups.keys.sorted() {
            guard let group = groups[key] else { continue }
            // By name (folded, then exact); each name's matches keep their path and position order.
            var byName: [String: [(file: Int32, entry: Int32)]] = [:]
            for match in group { byName[files[Int(match.file)][Int(match.entry)].symbol.name, default: []].append(match) }
            let names = byName.map { name, matches in (name: name, folded: files[Int(matches[0].file)][Int(matches[0].entry)].folded) }
                .sorted { $0.folded != $1.folded ? $0.folded.lexicographicallyPrecedes($1.folded) : $0.name < $1.name }
            for name in names {
                for match in byName[name.name] ?? [] {
                    result.append(files[Int(match.file)][Int(match.entry)].symbol)
                    if result.count == limit { return result }
                }
            }
        }
        return result
    }
}
