import TemplateFormat

/// What the rules learn about one template or annotation set while walking it.
struct Scope {
    let container: BlockSyntax
    let kind: String
    /// Element names across the whole set, nested groups included.
    var names: [String: BlockSyntax] = [:]
    /// Declared parameters (templates) and those some `{{name}}` uses.
    var params: [String: PropertySyntax] = [:]
    var usedParams: Set<String> = []
    /// `from:`/`to:` identifiers, checked once every element name is known.
    var elementReferences: [AtomSyntax] = []

    init(container: BlockSyntax, kind: String) {
        self.container = container
        self.kind = kind
    }
}

extension Checker {
    mutating func checkContainer(_ block: BlockSyntax, schema: KindSchema, scope: inout Scope) {
        // Parameters first: interpolations anywhere in the template may use them.
        for params in block.blocks where params.kind == "params" {
            for p in params.properties where scope.params[p.key] == nil { scope.params[p.key] = p }
        }
        checkBody(block, schema: schema, scope: &scope)
        for atom in scope.elementReferences where scope.names[atom.text] == nil {
            let names = Array(scope.names.keys).sorted()
            var message = "no element named `\(atom.text)` in this annotation set"
            var fixes: [Fix] = []
            if let guess = nearest(atom.text, among: names) {
                message += "; did you mean `\(guess)`?"
                fixes.append(Fix(title: "Change to `\(guess)`", edits: [TextEdit(range: atom.range, newText: guess)], isCertain: false))
            }
            report(.undefinedElement, atom.range, message, fixes: fixes)
        }
        for (name, p) in scope.params where !scope.usedParams.contains(name) {
            report(.unusedParameter, p.keyToken.range, "parameter `\(name)` is never used in `{{\(name)}}`", tags: [.unnecessary])
        }
        // Lint reads the styles through a copy of the checker; collect its findings first so
        // appending does not copy `diagnostics` (shared with that copy) on every template.
        let findings: [Diagnostic] = {
            var lint = Lint(checker: self)
            return lint.run(container: block, kind: schema.name)
        }()
        diagnostics.append(contentsOf: findings)
    }

    /// Properties and child blocks of a template, annotation set, group or element.
    mutating func checkBody(_ block: BlockSyntax, schema: KindSchema, scope: inout Scope) {
        checkProperties(block, schema: schema, scope: &scope)
        let entries = nodes.entries
        var c = block.node.id + 1
        let end = Int(entries[block.node.id].subtreeEnd)
        while c < end {
            let entry = entries[c]
            defer { c = Int(entry.subtreeEnd) }
            guard entry.kind == .block, let child = tree.node(at: c).asBlock else { continue }
            let header = child.headerTokens
            guard header.kind != nil else { continue }
            let kindID = Int(entry.id)
            guard let placement = schema.childPlacement, kindID >= 0, Schema.kinds[kindID].allowedIn.contains(placement) else {
                reportKindNotAllowed(child, placement: schema.childPlacement, parentKind: schema.name)
                continue
            }
            let childSchema = Schema.kinds[kindID]
            checkNameAndTitle(child, childSchema)
            if let nameToken = header.name {
                let name = tree.text(of: nameToken)
                if let first = scope.names[name] {
                    report(.duplicateName, child.headerRange,
                           "an element named `\(name)` already exists in \(scope.kind) `\(scope.container.name ?? "")`",
                           related: [RelatedLocation(range: first.headerRange, message: "first defined here")])
                } else {
                    scope.names[name] = child
                }
            }
            if childSchema.freeFormProperties {
                checkProperties(child, schema: childSchema, scope: &scope)
                for nested in child.blocks { reportKindNotAllowed(nested, placement: nil, parentKind: childSchema.name) }
            } else {
                checkBody(child, schema: childSchema, scope: &scope)
            }
        }
    }

    mutating func checkProperties(_ block: BlockSyntax, schema: KindSchema, scope: Scope?) {
        var dummy = scope ?? Scope(container: block, kind: schema.name)
        checkProperties(block, schema: schema, scope: &dummy)
    }

    /// Every property of one block: duplicates, unknown keys, values; then required
    /// properties, exclusions and what the block's style sets.
    mutating func checkProperties(_ block: BlockSyntax, schema: KindSchema, scope: inout Scope) {
        let kindID = SchemaIndex.kindID(of: schema)
        slots.removeAll()
        // Keys without a schema id (parameter names, unknown keys), by text.
        var otherKeys: [String: PropertySyntax] = [:]
        let entries = nodes.entries
        var c = block.node.id + 1
        let end = Int(entries[block.node.id].subtreeEnd)
        while c < end {
            let entry = entries[c]
            defer { c = Int(entry.subtreeEnd) }
            guard entry.kind == .property, let property = tree.node(at: c).asProperty else { continue }
            let id = Int(entry.id)
            var firstNode = -1
            if id >= 0 {
                if !slots.insert(id, node: c) { firstNode = slots[id] }
            } else {
                let key = property.key
                if let first = otherKeys[key] { firstNode = first.node.id } else { otherKeys[key] = property }
            }
            if firstNode >= 0, let first = tree.node(at: firstNode).asProperty {
                let key = property.key
                report(.duplicateProperty, property.keyToken.range, "`\(key)` is already set in this block",
                       related: [RelatedLocation(range: first.range, message: "first set here")],
                       fixes: [Fix(title: "Remove the repeated `\(key)`", edits: [TextEdit(range: lineRange(of: property.range), newText: "")], isCertain: false)])
                continue
            }
            let propertySchema: PropertySchema?
            if let freeForm = schema.freeFormPropertyType {
                propertySchema = PropertySchema(name: property.key, type: freeForm, doc: "")
            } else if schema.anyElementProperty {
                propertySchema = id >= 0 ? SchemaIndex.styleable[id] : nil
            } else {
                propertySchema = SchemaIndex.property(id, inKind: kindID)
            }
            guard let propertySchema else {
                reportUnknownProperty(property, schema: schema)
                continue
            }
            checkValue(property, propertySchema, scope: &scope, owner: block, ownerKindID: kindID)
        }
        func isSet(_ name: String) -> Bool {
            let id = SchemaIndex.properties.id(name)
            return id >= 0 ? slots[id] >= 0 : otherKeys[name] != nil
        }
        // Required properties (a style supplies them to elements that use it).
        for required in SchemaIndex.required(kindID) where slots[required.id] < 0 {
            let schemaProperty = required.property
            if required.alternatives.contains(where: { slots[$0] >= 0 }) { continue }
            if effectiveProperty(block, schemaProperty.name) != nil { continue }
            let placeholder = schemaProperty.type.example
            report(.missingProperty, block.headerRange,
                   "`\(schema.name)` needs `\(schemaProperty.name)` (\(schemaProperty.type.expectation))"
                   + (schemaProperty.requiredUnless.isEmpty ? "" : ", or " + schemaProperty.requiredUnless.map { "`\($0)`" }.joined(separator: " or ")),
                   fixes: insertPropertyFix(block, key: schemaProperty.name, value: placeholder).map { [$0] } ?? [])
        }
        for pair in SchemaIndex.exclusions(kindID) where slots[pair.0] >= 0 && slots[pair.1] >= 0 {
            guard let a = tree.node(at: slots[pair.0]).asProperty, let b = tree.node(at: slots[pair.1]).asProperty else { continue }
            // Reported at whichever of the two is written second, like a duplicate property.
            let (first, second) = a.range.start < b.range.start ? (a, b) : (b, a)
            report(.conflictingProperties, second.keyToken.range, "`\(second.key)` and `\(first.key)` cannot both be set on `\(schema.name)`",
                   related: [RelatedLocation(range: first.range, message: "`\(first.key)` is set here")])
        }
        if schema.name != "style", slots[SchemaIndex.Key.style] >= 0,
           let use = tree.node(at: slots[SchemaIndex.Key.style]).asProperty,
           let styleToken = use.atomTokens.first {
            let styleName = tree.text(of: styleToken)
            if let chain = chains[styleName] {
                checkStyleApplies(use, schema: schema, kindID: kindID, styleName: styleName, chain: chain)
            }
        }
        slots.removeAll()
    }

    mutating func checkStyleApplies(_ use: PropertySyntax, schema: KindSchema, kindID: Int, styleName: String, chain: [StyleDefinition]) {
        var reported: Set<String> = []
        for style in chain {
            for (id, p) in style.properties where id != SchemaIndex.Key.style && SchemaIndex.property(id, inKind: kindID) == nil {
                let key = p.key
                guard reported.insert(key).inserted else { continue }
                report(.styleDoesNotApply, use.valueRange,
                       "style `\(style.block.name ?? styleName)` sets `\(key)`, which `\(schema.name)` does not use",
                       related: [RelatedLocation(path: style.importedFrom, range: p.range, message: "`\(key)` is set here")])
            }
        }
    }

    mutating func reportUnknownProperty(_ property: PropertySyntax, schema: KindSchema) {
        let names = schema.anyElementProperty ? Schema.styleablePropertyNames : schema.properties.map(\.name)
        var message = "`\(schema.name)` has no property `\(property.key)`"
        var fixes: [Fix] = []
        if let guess = nearest(property.key, among: names) {
            message += "; did you mean `\(guess)`?"
            fixes.append(Fix(title: "Change to `\(guess)`", edits: [TextEdit(range: property.keyToken.range, newText: guess)], isCertain: false))
        } else if !Schema.kinds(acceptingProperty: property.key).isEmpty {
            let owners = Schema.kinds(acceptingProperty: property.key).prefix(4).map { "`\($0.name)`" }.joined(separator: ", ")
            message += "; it belongs to \(owners)"
        }
        report(.unknownProperty, property.keyToken.range, message, fixes: fixes)
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
        let index = lineIndex
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
