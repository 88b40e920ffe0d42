import TemplateFormat

/// What the project model needs to know of one file, read from its tree in one pass over
/// the raw nodes: its imports, the styles it defines, and every `style:` that names a style.
/// Elements and parameters never leave their template, so their definitions and uses are in
/// `SymbolIndex`, built only when an editor feature asks.
public struct FileSummary: Sendable {
    /// One `import "path"` line whose value starts with a string.
    public struct Import: Sendable, Hashable {
        /// The path as written, escapes decoded.
        public let path: String
        /// The string atom, quotes included: where problems with this import are reported.
        public let range: ByteRange
        /// Exactly one string atom, the only form a file's own import lines may take; a
        /// nested file's import is followed when its first atom is a string.
        public let isWellFormed: Bool
    }

    /// A style this file defines: the first top-level block of its name, when that block is
    /// a `style` (a later block of the same name is a duplicate the validator reports).
    public struct Style: Sendable {
        public let name: String
        /// The block's node index in the file's tree.
        public let node: Int
        /// The name token, or the header when there is none.
        public let nameRange: ByteRange
        /// The style this one extends (`style: other` inside it), if written as a name.
        public let parentName: String?
    }

    /// A `style: NAME` whose first atom is a name.
    public struct StyleUse: Sendable, Hashable {
        public let name: String
        /// The name's bytes.
        public let range: ByteRange
        /// Written directly inside a top-level style (it extends `name`); otherwise written
        /// by an element (or a container), which makes the style and its chain used.
        public let extends: Bool
    }

    public let imports: [Import]
    public let styles: [Style]
    public let styleUses: [StyleUse]
    /// Every top-level block's name, each once (a rename must not take one of them).
    public let topLevelNames: Set<String>
    private let styleIndex: [String: Int]

    public init(_ tree: SyntaxTree) {
        var imports: [Import] = []
        var styles: [Style] = []
        var uses: [StyleUse] = []
        var names: Set<String> = []
        tree.withRawView { raw in
            var n = 1  // node 0 is the document; its children follow in preorder
            while n < raw.nodeCount {
                let next = raw.subtreeEnd(n)
                defer { n = max(next, n + 1) }
                switch raw.kind(n) {
                case .directive:
                    guard let keyword = raw.firstTokenOf(n), raw.token(keyword, equals: "import") else { continue }
                    let atoms = raw.atoms(of: n)
                    guard let first = atoms.first, first.kind == .string || first.kind == .multilineString else { continue }
                    imports.append(Import(path: AtomSyntax(tree: tree, token: first).stringValue, range: first.range,
                                          isWellFormed: atoms.count == 1))
                case .block:
                    let header = raw.blockHeader(n)
                    let isStyle = header.kind.map { raw.token($0, equals: "style") } ?? false
                    if let nameToken = header.name {
                        let name = raw.text(nameToken)
                        if names.insert(name).inserted && isStyle {
                            let parent = FileSummary.firstStyleProperty(in: n, raw)
                            styles.append(Style(name: name, node: n, nameRange: nameToken.range,
                                                parentName: parent.flatMap { FileSummary.styleName(of: $0, raw) }))
                        }
                    }
                    if isStyle {
                        // Only the style's own properties: a block nested in a style is an error.
                        var c = n + 1
                        while c < next {
                            if raw.kind(c) == .property, let use = FileSummary.use(c, raw, extends: true) { uses.append(use) }
                            c = max(raw.subtreeEnd(c), c + 1)
                        }
                    } else {
                        FileSummary.collectUses(inContainer: n, raw, into: &uses)
                    }
                default:
                    continue
                }
            }
        }
        var index: [String: Int] = [:]
        for (i, style) in styles.enumerated() { index[style.name] = i }
        self.imports = imports
        self.styles = styles
        self.styleUses = uses
        self.topLevelNames = names
        self.styleIndex = index
    }

    /// The style of this name that this file defines.
    public func style(named name: String) -> Style? {
        styleIndex[name].map { styles[$0] }
    }

    /// Every `style:` inside a top-level block that is not a style, skipping `params` blocks
    /// (whose entries are parameters, whatever their names).
    private static func collectUses(inContainer container: Int, _ raw: RawSyntaxView, into uses: inout [StyleUse]) {
        let end = raw.subtreeEnd(container)
        var m = container
        while m < end {
            switch raw.kind(m) {
            case .block where m != container:
                if let kind = raw.blockKindToken(m), raw.token(kind, equals: "params") {
                    m = max(raw.subtreeEnd(m), m + 1)
                    continue
                }
            case .property:
                if let use = use(m, raw, extends: false) { uses.append(use) }
                m = max(raw.subtreeEnd(m), m + 1)
                continue
            default:
                break
            }
            m += 1
        }
    }

    /// The use a property makes when its key is `style` and its first atom a name.
    private static func use(_ property: Int, _ raw: RawSyntaxView, extends: Bool) -> StyleUse? {
        guard let key = raw.firstTokenOf(property), raw.token(key, equals: "style"),
              let atom = raw.atoms(of: property).first, atom.kind == .identifier else { return nil }
        return StyleUse(name: raw.text(atom), range: atom.range, extends: extends)
    }

    /// A block's first direct property with the key `style`.
    private static func firstStyleProperty(in block: Int, _ raw: RawSyntaxView) -> Int? {
        let end = raw.subtreeEnd(block)
        var c = block + 1
        while c < end {
            if raw.kind(c) == .property, let key = raw.firstTokenOf(c), raw.token(key, equals: "style") { return c }
            c = max(raw.subtreeEnd(c), c + 1)
        }
        return nil
    }

    private static func styleName(of property: Int, _ raw: RawSyntaxView) -> String? {
        guard let atom = raw.atoms(of: property).first, atom.kind == .identifier else { return nil }
        return raw.text(atom)
    }
}
