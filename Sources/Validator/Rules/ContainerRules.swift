import TemplateFormat

/// A style's property (its file and offset) reported as not applying to a kind (TDL120).
struct StyleFinding: Hashable {
    let path: String?
    let start: Int
    let kindID: Int
}

/// What each style chain reports for each kind that uses it (TDL120), worked out on first
/// use, and the set in which each finding was last reported: a finding is reported once per
/// template or annotation set, whichever chain holds the property.
struct StyleFindings {
    struct Known {
        let findings: [Diagnostic]
        /// Each finding's marker (`reportedIn`), one per style property and kind.
        let markers: [Int]
    }

    /// By chain index, then kind id + 1 (0: a kind outside the schema table); a chain's row
    /// is made on its first use. Arrays, not a dictionary keyed by chain and kind: hashing
    /// the key cost more than the rest of a use that reports nothing.
    private var byChain: [[Known?]]
    private var markers: [StyleFinding: Int] = [:]
    /// Per marker: the set it was last reported in.
    private var reportedIn: [Int] = []
    /// The number of the set being checked.
    private var set = 0

    init(chains: Int) { byChain = Array(repeating: [], count: chains) }

    mutating func beginSet() { set += 1 }

    func known(chain: Int, kindID: Int) -> Known? {
        byChain[chain].isEmpty ? nil : byChain[chain][kindID + 1]
    }

    /// Keeps what `chain` reports for `kindID`, giving each finding the marker of its style
    /// property and kind (shared by every chain that holds the property).
    mutating func remember(_ findings: [Diagnostic], chain: Int, kindID: Int) -> Known {
        let marks = findings.map { finding -> Int in
            let source = finding.related.first
            let key = StyleFinding(path: source?.path, start: source?.range.start ?? -1, kindID: kindID)
            if let shared = markers[key] { return shared }
            markers[key] = reportedIn.count
            reportedIn.append(-1)
            return reportedIn.count - 1
        }
        let known = Known(findings: findings, markers: marks)
        if byChain[chain].isEmpty { byChain[chain] = Array(repeating: nil, count: Schema.kinds.count + 1) }
        byChain[chain][kindID + 1] = known
        return known
    }

    /// Whether `marker`'s finding is not yet reported in this set; from now on it is.
    mutating func firstInSet(_ marker: Int) -> Bool {
        guard reportedIn[marker] != set else { return false }
        reportedIn[marker] = set
        return true
    }
}

/// What the rules learn about one template or annotation set while walking it.
struct Scope {
    let container: BlockSyntax
    let kind: String
    /// `kind`'s id: the rules that differ between templates, sets and styles test it.
    let kindID: KindID
    /// Element names across the whole set, nested groups included, with their block nodes.
    var names = ElementNames()
    /// Declared parameters (templates) and those some `{{name}}` uses.
    var params: [String: PropertySyntax] = [:]
    var usedParams: Set<String> = []
    /// `from:`/`to:` identifier tokens, checked once every element name is known.
    var elementReferences: [Token] = []

    init(container: BlockSyntax, kind: String) {
        self.container = container
        self.kind = kind
        kindID = KindID(kind)
    }
}

extension Checker {
    mutating func checkContainer(_ block: BlockSyntax, schema: KindSchema, scope: inout Scope) {
        styleFindings.beginSet()
        // Parameters first: interpolations anywhere in the template may use them.
        for (c, entry) in nodes.children(of: block.node.id) where entry.kind == .block && Int(entry.id) == SchemaIndex.paramsKindID {
            guard let params = tree.node(at: c).asBlock else { continue }
            for p in params.properties where scope.params[p.key] == nil { scope.params[p.key] = p }
        }
        checkBody(node: block.node.id, schema: schema, scope: &scope, lint: .container)
        for token in scope.elementReferences where scope.names.node(named: token, in: raw.bytes) == nil {
            let text = raw.text(token)
            let names = scope.names.names(in: raw.bytes).sorted()
            var message = "no element named `\(text)` in this annotation set"
            var fixes: [Fix] = []
            if let guess = didYouMean(text, among: names, at: token.range) {
                message += guess.suffix
                fixes.append(guess.fix)
            }
            findings.report(.undefinedElement, token.range, MessageText(message), fixes: fixes)
        }
        for (name, p) in scope.params where !scope.usedParams.contains(name) {
            findings.report(.unusedParameter, p.keyToken.range, "parameter `\(name)` is never used in `{{\(name)}}`", tags: [.unnecessary])
        }
    }

    /// Properties and child blocks of a template, annotation set, group or element.
    mutating func checkBody(node: Int, schema: KindSchema, scope: inout Scope, lint: LintStep = .none) {
        let id = SchemaIndex.kindID(of: schema)
        checkBody(node: node, kind: id >= 0 ? SchemaIndex.kind(id) : SchemaIndex.KindBox(schema), scope: &scope, lint: lint)
    }

    /// The kind travels boxed: copying a `KindSchema` per element costs a dozen reference counts.
    /// `lint` says what to lint: the block's elements (a set), the block itself (an element),
    /// or nothing.
    mutating func checkBody(node: Int, kind: SchemaIndex.KindBox, scope: inout Scope, lint: LintStep = .none) {
        checkProperties(node: node, kind: kind, scope: &scope)
        // The block's properties are still in `slots`: lint reads them there.
        let frame: LintFrame?
        switch lint {
        case .none: frame = nil
        case .container:
            frame = containerFrame(kindID: kind.id)
            beginReadingContainer(rightToLeft: containerReadsRightToLeft())
        case .element(let outer):
            frame = lintElement(node, kindID: kind.id, frame: outer)
            if let member = lastReadingMember, !readingContainers.isEmpty {
                readingContainers[readingContainers.count - 1].members.append(member)
            }
            // A group's members are a container of their own, read in its direction.
            if frame != nil { beginReadingContainer(rightToLeft: readingContainers.last?.rightToLeft ?? false) }
        }
        lastReadingMember = nil
        slots.removeAll()
        // A group sized by its members: they are collected while they are checked.
        let collects = frame?.sizesGroup ?? false
        let outerMembers = collects ? beginMembers(of: frame!) : MemberExtent()
        for (c, entry) in nodes.children(of: node) {
            guard entry.kind == .block else { continue }
            let header = raw.blockHeader(c)
            guard header.kind != nil else { continue }
            let kindID = Int(entry.id)
            let isElement = kindID >= 0 && SchemaIndex.isElement[kindID]
            guard let placement = kind.childPlacement, SchemaIndex.allows(kindID, in: placement) else {
                if let child = tree.node(at: c).asBlock {
                    reportKindNotAllowed(child, placement: kind.childPlacement, parentKind: kind.schema.name, scope: scope)
                }
                noteUses(ofUnchecked: c, scope: &scope)
                // Misplaced elements are still drawn by previews: lint them too.
                if let frame, isElement {
                    lintUnchecked(c, kindID: kindID, frame: frame)
                    // Its box is not judged: no reading-order fix moves a block past it.
                    if !readingContainers.isEmpty { readingContainers[readingContainers.count - 1].members.append(ReadingMember(node: c, box: nil, isContent: false)) }
                }
                continue
            }
            let childSchema = SchemaIndex.kind(kindID)
            checkNameAndTitle(node: c, header: header, childSchema)
            if let nameToken = header.name, let first = scope.names.insert(nameToken, node: c, in: raw.bytes) {
                findings.report(.duplicateName, raw.headerRange(ofBlock: c),
                       "an element named `\(raw.text(nameToken))` already exists in \(scope.kind) `\(scope.container.name ?? "")`",
                       related: [RelatedLocation(range: raw.headerRange(ofBlock: first), message: "first defined here")])
            }
            if childSchema.freeFormProperties {
                checkProperties(node: c, kind: childSchema, scope: &scope)
                slots.removeAll()
                for nested in tree.node(at: c).asBlock?.blocks ?? [] {
                    reportKindNotAllowed(nested, placement: nil, parentKind: childSchema.schema.name)
                }
            } else {
                checkBody(node: c, kind: childSchema, scope: &scope, lint: frame.map { isElement ? .element($0) : .none } ?? .none)
            }
        }
        if collects, let frame { endMembers(of: node, frame: frame, restoring: outerMembers) }
        if frame != nil { endReadingContainer() }
    }

    mutating func checkProperties(_ block: BlockSyntax, schema: KindSchema, scope: Scope?) {
        var dummy = scope ?? Scope(container: block, kind: schema.name)
        let id = SchemaIndex.kindID(of: schema)
        checkProperties(node: block.node.id, kind: id >= 0 ? SchemaIndex.kind(id) : SchemaIndex.KindBox(schema), scope: &dummy)
        slots.removeAll()
    }

    /// Every property of one block: duplicates, unknown keys, values; then required
    /// properties, exclusions and what the block's style sets. Views are built only to
    /// report: this runs for every block of every document. Leaves the block's properties
    /// in `slots` and its style chain in `slotsChain`, for lint; the caller clears `slots`.
    mutating func checkProperties(node: Int, kind: SchemaIndex.KindBox, scope: inout Scope) {
        let kindID = kind.id
        slots.removeAll()
        if !misspeltKeys.isEmpty { misspeltKeys.removeAll() }
        // Keys without a schema id (parameter names, unknown keys), by text; made on first use.
        var otherKeys: [String: Int]? = nil
        for (c, entry) in nodes.children(of: node) {
            guard entry.kind == .property else { continue }
            let id = Int(entry.id)
            var firstNode = -1
            if id >= 0 {
                if !slots.insert(id, node: c) { firstNode = slots[id] }
            } else {
                let key = propertyKey(c)
                if let first = otherKeys?[key] {
                    firstNode = first
                } else {
                    if otherKeys == nil { otherKeys = [:] }
                    otherKeys?[key] = c
                }
            }
            if firstNode >= 0 {
                let key = propertyKey(c)
                let range = raw.range(of: c)
                findings.report(.duplicateProperty, keyRange(c), "`\(key)` is already set in this block",
                       related: [RelatedLocation(range: raw.range(of: firstNode), message: "first set here")],
                       fixes: [Fix(title: "Remove the repeated `\(key)`", edits: [TextEdit(range: lineRange(of: range), newText: "")], isCertain: false)])
                continue
            }
            if let freeForm = kind.freeFormPropertyType {
                checkValue(node: c, SchemaIndex.PropertyBox(PropertySchema(name: propertyKey(c), type: freeForm, doc: "")),
                           scope: &scope)
                continue
            }
            let ref: Unmanaged<SchemaIndex.PropertyBox>?
            if id < 0 {
                ref = nil
            } else if kind.anyElementProperty {
                ref = context.styleableRefs[id]
            } else {
                ref = kindID >= 0 ? context.propertyRefs[kindID * context.propertyCount + id] : nil
            }
            guard let ref else {
                reportUnknownProperty(node: c, kind: kind, scope: &scope)
                continue
            }
            ref._withUnsafeGuaranteedRef { checkValue(node: c, $0, scope: &scope) }
        }
        let styleNode = slots[key.style]
        slotsChain = context.chain(ofStyleIn: styleNode)
        // Required properties (a style supplies them to elements that use it; one that may
        // be hidden is not reported missing).
        for required in kind.required where slots[required.id] < 0 {
            let schemaProperty = required.property
            if required.alternatives.contains(where: { slots[$0] >= 0 }) { continue }
            if mayBeHidden(required.id) || required.alternatives.contains(where: { mayBeHidden($0) }) { continue }
            guard let block = tree.node(at: node).asBlock else { continue }
            if context.effectiveProperty(block, schemaProperty.name) != nil { continue }
            let placeholder = schemaProperty.type.example
            findings.report(.missingProperty, block.headerRange,
                   "`\(kind.schema.name)` needs `\(schemaProperty.name)` (\(schemaProperty.type.expectation))\(schemaProperty.requiredUnless.isEmpty ? "" : ", or " + schemaProperty.requiredUnless.map { "`\($0)`" }.joined(separator: " or "))",
                   fixes: insertPropertyFix(block, key: schemaProperty.name, value: placeholder).map { [$0] } ?? [])
        }
        for pair in kind.exclusions where slots[pair.0] >= 0 && slots[pair.1] >= 0 {
            guard let a = tree.node(at: slots[pair.0]).asProperty, let b = tree.node(at: slots[pair.1]).asProperty else { continue }
            // Reported at whichever of the two is written second, like a duplicate property.
            let (first, second) = a.range.start < b.range.start ? (a, b) : (b, a)
            findings.report(.conflictingProperties, second.keyToken.range, "`\(second.key)` and `\(first.key)` cannot both be set on `\(kind.schema.name)`",
                   related: [RelatedLocation(range: first.range, message: "`\(first.key)` is set here")])
        }
        if let chain = slotsChain, kindID != SchemaIndex.styleKindID {
            checkStyleApplies(useNode: styleNode, kind: kind, chain: chain)
        }
    }

    func propertyKey(_ node: Int) -> String { raw.text(raw.tokens[raw.firstToken(node)]) }
    func keyRange(_ node: Int) -> ByteRange { raw.tokens[raw.firstToken(node)].range }

    /// Reports each property the style chain sets that the kind does not use, at the
    /// element's `style:` value: once per property and kind in a template or annotation set
    /// (the first use), since one line of a style is one mistake however often it is used.
    /// What a chain reports for a kind is the same at every use, so it is worked out once
    /// per style and kind; each report is its own diagnostic (the language server keys the
    /// JSON it reuses on a diagnostic's wording box), sharing the message and related
    /// locations. Per set, not per document: a set's findings must depend only on its own
    /// text and the styles (`ValidationCache`).
    mutating func checkStyleApplies(useNode: Int, kind: SchemaIndex.KindBox, chain: StyleChain) {
        // A sandbox (`isClean`) looks for errors only.
        guard !inSandbox else { return }
        let kindID = kind.id
        let known: StyleFindings.Known
        if let found = styleFindings.known(chain: chain.index, kindID: kindID) {
            known = found
        } else {
            let styleName = raw.atoms(of: useNode).first.map(raw.text) ?? ""
            let found = styleDoesNotApply(schema: kind.schema, kindID: kindID, styleName: styleName, chain: chain)
            known = styleFindings.remember(found, chain: chain.index, kindID: kindID)
        }
        guard !known.findings.isEmpty else { return }
        let useRange = raw.valueRange(ofProperty: useNode)
        for (finding, marker) in zip(known.findings, known.markers) where styleFindings.firstInSet(marker) {
            findings.append(finding.reported(at: useRange))
        }
    }

    private func styleDoesNotApply(schema: KindSchema, kindID: Int, styleName: String, chain: StyleChain) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        var reported: Set<String> = []
        for style in chain.styles {
            // A key that no element takes is reported in the style itself (TDL102).
            for (i, id) in style.ids.enumerated() where id >= 0 && id != key.style && context.styleableRefs[id] != nil && !SchemaIndex.has(id, inKind: kindID) {
                let p = style.properties[i].property
                let key = p.key
                guard reported.insert(key).inserted else { continue }
                let code = DiagnosticCode.styleDoesNotApply
                // As `MessageText`s: `String` interpolation grows its storage piece by piece.
                let message: MessageText = "style `\(style.block.name ?? styleName)` sets `\(key)`, which `\(schema.name)` does not use"
                let here: MessageText = "`\(key)` is set here"
                findings.append(Diagnostic(
                    code: code.code, severity: code.severity, range: ByteRange(start: 0, end: 0), message: message.string,
                    related: [RelatedLocation(path: style.importedFrom, range: p.range, message: here.string)]))
            }
        }
        return findings
    }

    /// The whole line of `range` including its line break, for edits that delete a line.
    func lineRange(of range: ByteRange) -> ByteRange {
        let bytes = tree.bytes
        var start = range.start
        while start > 0 && (bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09) { start -= 1 }
        var end = range.end
        while end < bytes.count && bytes[end] != 0x0A && bytes[end] != 0x0D {
            if bytes[end] != 0x20 && bytes[end] != 0x09 && bytes[end] != 0x3B { return range }  // more on the line
            end += 1
        }
        if start > 0 && bytes[start - 1] != 0x0A && bytes[start - 1] != 0x0D { return range }
        if end < bytes.count && bytes[end] == 0x0D { end += 1 }
        if end < bytes.count && bytes[end] == 0x0A { end += 1 }
        return ByteRange(start: start, end: end)
    }

    /// An edit inserting `key: value` as the block's last property, indented like its siblings.
    func insertPropertyFix(_ block: BlockSyntax, key: String, value: String) -> Fix? {
        guard let close = block.closeBrace, let open = block.openBrace else { return nil }
        let index = context.lineIndex
        let headerLine = index.line(containing: open.start)
        let closeLine = index.line(containing: close.start)
        let indentOfHeader = leadingWhitespace(ofLine: headerLine, index)
        let newline = LineEnding.majority(in: tree) == .crlf ? "\r\n" : "\n"
        let title = "Add `\(key): \(value)`"
        if headerLine == closeLine {
            // `kind name { … }` on one line: add before the `}`.
            let hasMembers = !block.members.isEmpty
            return Fix(title: title, edits: [TextEdit(range: ByteRange(start: close.start, end: close.start),
                                                      newText: (hasMembers ? "; " : " ") + "\(key): \(value) ")], isCertain: false)
        }
        let at = index.lineStarts[closeLine]
        return Fix(title: title, edits: [TextEdit(range: ByteRange(start: at, end: at),
                                                  newText: indentOfHeader + "  \(key): \(value)" + newline)], isCertain: false)
    }

    func leadingWhitespace(ofLine line: Int, _ index: LineIndex) -> String {
        let r = index.contentRange(ofLine: line)
        var end = r.start
        while end < r.end && (tree.bytes[end] == 0x20 || tree.bytes[end] == 0x09) { end += 1 }
        return tree.text(of: ByteRange(start: r.start, end: end))
    }
}
