import ProjectModel
import TemplateFormat

/// Runs every structure and lint rule over a parsed document.
public enum Validator {
    /// All diagnostics for a file of `project`, syntax ones included, sorted by position,
    /// with `// tdl-ignore` suppressions applied. Styles come from the file's scope in the
    /// project, and a style counts as used when any file of the project uses it.
    ///
    /// With a `cache` (one per document, kept across edits), templates and annotation sets
    /// whose text and styles did not change since the last call are not checked again.
    ///
    /// `workers`: threads a large document may be checked on when there is no cache (the
    /// CLI checking one big file); the findings are the same.
    ///
    /// `parameterData`: parameter values the caller will fill in (`check --data`), as text by
    /// name: a text that holds `{{name}}` is measured with the value in place (TDL312). The
    /// findings then depend on the data, so the cache is not used.
    ///
    /// `prepared`: what was read of the file's tree ahead of the project (`PreparedTree`),
    /// used when it is this very parse's; else it is read here.
    public static func validate(_ file: ProjectFile, in project: Project, cache: ValidationCache? = nil,
                                workers: Int = 1, parameterData: [String: String] = [:],
                                prepared: PreparedTree? = nil) -> [Diagnostic] {
        validate(file, in: project, cache: parameterData.isEmpty ? cache : nil, workers: workers,
                 minimumPartBytes: Checker.bytesWorthParts, parameterData: parameterData, prepared: prepared)
    }

    static func validate(_ file: ProjectFile, in project: Project, cache: ValidationCache?, workers: Int,
                         minimumPartBytes: Int, parameterData: [String: String] = [:],
                         prepared: PreparedTree? = nil) -> [Diagnostic] {
        let tree = file.tree
        // A UTF-16 or UTF-32 file is one token: its one report (TDL017) is all there is to say.
        if tree.diagnostics.first?.code == SyntaxCode.foreignEncoding.rawValue { return tree.diagnostics }
        // The checker reads the tree through a raw view (no reference counting per node),
        // valid only inside this call. Its list is taken over as is and the (usually few)
        // syntax diagnostics added to it: copying tens of thousands of diagnostics into a
        // new array would cost more than the sort below. Codes never coincide across the
        // two, so the order of equal positions does not depend on which list came first.
        var all: [Diagnostic]
        let syntaxIndex: SyntaxDiagnosticIndex
        (all, syntaxIndex) = tree.withRawView { raw in
            var checker = Checker(file: file, project: project, raw: raw, cache: cache, workers: workers,
                                  minimumPartBytes: minimumPartBytes, parameterData: parameterData, prepared: prepared)
            checker.run()
            return (checker.findings.diagnostics, checker.context.syntaxIndex)
        }
        // A parser diagnostic the checker replaced (one that says what the property's type
        // adds, `FlaggedValues`) carries the same code and range: only the replacement stays.
        // The parser's are few: a finding is looked at only when one of them starts where it does.
        if !tree.diagnostics.isEmpty {
            var replaced: [ByteRange: String] = [:]
            for d in all where syntaxIndex.hasDiagnostic(startingAt: d.range.start) && d.code.hasPrefix("TDL0") { replaced[d.range] = d.code }
            all.append(contentsOf: replaced.isEmpty ? tree.diagnostics : tree.diagnostics.filter { replaced[$0.range] != $0.code })
        }
        dropMissingColonsOfUnfinishedHeaders(&all, syntax: tree.diagnostics)
        all = Suppressions(tree: tree).apply(to: all)
        sortByPosition(&all)
        return all
    }

    /// A TDL123 (a block header without its `{`) replaces the parser's TDL011 (the same line
    /// read as a property missing its colon) at the same key: one mistake, one report.
    /// Reads the whole list only when the parser reported a missing colon (`syntax`, its
    /// diagnostics, are few).
    static func dropMissingColonsOfUnfinishedHeaders(_ all: inout [Diagnostic], syntax: [Diagnostic]) {
        let missingColon = SyntaxCode.missingColon.rawValue
        guard syntax.contains(where: { $0.code == missingColon }) else { return }
        let headers = Set(all.filter { $0.code == DiagnosticCode.unfinishedBlockHeader.code }.map(\.range.start))
        guard !headers.isEmpty else { return }
        all.removeAll { $0.code == missingColon && headers.contains($0.range.start) }
    }

    /// By start, end, code, then the order found. Large documents have tens of thousands
    /// of diagnostics, mostly found in order already: the sort compares plain keys (the
    /// codes only where two ranges are equal), then moves each diagnostic into place at most
    /// once, in place (a copy would retain and release every diagnostic's boxes, each a
    /// cache miss on a large report).
    static func sortByPosition(_ all: inout [Diagnostic]) {
        let keys = all.map { (start: $0.range.start, end: $0.range.end) }
        func before(_ a: Int, _ b: Int) -> Bool {
            if keys[a].start != keys[b].start { return keys[a].start < keys[b].start }
            if keys[a].end != keys[b].end { return keys[a].end < keys[b].end }
            let x = all[a].code, y = all[b].code
            if x != y { return x < y }
            return a < b
        }
        if all.indices.dropFirst().allSatisfy({ before($0 - 1, $0) }) { return }
        // The few found out of order (a finding inside a style, reported from the element
        // that uses it) are taken out, sorted and merged back: what is left is in order.
        var inOrder: [Int] = [], outOfOrder: [Int] = []
        inOrder.reserveCapacity(all.count)
        for i in all.indices {
            if let last = inOrder.last, before(i, last) { outOfOrder.append(i) } else { inOrder.append(i) }
        }
        outOfOrder.sort(by: before)
        var order: [Int] = []
        order.reserveCapacity(all.count)
        var a = 0, b = 0
        while a < inOrder.count || b < outOfOrder.count {
            if b == outOfOrder.count || (a < inOrder.count && before(inOrder[a], outOfOrder[b])) {
                order.append(inOrder[a])
                a += 1
            } else {
                order.append(outOfOrder[b])
                b += 1
            }
        }
        // `all[i]` becomes the old `all[order[i]]`: each cycle of the permutation is walked
        // once, moving values (no copies).
        all.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var placed = [Bool](repeating: false, count: buffer.count)
            for start in 0..<buffer.count where !placed[start] {
                placed[start] = true
                if order[start] == start { continue }
                let held = (base + start).move()
                var i = start
                while order[i] != start {
                    let j = order[i]
                    (base + i).moveInitialize(from: base + j, count: 1)
                    placed[j] = true
                    i = j
                }
                (base + i).initialize(to: held)
            }
        }
    }

    /// A document on its own: a project of this one file and what it imports through
    /// `loader` (none: imports are reported as unavailable). `path` nil: a document with no
    /// place on disk, whose relative imports the loader resolves as it sees fit.
    public static func validate(_ tree: SyntaxTree, path: String? = nil, loader: ImportLoader? = nil,
                                cache: ValidationCache? = nil) -> [Diagnostic] {
        let file = path.map { ProjectFile(path: $0, tree: tree) } ?? ProjectFile(unsaved: "<document>", tree: tree)
        let project = Project(files: [file], loader: loader.map { ProjectLoader($0) })
        return validate(file, in: project, cache: cache)
    }

    public static func validate(_ bytes: [UInt8], path: String? = nil, loader: ImportLoader? = nil) -> [Diagnostic] {
        validate(SyntaxTree.parse(bytes), path: path, loader: loader)
    }
}
