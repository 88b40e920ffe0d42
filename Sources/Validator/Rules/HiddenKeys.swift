import TemplateFormat

/// A misspelt key (`txet: "Hi"`, `colr: navy`), a value that cannot be read (`color: #12345`)
/// or a `style:` that names no style hides what the author wrote: each is reported once, so
/// rules that report something missing (a required property, `alt`) or judge a default in
/// its place (contrast) skip what may be hidden. The block's own misspelt keys are noted when
/// reported (`misspeltKeys`); a style chain's are worked out once per chain (`HiddenStyleKeys`).
extension Checker {
    /// Whether key `id` of the block in `slots` may be set where this checker cannot see it:
    /// under a misspelt key of the block or of a style of its chain, or by a style that
    /// names no style.
    @inline(__always)
    func mayBeHidden(_ id: Int) -> Bool {
        if !misspeltKeys.isEmpty && (misspeltKeys.contains(id) || misspeltKeys.contains(key.style)) { return true }
        if let chain = slotsChain { return chain.hidesKeys && chain.hides(id) }
        return slots[key.style] >= 0
    }

    /// Notes what an unknown key of the block may have meant, after it is reported: the
    /// properties it is nearest to (`meant`), the style its value names when that is `style`
    /// (`meantStyles`), and the parameters its strings use.
    mutating func noteUnknownKey(_ property: PropertySyntax, meant: [String], scope: inout Scope) {
        for guess in meant {
            let id = SchemaIndex.properties.id(guess)
            if id >= 0 { misspeltKeys.append(id) }
            if id == key.style, let name = property.firstAtom?.text { noteMeant(style: name) }
        }
        noteParameters(in: property, scope: &scope)
    }

    /// Notes that this file uses style `name` (and so the styles it extends) through a
    /// misspelling: none of them is reported unused.
    mutating func noteMeant(style name: String) {
        guard let chain = chains[name] else { return }
        for style in chain.styles { if let n = style.block.name { meantStyles.insert(n) } }
    }

    /// Marks the parameters that the strings of `property` name as used: a property that is
    /// reported (misspelt, misplaced) still says which parameters its author meant to use,
    /// in a `{{name}}` or a malformed `{{` (`StringPieces`).
    mutating func noteParameters(in property: PropertySyntax, scope: inout Scope) {
        guard !scope.params.isEmpty else { return }
        for atom in property.atoms where atom.kind == .string {
            var pieces = StringPieces(raw.bytes, atom.contentRange)
            while let piece = pieces.next() {
                let name: ByteRange
                switch piece {
                case .interpolation(_, let n): name = n
                case .malformed(_, let m): guard let meant = m.meant else { continue }; name = meant
                case .text, .escape, .invalidEscape: continue
                }
                let text = raw.text(name)
                if scope.params[text] != nil { scope.usedParams.insert(text) }
            }
        }
    }

    /// Notes what a block the structure pass skips (a kind misspelt or out of place) refers
    /// to: its name and its elements' names (so references to them resolve) and the
    /// parameters its strings name. Reporting the block is enough; what it refers to is not
    /// unused. (Its `style:` properties are uses already: the project model counts every
    /// `style:` outside a style.)
    mutating func noteUses(ofUnchecked node: Int, scope: inout Scope) {
        if let name = raw.blockHeader(node).name { _ = scope.names.insert(name, node: node, in: raw.bytes) }
        for (c, entry) in nodes.children(of: node) {
            if entry.kind == .block {
                noteUses(ofUnchecked: c, scope: &scope)
            } else if entry.kind == .property, let property = tree.node(at: c).asProperty {
                noteParameters(in: property, scope: &scope)
            }
        }
    }
}

extension Checker.StyleChain {
    /// Whether key `id` may be set by the chain under a key the checker cannot read.
    func hides(_ id: Int) -> Bool { hidden.all || hidden.ids.contains(id) }
}

/// What a style chain may set without the checker seeing it: keys near its unknown keys, or
/// everything when it extends a style that does not exist or misspells `style`.
struct HiddenStyleKeys {
    var all = false
    var ids: [Int] = []

    init(_ styles: [Checker.StyleDefinition]) {
        for style in styles {
            for (id, property) in style.properties where id < 0 || SchemaIndex.styleable[id] == nil {
                for guess in allNearest(property.key, among: Schema.styleablePropertyNames) {
                    let guessID = SchemaIndex.properties.id(guess)
                    if guessID == SchemaIndex.key.style { all = true }
                    if guessID >= 0 { ids.append(guessID) }
                }
            }
        }
        // A chain ends at a style that extends nothing, at a cycle (the style it extends is
        // in the chain), at 64 styles, or at a style that does not exist.
        if let last = styles.last, let parent = last.parentName, styles.count < 64,
           !styles.contains(where: { $0.block.name == parent }) {
            all = true
        }
    }
}
