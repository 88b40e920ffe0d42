import TemplateFormat

/// Reads a property's atoms as its schema type says, reporting wrong types, ranges,
/// enum values, references and unsafe URLs. Numbers, points, sizes and colours it reads are
/// kept in `decoded` for lint.
extension Checker {
    @inline(__always)
    mutating func checkValue(node: Int, _ schema: SchemaIndex.PropertyBox, scope: inout Scope) {
        // Atoms are read in place through the raw view and the type through the box's plain
        // descriptor; views and key Strings are built only for messages: this runs for every
        // property of every document. Most values are one atom: `checkAtom` takes it in
        // registers, so neither path keeps a four-token list alive across the type switch.
        let list = raw.atoms(of: node)
        if list.count == 1 { return checkAtom(list[0], node: node, schema, scope: &scope) }
        guard list.count > 0 else { return }  // the parser reported the missing value
        checkAtoms(list, node: node, schema)
    }

    /// A value of one atom, `t`.
    @inline(never)
    mutating func checkAtom(_ t: Token, node: Int, _ schema: SchemaIndex.PropertyBox, scope: inout Scope) {
        let bytes = raw.bytes
        let isString = t.kind == .string || t.kind == .multilineString
        switch schema.check {
        case .string, .languageTag:
            guard isString else { return wrongType(node, schema) }
            if schema.check == .languageTag {
                let value = AtomSyntax(tree: tree, token: t).stringValue
                if !isLanguageTag(value) {
                    findings.report(.wrongType, raw.valueRange(ofProperty: node), "`\(value)` is not a BCP 47 language tag such as \"en\" or \"pt-BR\"")
                }
            }
        case .text:
            guard isString else { return wrongType(node, schema) }
            if hasDoubleBrace(t) { checkInterpolations(t, scope: &scope) }
        case .url:
            guard isString else { return wrongType(node, schema) }
            checkURL(t, node: node, scope: &scope)
        case .number:
            guard let n = AtomSyntax.numberLiteral(t, bytes) else { return wrongType(node, schema) }
            let id = nodes.id(node)
            if id >= 0 { decoded.set(id, node: node, .number, n.value, Checker.isPoints(t, unitStart: n.unitStart, bytes) ? 1 : 0) }
            if n.unitStart < t.end && SchemaIndex.unitBit(bytes, n.unitStart, t.end) & schema.units == 0 {
                reportUnit(node, schema, t, unitStart: n.unitStart)
                return
            }
            checkRange(n.value, schema, t)
        case .integer:
            guard let n = AtomSyntax.numberLiteral(t, bytes), n.unitStart == t.end,
                  n.value == n.value.rounded(), abs(n.value) < 1e15 else {
                return wrongType(node, schema)
            }
            let id = nodes.id(node)
            if id >= 0 { decoded.set(id, node: node, .number, n.value) }
            checkRange(n.value, schema, t)
        case .boolean:
            guard t.kind == .identifier, raw.token(t, equals: "true") || raw.token(t, equals: "false") else {
                return wrongType(node, schema)
            }
        case .color:
            if let color = Checker.colorValue(t, bytes) {
                let id = nodes.id(node)
                if id >= 0 { decoded.set(id, node: node, color: color) }
                return
            }
            checkColor(t, node: node, schema)
        case .point, .size:
            wrongType(node, schema)
        case .enumeration:
            guard t.kind == .identifier else { return wrongType(node, schema) }
            if let values = schema.values, values.id(bytes, t.start, t.end) < 0 {
                reportEnumValue(node, t, values.names)
            }
        case .font:
            guard isString else { return wrongType(node, schema) }
            checkFontFamilies(t)
        case .styleReference:
            guard t.kind == .identifier else { return wrongType(node, schema) }
            let id = context.styleID(t)
            if id < 0 && importsFailed {
                // The style may be in the import that failed: its TDL113 or TDL114 is the report.
                return
            } else if id < 0 {
                let name = raw.text(t)
                let allStyles = Array(styles.keys).sorted()
                var message = "no style named `\(name)`"
                var fixes: [Fix] = []
                let candidates = styleCandidates(allStyles, forUseIn: raw.parent(node), ownerKindID: nodes.id(raw.parent(node)))
                if let guess = didYouMean(name, among: candidates.message, at: t.range) {
                    message += guess.suffix
                    // The fix only where its style leaves nothing missing and makes no cycle.
                    if let meant = nearest(name, among: candidates.message), candidates.fix.contains(meant) { fixes.append(guess.fix) }
                    // The style meant (any of the equally near ones) is not unused: this is its
                    // use, misspelt.
                    for meant in allNearest(name, among: candidates.message) { noteMeant(style: meant) }
                }
                findings.report(.undefinedStyle, t.range, MessageText(message), fixes: fixes)
            }
        case .pointOrElement:
            if t.kind == .identifier {
                scope.elementReferences.append(t)
            } else {
                wrongType(node, schema)
            }
        case .paramDefault:
            let ok = isString || (AtomSyntax.numberLiteral(t, bytes).map { $0.unitStart == t.end } ?? false)
                || (t.kind == .identifier && (raw.token(t, equals: "true") || raw.token(t, equals: "false")))
            if !ok { wrongType(node, schema) }
        }
    }

    /// Whether an `import` of this document could not be read or is a cycle (reported before
    /// any set is checked), worked out on first use.
    var importsFailed: Bool {
        mutating get {
            if let known = importFailure { return known }
            let failed = findings.diagnostics.contains { $0.code == DiagnosticCode.importNotFound.code || $0.code == DiagnosticCode.importCycle.code }
            importFailure = failed
            return failed
        }
    }

    /// The styles a did-you-mean may name for a `style:` in `block` (for a style, none that is
    /// or extends it), and those it may also offer as a fix: for an element, the styles that
    /// supply every required property it does not set itself (the fix must leave none missing).
    func styleCandidates(_ all: [String], forUseIn block: Int, ownerKindID: Int) -> (message: [String], fix: [String]) {
        if ownerKindID == SchemaIndex.styleKindID {
            guard let own = raw.blockHeader(block).name.map(raw.text) else { return (all, all) }
            let acyclic = all.filter { !(chains[$0]?.styles.contains { $0.block.name == own } ?? false) }
            return (acyclic, acyclic)
        }
        guard ownerKindID >= 0, let element = tree.node(at: block).asBlock else { return (all, all) }
        let missing = SchemaIndex.required(ownerKindID).filter { required in
            ([required.id] + required.alternatives).allSatisfy { element.property(SchemaIndex.properties.names[$0]) == nil }
        }
        guard !missing.isEmpty else { return (all, all) }
        return (all, all.filter { name in
            guard let chain = chains[name] else { return false }
            return missing.allSatisfy { required in ([required.id] + required.alternatives).contains { chain.sets($0) } }
        })
    }

    /// A value of two or more atoms: only points, sizes and fonts take more than one.
    @inline(never)
    mutating func checkAtoms(_ list: AtomTokens, node: Int, _ schema: SchemaIndex.PropertyBox) {
        let bytes = raw.bytes
        func number(_ i: Int) -> (value: Double, unitStart: Int)? { AtomSyntax.numberLiteral(list[i], bytes) }
        switch schema.check {
        case .point, .pointOrElement:
            if !checkPoint(list, schema: schema, node: node, id: nodes.id(node)) { wrongType(node, schema) }
        case .size:
            guard list.count == 3, let w = number(0), list[1].kind == .identifier, raw.token(list[1], equals: "x"),
                  let h = number(2), pxOnly(list[0], w.unitStart), pxOnly(list[2], h.unitStart) else {
                if reportedAsSyntax(node, schema) { return }
                if list.count == 2, let w = number(0), let h = number(1) {
                    let a = raw.text(list[0]), b = raw.text(list[1])
                    let range = raw.valueRange(ofProperty: node)
                    // The fix only when `a x b` is a size this property takes.
                    let valid = pxOnly(list[0], w.unitStart) && pxOnly(list[1], h.unitStart)
                        && (schema.range.map { $0.contains(w.value) && $0.contains(h.value) } ?? true)
                    findings.report(.wrongType, range, "`\(propertyKey(node))` is a size, written `W x H`",
                           fixes: valid ? [Fix(title: "Write `\(a) x \(b)`", edits: [TextEdit(range: range, newText: "\(a) x \(b)")])] : [])
                    return
                }
                return wrongType(node, schema)
            }
            let id = nodes.id(node)
            if id >= 0 { decoded.set(id, node: node, .size, w.value, h.value) }
            checkRange(w.value, schema, list[0])
            checkRange(h.value, schema, list[2])
        case .font:
            guard list.count == 2, list[0].kind == .string || list[0].kind == .multilineString else { return wrongType(node, schema) }
            checkFontFamilies(list[0])
            if list[1].kind != .identifier || SchemaIndex.fontWeights.id(bytes, list[1].start, list[1].end) < 0 {
                let weight = raw.text(list[1])
                var message = "`\(weight)` is not a font weight; expected one of " + Schema.fontWeights.map { "`\($0)`" }.joined(separator: ", ")
                var fixes: [Fix] = []
                if let guess = didYouMean(weight, among: Schema.fontWeights, at: list[1].range) {
                    message += guess.suffix
                    fixes.append(guess.fix)
                }
                findings.report(.unknownEnumValue, list[1].range, MessageText(message), fixes: fixes)
            }
        case .string, .languageTag, .text, .url, .number, .integer, .boolean, .color, .enumeration,
             .styleReference, .paramDefault:
            wrongType(node, schema)
        }
    }

    /// TDL314: the families of a `font` value the exported page cannot name, which it leaves
    /// out (`FontFamilies`: one place for what the exporter writes and what is reported). One
    /// report per value, naming all of them.
    mutating func checkFontFamilies(_ token: Token) {
        var names: [String] = []
        var empty = false
        for entry in FontFamilies.entries(AtomSyntax.stringValue(of: token, in: raw.bytes)) {
            guard case .unusable(let name) = entry else { continue }
            if name.isEmpty { empty = true } else if !names.contains(name) { names.append(name) }
        }
        var items = names.map { "`\($0)`" }
        if empty { items.append(names.isEmpty ? "an empty font family" : "an empty entry") }
        guard let last = items.last else { return }
        // `A`, `B` and an empty entry
        let list = items.count == 1 ? last : items.dropLast().joined(separator: ", ") + " and " + last
        var message = names.isEmpty ? list : (items.count == 1 ? "font family " : "font families ") + list
        message += (items.count == 1 ? " is" : " are") + " left out of the exported page"
        if !names.isEmpty { message += ", which names only families of ASCII letters, digits, spaces and hyphens" }
        findings.report(.unusableFontFamily, token.range, MessageText(message))
    }

    /// A value of the wrong shape for its property.
    mutating func wrongType(_ node: Int, _ schema: SchemaIndex.PropertyBox) {
        if reportedAsSyntax(node, schema) { return }
        let what = describe(tree.node(at: node).asProperty?.atoms ?? [])
        findings.report(.wrongType, raw.valueRange(ofProperty: node), "`\(propertyKey(node))` expects \(schema.schema.type.expectation), found \(what)")
    }

    /// A number whose unit its property does not take.
    mutating func reportUnit(_ node: Int, _ schema: SchemaIndex.PropertyBox, _ token: Token, unitStart: Int) {
        if reportedAsSyntax(node, schema) { return }
        let units = schema.schema.type.numberUnits ?? []
        let written = tree.text(of: ByteRange(start: unitStart, end: token.end))
        let allowed = units.isEmpty ? "no unit" : "a bare number or " + units.map { "`\($0.rawValue)`" }.joined(separator: ", ")
        findings.report(.wrongType, token.range, "`\(propertyKey(node))` takes \(allowed), not `\(written)`")
    }

    /// An identifier that is not one of its enumeration's values.
    mutating func reportEnumValue(_ node: Int, _ token: Token, _ values: [String]) {
        let key = propertyKey(node)
        let value = raw.text(token)
        var message = "`\(value)` is not a value of `\(key)`; expected one of " + values.map { "`\($0)`" }.joined(separator: ", ")
        var fixes: [Fix] = []
        if let guess = nearest(value, among: values) {
            message = "`\(value)` is not a value of `\(key)`; did you mean `\(guess)`? Expected one of " + values.map { "`\($0)`" }.joined(separator: ", ")
            fixes.append(Fix(title: "Change to `\(guess)`", edits: [TextEdit(range: token.range, newText: guess)], isCertain: false))
        }
        findings.report(.unknownEnumValue, token.range, MessageText(message), fixes: fixes)
    }

    /// Whether a string token holds `{{` anywhere: interpolations and stray braces both need it.
    func hasDoubleBrace(_ token: Token) -> Bool {
        let bytes = raw.bytes
        var k = token.start
        let end = min(token.end, bytes.count)
        // Eight bytes at a time while they hold no `{` (most strings have none): a pair can
        // then start no earlier than the first word that has one.
        if let base = bytes.baseAddress {
            while k + 8 <= end {
                let x = UnsafeRawPointer(base + k).loadUnaligned(as: UInt64.self) ^ 0x7B7B_7B7B_7B7B_7B7B
                if (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080 != 0 { break }
                k += 8
            }
        }
        while k + 1 < end {
            if bytes[k] == 0x7B && bytes[k + 1] == 0x7B { return true }
            k += 1
        }
        return false
    }

    /// A coordinate: unitless or `px`.
    func pxOnly(_ token: Token, _ unitStart: Int) -> Bool {
        unitStart == token.end || SchemaIndex.unitBit(raw.bytes, unitStart, token.end) == SchemaIndex.unitBit(.px)
    }


    /// Checks `x, y` (the value of property `node`, key `id`); false when the atoms are not a
    /// point at all.
    mutating func checkPoint(_ list: AtomTokens, schema: SchemaIndex.PropertyBox, node: Int, id: Int) -> Bool {
        guard list.count == 2, let x = AtomSyntax.numberLiteral(list[0], raw.bytes),
              let y = AtomSyntax.numberLiteral(list[1], raw.bytes),
              pxOnly(list[0], x.unitStart), pxOnly(list[1], y.unitStart) else {
            return false
        }
        if id >= 0 { decoded.set(id, node: node, .point, x.value, y.value) }
        checkRange(x.value, schema, list[0])
        checkRange(y.value, schema, list[1])
        return true
    }

    /// Inlined: called for every number, and most properties have no range.
    @inline(__always) mutating func checkRange(_ value: Double, _ schema: SchemaIndex.PropertyBox, _ token: Token) {
        guard let allowed = schema.range, !allowed.contains(value) else { return }
        reportRange(value, schema, allowed, token)
    }

    @inline(never) mutating func reportRange(_ value: Double, _ schema: SchemaIndex.PropertyBox, _ allowed: ValueRange, _ token: Token) {
        findings.report(.outOfRange, token.range, "`\(schema.schema.name)` must be \(allowed), found \(number: value)")
    }

    mutating func checkColor(_ token: Token, node: Int, _ schema: SchemaIndex.PropertyBox) {
        // Called for what `colorValue` could not read. Malformed colours are syntax errors.
        if token.kind == .color { return }
        let atom = AtomSyntax(tree: tree, token: token)
        switch atom.kind {
        case .color:
            return
        case .identifier:
            var message = "`\(atom.text)` is not a colour; use #RRGGBB or a CSS colour name"
            var fixes: [Fix] = []
            if let lower = Schema.namedColor(atom.text.lowercased()).map({ _ in atom.text.lowercased() }) {
                message = "colour names are lower case: `\(lower)`"
                fixes.append(Fix(title: "Change to `\(lower)`", edits: [TextEdit(range: atom.range, newText: lower)]))
            } else if let guess = didYouMean(atom.text, among: Schema.namedColorNames, at: atom.range) {
                message += guess.suffix
                fixes.append(guess.fix)
            }
            findings.report(.unknownEnumValue, atom.range, MessageText(message), fixes: fixes)
        default:
            if reportedAsSyntax(node, schema) { return }
            findings.report(.wrongType, atom.range, "`\(propertyKey(node))` expects a colour (#RRGGBB or a CSS colour name), found \(describe([atom]))")
        }
    }

    /// The `{{name}}` and malformed `{{` of a string (`StringPieces`): each malformed one is
    /// reported once (TDL122), and each name checked against the template's parameters.
    mutating func checkInterpolations(_ token: Token, scope: inout Scope) {
        var pieces = StringPieces(raw.bytes, AtomSyntax.contentRange(of: token))
        while let piece = pieces.next() {
            switch piece {
            case .interpolation(let range, let nameRange):
                checkParameter(raw.text(nameRange), range, scope: &scope)
            case .malformed(_, let malformed):
                reportMalformed(malformed, scope: &scope)
            case .text, .escape, .invalidEscape:
                continue
            }
        }
    }

    /// A well-formed `{{name}}` at `range`.
    mutating func checkParameter(_ name: String, _ range: ByteRange, scope: inout Scope) {
        if scope.kindID == .annotations {
            // Only templates declare parameters; in an annotation set `{{name}}` would be shown as is.
            findings.report(.undefinedParameter, range, "`{{\(name)}}` refers to a parameter, but annotation sets have none; write `\\{{` for literal braces",
                   fixes: [escapeFix(at: range.start, isCertain: true)])
            return
        }
        if scope.kindID != .template { return }  // styles: checked where a template uses them
        if scope.params[name] != nil {
            scope.usedParams.insert(name)
            return
        }
        let declared = Array(scope.params.keys).sorted()
        var message = "parameter `\(name)` is not declared in this template's `params`"
        var fixes: [Fix] = []
        // The parameter meant (any of the equally near ones) is not unused.
        for meant in allNearest(name, among: declared) { scope.usedParams.insert(meant) }
        if let guess = nearest(name, among: declared) {
            message += "; did you mean `\(guess)`?"
            fixes.append(Fix(title: "Change to `{{\(guess)}}`", edits: [TextEdit(range: range, newText: "{{\(guess)}}")], isCertain: false))
        }
        findings.report(.undefinedParameter, range, MessageText(message), fixes: fixes)
    }

    /// A `{{` that forms no `{{name}}` (docs/LANGUAGE.md, Interpolation). It still names the
    /// parameter it was meant to use: that one is not unused.
    mutating func reportMalformed(_ malformed: MalformedInterpolation, scope: inout Scope) {
        let range = malformed.reported
        let meant = malformed.meant.map(raw.text)
        if scope.kindID == .template, let meant, scope.params[meant] != nil { scope.usedParams.insert(meant) }
        switch malformed.form {
        case .unclosed:
            findings.report(.malformedInterpolation, range, "`{{` starts no `{{name}}` interpolation; write `\\{{` for literal braces",
                   fixes: [escapeFix(at: range.start, isCertain: true)])
        case .notAName:
            findings.report(.malformedInterpolation, range, "`\(raw.text(range))` is not a parameter reference; write `{{name}}`, or `\\{{` for literal braces",
                   fixes: [escapeFix(at: range.start, isCertain: false)])
        case .spaced:
            let name = meant ?? ""
            // `{{name}}` only where it names a parameter (a style's strings are checked
            // where a template uses them).
            let writable = scope.kindID == .template ? scope.params[name] != nil : scope.kindID != .annotations
            var fixes = [escapeFix(at: range.start, isCertain: false)]
            if writable { fixes.insert(Fix(title: "Write `{{\(name)}}`", edits: [TextEdit(range: range, newText: "{{\(name)}}")], isCertain: false), at: 0) }
            findings.report(.malformedInterpolation, range, "`{{` and `}}` must touch the parameter name: write `{{\(name)}}`, or `\\{{` for literal braces",
                   fixes: fixes)
        }
    }

    /// `\` before the `{{` at `offset`: the literal text `{{`.
    func escapeFix(at offset: Int, isCertain: Bool) -> Fix {
        Fix(title: "Escape the brace", edits: [TextEdit(range: ByteRange(start: offset, end: offset), newText: "\\")], isCertain: isCertain)
    }

    /// A URL value: `{{name}}` follows the rules of text (the export fills in the parameter,
    /// percent-encoded), and the scheme is judged on the URL as exported, with the
    /// parameters' defaults filled in.
    mutating func checkURL(_ token: Token, node: Int, scope: inout Scope) {
        let interpolated = hasDoubleBrace(token)
        if interpolated { checkInterpolations(token, scope: &scope) }
        // `{{` in the bytes may still be an escaped brace (`\{{`), which is part of a file name.
        if !interpolated || !Checker.hasParameters(token, raw.bytes) { noteLocalFile(token, node: node) }
        // Most URLs are relative paths: with no `:` and no escape in the source there is no
        // scheme to judge, so the string need not be decoded (a parameter's encoded value
        // holds no `:` either).
        let atom = AtomSyntax(tree: tree, token: token)
        let content = atom.contentRange
        var mayHaveScheme = false
        for k in content.start..<content.end where raw.bytes[k] == 0x3A || raw.bytes[k] == 0x5C { mayHaveScheme = true; break }
        if !mayHaveScheme { return }
        // The common absolute URL: a plain `http:` or `https:` prefix is allowed everywhere.
        if Checker.startsWith(raw.bytes, content, "https:") || Checker.startsWith(raw.bytes, content, "http:") { return }
        let key = propertyKey(node)
        var url = atom.stringValue
        var filledIn = ""
        if interpolated && scope.kindID == .template {
            let params = scope.params
            let exported = atom.stringValue { name in params[name].flatMap(Checker.parameterText).map(URLPolicy.parameterEncoded) }
            if exported != url { filledIn = " once its parameters take their defaults (`\(exported)`)" }
            url = exported
        }
        switch URLPolicy.classify(url, forKey: key) {
        case .allowed:
            break
        case .dangerous(let scheme):
            findings.report(.unsafeURL, atom.range, "`\(key)` uses a `\(scheme):` URL\(filledIn), which can run script or embed content; it is never exported. Use an http, https or mailto URL, or a relative path")
        case .unsupported(let scheme):
            let allowed = URLPolicy.allowsMailto(key: key) ? "http, https, mailto and relative paths" : "http, https and relative paths"
            findings.report(.unsupportedURL, atom.range, "`\(key)` uses the `\(scheme):` scheme\(filledIn); for `\(key)` only \(allowed) are exported")
        }
    }

    /// The text `{{name}}` inserts for a parameter declared by `property`, as the export
    /// inserts the default: a string's value, a number or boolean as written.
    static func parameterText(_ property: PropertySyntax) -> String? {
        let atoms = property.atoms
        guard atoms.count == 1 else { return nil }
        switch atoms[0].kind {
        case .string: return atoms[0].stringValue
        case .number: return atoms[0].number?.unit == nil ? atoms[0].text : nil
        case .identifier: return atoms[0].text == "true" || atoms[0].text == "false" ? atoms[0].text : nil
        case .color: return nil
        }
    }

    /// Whether the bytes of `range` start with `prefix`.
    static func startsWith(_ bytes: UnsafeBufferPointer<UInt8>, _ range: ByteRange, _ prefix: StaticString) -> Bool {
        let n = prefix.utf8CodeUnitCount
        guard range.end - range.start >= n else { return false }
        return prefix.withUTF8Buffer { p in
            for i in 0..<n where bytes[range.start + i] != p[i] { return false }
            return true
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

    func isLanguageTag(_ s: String) -> Bool {
        let parts = s.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...8).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return parts.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }
}
