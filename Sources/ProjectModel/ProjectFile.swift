import Basics
import TemplateFormat

/// One file of a project: its canonical path, its tree and what the project reads of it.
/// Immutable: an edit makes a new `ProjectFile`. What only some tools need (the line table,
/// the full symbol index, workspace-symbol entries) is built on first use and kept.
///
/// A file may keep its tree, or only its bytes and summary (`init(path:bytes:trees:)`): a
/// language server indexing ten thousand files keeps what every request needs (summary,
/// symbol-search entries) and parses a file again when one asks for its tree, through a
/// small cache of recent trees.
public final class ProjectFile: Sendable {
    /// The key the project knows the file by: a canonical path, or a URI for a document that
    /// has no path (an unsaved editor buffer).
    public let path: String
    /// Where the file is on disk, what its imports are resolved against: its path, or nil
    /// for a document that has none (standard input, an unsaved buffer).
    public let location: String?
    public let summary: FileSummary
    private let storage: Storage
    private let memo = Locked(Memo())

    private enum Storage: Sendable {
        case tree(SyntaxTree)
        /// The bytes, where recent trees are kept, and this file's number there (not its
        /// address: a freed file's address is reused, and its tree must not be).
        case bytes([UInt8], RecentTrees, Int)
    }

    /// The tree: kept, or parsed again (and cached a while) for a file that keeps its bytes only.
    public var tree: SyntaxTree {
        switch storage {
        case .tree(let tree): return tree
        case .bytes(let bytes, let recent, let number): return recent.tree(for: number, bytes: bytes)
        }
    }

    private struct Memo {
        var lineIndex: LineIndex?
        var symbols: SymbolIndex?
        var styleUses: [FileSummary.StyleUse]?
        var searchEntries: [SymbolSearch.Entry]?
    }

    /// A file on disk (or meant to be there): imports are resolved against `path`.
    /// `summary`: the tree's, when the caller has it (`FileSummary.updated`).
    public init(path: String, tree: SyntaxTree, summary: FileSummary? = nil) {
        self.path = path
        self.location = path
        self.storage = .tree(tree)
        self.summary = summary ?? FileSummary(tree)
    }

    /// A file that keeps its bytes and summary only: its tree is parsed again when asked for,
    /// and the last few are kept in `trees`, shared by the files made with it. Workspace-symbol
    /// entries are built now, while the tree is at hand.
    public init(path: String, bytes: [UInt8], trees: RecentTrees) {
        self.path = path
        self.location = path
        let tree = SyntaxTree.parse(bytes)
        self.summary = FileSummary(tree)
        self.storage = .bytes(bytes, trees, trees.nextNumber())
        memo.withLock { $0.searchEntries = SymbolSearch.entries(of: self, tree: tree) }
    }

    public convenience init(path: String, bytes: [UInt8]) {
        self.init(path: path, tree: SyntaxTree.parse(bytes))
    }

    /// A document with no place on disk, known by `key` (a URI, `<stdin>`): its imports are
    /// resolved with no importer, which the loader decides how to treat.
    public init(unsaved key: String, tree: SyntaxTree, summary: FileSummary? = nil) {
        self.path = key
        self.location = nil
        self.storage = .tree(tree)
        self.summary = summary ?? FileSummary(tree)
    }

    public var bytes: [UInt8] {
        switch storage {
        case .tree(let tree): return tree.bytes
        case .bytes(let bytes, _, _): return bytes
        }
    }

    /// Line starts, for turning byte ranges in this file into positions (built once).
    public var lineIndex: LineIndex {
        memo.withLock { memo in
            if let built = memo.lineIndex { return built }
            let index = LineIndex(bytes)
            memo.lineIndex = index
            return index
        }
    }

    /// Definitions and uses of styles, elements and parameters (built once).
    public var symbols: SymbolIndex {
        if let built = memo.withLock({ $0.symbols }) { return built }
        let index = SymbolIndex(tree: tree)
        memo.withLock { $0.symbols = index }
        return index
    }

    /// Every `style:` naming a style, in order, with where the name is (built once: only
    /// references and rename need positions).
    public var styleUses: [FileSummary.StyleUse] {
        if let built = memo.withLock({ $0.styleUses }) { return built }
        let uses = FileSummary.styleUses(of: tree)
        memo.withLock { $0.styleUses = uses }
        return uses
    }

    /// The symbol index when something built it already (a request that needs only the
    /// block under the cursor then reads less).
    public var symbolsIfBuilt: SymbolIndex? { memo.withLock { $0.symbols } }

    /// The named things a workspace symbol search finds in this file (built once).
    var searchEntries: [SymbolSearch.Entry] {
        if let built = memo.withLock({ $0.searchEntries }) { return built }
        let entries = SymbolSearch.entries(of: self, tree: tree)
        memo.withLock { $0.searchEntries = entries }
        return entries
    }

    /// Fills the memos a language server reads for every workspace file, so the first
    /// workspace-symbol query does not build them all at once.
    public func prepareForSearch() { _ = searchEntries }
}

/// The trees most recently parsed again for files that keep only their bytes, so a file read
/// by many requests in a row (a shared styles file, say) is parsed once for all of them.
public final class RecentTrees: Sendable {
    private let slots: Locked<[(file: Int, tree: SyntaxTree, used: Int)]> = Locked([])
    private let clock = Locked(0)
    private let numbers = Locked(0)
    private let capacity: Int

    public init(capacity: Int = 64) { self.capacity = max(1, capacity) }

    /// A number no other file made with these trees has.
    func nextNumber() -> Int { numbers.withLock { $0 += 1; return $0 } }

    func tree(for id: Int, bytes: [UInt8]) -> SyntaxTree {
        let now = clock.withLock { $0 += 1; return $0 }
        if let hit = slots.withLock({ slots -> SyntaxTree? in
            guard let i = slots.firstIndex(where: { $0.file == id }) else { return nil }
            slots[i].used = now
            return slots[i].tree
        }) { return hit }
        let tree = SyntaxTree.parse(bytes)
        slots.withLock { slots in
            if slots.count >= capacity, let oldest = slots.indices.min(by: { slots[$0].used < slots[$1].used }) {
                slots.remove(at: oldest)
            }
            slots.append((id, tree, now))
        }
        return tree
    }
}
