import TemplateFormat

/// What the project model needs to know of one file, read from its tree in one pass over
/// the raw nodes: its imports, the styles it defines, and the names its `style:` properties
/// write (each name once: a large file names a few styles thousands of times, and a String
/// per use was a twentieth of `check`). Where each use is (`styleUses(of:)`) is read again
/// only for references and rename; elements and parameters never leave their template, so
/// their definitions and uses are in `SymbolIndex`, built only when an editor feature asks.
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
    /// The names elements (and containers) write in `style:`, each once: what makes styles used.
    public let usedStyleNames: [String]
    /// Every name written in a `style:`, by an element or a style, and every style defined.
    public let writtenStyleNames: Set<String>
    /// Every top-level block's name, each once (a rename must not take one of them).
    public let topLevelNames: Set<String>
    let styleIndex: [String: Int]

    init(imports: [Import], styles: [Style], usedStyleNames: [String], writtenStyleNames: Set<String>,
         topLevelNames: Set<String>, styleIndex: [String: Int]) {
        self.imports = imports
        self.styles = styles
        self.usedStyleNames = usedStyleNames
        self.writtenStyleNames = writtenStyleNames
        self.topLevelNames = topLevelNames
        self.styleIndex = styleIndex
    }

    public init(_ tree: SyntaxTree) {
        var imports: [Import] = []
        var styles: [Style] = []
        var names: Set<String> = []
        var used: [String] = []
        var extended: [String] = []
        tree.withRawView { raw in
            var usedSet = ByteNameSet(), extendedSet = ByteNameSet()
            func note(_ property: Int, into set: inout ByteNameSet, _ list: inout [String]) {
                guard let name = FileSummary.styleNameToken(property, raw) else { return }
                if set.insert(name, raw.bytes) { list.append(raw.text(name)) }
            }
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
                            if raw.kind(c) == .property { note(c, into: &extendedSet, &extended) }
                            c = max(raw.subtreeEnd(c), c + 1)
                        }
                    } else {
                        FileSummary.forEachStyleProperty(inContainer: n, raw) { note($0, into: &usedSet, &used) }
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
        self.usedStyleNames = used
        self.writtenStyleNames = Set(used).union(extended).union(styles.map(\.name))
        self.topLevelNames = names
        self.styleIndex = index
    }

    /// Every `style:` of the file that names a style, in order, with where the name is.
    public static func styleUses(of tree: SyntaxTree) -> [StyleUse] {
        var uses: [StyleUse] = []
        tree.withRawView { raw in
            var n = 1
            while n < raw.nodeCount {
                let next = max(raw.subtreeEnd(n), n + 1)
                defer { n = next }
                guard raw.kind(n) == .block else { continue }
                func add(_ property: Int, extends: Bool) {
                    guard let name = styleNameToken(property, raw) else { return }
                    uses.append(StyleUse(name: raw.text(name), range: name.range, extends: extends))
                }
                if raw.blockKindToken(n).map({ raw.token($0, equals: "style") }) ?? false {
                    var c = n + 1
                    while c < next {
                        if raw.kind(c) == .property { add(c, extends: true) }
                        c = max(raw.subtreeEnd(c), c + 1)
                    }
                } else {
                    forEachStyleProperty(inContainer: n, raw) { add($0, extends: false) }
                }
            }
        }
        return uses
    }

    /// The style of this name that this file defines.
    public func style(named name: String) -> Style? {
        styleIndex[name].map { styles[$0] }
    }

    /// Every property inside a top-level block that is not a style, skipping `params` blocks
    /// (whose entries are parameters, whatever their names); `body` decides what is a use.
    /// Inlined with its `body`: it visits every member of every template.
    @inline(__always)
    static func forEachStyleProperty(inContainer container: Int, _ raw: RawSyntaxView, _ body: (Int) -> Void) {
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
                // Most keys are not `style`: their length says so before any byte is read.
                let key = raw.firstToken(m)
                if key < raw.endToken(m) && raw.tokens[key].end &- raw.tokens[key].start == 5 { body(m) }
                m = max(raw.subtreeEnd(m), m + 1)
                continue
            default:
                break
            }
            m += 1
        }
    }

    /// The name token of a property whose key is `style` and whose first atom is a name.
    @inline(__always)
    static func styleNameToken(_ property: Int, _ raw: RawSyntaxView) -> Token? {
        guard let key = raw.firstTokenOf(property), raw.token(key, equals: "style"),
              let atom = raw.atoms(of: property).first, atom.kind == .identifier else { return nil }
        return atom
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

/// A set of names held as byte ranges of one file (valid while its raw view is), so a name
/// written a thousand times is hashed a thousand times but made into a String once.
struct ByteNameSet {
    private var slots: [(hash: UInt64, start: Int, count: Int)] = Array(repeating: (0, 0, 0), count: 16)
    private var filled = 0

    /// Adds the token's bytes; true when they were not in the set.
    mutating func insert(_ token: Token, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = token.end - token.start
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for i in token.start..<token.end { hash = (hash ^ UInt64(bytes[i])) &* 0x100_0000_01b3 }
        hash |= 1  // 0 marks an empty slot
        let mask = slots.count - 1
        var i = Int(truncatingIfNeeded: hash >> 7) & mask
        while slots[i].hash != 0 {
            let slot = slots[i]
            if slot.hash == hash && slot.count == count && same(slot.start, token.start, count, bytes) { return false }
            i = (i + 1) & mask
        }
        slots[i] = (hash, token.start, count)
        filled += 1
        if filled * 4 > slots.count * 3 { grow() }
        return true
    }

    private func same(_ a: Int, _ b: Int, _ count: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var k = 0
        while k < count && bytes[a + k] == bytes[b + k] { k += 1 }
        return k == count
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: (0, 0, 0), count: old.count * 2)
        let mask = slots.count - 1
        for slot in old where slot.hash != 0 {
            var i = Int(truncatingIfNeeded: slot.hash >> 7) & mask
            while slots[i].hash != 0 { i = (i + 1) & mask }
            slots[i] = slot
        }
    }
}
