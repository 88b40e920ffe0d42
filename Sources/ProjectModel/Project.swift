import Basics
import TemplateFormat

/// The files of a project and what their names mean: the one answer to "which style does
/// this name mean here, and who uses it", read by the validator, the exporter, the editor
/// features and the commands.
///
/// A value: the command line builds one for a run and validates files against it in
/// parallel; the language server keeps one and updates it file by file. It does no I/O:
/// files it lacks (imports outside the project) come through its `ProjectLoader`.
///
/// Invariants, each checked by tests against a project built from scratch:
/// - `importers` holds, for every path some file's import resolves to, exactly the files
///   whose imports resolve to it (present or not);
/// - every import target is either a file of the project or recorded as unreadable;
/// - `usage` holds, for every file, the styles its elements name (and what those extend) as
///   resolved in its own scope now;
/// - a dependency (a file present only because something imports it) is reached from a
///   member through imports.
public struct Project: Sendable {
    /// Why a file is in the project.
    public enum Role: Sendable, Equatable {
        /// A file the tools report on: a workspace file, an open document, a `check` operand.
        case member
        /// A file present only because some file imports it.
        case dependency
    }

    struct Entry: Sendable {
        let file: ProjectFile
        /// `file.summary.imports` resolved through the loader, in the same order.
        let targets: [Result<String, ImportFailure>]
        var role: Role
        /// What other files' resolution of style names depends on in this file.
        let signature: Signature
    }

    /// The styles' names and parents and where the imports lead: when an edit keeps these,
    /// no other file's styles resolve differently, so only the edited file's uses are marked again.
    struct Signature: Equatable, Sendable {
        var styles: [String] = []
        var parents: [String?] = []
        var targets: [String?] = []
    }

    public let loader: ProjectLoader?
    private var entries: [String: Entry] = [:]
    /// For every path some file imports, the files importing it.
    private var importers: [String: Set<String>] = [:]
    /// Import targets that could not be read, and why.
    private var unreadable: [String: ImportFailure] = [:]
    /// The files that write each style name (define it or name it in `style:`): where
    /// references to a style are looked for.
    private var writers: [String: Set<String>] = [:]
    private var usage = StyleUsage()
    /// The member paths in order, worked out when first asked after the members changed
    /// (a box: reading a value type cannot store, and copies of the project share it until
    /// one of them changes its members).
    private var memberOrder = MemberOrder()
    /// The members' workspace-symbol entries laid out for a query (`SymbolSearch.Table`),
    /// built at the first query after any member changed (a box, as `memberOrder`).
    var searchTable = SymbolSearch.TableBox()

    final class MemberOrder: @unchecked Sendable {
        private let sorted = Locked<[String]?>(nil)
        func paths(_ make: () -> [String]) -> [String] {
            sorted.withLock { cached in
                if let cached { return cached }
                let files = make()
                cached = files
                return files
            }
        }
    }

    /// An empty project; files come with `update`.
    public init(loader: ProjectLoader? = nil) {
        self.loader = loader
    }

    /// A project of `files` (members) and everything they import, read through `loader`:
    /// what `check` builds once per run, and what tests compute from scratch.
    public init(files: [ProjectFile], loader: ProjectLoader?) {
        self.loader = loader
        for file in files { insert(file, role: .member) }
        _ = loadMissingImports(from: files.map(\.path))
        for path in entries.keys { _ = usage.setMarks(marks(of: path), for: path) }
    }

    // MARK: Reading

    public func file(_ path: String) -> ProjectFile? { entries[path]?.file }

    public func role(of path: String) -> Role? { entries[path]?.role }

    /// Every file's path, sorted.
    public var paths: [String] { entries.keys.sorted() }

    /// The members' paths, sorted.
    public var memberPaths: [String] { entries.filter { $0.value.role == .member }.keys.sorted() }

    public var count: Int { entries.count }

    /// The members' files, by path.
    var memberFilesByPath: [ProjectFile] {
        memberOrder.paths { entries.filter { $0.value.role == .member }.keys.sorted() }.compactMap { entries[$0]?.file }
    }

    /// Whether some file of the project uses the style (see `StyleUsage`).
    public func isUsed(_ id: StyleID) -> Bool { usage.isUsed(id) }

    /// The files whose imports lead to `path`, directly or not, sorted; `path` itself is not
    /// among them (unless an import cycle leads back to it).
    public func importers(of path: String) -> [String] { importerSet(of: path).sorted() }

    private func importerSet(of path: String) -> Set<String> {
        var seen: Set<String> = []
        var queue = Array(importers[path] ?? [])
        while let next = queue.popLast() {
            guard entries[next] != nil, seen.insert(next).inserted else { continue }
            queue.append(contentsOf: importers[next] ?? [])
        }
        seen.remove(path)
        return seen
    }

    /// The files that can see the styles of `path`: the file and its importers, transitively.
    public func filesSeeing(_ path: String) -> [String] {
        ([path] + importers(of: path)).filter { entries[$0] != nil }
    }

    /// The paths `path`'s own import lines lead to (nil where an import cannot be resolved).
    public func importTargets(of path: String) -> [String?] {
        entries[path]?.targets.map { try? $0.get() } ?? []
    }

    /// The styles `path` can use, and what is wrong with its imports.
    public func scope(of path: String) -> StyleScope {
        guard let root = entries[path] else { return StyleScope(path: path, files: [], problems: [], byName: [:]) }
        var walk = ImportWalk(project: self, root: root)
        walk.run()
        return StyleScope(path: path, files: walk.files, problems: walk.problems, byName: walk.byName)
    }

    /// Where a relative file that `file` names (an image's `src`, say) is: nil when the
    /// project cannot tell (no loader that looks, or a document with no folder). `relative`
    /// is a path as the file system spells it (URL escapes decoded). Whether it is there is
    /// `fileExists`'s to say, asked apart so a caller can remember the answers.
    public func localFilePath(_ relative: String, from file: ProjectFile) -> String? {
        guard let loader, loader.exists != nil, file.location != nil,
              case .success(let path) = loader.resolve(relative, file.location) else { return nil }
        return path
    }

    /// Whether the file at a path `localFilePath` gave is there.
    public func fileExists(_ path: String) -> Bool { loader?.exists?(path) ?? false }

    /// Whether no file in the folder at `path` (as `localFilePath` gives a relative folder)
    /// exists, as the loader already knows without looking (`ProjectLoader.folderKnownMissing`):
    /// false when it does not know.
    public func folderKnownMissing(_ path: String) -> Bool { loader?.folderKnownMissing?(path) ?? false }

    /// The style `name` means in `path`: `scope(of:).style(named:)`, found by a walk that
    /// stops at the first definition and builds no table.
    public func resolveStyle(named name: String, in path: String) -> StyleDefinition? {
        guard let root = entries[path] else { return nil }
        var walk = ImportWalk(project: self, root: root, wanted: name)
        walk.run()
        return walk.found
    }

    /// Every place `id`'s name is written meaning that style: its definition and each
    /// `style:` in any file whose scope resolves the name to it. By path, then position.
    public func references(to id: StyleID) -> [StyleReference] {
        guard let home = entries[id.path], let definition = home.file.summary.style(named: id.name) else { return [] }
        var result: [StyleReference] = []
        for path in (writers[id.name] ?? []).sorted() {
            guard let entry = entries[path], resolveStyle(named: id.name, in: path)?.path == id.path else { continue }
            var here: [StyleReference] = []
            if path == id.path { here.append(StyleReference(path: path, range: definition.nameRange, isDefinition: true)) }
            for use in entry.file.styleUses where use.name == id.name {
                here.append(StyleReference(path: path, range: use.range, isDefinition: false))
            }
            result += here.sorted { $0.range.start < $1.range.start }
        }
        return result
    }

    func entry(_ path: String) -> Entry? { entries[path] }

    func unreadableReason(_ path: String) -> ImportFailure? { unreadable[path] }

    // MARK: Changing

    /// Adds a file or replaces it (an edit, a file saved or created). Imports it names that
    /// the project lacks are read through the loader.
    ///
    /// Returns the paths whose diagnostics may have changed: the file, every file importing
    /// it (transitively), files read in for its imports, and files whose styles became used
    /// or unused.
    @discardableResult
    public mutating func update(_ file: ProjectFile, role: Role = .member) -> Set<String> {
        let path = file.path
        let old = entries[path]
        insert(file, role: role)
        let loaded = loadMissingImports(from: [path])
        var changed = importerSet(of: path)
        changed.insert(path)
        changed.formUnion(loaded)
        // The file's own uses may have changed; other files' resolution only when what they
        // see of this file did.
        var remark = [path] + loaded
        if old?.signature != entries[path]?.signature { remark += changed.filter { $0 != path } }
        changed.formUnion(self.remark(remark))
        if let old, old.signature.targets != entries[path]?.signature.targets || old.role != role {
            changed.formUnion(dropUnreachableDependencies())
            changed = changed.filter { entries[$0] != nil }
        }
        return changed
    }

    /// Removes a file (deleted, or no longer part of the workspace). Files importing it keep
    /// importing its path: it is read again through the loader (kept as a dependency if that
    /// works, recorded as unreadable if not).
    ///
    /// Returns the paths whose diagnostics may have changed (not `path` itself).
    @discardableResult
    public mutating func remove(_ path: String) -> Set<String> {
        guard let old = entries[path] else { return [] }
        var changed = erase(path)
        changed.formUnion(loadMissingImports(from: [path]))
        let dependents = importers(of: path)
        changed.formUnion(dependents)
        changed.formUnion(remark(dependents))
        if old.role == .member || !old.targets.isEmpty { changed.formUnion(dropUnreachableDependencies()) }
        changed.remove(path)
        return changed.filter { entries[$0] != nil }
    }

    /// Makes a member a dependency (a closed document outside the workspace): it stays while
    /// some member's imports reach it, and leaves otherwise. Returns what `remove` returns.
    @discardableResult
    public mutating func demote(_ path: String) -> Set<String> {
        guard entries[path]?.role == .member else { return [] }
        entries[path]?.role = .dependency
        memberOrder = MemberOrder()
        searchTable = SymbolSearch.TableBox()
        var changed = dropUnreachableDependencies()
        if entries[path] == nil { changed.formUnion(importers(of: path)) }
        changed.remove(path)
        return changed
    }

    // MARK: Internals

    private mutating func insert(_ file: ProjectFile, role: Role) {
        let path = file.path
        if entries[path] != nil { erase(path, keepingMarks: true) }
        let targets: [Result<String, ImportFailure>] = file.summary.imports.map { imported in
            guard let loader else { return .failure(ImportFailure("imports are not available here")) }
            return loader.resolve(imported.path, file.location)
        }
        var signature = Signature()
        for style in file.summary.styles {
            signature.styles.append(style.name)
            signature.parents.append(style.parentName)
        }
        signature.targets = targets.map { try? $0.get() }
        if entries[path]?.role != role { memberOrder = MemberOrder() }
        if role == .member || entries[path]?.role == .member { searchTable = SymbolSearch.TableBox() }
        entries[path] = Entry(file: file, targets: targets, role: role, signature: signature)
        unreadable[path] = nil
        for case .success(let target) in targets { importers[target, default: []].insert(path) }
        for name in Project.writtenStyleNames(file) { writers[name, default: []].insert(path) }
    }

    /// Takes a file out of the tables. Its marks go too, unless it is about to be replaced;
    /// returns the files defining styles that became unused.
    @discardableResult
    private mutating func erase(_ path: String, keepingMarks: Bool = false) -> Set<String> {
        guard let entry = entries.removeValue(forKey: path) else { return [] }
        if !keepingMarks && entry.role == .member { memberOrder = MemberOrder() }
        if entry.role == .member { searchTable = SymbolSearch.TableBox() }
        for case .success(let target) in entry.targets {
            importers[target]?.remove(path)
            if importers[target]?.isEmpty == true { importers[target] = nil }
        }
        for name in Project.writtenStyleNames(entry.file) {
            writers[name]?.remove(path)
            if writers[name]?.isEmpty == true { writers[name] = nil }
        }
        guard !keepingMarks else { return [] }
        return Set(usage.setMarks([], for: path).map(\.path).filter { entries[$0] != nil })
    }

    private static func writtenStyleNames(_ file: ProjectFile) -> Set<String> {
        file.summary.writtenStyleNames
    }

    /// Reads, through the loader, every import target reachable from `paths` that the
    /// project lacks; returns the paths read in (as dependencies).
    private mutating func loadMissingImports(from paths: [String]) -> [String] {
        var loaded: [String] = []
        var queue = paths
        while let path = queue.popLast() {
            guard let entry = entries[path] else {
                // A path some file imports that is no longer here: read it again.
                guard let loader, !(importers[path] ?? []).isEmpty, unreadable[path] == nil else { continue }
                switch loader.read(path) {
                case .success(let bytes):
                    insert(ProjectFile(path: path, bytes: bytes), role: .dependency)
                    loaded.append(path)
                    queue.append(path)
                case .failure(let failure):
                    unreadable[path] = failure
                }
                continue
            }
            for case .success(let target) in entry.targets where entries[target] == nil && unreadable[target] == nil {
                queue.append(target)
            }
        }
        return loaded
    }

    /// Works out again what each of `paths` marks; returns the files defining styles whose
    /// use changed.
    private mutating func remark(_ paths: [String]) -> Set<String> {
        var changed: Set<String> = []
        for path in paths {
            for id in usage.setMarks(marks(of: path), for: path) where entries[id.path] != nil {
                changed.insert(id.path)
            }
        }
        return changed
    }

    /// The styles a file's elements name and the styles those extend, in its own scope.
    private func marks(of path: String) -> Set<StyleID> {
        guard let entry = entries[path] else { return [] }
        let names = entry.file.summary.usedStyleNames
        guard !names.isEmpty else { return [] }
        if entry.targets.isEmpty {
            // No imports (most files of a workspace): the file's own styles are its scope.
            let summary = entry.file.summary
            var marked: Set<StyleID> = []
            for name in names {
                var seen: Set<String> = []
                var current: String? = name
                while let n = current, seen.count < ProjectLimits.maximumStyleChain,
                      seen.insert(n).inserted, let style = summary.style(named: n) {
                    marked.insert(StyleID(path: path, name: n))
                    current = style.parentName
                }
            }
            return marked
        }
        let scope = scope(of: path)
        var marked: Set<StyleID> = []
        for name in names {
            marked.formUnion(scope.chainIDs(from: name))
        }
        return marked
    }

    /// Drops the dependencies no member reaches through imports any more (they may import
    /// each other, so a count of importers is not enough), and forgets unreadable paths that
    /// nothing imports. Runs only after an edit that changed where imports lead; returns the
    /// files defining styles that became unused.
    private mutating func dropUnreachableDependencies() -> Set<String> {
        var reached: Set<String> = []
        var queue = entries.filter { $0.value.role == .member }.map(\.key)
        while let path = queue.popLast() {
            guard reached.insert(path).inserted, let entry = entries[path] else { continue }
            for case .success(let target) in entry.targets where !reached.contains(target) { queue.append(target) }
        }
        var changed: Set<String> = []
        for (path, entry) in entries where entry.role == .dependency && !reached.contains(path) {
            changed.formUnion(erase(path))
        }
        for path in unreadable.keys where !reached.contains(path) { unreadable[path] = nil }
        return changed.filter { entries[$0] != nil }
    }
}

/// One written name of a style: its definition or a `style:` that means it.
public struct StyleReference: Sendable, Hashable {
    public let path: String
    public let range: ByteRange
    public let isDefinition: Bool
}
