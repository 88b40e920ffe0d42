import Basics
import TemplateFormat

/// One file of a project: its canonical path, its tree and what the project reads of it.
/// Immutable: an edit makes a new `ProjectFile`. What only some tools need (the line table,
/// the full symbol index, workspace-symbol entries) is built on first use and kept.
public final class ProjectFile: Sendable {
    /// The key the project knows the file by: a canonical path, or a URI for a document that
    /// has no path (an unsaved editor buffer).
    public let path: String
    /// Where the file is on disk, what its imports are resolved against: its path, or nil
    /// for a document that has none (standard input, an unsaved buffer).
    public let location: String?
    public let tree: SyntaxTree
    public let summary: FileSummary
    private let memo = Locked(Memo())

    private struct Memo {
        var lineIndex: LineIndex?
        var symbols: SymbolIndex?
        var styleUses: [FileSummary.StyleUse]?
        var searchEntries: [SymbolSearch.Entry]?
    }

    /// A file on disk (or meant to be there): imports are resolved against `path`.
    public init(path: String, tree: SyntaxTree) {
        self.path = path
        self.location = path
        self.tree = tree
        self.summary = FileSummary(tree)
    }

    public convenience init(path: String, bytes: [UInt8]) {
        self.init(path: path, tree: SyntaxTree.parse(bytes))
    }

    /// A document with no place on disk, known by `key` (a URI, `<stdin>`): its imports are
    /// resolved with no importer, which the loader decides how to treat.
    public init(unsaved key: String, tree: SyntaxTree) {
        self.path = key
        self.location = nil
        self.tree = tree
        self.summary = FileSummary(tree)
    }

    public var bytes: [UInt8] { tree.bytes }

    /// Line starts, for turning byte ranges in this file into positions (built once).
    public var lineIndex: LineIndex {
        memo.withLock { memo in
            if let built = memo.lineIndex { return built }
            let index = LineIndex(tree.bytes)
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
        let entries = SymbolSearch.entries(of: self)
        memo.withLock { $0.searchEntries = entries }
        return entries
    }

    /// Fills the memos a language server reads for every workspace file, so the first
    /// workspace-symbol query does not build them all at once.
    public func prepareForSearch() { _ = searchEntries }
}
