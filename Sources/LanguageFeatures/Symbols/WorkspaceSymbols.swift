import TemplateFormat

/// One named thing found by a workspace symbol search.
public struct WorkspaceSymbol: Sendable, Hashable {
    public let name: String
    public let kind: OutlineKind
    /// The enclosing named block (`card` for an element of template `card`).
    public let containerName: String?
    public let location: SourceLocation
}

/// Workspace symbol search over the documents the server gives (open ones and `.tdl`
/// files under the workspace folders): named blocks and parameters.
public enum WorkspaceSymbols {
    /// Symbols whose name holds the query's characters in order, ignoring case (an empty
    /// query matches everything). Names starting with the query come first.
    public static func search(_ query: String, in files: [SourceFile], limit: Int = 1000) -> [WorkspaceSymbol] {
        let needle = Array(query.lowercased().utf8)
        var ranked: [(rank: Int, symbol: WorkspaceSymbol)] = []
        for file in files {
            var stack: [(OutlineSymbol, String?)] = DocumentSymbols.outline(of: file.tree).reversed().map { ($0, nil) }
            while let (entry, container) = stack.popLast() {
                if entry.hasName, let rank = match(needle, Array(entry.name.lowercased().utf8)) {
                    ranked.append((rank, WorkspaceSymbol(name: entry.name, kind: entry.kind, containerName: container,
                                                         location: SourceLocation(path: file.path, range: entry.selectionRange))))
                }
                let childContainer = entry.kind == .parameters ? container : entry.name
                for child in entry.children.reversed() { stack.append((child, childContainer)) }
            }
        }
        // Stable: equal ranks keep document order.
        let sorted = ranked.enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }
        return sorted.prefix(limit).map(\.element.symbol)
    }

    /// 0: prefix, 1: substring, 2: subsequence; nil: no match.
    static func match(_ needle: [UInt8], _ name: [UInt8]) -> Int? {
        if needle.isEmpty { return 0 }
        if name.starts(with: needle) { return 0 }
        var i = 0
        for b in name where i < needle.count && b == needle[i] { i += 1 }
        guard i == needle.count else { return nil }
        if name.count >= needle.count {
            for start in 0...(name.count - needle.count) where Array(name[start..<start + needle.count]) == needle { return 1 }
        }
        return 2
    }
}
