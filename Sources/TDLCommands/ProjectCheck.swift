import Basics
import ProjectModel
import TemplateFormat
import ToolSupport
import Validator

/// `check` over files given together: they are read and parsed in parallel, made into one
/// project (imports outside them read once, for their styles), then validated in parallel
/// against it. With `--fix`, certain fixes are applied in rounds: every fixed file goes back
/// into the project before the next round validates, so a fix in one file is seen by the
/// others (a style that becomes used, say). Files are written once, at the end.
struct ProjectCheck {
    let paths: [String]
    let workers: Int
    /// `--data`: parameter values texts are measured with (`Validator.validate`).
    var parameterData: [String: String] = [:]

    /// One file through the run.
    private struct Item: Sendable {
        let path: String
        let original: [UInt8]
        var file: ProjectFile
        /// The line table of `original`, when it was built beside the parse (a large file).
        var lineIndex: LineIndex? = nil
        /// The node table of `file`, built while the file was summarised (a large file);
        /// used by the first validation only.
        var prepared: PreparedTree? = nil
        /// What the first validation found (reported when fixes are withheld).
        var found: [Diagnostic] = []
        var diagnostics: [Diagnostic] = []
        var applied = 0
        var stopped = false
    }

    /// From this size, with a thread to spare, a file is lexed on two threads (from a
    /// megabyte: `SyntaxTree.parse(_:workers:)`), its line table (which only the report
    /// needs) is built while the tokens are parsed, and its node table (`PreparedTree`)
    /// while the parsed file is summarised for the project.
    static let bytesWorthParsingOnThreads = 256 * 1024

    func run(fix: Bool) -> [CheckedFile] {
        let spare = workers > paths.count
        let read: [Result<Item, CheckedFileError>] = parallelMap(paths, workers: workers) { path in
            do {
                let bytes = try readFileBytes(path)
                guard spare && bytes.count >= ProjectCheck.bytesWorthParsingOnThreads else {
                    return .success(Item(path: path, original: bytes, file: ProjectFile(path: path, bytes: bytes)))
                }
                // Lexed on both threads, parsed on one while the other builds the line table,
                // then summarised for the project on one while the other reads the nodes. The
                // node table is the first step, the one the calling thread usually takes: made
                // on the other, the parts that read it ran 4-8 ms slower in two series of 30 and
                // 40 runs (why is not settled; its memory then comes from another malloc arena).
                let lines = Locked<LineIndex?>(nil)
                let tree = SyntaxTree.parse(bytes, workers: workers, beside: {
                    let table = LineIndex(bytes)
                    lines.withLock { $0 = table }
                })
                let (prepared, file) = inParallel({ PreparedTree(tree) }, { ProjectFile(path: path, tree: tree) })
                return .success(Item(path: path, original: bytes, file: file, lineIndex: lines.withLock { $0 }, prepared: prepared))
            } catch {
                return .failure(CheckedFileError(path: path, message: describe(error, path: path)))
            }
        }
        var items: [Item] = []
        var results: [CheckedFile] = []
        for outcome in read {
            switch outcome {
            case .success(let item): items.append(item)
            case .failure(let error): results.append(CheckedFile(path: error.path, ioError: error.message))
            }
        }
        var project = Project(files: items.map(\.file), loader: diskLoader)
        items = validate(items, in: project)
        for i in items.indices { items[i].found = items[i].diagnostics }
        if fix {
            // Fixes can uncover or enable others; a few rounds reach a fixed point in practice.
            for _ in 0..<4 {
                let fixed = applyCertainFixes(items)
                let changed = fixed.indices.filter { fixed[$0].file !== items[$0].file }
                items = fixed
                guard !changed.isEmpty else { break }
                for i in changed { project.update(items[i].file) }
                items = validate(items, in: project)
            }
        }
        results += parallelMap(items, workers: workers) { finish($0) }
        return results
    }

    /// Validates every item against `project`.
    private func validate(_ items: [Item], in project: Project) -> [Item] {
        // Threads left over when there are fewer files than threads check a large file in parts.
        let perFile = max(1, workers / max(items.count, 1))
        return parallelMap(items, workers: workers) { item in
            var item = item
            item.diagnostics = Validator.validate(item.file, in: project, workers: perFile, parameterData: parameterData,
                                                  prepared: item.prepared)
            item.prepared = nil
            return item
        }
    }

    /// One round of certain fixes per item; an item whose fixes would break its syntax stops.
    private func applyCertainFixes(_ items: [Item]) -> [Item] {
        parallelMap(items, workers: workers) { item in
            var item = item
            guard !item.stopped else { return item }
            let current = item.file.bytes
            let selection = FixSelection.certainFixes(item.diagnostics, documentLength: current.count)
            guard !selection.diagnostics.isEmpty else { return item }
            let next = ProjectFile(path: item.path, bytes: FixSelection.apply(selection.edits, to: current))
            // Never trade a file that parsed for one that does not, nor a sound structure
            // for a broken one.
            if (next.tree.hasErrors && !item.file.tree.hasErrors)
                || (!next.tree.structuralErrors.isEmpty && item.file.tree.structuralErrors.isEmpty) {
                item.stopped = true
                return item
            }
            item.file = next
            item.applied += selection.diagnostics.count
            return item
        }
    }

    /// The report of one item, after writing it when fixes changed it.
    private func finish(_ item: Item) -> CheckedFile {
        // Never write a file whose structure is broken (what the formatter refuses too):
        // when fixes leave such errors (they were there before), the file is left as it was
        // and reported as it is. Errors inside a value (`.5`) do not stop the other fixes.
        if item.applied > 0 && !item.file.tree.structuralErrors.isEmpty {
            var result = CheckedFile(path: item.path, bytes: item.original, diagnostics: item.found, lineIndex: item.lineIndex)
            result.fixesWithheld = item.applied
            return result
        }
        let current = item.file.bytes
        if item.applied > 0 && current != item.original {
            do {
                try writeAtomically(current, to: item.path, expectedOriginal: item.original)
            } catch {
                return CheckedFile(path: item.path, ioError: describe(error, path: item.path))
            }
        }
        let lines = item.applied == 0 ? item.lineIndex : nil
        var result = CheckedFile(path: item.path, bytes: current, diagnostics: item.diagnostics, lineIndex: lines)
        result.fixesApplied = item.applied
        return result
    }
}

/// A file `check` could not read.
struct CheckedFileError: Error, Sendable {
    let path: String
    let message: String
}
