import TemplateFormat

/// A style's identity across the project: the file that defines it and its name (a file
/// defines each name at most once, see `FileSummary.Style`). Stable across edits that keep
/// the name, unlike node indices.
public struct StyleID: Hashable, Sendable {
    public let path: String
    public let name: String

    public init(path: String, name: String) {
        self.path = path
        self.name = name
    }
}

/// One style as some file sees it.
public struct StyleDefinition: Sendable {
    public let file: ProjectFile
    public let name: String
    /// The style's block in `file.tree`.
    public let block: BlockSyntax
    /// The name token's range in `file`.
    public let nameRange: ByteRange
    /// The style this one extends, if any.
    public let parentName: String?

    public var path: String { file.path }
    public var id: StyleID { StyleID(path: file.path, name: name) }

    /// Nil only if `style.node` were not a block of `file`, which `FileSummary` never gives.
    init?(file: ProjectFile, style: FileSummary.Style) {
        guard let block = file.tree.node(at: style.node).asBlock else { return nil }
        self.file = file
        self.name = style.name
        self.block = block
        self.nameRange = style.nameRange
        self.parentName = style.parentName
    }
}

/// Something wrong with an import, found while following a file's imports. Reported at the
/// file's own import line that led there (`range`), however deep the problem is.
public struct ImportProblem: Sendable {
    public enum Kind: Sendable {
        /// The path names no file that can be read (`failure` says why).
        case unreadable(ImportFailure)
        /// Following imports came back to a file on the way: the canonical paths, first to last
        /// (the last one repeats the first).
        case cycle([String])
        /// The chain of imports is deeper than `ProjectLimits.maximumImportDepth`.
        case tooDeep
        /// The imported file has syntax errors (its styles are still read).
        case syntaxErrors
    }

    /// The import string in the file the scope belongs to.
    public let range: ByteRange
    /// The import path as written where the problem is (in a nested file, that file's line).
    public let target: String
    /// 0 for the file's own import line, more for imports of imported files.
    public let depth: Int
    public let kind: Kind
}

/// The styles one file can use: its own, then those of its imports, depth first in import
/// order, the first definition of a name winning. The one answer to "which style does
/// `style: NAME` mean here", read by the validator, the exporter and the editor features.
public struct StyleScope: Sendable {
    /// The file the scope belongs to.
    public let path: String
    /// The file itself and every file it imports, directly or not, each once, in the order
    /// they were visited.
    public let files: [ProjectFile]
    /// What went wrong following the imports, in the order found.
    public let problems: [ImportProblem]
    /// Each name's definition as the summary has it: a `StyleDefinition` (which reads the
    /// file's tree) is made only when asked for, so resolving names alone (which styles are
    /// used) parses nothing.
    private let byName: [String: (file: ProjectFile, style: FileSummary.Style)]

    init(path: String, files: [ProjectFile], problems: [ImportProblem], byName: [String: (file: ProjectFile, style: FileSummary.Style)]) {
        self.path = path
        self.files = files
        self.problems = problems
        self.byName = byName
    }

    public func style(named name: String) -> StyleDefinition? {
        byName[name].flatMap { StyleDefinition(file: $0.file, style: $0.style) }
    }

    /// Every style name in scope, sorted.
    public var names: [String] { byName.keys.sorted() }

    /// Every style in scope, in no particular order.
    public var definitions: [StyleDefinition] { byName.values.compactMap { StyleDefinition(file: $0.file, style: $0.style) } }

    /// `chain(from:)` as identities only, from the summaries (no tree is read).
    public func chainIDs(from name: String) -> [StyleID] {
        var result: [StyleID] = []
        var seen: Set<String> = []
        var current: String? = name
        while let n = current, result.count < ProjectLimits.maximumStyleChain, seen.insert(n).inserted, let found = byName[n] {
            result.append(StyleID(path: found.file.path, name: n))
            current = found.style.parentName
        }
        return result
    }

    /// `chainIDs(from:)`'s names for every style in scope at once. Each chain is its style
    /// followed by its parent's chain, so a style is walked once, not once per style that
    /// extends it (50,000 chained styles: one walk, not 50,000 walks of 64); styles that lead
    /// into a cycle, rare, are walked one by one.
    public func chainNamesOfEveryStyle() -> [String: [String]] {
        let limit = ProjectLimits.maximumStyleChain
        var chains: [String: [String]] = [:]
        chains.reserveCapacity(byName.count)
        var walk: [String] = []
        var onWalk: Set<String> = []
        for start in byName.keys where chains[start] == nil {
            walk.removeAll(keepingCapacity: true)
            onWalk.removeAll(keepingCapacity: true)
            var tail: [String] = []
            var cycle = false
            var current: String? = start
            while let n = current, let found = byName[n] {
                if let known = chains[n] { tail = known; break }
                if !onWalk.insert(n).inserted { cycle = true; break }
                walk.append(n)
                current = found.style.parentName
            }
            if cycle {
                for n in walk { chains[n] = chainIDs(from: n).map(\.name) }
                continue
            }
            for n in walk.reversed() {
                var chain = [n]
                chain.reserveCapacity(min(limit, tail.count + 1))
                chain.append(contentsOf: tail.prefix(limit - 1))
                chains[n] = chain
                tail = chain
            }
        }
        return chains
    }

    /// The style and the styles it extends, nearest first. Stops at a name that is not in
    /// scope, at a cycle, and after `ProjectLimits.maximumStyleChain` styles. A shared
    /// style's `style: base` is looked up here, in the scope of the file that uses it.
    public func chain(from name: String) -> [StyleDefinition] {
        var result: [StyleDefinition] = []
        var seen: Set<String> = []
        var current: String? = name
        while let n = current, result.count < ProjectLimits.maximumStyleChain, seen.insert(n).inserted,
              let found = byName[n] {
            if let definition = StyleDefinition(file: found.file, style: found.style) { result.append(definition) }
            current = found.style.parentName
        }
        return result
    }

    /// Where a property's value comes from for a block that uses `style: styleName`: the
    /// nearest style of the chain that sets it.
    public func inheritedProperty(_ key: String, styleName: String) -> (style: StyleDefinition, property: PropertySyntax)? {
        for definition in chain(from: styleName) {
            if let property = definition.block.property(key) { return (definition, property) }
        }
        return nil
    }
}
