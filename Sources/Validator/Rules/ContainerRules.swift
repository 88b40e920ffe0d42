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
        let findings = Lint(checker: self).run(container: block, kind: schema.name)
        diagnostics.append(contentsOf: findings)
    }

    /// Properties and child blocks of a template, annotation set, group or element.
    mutating func checkBody(_ block: BlockSyntax, schema: KindSchema, scope: inout Scope) {
        checkProperties(block, schema: schema, scope: &scope)
        for child in block.blocks {
            let kind = child.kind
            guard !kind.isEmpty else { continue }
            guard let placement = schema.childPlacement, let childSchema = Schema.kind(kind, in: placement) else {
                reportKindNotAllowed(child, placement: schema.childPlacement, parentKind: schema.name)
                continue
            }
            checkNameAndTitle(child, childSchema)
            if let name = child.name {
                if let first = scope.names[name] {
                    report(.duplicateName, child.headerRange,
                           "an element named `\(name)` already exists in \(scope.kind) `\(scope.container.name ?? "")`",
                           related: [RelatedLocation(range: first.headerRange, message: "first defined here")])
                } else {
                    scope.names[name] = child
                }
            }
            if kind == "params" {
                checkProperties(child, schema: childSchema, scope: &scope)
                for nested in child.blocks { reportKindNotAllowed(nested, placement: nil, parentKind: "params") }
            } else {
                checkBody(child, schema: childSchema, scope: &scope)
            }
        }
    }

    mutating func checkProperties(_ block: BlockSyntax, schema: KindSchema, scope: Scope?) {
        var dummy = scope ?? Scope(container: block, kind: schema.name)
        checkProperties(block, schema: schema, scope: &dummy)
    }

    mutating func checkProperties(_ block: BlockSyntax, schema: KindSchema, scope: inout Scope) {
        var seen: [String: PropertySyntax] = [:]
        for property in block.properties {
            let key = property.key
            if let first = seen[key] {
                report(.duplicateProperty, property.keyToken.range, "`\(key)` is already set in this block",
                       related: [RelatedLocation(range: first.range, message: "first set here")],
                       fixes: [Fix(title: "Remove the repeated `\(key)`", edits: [TextEdit(range: lineRange(of: property.range), newText: "")], isCertain: false)])
                continue
            }
            seen[key] = property
            let propertySchema: PropertySchema?
            if let freeForm = schema.freeFormPropertyType {
                propertySchema = PropertySchema(name: key, type: freeForm, doc: "")
            } else if schema.anyElementProperty {
                propertySchema = Schema.styleableProperty(key)
            } else {
                propertySchema = schema.property(key)
            }
            guard let propertySchema else {
                reportUnknownProperty(property, schema: schema)
                continue
            }
            checkValue(property, propertySchema, scope: &scope, owner: block)
        }
        // Required properties (a style supplies them to elements that use it).
        for required in schema.requiredProperties where seen[required.name] == nil {
            if case .requiredUnless(let alternatives) = required.requirement, alternatives.contains(where: { seen[$0] != nil }) { continue }
            if effectiveProperty(block, required.name) != nil { continue }
            let placeholder = required.type.example
            report(.missingProperty, block.headerRange,
                   "`\(schema.name)` needs `\(required.name)` (\(required.type.expectation))"
                   + (required.requiredUnless.isEmpty ? "" : ", or " + required.requiredUnless.map { "`\($0)`" }.joined(separator: " or ")),
                   fixes: insertPropertyFix(block, key: required.name, value: placeholder).map { [$0] } ?? [])
        }
        for property in block.properties {
            guard let p = schema.property(property.key) else { continue }
            for other in p.excludes where property.key < other {
                if let clash = seen[other] {
                    // Reported at whichever of the two is written second, like a duplicate property.
                    let (first, second) = property.range.start < clash.range.start ? (property, clash) : (clash, property)
                    report(.conflictingProperties, second.keyToken.range, "`\(second.key)` and `\(first.key)` cannot both be set on `\(schema.name)`",
                           related: [RelatedLocation(range: first.range, message: "`\(first.key)` is set here")])
                }
            }
        }
        if let styleName = block.property("style")?.atoms.first?.text, schema.name != "style", styles[styleName] != nil {
            checkStyleApplies(block, schema: schema, styleName: styleName)
        }
    }

    mutating func checkStyleApplies(_ block: BlockSyntax, schema: KindSchema, styleName: String) {
        guard let use = block.property("style") else { return }
        var reported: Set<String> = []
        for style in styleChain(startingWith: styleName) {
            for p in style.block.properties where p.key != "style" && schema.property(p.key) == nil && !reported.contains(p.key) {
                reported.insert(p.key)
                report(.styleDoesNotApply, use.valueRange,
                       "style `\(style.block.name ?? styleName)` sets `\(p.key)`, which `\(schema.name)` does not use",
                       related: [RelatedLocation(path: style.importedFrom, range: p.range, message: "`\(p.key)` is set here")])
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
