import TemplateFormat

/// A value holding a token the parser already reported (`327x1`, `10.`, `#12345`) is one
/// mistake: the type check does not report it again. Where the property's type adds
/// something, the parser's diagnostic is replaced by one that says both (same code and
/// range), with a fix only when its result is a valid value of the property:
/// `at: 10x10` becomes "…; `at` is a point, written `10, 10`", not the parser's `10 x 10`.
/// `Validator.validate` drops a parser diagnostic the checker replaced.
extension Checker {
    /// The parser's first diagnostic inside the value of property `node` (in an atom, or a
    /// stray character between atoms), with the atom it lies in. Only the type check's error
    /// paths ask.
    func syntaxDiagnostic(inValueOf node: Int) -> (atom: AtomSyntax?, diagnostic: Diagnostic)? {
        guard !tree.diagnostics.isEmpty, let property = tree.node(at: node).asProperty,
              let d = context.syntaxIndex.first(inside: property.valueRange) else { return nil }
        return (property.atoms.first { $0.range.start <= d.range.start && d.range.end <= $0.range.end }, d)
    }

    /// Called where the type check would report the value of `node` as wrong: true when a
    /// parser diagnostic covers it (nothing more to report, or its replacement reported).
    mutating func reportedAsSyntax(_ node: Int, _ schema: SchemaIndex.PropertyBox) -> Bool {
        guard let (atom, syntax) = syntaxDiagnostic(inValueOf: node), let property = tree.node(at: node).asProperty else { return false }
        let atoms = property.atoms
        let type = schema.schema.type
        let key = property.key
        let code = DiagnosticCode.lookup(syntax.code) ?? .unexpectedToken
        if syntax.code == DiagnosticCode.unknownUnit.code, let (a, b) = Checker.numbersAroundX(atoms.map(\.text)) {
            // `WxH` as one or two tokens: right for a size when both numbers are in range
            // (the parser's message and fix say so), a point written like a size otherwise.
            let inRange = schema.range.map { $0.contains(a.value) && $0.contains(b.value) } ?? true
            switch schema.check {
            case .size where inRange:
                return true
            case .size:
                // Its fix would make a size out of range: the message stays, the fix goes.
                findings.report(code, syntax.range, MessageText(syntax.message))
                return true
            case .point, .pointOrElement:
                let point = "\(a.text), \(b.text)"
                findings.report(code, syntax.range, "\(syntax.message.prefix { $0 != ";" }); `\(key)` is a point, written `\(point)`",
                       fixes: inRange ? [Fix(title: "Write `\(point)`", edits: [TextEdit(range: property.valueRange, newText: point)])] : [])
                return true
            default:
                break
            }
        }
        if syntax.code == DiagnosticCode.unknownUnit.code && type.isNumeric {
            let units = type.numberUnits ?? (type == .integer ? [] : [.px])
            let allowed = units.isEmpty ? "no unit" : "a bare number or " + units.map { "`\($0.rawValue)`" }.joined(separator: ", ")
            findings.report(code, syntax.range, "\(syntax.message.prefix { $0 != ";" }); `\(key)` takes \(allowed)")
            return true
        }
        if let atom, Checker.tokenFits(atom.kind, type) { return true }
        findings.report(code, syntax.range, "\(syntax.message); `\(key)` expects \(type.expectation)")
        return true
    }

    /// Whether an atom of this kind is what the type asks for, so that a syntax error in it
    /// is the whole story.
    static func tokenFits(_ kind: AtomSyntax.Kind, _ type: ValueType) -> Bool {
        switch (kind, type) {
        case (.number, .number), (.number, .integer), (.number, .point), (.number, .size), (.number, .pointOrElement), (.number, .paramDefault):
            return true
        case (.color, .color):
            return true
        case (.string, .string), (.string, .text), (.string, .url), (.string, .font), (.string, .languageTag), (.string, .paramDefault):
            return true
        default:
            return false
        }
    }

    /// `WxH` (one atom) or `Wx H` / `W xH` (two): the two numbers, as written and read.
    static func numbersAroundX(_ atoms: [String]) -> (a: (text: String, value: Double), b: (text: String, value: Double))? {
        let joined = atoms.joined()
        guard atoms.count <= 2, let x = joined.firstIndex(of: "x") else { return nil }
        let a = String(joined[..<x]), b = String(joined[joined.index(after: x)...])
        guard let va = Double(a), let vb = Double(b), a.first?.isNumber == true || a.first == "-",
              b.first?.isNumber == true || b.first == "-" else { return nil }
        return ((a, va), (b, vb))
    }
}

/// The parser's diagnostics by start: the type check asks whether the parser already
/// reported a value (a file of ten thousand `1x1` values asks ten thousand times), and
/// `Validator.validate` which parser diagnostics a finding may replace. Made once per
/// validation and never changed, so the parts of a document checked on several threads
/// (`checkInParts`) read it alike.
struct SyntaxDiagnosticIndex {
    private let diagnostics: [Diagnostic]
    /// Indices of `diagnostics` by start; nil when they are in that order already, as the
    /// parser almost always writes them (usually there are none).
    private let order: [Int]?

    init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
        let inOrder = diagnostics.indices.dropFirst().allSatisfy { diagnostics[$0 - 1].range.start <= diagnostics[$0].range.start }
        order = inOrder ? nil : diagnostics.indices.sorted { diagnostics[$0].range.start < diagnostics[$1].range.start }
    }

    @inline(__always) private func at(_ k: Int) -> Diagnostic { diagnostics[order?[k] ?? k] }

    /// Where, in start order, the first diagnostic starting at or after `offset` is.
    private func firstStarting(atOrAfter offset: Int) -> Int {
        var lo = 0, hi = diagnostics.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if at(mid).range.start < offset { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The first diagnostic that lies inside `range`.
    func first(inside range: ByteRange) -> Diagnostic? {
        var k = firstStarting(atOrAfter: range.start)
        while k < diagnostics.count, at(k).range.start < range.end || at(k).range.start == range.start {
            let d = at(k)
            if d.range.end <= range.end { return d }
            k += 1
        }
        return nil
    }

    /// Whether a diagnostic starts at `offset`.
    func hasDiagnostic(startingAt offset: Int) -> Bool {
        let k = firstStarting(atOrAfter: offset)
        return k < diagnostics.count && at(k).range.start == offset
    }
}
