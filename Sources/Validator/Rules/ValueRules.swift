import TemplateFormat

/// Reads a property's atoms as its schema type says, reporting wrong types, ranges,
/// enum values, references and unsafe URLs.
extension Checker {
    mutating func checkValue(_ property: PropertySyntax, _ schema: PropertySchema, scope: inout Scope, owner: BlockSyntax) {
        let atoms = property.atoms
        guard !atoms.isEmpty else { return }  // the parser reported the missing value
        let range = property.valueRange
        func wrong(_ found: String? = nil) {
            let what = found ?? describe(atoms)
            report(.wrongType, range, "`\(property.key)` expects \(schema.type.expectation), found \(what)")
        }
        switch schema.type {
        case .string, .languageTag:
            guard atoms.count == 1, atoms[0].kind == .string else { return wrong() }
            if case .languageTag = schema.type, !isLanguageTag(atoms[0].stringValue) {
                report(.wrongType, range, "`\(atoms[0].stringValue)` is not a BCP 47 language tag such as \"en\" or \"pt-BR\"")
            }
        case .text:
            guard atoms.count == 1, atoms[0].kind == .string else { return wrong() }
            checkInterpolations(atoms[0], scope: &scope)
        case .url:
            guard atoms.count == 1, atoms[0].kind == .string else { return wrong() }
            checkURL(atoms[0], key: property.key)
        case .number(let units):
            guard atoms.count == 1, let n = atoms[0].number else { return wrong() }
            if let unit = n.unit, !units.map(\.rawValue).contains(unit) {
                let allowed = units.isEmpty ? "no unit" : "a bare number or " + units.map { "`\($0.rawValue)`" }.joined(separator: ", ")
                report(.wrongType, atoms[0].range, "`\(property.key)` takes \(allowed), not `\(unit)`")
                return
            }
            checkRange(n.value, schema, atoms[0].range)
        case .integer:
            guard atoms.count == 1, let n = atoms[0].number, n.unit == nil, n.value == n.value.rounded(), abs(n.value) < 1e15 else {
                return wrong()
            }
            checkRange(n.value, schema, atoms[0].range)
        case .boolean:
            guard atoms.count == 1, atoms[0].kind == .identifier, atoms[0].text == "true" || atoms[0].text == "false" else {
                return wrong()
            }
        case .color:
            guard atoms.count == 1 else { return wrong() }
            checkColor(atoms[0], key: property.key)
        case .point:
            if !checkPoint(atoms, schema: schema) { wrong() }
        case .size:
            guard atoms.count == 3, let w = atoms[0].number, atoms[1].kind == .identifier, atoms[1].text == "x",
                  let h = atoms[2].number, pxOnly(w.unit), pxOnly(h.unit) else {
                if atoms.count == 2, atoms.allSatisfy({ $0.number != nil }) {
                    report(.wrongType, range, "`\(property.key)` is a size, written `W x H`",
                           fixes: [Fix(title: "Write `\(atoms[0].text) x \(atoms[1].text)`",
                                       edits: [TextEdit(range: range, newText: "\(atoms[0].text) x \(atoms[1].text)")])])
                    return
                }
                return wrong()
            }
            checkRange(w.value, schema, atoms[0].range)
            checkRange(h.value, schema, atoms[2].range)
        case .enumeration(let values):
            guard atoms.count == 1, atoms[0].kind == .identifier else { return wrong() }
            let value = atoms[0].text
            if !values.contains(value) {
                var message = "`\(value)` is not a value of `\(property.key)`; expected one of " + values.map { "`\($0)`" }.joined(separator: ", ")
                var fixes: [Fix] = []
                if let guess = nearest(value, among: values) {
                    message = "`\(value)` is not a value of `\(property.key)`; did you mean `\(guess)`? Expected one of " + values.map { "`\($0)`" }.joined(separator: ", ")
                    fixes.append(Fix(title: "Change to `\(guess)`", edits: [TextEdit(range: atoms[0].range, newText: guess)], isCertain: false))
                }
                report(.unknownEnumValue, atoms[0].range, message, fixes: fixes)
            }
        case .font:
            guard atoms.count <= 2, atoms[0].kind == .string else { return wrong() }
            if atoms.count == 2 {
                let weight = atoms[1].text
                if atoms[1].kind != .identifier || !Schema.fontWeights.contains(weight) {
                    var message = "`\(weight)` is not a font weight; expected one of " + Schema.fontWeights.map { "`\($0)`" }.joined(separator: ", ")
                    var fixes: [Fix] = []
                    if let guess = nearest(weight, among: Schema.fontWeights) {
                        message += "; did you mean `\(guess)`?"
                        fixes.append(Fix(title: "Change to `\(guess)`", edits: [TextEdit(range: atoms[1].range, newText: guess)], isCertain: false))
                    }
                    report(.unknownEnumValue, atoms[1].range, message, fixes: fixes)
                }
            }
        case .styleReference:
            guard atoms.count == 1, atoms[0].kind == .identifier else { return wrong() }
            let name = atoms[0].text
            if styles[name] == nil {
                let candidates = Array(styles.keys).sorted()
                var message = "no style named `\(name)`"
                var fixes: [Fix] = []
                if let guess = nearest(name, among: candidates) {
                    message += "; did you mean `\(guess)`?"
                    fixes.append(Fix(title: "Change to `\(guess)`", edits: [TextEdit(range: atoms[0].range, newText: guess)], isCertain: false))
                }
                report(.undefinedStyle, atoms[0].range, message, fixes: fixes)
            } else if owner.kind != "style" || owner.name != name {
                markStyleUsed(name, by: owner)
            }
        case .pointOrElement:
            if atoms.count == 1, atoms[0].kind == .identifier {
                scope.elementReferences.append(atoms[0])
            } else if !checkPoint(atoms, schema: schema) {
                wrong()
            }
        case .paramDefault:
            guard atoms.count == 1 else { return wrong() }
            let a = atoms[0]
            let ok = a.kind == .string || (a.number.map { $0.unit == nil } ?? false)
                || (a.kind == .identifier && (a.text == "true" || a.text == "false"))
            if !ok { wrong() }
        }
    }

    /// A style is used when an element uses it, directly or through other styles; a style
    /// used only by another style counts once that style is used.
    mutating func markStyleUsed(_ name: String, by owner: BlockSyntax) {
        if owner.kind == "style" { return }  // counted when an element reaches it
        for style in styleChain(startingWith: name) {
            if let n = style.block.name { usedStyles.insert(n) }
        }
    }

    func pxOnly(_ unit: String?) -> Bool { unit == nil || unit == "px" }

    /// Checks `x, y`; false when the atoms are not a point at all.
    mutating func checkPoint(_ atoms: [AtomSyntax], schema: PropertySchema) -> Bool {
        guard atoms.count == 2, let x = atoms[0].number, let y = atoms[1].number, pxOnly(x.unit), pxOnly(y.unit) else {
            return false
        }
        checkRange(x.value, schema, atoms[0].range)
        checkRange(y.value, schema, atoms[1].range)
        return true
    }

    mutating func checkRange(_ value: Double, _ schema: PropertySchema, _ range: ByteRange) {
        guard let allowed = schema.range, !allowed.contains(value) else { return }
        report(.outOfRange, range, "`\(schema.name)` must be \(allowed), found \(formatNumber(value))")
    }

    mutating func checkColor(_ atom: AtomSyntax, key: String) {
        switch atom.kind {
        case .color:
            return  // malformed colours are syntax errors
        case .identifier:
            if Schema.namedColor(atom.text) != nil { return }
            var message = "`\(atom.text)` is not a colour; use #RRGGBB or a CSS colour name"
            var fixes: [Fix] = []
            if let lower = Schema.namedColor(atom.text.lowercased()).map({ _ in atom.text.lowercased() }) {
                message = "colour names are lower case: `\(lower)`"
                fixes.append(Fix(title: "Change to `\(lower)`", edits: [TextEdit(range: atom.range, newText: lower)]))
            } else if let guess = nearest(atom.text, among: Schema.namedColorNames) {
                message += "; did you mean `\(guess)`?"
                fixes.append(Fix(title: "Change to `\(guess)`", edits: [TextEdit(range: atom.range, newText: guess)], isCertain: false))
            }
            report(.unknownEnumValue, atom.range, message, fixes: fixes)
        default:
            report(.wrongType, atom.range, "`\(key)` expects a colour (#RRGGBB or a CSS colour name), found \(describe([atom]))")
        }
    }

    mutating func checkInterpolations(_ atom: AtomSyntax, scope: inout Scope) {
        let found = atom.interpolations
        for (name, range) in found {
            if !isIdentifier(name) {
                report(.malformedInterpolation, range, "`{{\(name)}}` is not a parameter reference; write `{{name}}`, or `\\{{` for literal braces")
                continue
            }
            if range.length != name.utf8.count + 4 {
                // `{{ name }}`: the name must sit directly between the braces (docs/LANGUAGE.md, Strings).
                report(.malformedInterpolation, range, "`{{` and `}}` must touch the parameter name: write `{{\(name)}}`, or `\\{{` for literal braces",
                       fixes: [Fix(title: "Write `{{\(name)}}`", edits: [TextEdit(range: range, newText: "{{\(name)}}")], isCertain: false),
                               Fix(title: "Escape the brace", edits: [TextEdit(range: ByteRange(start: range.start, end: range.start), newText: "\\")], isCertain: false)])
                continue
            }
            if scope.kind == "annotations" {
                // Only templates declare parameters; in an annotation set `{{name}}` would be shown as is.
                report(.undefinedParameter, range, "`{{\(name)}}` refers to a parameter, but annotation sets have none; write `\\{{` for literal braces",
                       fixes: [Fix(title: "Escape the brace", edits: [TextEdit(range: ByteRange(start: range.start, end: range.start), newText: "\\")])])
                continue
            }
            if scope.kind != "template" { continue }  // styles: checked where a template uses them
            if scope.params[name] != nil {
                scope.usedParams.insert(name)
            } else {
                let declared = Array(scope.params.keys).sorted()
                var message = "parameter `\(name)` is not declared in this template's `params`"
                var fixes: [Fix] = []
                if let guess = nearest(name, among: declared) {
                    message += "; did you mean `\(guess)`?"
                    fixes.append(Fix(title: "Change to `{{\(guess)}}`", edits: [TextEdit(range: range, newText: "{{\(guess)}}")], isCertain: false))
                }
                report(.undefinedParameter, range, message, fixes: fixes)
            }
        }
        // A `{{` that formed no interpolation.
        let bytes = tree.bytes
        let content = atom.contentRange
        var k = content.start
        while k + 1 < content.end {
            if bytes[k] == 0x5C { k += 2; continue }
            if bytes[k] == 0x7B && bytes[k + 1] == 0x7B {
                if !found.contains(where: { $0.range.start == k }) {
                    report(.malformedInterpolation, ByteRange(start: k, end: k + 2),
                           "`{{` starts no `{{name}}` interpolation; write `\\{{` for literal braces",
                           fixes: [Fix(title: "Escape the brace", edits: [TextEdit(range: ByteRange(start: k, end: k), newText: "\\")])])
                    k += 2
                    continue
                }
                if let r = found.first(where: { $0.range.start == k })?.range { k = r.end; continue }
            }
            k += 1
        }
    }

    mutating func checkURL(_ atom: AtomSyntax, key: String) {
        // Most URLs are relative paths: with no `:` and no escape in the source there is no
        // scheme to judge, so the string need not be decoded.
        let content = atom.contentRange
        let bytes = tree.bytes
        var mayHaveScheme = false
        for k in content.start..<content.end where bytes[k] == 0x3A || bytes[k] == 0x5C { mayHaveScheme = true; break }
        if !mayHaveScheme { return }
        switch URLPolicy.classify(atom.stringValue, forKey: key) {
        case .allowed:
            break
        case .dangerous(let scheme):
            report(.unsafeURL, atom.range, "`\(key)` uses a `\(scheme):` URL, which can run script or embed content; it is never exported. Use an http, https or mailto URL, or a relative path")
        case .unsupported(let scheme):
            let allowed = URLPolicy.allowsMailto(key: key) ? "http, https, mailto and relative paths" : "http, https and relative paths"
            report(.unsupportedURL, atom.range, "`\(key)` uses the `\(scheme):` scheme; for `\(key)` only \(allowed) are exported")
        }
    }

    func describe(_ atoms: [AtomSyntax]) -> String {
        if atoms.count > 1 { return "\(atoms.count) values `" + atoms.map(\.text).joined(separator: " ") + "`" }
        guard let a = atoms.first else { return "nothing" }
        switch a.kind {
        case .string: return "a string"
        case .number: return "the number `\(a.text)`"
        case .color: return "the colour `\(a.text)`"
        case .identifier: return "`\(a.text)`"
        }
    }

    func isIdentifier(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic || first == "_" else { return false }
        return s.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-") }
    }

    func isLanguageTag(_ s: String) -> Bool {
        let parts = s.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...8).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return parts.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }
}

func formatNumber(_ v: Double) -> String {
    v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
}
