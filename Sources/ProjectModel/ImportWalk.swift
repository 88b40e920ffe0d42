import TemplateFormat

/// Follows one file's imports depth first, in import order, collecting the files visited,
/// the styles they define (the first definition of a name wins, the file's own first) and
/// the problems met. The only implementation of import resolution: `Project.scope(of:)`
/// runs it, and everything else reads the scope.
///
/// A file reached again by another path (a diamond) is followed again only when reached
/// less deep than before, so work stays bounded (each file is expanded at most
/// `maximumImportDepth` times) while imports cut off by the depth limit on one path are still
/// read on a shorter one. Identical problems found along two paths are reported once.
struct ImportWalk {
    let project: Project
    let root: Project.Entry
    /// When set, the walk looks for this one style name and stops at its first definition
    /// (same order, same rules): what a reference or a rename asks of a thousand files.
    let wanted: String?
    private(set) var found: StyleDefinition?
    private(set) var files: [ProjectFile] = []
    private(set) var problems: [ImportProblem] = []
    private(set) var byName: [String: (file: ProjectFile, style: FileSummary.Style)] = [:]
    private var visiting: [String] = []
    private var expandedAtDepth: [String: Int] = [:]
    private var reported: Set<ProblemKey> = []

    private struct ProblemKey: Hashable {
        let range: ByteRange
        let text: String
    }

    init(project: Project, root: Project.Entry, wanted: String? = nil) {
        self.project = project
        self.root = root
        self.wanted = wanted
    }

    mutating func run() {
        let file = root.file
        files.append(file)
        addStyles(of: file)
        visiting = [file.path]
        for (i, imported) in file.summary.imports.enumerated() where imported.isWellFormed && i < root.targets.count {
            if found != nil { return }
            follow(root.targets[i], written: imported.path, at: imported.range, depth: 0)
        }
    }

    private mutating func follow(_ target: Result<String, ImportFailure>, written: String, at range: ByteRange, depth: Int) {
        let path: String
        switch target {
        case .failure(let failure):
            return report(ImportProblem(range: range, target: written, depth: depth, kind: .unreadable(failure)))
        case .success(let resolved):
            path = resolved
        }
        guard let entry = project.entry(path) else {
            let failure = project.unreadableReason(path) ?? ImportFailure("cannot read '\(written)'")
            return report(ImportProblem(range: range, target: written, depth: depth, kind: .unreadable(failure)))
        }
        if let start = visiting.firstIndex(of: path) {
            return report(ImportProblem(range: range, target: written, depth: depth, kind: .cycle(Array(visiting[start...]) + [path])))
        }
        guard depth < ProjectLimits.maximumImportDepth else {
            return report(ImportProblem(range: range, target: written, depth: depth, kind: .tooDeep))
        }
        if entry.file.tree.hasErrors {
            report(ImportProblem(range: range, target: written, depth: depth, kind: .syntaxErrors))
        }
        if let before = expandedAtDepth[path], before <= depth { return }
        if expandedAtDepth[path] == nil {
            files.append(entry.file)
            addStyles(of: entry.file)
        }
        expandedAtDepth[path] = depth
        visiting.append(path)
        for (i, imported) in entry.file.summary.imports.enumerated() where i < entry.targets.count {
            if found != nil { break }
            follow(entry.targets[i], written: imported.path, at: range, depth: depth + 1)
        }
        visiting.removeLast()
    }

    private mutating func addStyles(of file: ProjectFile) {
        if let wanted {
            if found == nil, let style = file.summary.style(named: wanted) { found = StyleDefinition(file: file, style: style) }
            return
        }
        for style in file.summary.styles where byName[style.name] == nil { byName[style.name] = (file, style) }
    }

    private mutating func report(_ problem: ImportProblem) {
        if reported.insert(ProblemKey(range: problem.range, text: problem.description)).inserted { problems.append(problem) }
    }
}

extension ImportProblem: CustomStringConvertible {
    /// The message the validator reports (TDL113 or TDL114, see `isCycle`).
    public var description: String {
        switch kind {
        case .unreadable(let failure):
            return depth == 0 ? "cannot import `\(target)`: \(failure.message)"
                : "cannot import `\(target)` (imported through this line): \(failure.message)"
        case .cycle(let paths):
            return "import cycle: " + paths.map { "`\($0)`" }.joined(separator: " → ")
        case .tooDeep:
            return "imports are nested more than \(ProjectLimits.maximumImportDepth) files deep"
        case .syntaxErrors:
            return "`\(target)` has syntax errors; check it on its own"
        }
    }

    /// Cycles and chains too deep are TDL114; the rest TDL113.
    public var isCycle: Bool {
        switch kind {
        case .cycle, .tooDeep: return true
        case .unreadable, .syntaxErrors: return false
        }
    }
}
