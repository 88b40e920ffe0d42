import TemplateFormat

/// A key the block's kind does not have: one report that says everything known about it.
/// When the key is near a property of the kind (`algin` for `align`), the value is checked
/// as that property's and what is wrong with it joins the message, and the one fix edits
/// key and value together: "`text` has no property `algin`; did you mean `align`? (`centre`
/// is not a value of `align`; did you mean `center`? …)". The fix is offered only when its
/// result is right: not when the property is set already, excluded by one that is, or its
/// value has an error no fix corrects.
extension Checker {
    @inline(never)
    mutating func reportUnknownProperty(node: Int, kind: SchemaIndex.KindBox, scope: inout Scope) {
        guard let property = tree.node(at: node).asProperty else { return }
        if reportUnfinishedHeader(property, in: kind.schema) { return }
        let schema = kind.schema
        let names = schema.anyElementProperty ? Schema.styleablePropertyNames : schema.properties.map(\.name)
        var message = "`\(schema.name)` has no property `\(property.key)`"
        var fixes: [Fix] = []
        let guess = nearest(property.key, among: names)
        if let guess {
            message += "; did you mean `\(guess)`?"
            let value = valueFindings(node: node, as: guess, kind: kind, scope: &scope)
            if !value.isEmpty {
                // Checked as `guess`, the value's messages name the key as written.
                let written = "`\(property.key)`", meant = "`\(guess)`"
                message += " (" + value.map { $0.message.replacing(written, with: meant) }.joined(separator: "; ") + ")"
            }
            if let fix = keyFix(property, guess: guess, kind: kind, value: value) { fixes.append(fix) }
        } else if !Schema.kinds(acceptingProperty: property.key).isEmpty {
            let owners = Schema.kinds(acceptingProperty: property.key).prefix(4).map { "`\($0.name)`" }.joined(separator: ", ")
            message += "; it belongs to \(owners)"
        }
        findings.report(.unknownProperty, property.keyToken.range, MessageText(message), fixes: fixes)
        noteUnknownKey(property, meant: allNearest(property.key, among: names), scope: &scope)
    }

    /// What checking the value of property `node` as property `guess` of `kind` would report,
    /// taken back out of the list (and the element references it would add).
    mutating func valueFindings(node: Int, as guess: String, kind: SchemaIndex.KindBox, scope: inout Scope) -> [Diagnostic] {
        let id = SchemaIndex.properties.id(guess)
        guard id >= 0 else { return [] }
        let ref = kind.anyElementProperty ? context.styleableRefs[id] : kind.id >= 0 ? context.propertyRefs[kind.id * context.propertyCount + id] : nil
        guard let ref else { return [] }
        let before = findings.count, references = scope.elementReferences.count
        ref._withUnsafeGuaranteedRef { checkValue(node: node, $0, scope: &scope) }
        let found = Array(findings.takeBack(from: before))
        scope.elementReferences.removeSubrange(references...)
        return found
    }

    /// The fix that writes `guess` for the key and, with it, each value finding's first fix;
    /// nil when its result would still hold an error.
    func keyFix(_ property: PropertySyntax, guess: String, kind: SchemaIndex.KindBox, value: [Diagnostic]) -> Fix? {
        guard let block = property.block, block.property(guess) == nil else { return nil }
        let id = SchemaIndex.properties.id(guess)
        for (a, b) in kind.exclusions where a == id || b == id {
            let other = SchemaIndex.properties.names[a == id ? b : a]
            if block.property(other) != nil { return nil }
        }
        var edits = [TextEdit(range: property.keyToken.range, newText: guess)]
        for finding in value {
            if let fix = finding.fixes.first {
                edits += fix.edits
            } else if finding.severity == .error {
                return nil
            }
        }
        guard edits.count > 1 else { return Fix(title: "Change to `\(guess)`", edits: edits, isCertain: false) }
        // Shown as the whole corrected property when the value's edits lie inside the value.
        let range = property.valueRange
        var text = Array(tree.bytes[range.start..<range.end])
        for edit in edits.dropFirst().sorted(by: { $0.range.start > $1.range.start }) {
            guard edit.range.start >= range.start && edit.range.end <= range.end else {
                return Fix(title: "Change to `\(guess)` and correct the value", edits: edits, isCertain: false)
            }
            text.replaceSubrange((edit.range.start - range.start)..<(edit.range.end - range.start), with: Array(edit.newText.utf8))
        }
        return Fix(title: "Change to `\(guess): \(String(decoding: text, as: UTF8.self))`", edits: edits, isCertain: false)
    }
}

