import ProjectModel
import TemplateFormat

/// One pass over a document: structure rules (kinds, names, properties, values,
/// references), with each element linted as soon as its properties are checked. What the
/// pass only reads is in `context`; this struct holds what it writes: the findings and
/// its walking state (the block being checked, the set's markers, the groups being sized).
struct Checker {
    /// The document, its styles and chains, and the schema's tables.
    let context: CheckContext
    var findings = Findings()

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
    /// What each chain reports for each kind that uses it, worked out on first use
    /// (`checkStyleApplies`), and in which set each finding was last reported.
    var styleFindings: StyleFindings
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
    /// The containers whose members are being linted, innermost last (`ReadingOrder`), and
    /// what the element linted last is to the reading-order rule.
    var readingContainers: [ReadingContainer] = []
    /// The member lists of containers already judged, emptied for the next ones to fill: a
    /// new list per container grew several times in most of them.
    var spareReadingMembers: [[ReadingMember]] = []
    var lastReadingMember: ReadingMember? = nil
    /// Whether the project can tell if a file beside the document exists (`LocalFiles`), and
    /// the URL strings that may name one: noted by the walk, and from sets the cache reused.
    let looksForLocalFiles: Bool
    var localFileTokens: [(token: Token, keyID: Int)] = []

    /// Findings of unchanged templates from the previous validation (language server only).
    let cache: ValidationCache?
    /// Threads a large document's top-level blocks may be checked on (`checkInParts`), and
    /// the size from which it is worth it (tests check small documents in parts too).
    let workers: Int
    let minimumPartBytes: Int

    // The parts of the context every rule reads, by their short names (inlined: a call would
    // return all of `key`'s or `lintKinds`' fields to read one).
    @inline(__always) var tree: SyntaxTree { context.tree }
    @inline(__always) var raw: RawSyntaxView { context.raw }
    @inline(__always) var key: SchemaIndex.Keys { context.key }
    @inline(__always) var lintKinds: LintKinds { context.lintKinds }
    @inline(__always) var styles: [String: StyleDefinition] { context.styles }
    @inline(__always) var chains: [String: StyleChain] { context.chains }

    /// `prepared`: the file's node table built ahead (`PreparedTree`), used when it is this
    /// very parse's and nothing is deferred (no cache).
    init(file: ProjectFile, project: Project, raw: RawSyntaxView, cache: ValidationCache? = nil, workers: Int = 1,
         minimumPartBytes: Int = Checker.bytesWorthParts, parameterData: [String: String] = [:], prepared: PreparedTree? = nil) {
        let nodes: NodeTable
        if let prepared, cache == nil, prepared.tree.isSameParse(as: file.tree) {
            nodes = prepared.nodes
        } else {
            nodes = NodeTable(file.tree, deferSets: cache != nil)
        }
        self.nodes = nodes
        self.cache = cache
        self.workers = workers
        self.minimumPartBytes = minimumPartBytes
        context = CheckContext(file: file, project: project, raw: raw, nodes: nodes, parameterData: parameterData)
        looksForLocalFiles = project.loader?.exists != nil && file.location != nil
        styleFindings = StyleFindings(chains: context.chainByID.count)
    }

    /// A style and the styles it extends, nearest first, with one table saying which of them
    /// supplies each key: lint asks it for a dozen keys of every element that uses the style.
    final class StyleChain {
        /// The chain's place in `CheckContext.chainByID`.
        let index: Int
        let styles: [StyleDefinition]
        /// Per key id: the property node in `styles[owner[id]]`'s tree, or -1.
        private let node: [Int32]
        private let owner: [Int16]

        /// Per key id: the node in this document's tree when a style of this document sets
        /// it, -1 when no style of the chain sets it, -2 when an imported style does.
        private let localNode: [Int32]

        init(index: Int, _ styles: [StyleDefinition]) {
            self.index = index
            self.styles = styles
            var node = [Int32](repeating: -1, count: SchemaIndex.propertyCount)
            var owner = [Int16](repeating: -1, count: SchemaIndex.propertyCount)
            // Farthest first, so a nearer style's key overwrites it; each style's own keys
            // (`ids`) only: a chain of 64 styles of one key each reads 64 keys, not 64 × every key.
            for (i, style) in styles.enumerated().reversed() {
                for id in style.ids where id >= 0 {
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


    // MARK: Document

    mutating func run() {
        let document = tree.document
        if let split = partsOnThreads(document) {
            // A large document on several threads: the document-wide rules run beside the parts.
            checkInParts(split.blocks, split.parts, document: document)
        } else {
            checkDocumentWide(document)
            checkTopLevelBlocks(document)
        }
        // What no set checked with the cache looked up yet (every URL, without a cache).
        checkLocalFiles()
        // Used means used by any file of the project that sees the style (checked alone, this one).
        let file = context.file
        for (name, style) in styles where style.importedFrom == nil && !context.project.isUsed(StyleID(path: file.path, name: name))
            && !meantStyles.contains(name) {
            findings.report(.unusedStyle, style.block.headerRange, "style `\(name)` is never used", tags: [.unnecessary])
        }
    }

    /// The rules that read the document as a whole: directives, import forms and problems,
    /// names repeated at the top level, style cycles, font faces declared twice. They only
    /// report (`checkInParts` runs them beside the parts).
    mutating func checkDocumentWide(_ document: DocumentSyntax) {
        context.checkDirectives(document, &findings)
        context.checkImportForms(document, &findings)
        var topNames: [String: BlockSyntax] = [:]
        for block in document.blocks {
            guard let name = block.name else { continue }
            if let first = topNames[name] {
                findings.report(.duplicateName, block.headerRange, "`\(name)` is already defined at the top level of this file",
                                related: [RelatedLocation(range: first.headerRange, message: "first defined here")])
            } else {
                topNames[name] = block
            }
        }
        for problem in context.scope.problems {
            findings.report(problem.isCycle ? .importCycle : .importNotFound, problem.range, MessageText(problem.description))
        }
        context.checkStyleCycles(&findings)
        checkDuplicateFontFaces(document)
    }

    /// Every top-level block; templates and annotation sets come from `cache` when their
    /// bytes and the styles they see are unchanged.
    mutating func checkTopLevelBlocks(_ document: DocumentSyntax) {
        guard let cache else {
            for block in document.blocks { checkTopLevel(block) }
            return
        }
        // Room for what the last validation found: growing an array of thousands of
        // findings copies it each time.
        findings.diagnostics.reserveCapacity(findings.count + cache.lastFindingCount + 64)
        let fingerprint = context.styleContext()
        var styleStarts: [String: Int] = [:]
        for (name, style) in styles where style.importedFrom == nil { styleStarts[name] = style.block.range.start }
        let previous = cache.previousStyleStarts
        let cachedStyleShifts = previous == styleStarts ? [] : context.styleShiftTable(old: previous, new: styleStarts)
        var fresh: [ValidationCache.Key: ValidationCache.Entry] = [:]
        var keyByStart: [Int: ValidationCache.Key] = [:]
        let unchanged = cache.unchanged(length: tree.bytes.count)
        var checked = 0, reused = 0, reusedInPlace = 0
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
            // A set the edits since the last validation did not touch is found by its old
            // place; any other by its bytes: one seen earlier in this document (same
            // styles), else one from the last validation.
            let oldStart = unchanged.flatMap { u in
                range.end <= u.start ? range.start : range.start >= u.resume ? range.start - u.delta : nil
            }
            let placed = oldStart.flatMap { cache.entry(unchangedAt: $0, length: range.end - range.start, context: fingerprint) }
            let key = placed?.0 ?? ValidationCache.Key(hash: ValidationCache.hash(bytes), context: fingerprint)
            keyByStart[range.start] = key
            let found = placed.map { ($0.1, cachedStyleShifts) }
                ?? fresh[key].flatMap { ValidationCache.same($0.bytes, bytes) ? ($0, [(range: ByteRange, shift: Int)]()) : nil }
                ?? cache.lookup(key, bytes: bytes).map { ($0, cachedStyleShifts) }
            if let (hit, styleShifts) = found {
                if placed != nil { reusedInPlace += 1 }
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
                findings.diagnostics.append(contentsOf: moved.diagnostics)
                if !hit.meantStyles.isEmpty { meantStyles.formUnion(hit.meantStyles) }
                reused += 1
                if fresh[key] == nil { fresh[key] = moved }
                continue
            }
            nodes.resolveIDs(of: block.node.id, raw)
            let before = findings.diagnostics.count
            let meantBefore = meantStyles
            meantStyles = []
            checkTopLevel(block)
            // The set's own TDL313 findings, kept with the rest of its findings.
            checkLocalFiles()
            checked += 1
            fresh[key] = ValidationCache.Entry(bytes: Array(bytes), start: range.start,
                                               diagnostics: Array(findings.diagnostics[before...]), meantStyles: meantStyles)
            meantStyles.formUnion(meantBefore)
        }
        cache.replace(with: fresh, keyByStart: keyByStart, length: tree.bytes.count, styleStarts: styleStarts,
                      checked: checked, reused: reused, reusedInPlace: reusedInPlace, findings: findings.count)
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
        if KindID(schema) == .style || KindID(schema) == .fontFace {
            checkProperties(block, schema: schema, scope: nil)
            for child in block.blocks { reportKindNotAllowed(child, placement: nil, parentKind: schema.name) }
            if KindID(schema) == .fontFace { checkFontFace(block) }
        } else {
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
            findings.report(.missingName, raw.headerRange(ofBlock: node), "`\(kind.schema.name)` needs a name: `\(kind.schema.synopsis)`")
        } else if !kind.takesName, let name = header.name {
            findings.report(.missingName, name.range, "`\(kind.schema.name)` takes no name",
                   fixes: [Fix(title: "Remove the name", edits: [TextEdit(range: ByteRange(start: header.kind?.end ?? name.start, end: name.end), newText: "")])])
        }
        if kind.schema.titlePresence == .required && header.title == nil {
            findings.report(.missingName, raw.headerRange(ofBlock: node), "`\(kind.schema.name)` needs its string: `\(kind.schema.synopsis)`")
        }
        if !kind.takesTitle, let title = header.title {
            findings.report(.missingName, title.range, "`\(kind.schema.name)` takes no title; only `template` and `annotations` have titles")
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
        findings.report(.kindNotAllowed, block.headerRange, MessageText(message), fixes: fixes)
    }
}
