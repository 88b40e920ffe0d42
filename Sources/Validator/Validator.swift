import TemplateFormat

/// What the caller's loader gives back for an `import`: the file's bytes and a canonical
/// path (used to detect cycles and in messages), or why it could not be read.
public enum ImportResult: Sendable {
    case loaded(path: String, bytes: [UInt8])
    case failed(message: String)
}

/// Resolves an import path written in `importer` (nil for an unsaved document). The CLI
/// reads files; the language server reads open documents first. The validator itself does
/// no I/O.
public typealias ImportLoader = @Sendable (_ path: String, _ importer: String?) -> ImportResult

/// Runs every structure and lint rule over a parsed document.
public enum Validator {
    /// All diagnostics for the document, syntax ones included, sorted by position, with
    /// `// tdl-ignore` suppressions applied.
    ///
    /// With a `cache` (one per document, kept across edits), templates and annotation sets
    /// whose text and styles did not change since the last call are not checked again.
    public static func validate(_ tree: SyntaxTree, path: String? = nil, loader: ImportLoader? = nil,
                                cache: ValidationCache? = nil) -> [Diagnostic] {
        // The checker reads the tree through a raw view (no reference counting per node),
        // valid only inside this call. Its list is taken over as is and the (usually few)
        // syntax diagnostics added to it: copying tens of thousands of diagnostics into a
        // new array would cost more than the sort below. Codes never coincide across the
        // two, so the order of equal positions does not depend on which list came first.
        var all = tree.withRawView { raw in
            var checker = Checker(tree: tree, raw: raw, path: path, loader: loader, cache: cache)
            checker.run()
            return checker.diagnostics
        }
        all.append(contentsOf: tree.diagnostics)
        all = Suppressions(tree: tree).apply(to: all)
        sortByPosition(&all)
        return all
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
        let order = all.indices.sorted(by: before)
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

    public static func validate(_ bytes: [UInt8], path: String? = nil, loader: ImportLoader? = nil) -> [Diagnostic] {
        validate(SyntaxTree.parse(bytes), path: path, loader: loader)
    }
}
