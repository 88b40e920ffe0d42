import ProjectModel
import TemplateFormat

/// One pass over a document: structure rules (kinds, names, properties, values,
/// references), with each element linted as soon as its properties are checked.
struct Checker {
    let tree: SyntaxTree
    /// The same tree without reference counting, for the per-node work. Valid while
    /// `Validator.validate` runs, which is the checker's whole life.
    let raw: RawSyntaxView
    /// The document being checked, as the project knows it.
    let file: ProjectFile
    /// Where the document's styles come from and whether other files use them.
    let project: Project
    var diagnostics: [Diagnostic] = []
    /// Line positions, built on first use (only fixes that insert lines need them).
    private let lines = LazyLineIndex()
    var lineIndex: LineIndex { lines.index(for: tree) }
    /// The parser's diagnostics by position, built on first use (`FlaggedValues`).
    let syntaxIndex = SyntaxDiagnosticIndex()

    /// Per node: preorder links and schema ids, built once (ids inside a set on demand when a
    /// cache may make checking it unnecessary).
    var nodes: NodeTable
    /// A reusable per-block table of property nodes by key id: the block being checked.
    var slots = PropertySlots()
    /// The style chain of the block in `slots`, when its `style:` names a known style.
    var slotsChain: StyleChain? = nil
    /// What `checkValue` decoded for the block in `slots`, for lint to reuse.
    var decoded = DecodedValues()
    /// Key ids the block in `slots` may set under a misspelt key (`HiddenKeys`); almost
    /// always empty.
    var misspeltKeys: [Int] = []
    /// Styles this file names only through a misspelling (a `style:` naming no style, a
    /// misspelt `style` key): not reported unused, since that is the same mistake.
    var meantStyles: Set<String> = []
    /// The number of the template or annotation set being checked, for `ReportMarker`s, and
    /// the marker of each style property and kind reported as not applying (TDL120).
    var styleFindingsGeneration = 0
    var reportMarkers: [StyleFinding: ReportMarker] = [:]
    /// Whether the checker is checking a block as another kind, for its errors only (`isClean`).
    var inSandbox = false
    /// Whether an import failed (`importsFailed`), once known.
    var importFailure: Bool? = nil
    /// How far the members of the group without `size` being linted reach (`MemberExtent`).
    var members = MemberExtent()
    /// The groups without `size` whose members are being linted, innermost last.
    var naturalGroups: [NaturalGroup] = []
    /// TDL301 reports so far: a group sized by its members is not reported when one is.
    var outsideReports = 0
    /// Whether the project can tell if a file beside the document exists (`LocalFiles`), and
    /// the URL strings that may name one: noted by the walk, and from sets the cache reused.
    let looksForLocalFiles: Bool
    var localFileTokens: [(token: Token, keyID: Int)] = []
    var reusedLocalFiles: [LocalFileUse] = []

    /// Schema tables read for every property, copied once here: a `static let` passes a
    /// one-time-initialisation check on every read.
    let propertyRefs = SchemaIndex.propertyRefs
    let styleableRefs = SchemaIndex.styleableRefs
    let propertyCount = SchemaIndex.propertyCount
    /// The ids of the properties rules read by name. Read through `SchemaIndex.key`, each
    /// use copied the whole struct.
    let key = SchemaIndex.key
    /// The kinds lint tests for (`LintKinds`).
    let lintKinds = LintKinds.shared

    /// Styles by name: this document's and those brought in by imports (the project's scope).
    var styles: [String: StyleDefinition] = [:]
    /// Each style's chain (itself, then the styles it extends), built once after all styles are known.
    var chains: [String: StyleChain] = [:]
    /// The same chains by style id, so an element's `style:` is looked up from its token's
    /// bytes without building a `String`.
    var styleIDs = NameTable([])
    var chainByID: [StyleChain] = []

    /// A style and the styles it extends, nearest first, with one table saying which of them
    /// supplies each key: lint asks it for a dozen keys of every element that uses the style.
    final class StyleChain {
        let styles: [StyleDefinition]
        /// Per key id: the property node in `styles[owner[id]]`'s tree, or -1.
        private let node: [Int32]
        private let owner: [Int16]

        /// Per key id: the node in this document's tree when a style of this document sets
        /// it, -1 when no style of the chain sets it, -2 when an imported style does.
        private let localNode: [Int32]

        init(_ styles: [StyleDefinition]) {
            self.styles = styles
            var node = [Int32](repeating: -1, count: SchemaIndex.propertyCount)
            var owner = [Int16](repeating: -1, count: SchemaIndex.propertyCount)
            for (i, style) in styles.enumerated().reversed() {
                for id in 0..<node.count where style.slots[id] >= 0 {
                    node[id] = style.slots[id]
                    owner[id] = Int16(i)
                }
            }
            self.node = node
            self.owner = owner
            localNode = node.indices.map { id in
                guard node[id] >= 0 else { return -1 }
                return styles[Int(owner[id])].importedFrom == nil ? node[id] : -2
            }
            hidden = HiddenStyleKeys(styles)
            hidesKeys = hidden.all || !hidden.ids.isEmpty
        }

        /// Where the nearest style of the chain sets key `id`, as `localNode` says, without
        /// touching the style objects (lint asks this for every element that uses a style).
        @inline(__always)
        func nodeInDocument(_ id: Int) -> Int { id >= 0 ? Int(localNode[id]) : -1 }

        /// Where the nearest style of the chain sets key `id`: the style and the property's node in its tree.
        func locate(_ id: Int) -> (style: StyleDefinition, node: Int)? {
            guard id >= 0, node[id] >= 0 else { return nil }
            return (styles[Int(owner[id])], Int(node[id]))
        }

        /// The property the nearest style of the chain sets for key `id`.
        func property(_ id: Int) -> PropertySyntax? {
            guard id >= 0, node[id] >= 0 else { return nil }
            return styles[Int(owner[id])].block.tree.node(at: Int(node[id])).asProperty
        }

        func sets(_ id: Int) -> Bool { id >= 0 && node[id] >= 0 }

        /// What this chain reports for each kind that uses it (`checkStyleApplies`), by kind
        /// id + 1 (0: a kind outside the schema table), nil until worked out. An array, not
        /// a dictionary keyed by chain and kind: hashing the key cost more than the rest of a
        /// use that reports nothing. Only `checkStyleApplies` touches it, on the checker's one
        /// thread, so it goes without the dynamic exclusivity check of each class property
        /// access.
        @exclusivity(unchecked) var findingsByKind: [[Diagnostic]?] = Array(repeating: nil, count: Schema.kinds.count + 1)
        /// Per kind, like `findingsByKind`: each finding's `ReportMarker`.
        @exclusivity(unchecked) var markersByKind: [[ReportMarker]?] = Array(repeating: nil, count: Schema.kinds.count + 1)

        /// What the chain may set under keys the checker cannot read (`HiddenKeys`), and
        /// whether that is anything (asked for every element that uses the chain).
        let hidden: HiddenStyleKeys
        let hidesKeys: Bool
    }

    /// A style as the rules read it: the model's definition plus its properties by key id.
    final class StyleDefinition {
        let block: BlockSyntax
        /// The file that defines the style, when it is not the document being checked.
        let importedFrom: String?
        /// The style this one extends (`style: other` inside it).
        let parentName: String?
        /// The style's properties in order, with their key ids (-1: not a schema property).
        let properties: [(id: Int, property: PropertySyntax)]
        /// The first property node of each key id, -1 when the style does not set it.
        let slots: [Int32]
        /// The key ids of `properties`, apart, so checks that only compare ids copy no views.
        let ids: [Int]

        /// `keyID`: the schema id of a property's key (the node table's, for this document).
        init(_ definition: ProjectModel.StyleDefinition, importedFrom: String?, keyID: (PropertySyntax) -> Int) {
            self.block = definition.block
            self.importedFrom = importedFrom
            parentName = definition.parentName
            var properties: [(id: Int, property: PropertySyntax)] = []
            var slots = [Int32](repeating: -1, count: SchemaIndex.propertyCount)
            for p in block.properties {
                let id = keyID(p)
                properties.append((id, p))
                if id >= 0 && slots[id] < 0 { slots[id] = Int32(p.node.id) }
            }
            self.properties = properties
            self.slots = slots
            self.ids = properties.map(\.id)
        }

        /// The property this style itself sets for key `id`.
        func property(_ id: Int) -> PropertySyntax? {
            guard id >= 0, slots[id] >= 0 else { return nil }
            return block.tree.node(at: Int(slots[id])).asProperty
        }
    }


    /// The id of the style `token` names (`styleIDs`), or -1.
    func styleID(_ token: Token) -> Int { styleIDs.id(raw.bytes, token.start, token.end) }

    /// The chain of the style a `style:` property at `node` names, if any. (Mutating only so
    /// that the rules, which mutate, call it without copying the checker.)
    mutating func chain(ofStyleIn node: Int) -> StyleChain? {
        guard node >= 0, let token = raw.atoms(of: node).first else { return nil }
        let id = styleID(token)
        return id >= 0 ? chainByID[id] : nil
    }

    /// Findings of unchanged templates from the previous validation (language server only).
    var cache: ValidationCache?

    init(file: ProjectFile, project: Project, raw: RawSyntaxView, cache: ValidationCache? = nil) {
        self.tree = file.tree
        self.raw = raw
        self.file = file
        self.project = project
        self.cache = cache
        self.nodes = NodeTable(file.tree, deferSets: cache != nil)
        self.looksForLocalFiles = project.loader?.exists != nil && file.location != nil
    }

    /// A report with nothing but a message, as the rules that report in bulk make: chosen
    /// over the one below by the compiler, so no empty arrays are made, passed and released.
    mutating func report(_ code: DiagnosticCode, _ range: ByteRange, _ message: MessageText) {
        diagnostics.append(Diagnostic(code: code.code, severity: code.severity, range: range, message: message.string))
    }

    mutating func report(_ code: DiagnosticCode, _ range: ByteRange, _ message: MessageText,
                         related: [RelatedLocation] = [], fixes: [Fix] = [], tags: [DiagnosticTag] = [],
                         severity: Severity? = nil) {
        diagnostics.append(Diagnostic(code: code.code, severity: severity ?? code.severity, range: range,
                                      message: message.string, related: related, fixes: fixes, tags: tags))
    }

    // MARK: Document

    mutating func run() {
        let document = tree.document
        checkDirectives(document)
        checkImportForms(document)
        var topNames: [String: BlockSyntax] = [:]
        for block in document.blocks {
            guard let name = block.name else { continue }
            if let first = topNames[name] {
                report(.duplicateName, block.headerRange, "`\(name)` is already defined at the top level of this file",
                       related: [RelatedLocation(range: first.headerRange, message: "first defined here")])
            } else {
                topNames[name] = block
            }
        }
        let scope = project.scope(of: file.path)
        for problem in scope.problems {
            report(problem.isCycle ? .importCycle : .importNotFound, problem.range, MessageText(problem.description))
        }
        readStyles(scope)
        checkStyleCycles()
        var names: [String] = []
        let chainNames = scope.chainNamesOfEveryStyle()
        for name in styles.keys {
            let chain = StyleChain((chainNames[name] ?? []).compactMap { styles[$0] })
            chains[name] = chain
            names.append(name)
            chainByID.append(chain)
        }
        styleIDs = NameTable(names)
        checkTopLevelBlocks(document)
        checkLocalFiles()
        // Used means used by any file of the project that sees the style (checked alone, this one).
        for (name, style) in styles where style.importedFrom == nil && !project.isUsed(StyleID(path: file.path, name: name))
            && !meantStyles.contains(name) {
            report(.unusedStyle, style.block.headerRange, "style `\(name)` is never used", tags: [.unnecessary])
        }
    }

    /// The styles in scope, with their properties' key ids: this document's from its node
    /// table, an imported file's from its keys' bytes.
    mutating func readStyles(_ scope: StyleScope) {
        let properties = SchemaIndex.properties
        for definition in scope.definitions {
            if definition.path == file.path {
                styles[definition.name] = StyleDefinition(definition, importedFrom: nil) { nodes.id($0.node.id) }
            } else {
                styles[definition.name] = StyleDefinition(definition, importedFrom: definition.path) { property in
                    let key = property.keyToken
                    return property.tree.withRawView { properties.id($0.bytes, key.start, key.end) }
                }
            }
        }
    }

    /// Every top-level block; templates and annotation sets come from `cache` when their
    /// bytes and the styles they see are unchanged.
    mutating func checkTopLevelBlocks(_ document: DocumentSyntax) {
        guard let cache else {
            for block in document.blocks { checkTopLevel(block) }
            return
        }
        let context = styleContext()
        var styleStarts: [String: Int] = [:]
        for (name, style) in styles where style.importedFrom == nil { styleStarts[name] = style.block.range.start }
        let previous = cache.previousStyleStarts
        let cachedStyleShifts = previous == styleStarts ? [] : styleShiftTable(old: previous, new: styleStarts)
        var fresh: [ValidationCache.Key: ValidationCache.Entry] = [:]
        var checked = 0, reused = 0
        for block in document.blocks {
            let kind = nodes.id(block.node.id)
            guard kind == SchemaIndex.templateKindID || kind == SchemaIndex.annotationsKindID else {
                checkTopLevel(block)
                continue
            }
            // A set's findings may depend on its header line's indentation (an inserted
            // property is indented like the header), which lies just before the set: the
            // key starts at the line's start. A set that does not begin its line (rare: the
            // formatter never writes one) is checked every time.
            var keyStart = block.range.start
            while keyStart > 0 && (tree.bytes[keyStart - 1] == 0x20 || tree.bytes[keyStart - 1] == 0x09) { keyStart -= 1 }
            guard keyStart == 0 || tree.bytes[keyStart - 1] == 0x0A || tree.bytes[keyStart - 1] == 0x0D else {
                nodes.resolveIDs(of: block.node.id, raw)
                checkTopLevel(block)
                checked += 1
                continue
            }
            let range = ByteRange(start: keyStart, end: block.range.end)
            let bytes = tree.bytes[range.start..<range.end]
            let key = ValidationCache.Key(hash: ValidationCache.hash(bytes), context: context)
            // A set seen earlier in this document (same styles), else one from the last validation.
            let found = fresh[key].flatMap { ValidationCache.same($0.bytes, bytes) ? ($0, [(range: ByteRange, shift: Int)]()) : nil }
                ?? cache.lookup(key, bytes: bytes).map { ($0, cachedStyleShifts) }
            if let (hit, styleShifts) = found {
                let delta = range.start - hit.start
                let region = ByteRange(start: hit.start, end: hit.start + hit.bytes.count)
                var moved = hit
                moved.start = range.start
                if delta != 0 || !styleShifts.isEmpty {
                    moved.diagnostics = hit.diagnostics.map { d in
                        d.mappingRanges { r in
                            if r.start >= region.start && r.end <= region.end { return ByteRange(start: r.start + delta, end: r.end + delta) }
                            // A range outside the set points into a style: it moves with that style.
                            guard let s = styleShifts.last(where: { $0.range.start <= r.start }), r.end <= s.range.end else { return r }
                            return ByteRange(start: r.start + s.shift, end: r.end + s.shift)
                        }
                    }
                }
                if delta != 0 { moved.localFiles = hit.localFiles.map { var use = $0; use.range = ByteRange(start: use.range.start + delta, end: use.range.end + delta); return use } }
                diagnostics.append(contentsOf: moved.diagnostics)
                reusedLocalFiles += moved.localFiles
                meantStyles.formUnion(hit.meantStyles)
                reused += 1
                if fresh[key] == nil { fresh[key] = moved }
                continue
            }
            nodes.resolveIDs(of: block.node.id, raw)
            let before = diagnostics.count, localFilesBefore = localFileTokens.count
            let meantBefore = meantStyles
            meantStyles = []
            checkTopLevel(block)
            checked += 1
            fresh[key] = ValidationCache.Entry(bytes: Array(bytes), start: range.start,
                                               diagnostics: Array(diagnostics[before...]), meantStyles: meantStyles,
                                               localFiles: localFileUses(since: localFilesBefore))
            meantStyles.formUnion(meantBefore)
        }
        cache.replace(with: fresh, styleStarts: styleStarts, checked: checked, reused: reused)
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

    mutating func checkDirectives(_ document: DocumentSyntax) {
        var sawFormat: DirectiveSyntax? = nil
        var sawBlock = false
        for member in document.members {
            switch member {
            case .block:
                sawBlock = true
            case .directive(let d) where d.keyword == "format":
                if let first = sawFormat {
                    report(.misplacedDirective, d.range, "`format` is given twice",
                           related: [RelatedLocation(range: first.range, message: "first given here")])
                    continue
                }
                sawFormat = d
                if sawBlock { report(.misplacedDirective, d.range, "`format` must come before any block") }
                checkFormatVersion(d)
            case .directive(let d):
                if sawBlock { report(.misplacedDirective, d.range, "`import` must come before any block") }
            default:
                break
            }
        }
        if sawFormat == nil && !tree.bytes.isEmpty {
            let bom = tree.tokens.first?.kind == .byteOrderMark ? 3 : 0
            let newline = LineEnding.majority(in: tree) == .crlf ? "\r\n" : "\n"
            report(.missingFormat, ByteRange(start: bom, end: bom),
                   "no `format` line: add `format \(Schema.formatVersion)` so later toolchains read this file as format \(Schema.formatVersion)",
                   fixes: [Fix(title: "Add `format \(Schema.formatVersion)`",
                               edits: [TextEdit(range: ByteRange(start: bom, end: bom), newText: "format \(Schema.formatVersion)\(newline)")])])
        }
    }

    mutating func checkFormatVersion(_ d: DirectiveSyntax) {
        let atoms = d.atoms
        guard atoms.count == 1, let n = atoms[0].number, n.unit == nil, n.value == n.value.rounded() else {
            report(.wrongType, d.value?.node.range ?? d.range, "`format` takes a whole version number, such as `format \(Schema.formatVersion)`")
            return
        }
        // Compared as a Double and named by its source text: a version too large for an Int
        // (`format 99999999999999999999`) is just "too new".
        let version = atoms[0].text
        if n.value > Double(Schema.formatVersion) {
            report(.formatTooNew, atoms[0].range, "this file is format \(version), but this toolchain reads format \(Schema.formatVersion) and older; update the toolchain")
        } else if n.value < Double(Schema.formatVersion) {
            report(.formatTooOld, atoms[0].range, "format \(version) is older than the current format \(Schema.formatVersion); the file reads the same under format \(Schema.formatVersion)",
                   fixes: [Fix(title: "Migrate to `format \(Schema.formatVersion)`", edits: [TextEdit(range: atoms[0].range, newText: "\(Schema.formatVersion)")])])
        }
    }

    // MARK: Imports

    /// An import line must be one string; what it leads to is the project's business
    /// (`StyleScope.problems`, reported in `run`).
    mutating func checkImportForms(_ document: DocumentSyntax) {
        for d in document.directives where d.keyword == "import" {
            let atoms = d.atoms
            guard atoms.count == 1, atoms[0].kind == .string else {
                report(.wrongType, d.value?.node.range ?? d.range, "`import` takes one string: the path of a .tdl file, such as `import \"styles.tdl\"`")
                continue
            }
        }
    }

    // MARK: Styles

    mutating func checkStyleCycles() {
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
            func place(_ s: StyleDefinition) -> ByteRange { s.block.property("style")?.valueRange ?? s.block.headerRange }
            let related = local.filter { $0 != first }.prefix(10).compactMap { i in
                styles[cycle[i]].map { RelatedLocation(range: place($0), message: "`\(cycle[i])` extends `\(cycle[(i + 1) % cycle.count])` here") }
            }
            report(.styleCycle, place(style), "style cycle: \(Checker.cycleText(cycle, from: first))", related: related)
        }
    }

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

    // MARK: Top-level blocks

    mutating func checkTopLevel(_ block: BlockSyntax) {
        guard let kind = block.kindToken.map({ _ in block.kind }), !kind.isEmpty else { return }
        guard let schema = Schema.kind(kind, in: .topLevel), !schema.isDirective else {
            reportKindNotAllowed(block, placement: .topLevel)
            // What the block uses is still used: reporting its kind is enough.
            var scope = Scope(container: block, kind: kind)
            noteUses(ofUnchecked: block.node.id, scope: &scope)
            return
        }
        checkNameAndTitle(block, schema)
        switch kind {
        case "style":
            checkProperties(block, schema: schema, scope: nil)
            for child in block.blocks { reportKindNotAllowed(child, placement: nil, parentKind: "style") }
        default:
            var scope = Scope(container: block, kind: kind)
            checkContainer(block, schema: schema, scope: &scope)
        }
    }

    mutating func checkNameAndTitle(_ block: BlockSyntax, _ schema: KindSchema) {
        let id = SchemaIndex.kindID(of: schema)
        checkNameAndTitle(node: block.node.id, header: block.headerTokens, id >= 0 ? SchemaIndex.kind(id) : SchemaIndex.KindBox(schema))
    }

    mutating func checkNameAndTitle(node: Int, header: (kind: Token?, name: Token?, title: Token?), _ kind: SchemaIndex.KindBox) {
        if kind.requiresName && header.name == nil {
            report(.missingName, raw.headerRange(ofBlock: node), "`\(kind.schema.name)` needs a name: `\(kind.schema.synopsis)`")
        } else if !kind.takesName, let name = header.name {
            report(.missingName, name.range, "`\(kind.schema.name)` takes no name",
                   fixes: [Fix(title: "Remove the name", edits: [TextEdit(range: ByteRange(start: header.kind?.end ?? name.start, end: name.end), newText: "")])])
        }
        if !kind.takesTitle, let title = header.title {
            report(.missingName, title.range, "`\(kind.schema.name)` takes no title; only `template` and `annotations` have titles")
        }
    }

    /// `scope`: a copy of the set's scope, for a block inside a set (the fix's sandbox).
    mutating func reportKindNotAllowed(_ block: BlockSyntax, placement: Placement?, parentKind: String? = nil, scope: Scope? = nil) {
        let kind = block.kind
        let here = placement.map { $0 == .topLevel ? "at the top level" : $0 == .annotations ? "in an annotation set" : "in a \($0.rawValue)" }
            ?? "inside `\(parentKind ?? "this block")`"
        let allowed = placement.map { Schema.kinds(allowedIn: $0).map(\.name) } ?? []
        var message = "`\(kind)` is not allowed \(here)"
        if let known = Schema.kind(kind) {
            if known.isDirective {
                message = "`\(kind)` is a directive, written `\(known.synopsis)` at the top of the file"
            } else if let home = known.allowedIn.first {
                message += "; it belongs \(home == .topLevel ? "at the top level" : home == .annotations ? "in an `annotations` set" : "in a `\(home.rawValue)`")"
            }
        } else if let guess = nearest(kind, among: allowed) {
            message += "; did you mean `\(guess)`?"
        }
        if !allowed.isEmpty { message += ". Allowed here: " + allowed.joined(separator: ", ") }
        var fixes: [Fix] = []
        if Schema.kind(kind) == nil, let guess = nearest(kind, among: allowed), let token = block.kindToken,
           let schema = Schema.kind(guess), isClean(block, as: schema, scope: scope) {
            fixes.append(Fix(title: "Change to `\(guess)`", edits: [TextEdit(range: token.range, newText: guess)], isCertain: false))
        }
        report(.kindNotAllowed, block.headerRange, MessageText(message), fixes: fixes)
    }
}

/// Builds a document's `LineIndex` once, on first use. A class so that the checker's
/// copies (lint reads through one) share it; each checker runs on one thread.
final class LazyLineIndex {
    private var built: LineIndex?
    func index(for tree: SyntaxTree) -> LineIndex {
        if let built { return built }
        let index = LineIndex(tree.bytes)
        built = index
        return index
    }
}
