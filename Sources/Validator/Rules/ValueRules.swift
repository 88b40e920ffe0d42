import TemplateFormat

/// Reads a property's atoms as its schema type says, reporting wrong types, ranges,
/// enum values, references and unsafe URLs.
extension Checker {
    mutating func checkValue(_ property: PropertySyntax, _ schema: PropertySchema, scope: inout Scope, owner: BlockSyntax, ownerKindID: Int) {
        // The atoms are read in place (no array) and a key String is built only for messages:
        // this runs for every property of every document.
        let list = property.atomTokens
        guard list.count > 0 else { return }  // the parser reported the missing value
        let tree = self.tree
        let range = property.valueRange
        func atom(_ i: Int) -> AtomSyntax { AtomSyntax(tree: tree, token: list[i]) }
        func wrong(_ found: String? = nil) {
            let what = found ?? describe(property.atoms)
            report(.wrongType, range, "`\(property.key)` expects \(schema.type.expectation), found \(what)")
        }
        func isString(_ i: Int) -> Bool { list[i].kind == .string || list[i].kind == .multilineString }
        switch schema.type {
        case .string, .languageTag:
            guard list.count == 1, isString(0) else { return wrong() }
            if case .languageTag = schema.type, !isLanguageTag(atom(0).stringValue) {
                report(.wrongType, range, "`\(atom(0).stringValue)` is not a BCP 47 language tag such as \"en\" or \"pt-BR\"")
            }
        case .text:
            guard list.count == 1, isString(0) else { return wrong() }
            checkInterpolations(atom(0), scope: &scope)
        case .url:
            guard list.count == 1, isString(0) else { return wrong() }
            checkURL(atom(0), property: property)
        case .number(let units):
            guard list.count == 1, let n = atom(0).numberLiteral else { return wrong() }
            if n.unitStart < list[0].end && !units.contains(where: { unit(list[0], from: n.unitStart, is: $0) }) {
                let written = tree.text(of: ByteRange(start: n.unitStart, end: list[0].end))
                let allowed = units.isEmpty ? "no unit" : "a bare number or " + units.map { "`\($0.rawValue)`" }.joined(separator: ", ")
                report(.wrongType, list[0].range, "`\(property.key)` takes \(allowed), not `\(written)`")
                return
            }
            checkRange(n.value, schema, list[0].range)
        case .integer:
            guard list.count == 1, let n = atom(0).numberLiteral, n.unitStart == list[0].end,
                  n.value == n.value.rounded(), abs(n.value) < 1e15 else {
                return wrong()
            }
            checkRange(n.value, schema, list[0].range)
        case .boolean:
            guard list.count == 1, list[0].kind == .identifier,
                  tree.token(list[0], equals: "true") || tree.token(list[0], equals: "false") else {
                return wrong()
            }
        case .color:
            guard list.count == 1 else { return wrong() }
            checkColor(atom(0), property: property)
        case .point:
            if !checkPoint(list, schema: schema) { wrong() }
        case .size:
            guard list.count == 3, let w = atom(0).numberLiteral, list[1].kind == .identifier, tree.token(list[1], equals: "x"),
                  let h = atom(2).numberLiteral, pxOnly(list[0], w.unitStart), pxOnly(list[2], h.unitStart) else {
                if list.count == 2, list[0].kind == .number, list[1].kind == .number, atom(0).numberLiteral != nil, atom(1).numberLiteral != nil {
                    let a = atom(0).text, b = atom(1).text
                    report(.wrongType, range, "`\(property.key)` is a size, written `W x H`",
                           fixes: [Fix(title: "Write `\(a) x \(b)`",
                                       edits: [TextEdit(range: range, newText: "\(a) x \(b)")])])
                    return
                }
                return wrong()
            }
            checkRange(w.value, schema, list[0].range)
            checkRange(h.value, schema, list[2].range)
        case .enumeration(let values):
            guard list.count == 1, list[0].kind == .identifier else { return wrong() }
            let value = atom(0).text
            if !values.contains(value) {
                let key = property.key
                var message = "`\(value)` is not a value of `\(key)`; expected one of " + values.map { "`\($0)`" }.joined(separator: ", ")
                var fixes: [Fix] = []
                if let guess = nearest(value, among: values) {
                    message = "`\(value)` is not a value of `\(key)`; did you mean `\(guess)`? Expected one of " + values.map { "`\($0)`" }.joined(separator: ", ")
                    fixes.append(Fix(title: "Change to `\(guess)`", edits: [TextEdit(range: list[0].range, newText: guess)], isCertain: false))
                }
                report(.unknownEnumValue, list[0].range, message, fixes: fixes)
            }
        case .font:
            guard list.count <= 2, isString(0) else { return wrong() }
            if list.count == 2 {
                let weight = atom(1).text
                if list[1].kind != .identifier || !Schema.fontWeights.contains(weight) {
                    var message = "`\(weight)` is not a font weight; expected one of " + Schema.fontWeights.map { "`\($0)`" }.joined(separator: ", ")
                    var fixes: [Fix] = []
                    if let guess = nearest(weight, among: Schema.fontWeights) {
                        message += "; did you mean `\(guess)`?"
                        fixes.append(Fix(title: "Change to `\(guess)`", edits: [TextEdit(range: list[1].range, newText: guess)], isCertain: false))
                    }
                    report(.unknownEnumValue, list[1].range, message, fixes: fixes)
                }
            }
        case .styleReference:
            guard list.count == 1, list[0].kind == .identifier else { return wrong() }
            let name = atom(0).text
            if styles[name] == nil {
                let candidates = Array(styles.keys).sorted()
                var message = "no style named `\(name)`"
                var fixes: [Fix] = []
                if let guess = nearest(name, among: candidates) {
                    message += "; did you mean `\(guess)`?"
                    fixes.append(Fix(title: "Change to `\(guess)`", edits: [TextEdit(range: list[0].range, newText: guess)], isCertain: false))
                }
                report(.undefinedStyle, list[0].range, message, fixes: fixes)
            } else if ownerKindID != SchemaIndex.styleKindID {
                // A style is used when an element uses it, directly or through other styles; a
                // style used only by another style counts once that style is used.
                markStyleUsed(name)
            }
        case .pointOrElement:
            if list.count == 1, list[0].kind == .identifier {
                scope.elementReferences.append(atom(0))
            } else if !checkPoint(list, schema: schema) {
                wrong()
            }
        case .paramDefault:
            guard list.count == 1 else { return wrong() }
            let t = list[0]
            let ok = isString(0) || (atom(0).numberLiteral.map { $0.unitStart == t.end } ?? false)
                || (t.kind == .identifier && (tree.token(t, equals: "true") || tree.token(t, equals: "false")))
            if !ok { wrong() }
        }
    }

    /// Marks a style and the styles it extends as used (once: a used style's chain is already marked).
    mutating func markStyleUsed(_ name: String) {
        guard !usedStyles.contains(name) else { return }
        for style in chains[name] ?? [] {
            if let n = style.block.name { usedStyles.insert(n) }
        }
    }

    /// Whether the unit written from `start` to the end of `token` is `unit`.
    func unit(_ token: Token, from start: Int, is unit: ValueUnit) -> Bool {
        var name = unit.rawValue
        return name.withUTF8 { u in
            tree.bytes.withUnsafeBufferPointer { b in
                guard token.end - start == u.count else { return false }
                for i in 0..<u.count where b[start + i] != u[i] { return false }
                return true
            }
        }
    }

    /// A coordinate: unitless or `px`.
    func pxOnly(_ token: Token, _ unitStart: Int) -> Bool {
        unitStart == token.end || unit(token, from: unitStart, is: .px)
    }


    /// Checks `x, y`; false when the atoms are not a point at all.
    mutating func checkPoint(_ list: AtomTokens, schema: PropertySchema) -> Bool {
        guard list.count == 2, let x = AtomSyntax(tree: tree, token: list[0]).numberLiteral,
              let y = AtomSyntax(tree: tree, token: list[1]).numberLiteral,
              pxOnly(list[0], x.unitStart), pxOnly(list[1], y.unitStart) else {
            return false
        }
        checkRange(x.value, schema, list[0].range)
        checkRange(y.value, schema, list[1].range)
        return true
    }

    mutating func checkRange(_ value: Double, _ schema: PropertySchema, _ range: ByteRange) {
        guard let allowed = schema.range, !allowed.contains(value) else { return }
        report(.outOfRange, range, "`\(schema.name)` must be \(allowed), found \(formatNumber(value))")
    }

    mutating func checkColor(_ atom: AtomSyntax, property: PropertySyntax) {
        switch atom.kind {
        case .color:
            return  // malformed colours are syntax errors
        case .identifier:
            if RGBAColor(atom: atom) != nil { return }
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
            report(.wrongType, atom.range, "`\(property.key)` expects a colour (#RRGGBB or a CSS colour name), found \(describe([atom]))")
        }
    }

    mutating func checkInterpolations(_ atom: AtomSyntax, scope: inout Scope) {
        // Both interpolations and stray `{{` need two braces in a row: most strings have none.
        let content = atom.contentRange
        let hasBraces = tree.bytes.withUnsafeBufferPointer { b -> Bool in
            var k = content.start
            while k + 1 < content.end {
                if b[k] == 0x7B && b[k + 1] == 0x7B { return true }
                k += 1
            }
            return false
        }
        guard hasBraces else { return }
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

    mutating func checkURL(_ atom: AtomSyntax, property: PropertySyntax) {
        // Most URLs are relative paths: with no `:` and no escape in the source there is no
        // scheme to judge, so the string need not be decoded.
        let content = atom.contentRange
        let bytes = tree.bytes
        var mayHaveScheme = false
        for k in content.start..<content.end where bytes[k] == 0x3A || bytes[k] == 0x5C { mayHaveScheme = true; break }
        if !mayHaveScheme { return }
        // The common absolute URL: a plain `http:` or `https:` prefix is allowed everywhere.
        if tree.text(in: ByteRange(start: content.start, end: min(content.end, content.start + 6)), equals: "https:")
            || tree.text(in: ByteRange(start: content.start, end: min(content.end, content.start + 5)), equals: "http:") { return }
        let key = property.key
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
