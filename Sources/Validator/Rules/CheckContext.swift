import ProjectModel
import TemplateFormat

/// What every rule of one check reads and none changes: the document, the styles in its
/// scope with their chains, and the schema's tables. A class, so the rules share one
/// reference and read its `let`s in place. Everything in it is made in `init` and never
/// changed (nothing lazy): the parts of a large document checked on several threads
/// (`checkInParts`) share it.
final class CheckContext {
    let tree: SyntaxTree
    /// The same tree without reference counting, for the per-node work. Valid while
    /// `Validator.validate` runs, which is the check's whole life.
    let raw: RawSyntaxView
    /// The document being checked, as the project knows it.
    let file: ProjectFile
    /// Where the document's styles come from and whether other files use them.
    let project: Project
    /// The document's styles and imports as the project resolves them.
    let scope: StyleScope

    /// Styles by name: this document's and those brought in by imports (the project's scope).
    let styles: [String: Checker.StyleDefinition]
    /// Each style's chain (itself, then the styles it extends).
    let chains: [String: Checker.StyleChain]
    /// The same chains by style id (`chainByID[id].index == id`), so an element's `style:` is
    /// looked up from its token's bytes without building a `String`.
    let styleIDs: NameTable
    let chainByID: [Checker.StyleChain]

    /// The schema's tables read for every property, held here: read through their `static
    /// let`s, each use passes a one-time-initialisation check.
    let propertyRefs = SchemaIndex.propertyRefs
    let styleableRefs = SchemaIndex.styleableRefs
    let propertyCount = SchemaIndex.propertyCount
    /// The ids of the properties rules read by name.
    let key = SchemaIndex.key
    /// The kinds lint tests for.
    let lintKinds = LintKinds.shared
    /// The parser's diagnostics by position (`FlaggedValues`).
    let syntaxIndex: SyntaxDiagnosticIndex
    /// Parameter values by name, as text, that texts are measured with (`check --data`).
    let parameterData: [String: String]

    /// `nodes`: the document's node table, whose ids name the keys of its own styles.
    init(file: ProjectFile, project: Project, raw: RawSyntaxView, nodes: NodeTable, parameterData: [String: String] = [:]) {
        self.parameterData = parameterData
        tree = file.tree
        syntaxIndex = SyntaxDiagnosticIndex(file.tree.diagnostics)
        self.raw = raw
        self.file = file
        self.project = project
        let scope = project.scope(of: file.path)
        self.scope = scope
        // This document's styles read their key ids from its node table, an imported file's
        // from its keys' bytes.
        let properties = SchemaIndex.properties
        var styles: [String: Checker.StyleDefinition] = [:]
        for definition in scope.definitions {
            if definition.path == file.path {
                styles[definition.name] = Checker.StyleDefinition(definition, importedFrom: nil) { nodes.id($0.node.id) }
            } else {
                styles[definition.name] = Checker.StyleDefinition(definition, importedFrom: definition.path) { property in
                    let key = property.keyToken
                    return property.tree.withRawView { properties.id($0.bytes, key.start, key.end) }
                }
            }
        }
        var chains: [String: Checker.StyleChain] = [:]
        var names: [String] = []
        var chainByID: [Checker.StyleChain] = []
        let chainNames = scope.chainNamesOfEveryStyle()
        for name in styles.keys {
            let chain = Checker.StyleChain(index: chainByID.count, (chainNames[name] ?? []).compactMap { styles[$0] })
            chains[name] = chain
            names.append(name)
            chainByID.append(chain)
        }
        self.styles = styles
        self.chains = chains
        self.styleIDs = NameTable(names)
        self.chainByID = chainByID
    }

    /// Line positions (only fixes that insert lines need them; the file builds them once).
    var lineIndex: LineIndex { file.lineIndex }

    /// The id of the style `token` names (`styleIDs`), or -1.
    func styleID(_ token: Token) -> Int { styleIDs.id(raw.bytes, token.start, token.end) }

    /// The chain of the style a `style:` property at `node` names, if any.
    func chain(ofStyleIn node: Int) -> Checker.StyleChain? {
        guard node >= 0, let token = raw.atoms(of: node).first else { return nil }
        let id = styleID(token)
        return id >= 0 ? chainByID[id] : nil
    }

    /// Each of this document's styles where it was (old position, sorted) and how far it moved.
    func styleShiftTable(old: [String: Int], new: [String: Int]) -> [(range: ByteRange, shift: Int)] {
        old.compactMap { name, start -> (range: ByteRange, shift: Int)? in
            guard let now = new[name], let style = styles[name] else { return nil }
            let length = style.block.range.end - style.block.range.start
            return (ByteRange(start: start, end: start + length), now - start)
        }.sorted { $0.range.start < $1.range.start }
    }

    /// A fingerprint of everything outside a template that its findings depend on: each
    /// style's name, text and origin, and the document's line ending (fixes use it).
    func styleContext() -> UInt64 {
        var h = ValidationCache.hash([LineEnding.majority(in: tree) == .crlf ? 1 : 0][...])
        for name in styles.keys.sorted() {
            guard let style = styles[name] else { continue }
            h = ValidationCache.hash(Array(name.utf8)[...], seed: h)
            h = ValidationCache.hash(Array((style.importedFrom ?? "").utf8)[...], seed: h &+ 1)
            let r = style.block.range
            h = ValidationCache.hash(style.block.tree.bytes[r.start..<r.end], seed: h &+ 2)
        }
        return h
    }

    func checkDirectives(_ document: DocumentSyntax, _ findings: inout Findings) {
        var sawFormat: DirectiveSyntax? = nil
        var sawBlock = false
        for member in document.members {
            switch member {
            case .block:
                sawBlock = true
            case .directive(let d) where d.keyword == "format":
                if let first = sawFormat {
                    findings.report(.misplacedDirective, d.range, "`format` is given twice",
                           related: [RelatedLocation(range: first.range, message: "first given here")])
                    continue
                }
                sawFormat = d
                if sawBlock { findings.report(.misplacedDirective, d.range, "`format` must come before any block") }
                checkFormatVersion(d, &findings)
            case .directive(let d):
                if sawBlock { findings.report(.misplacedDirective, d.range, "`import` must come before any block") }
            default:
                break
            }
        }
        if sawFormat == nil && !tree.bytes.isEmpty {
            let bom = tree.tokens.first?.kind == .byteOrderMark ? 3 : 0
            let newline = LineEnding.majority(in: tree) == .crlf ? "\r\n" : "\n"
            findings.report(.missingFormat, ByteRange(start: bom, end: bom),
                   "no `format` line: add `format \(Schema.formatVersion)` so later toolchains read this file as format \(Schema.formatVersion)",
                   fixes: [Fix(title: "Add `format \(Schema.formatVersion)`",
                               edits: [TextEdit(range: ByteRange(start: bom, end: bom), newText: "format \(Schema.formatVersion)\(newline)")])])
        }
    }

    func checkFormatVersion(_ d: DirectiveSyntax, _ findings: inout Findings) {
        let atoms = d.atoms
        guard atoms.count == 1, let n = atoms[0].number, n.unit == nil, n.value == n.value.rounded() else {
            findings.report(.wrongType, d.value?.node.range ?? d.range, "`format` takes a whole version number, such as `format \(Schema.formatVersion)`")
            return
        }
        // Compared as a Double and named by its source text: a version too large for an Int
        // (`format 99999999999999999999`) is just "too new".
        let version = atoms[0].text
        if n.value > Double(Schema.formatVersion) {
            findings.report(.formatTooNew, atoms[0].range, "this file is format \(version), but this toolchain reads format \(Schema.formatVersion) and older; update the toolchain")
        } else if n.value < Double(Schema.formatVersion) {
            findings.report(.formatTooOld, atoms[0].range, "format \(version) is older than the current format \(Schema.formatVersion); the file reads the same under format \(Schema.formatVersion)",
                   fixes: [Fix(title: "Migrate to `format \(Schema.formatVersion)`", edits: [TextEdit(range: atoms[0].range, newText: "\(Schema.formatVersion)")])])
        }
    }

    /// An import line must be one string; what it leads to is the project's business
    /// (`StyleScope.problems`, reported in `run`).
    func checkImportForms(_ document: DocumentSyntax, _ findings: inout Findings) {
        for d in document.directives where d.keyword == "import" {
            let atoms = d.atoms
            guard atoms.count == 1, atoms[0].kind == .string else {
                findings.report(.wrongType, d.value?.node.range ?? d.range, "`import` takes one string: the path of a .tdl file, such as `import \"styles.tdl\"`")
                continue
            }
        }
    }

    func checkStyleCycles(_ findings: inout Findings) {
        // Each style is walked once: a walk stops at a style an earlier walk visited, so a
        // chain of 100,000 styles costs 100,000 steps, not their square.
        var visited: Set<String> = []
        var cycles: [[String]] = []
        for (name, style) in styles where style.importedFrom == nil && !visited.contains(name) {
            var path: [String] = []
            var index: [String: Int] = [:]
            var current: String? = name
            while let n = current, let definition = styles[n], visited.insert(n).inserted {
                index[n] = path.count
                path.append(n)
                current = definition.parentName
            }
            // Stopped at a style of this walk: a cycle. One an earlier walk visited is not
            // (a style that only leads into a cycle is not reported).
            if let n = current, let start = index[n] { cycles.append(Array(path[start...])) }
        }
        // One cycle is one mistake: reported once, at the first style of this file on it (read
        // from that style), with the others as related locations (the first ten).
        for cycle in cycles {
            let local = cycle.indices.filter { styles[cycle[$0]]?.importedFrom == nil }
            guard let first = local.min(by: { (styles[cycle[$0]]?.block.range.start ?? 0) < (styles[cycle[$1]]?.block.range.start ?? 0) }),
                  let style = styles[cycle[first]] else { continue }
            func place(_ s: Checker.StyleDefinition) -> ByteRange { s.block.property("style")?.valueRange ?? s.block.headerRange }
            let related = local.filter { $0 != first }.prefix(10).compactMap { i in
                styles[cycle[i]].map { RelatedLocation(range: place($0), message: "`\(cycle[i])` extends `\(cycle[(i + 1) % cycle.count])` here") }
            }
            findings.report(.styleCycle, place(style), "style cycle: \(Checker.cycleText(cycle, from: first))", related: related)
        }
    }

    /// A property as the element sees it: its own, else the nearest style's along the chain.
    func effectiveProperty(_ block: BlockSyntax, _ key: String) -> PropertySyntax? {
        if let own = block.property(key) { return own }
        guard let name = block.property("style")?.firstAtom?.text, let chain = chains[name] else { return nil }
        let id = SchemaIndex.properties.id(key)
        if id >= 0 { return chain.property(id) }
        for style in chain.styles {
            if let p = style.block.property(key) { return p }
        }
        return nil
    }
}

extension Checker {
    /// "`a` extends `b` extends `a`", starting at `cycle[start]`. A long cycle names its
    /// first styles and its last one only, so the messages of all its styles stay linear.
    static func cycleText(_ cycle: [String], from start: Int) -> String {
        let count = cycle.count
        let shown: [String]
        if count <= 10 {
            shown = (0...count).map { "`\(cycle[(start + $0) % count])`" }
        } else {
            shown = (0..<5).map { "`\(cycle[(start + $0) % count])`" } + ["… (\(count) styles)"]
                + ["`\(cycle[(start + count - 1) % count])`", "`\(cycle[start])`"]
        }
        return shown.joined(separator: " extends ")
    }
}
