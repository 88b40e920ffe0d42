import TemplateFormat

/// The styles a document can use: its own, then those of its imports (depth first, in
/// import order, the first definition of a name winning), as the validator resolves them.
public struct StyleScope: Sendable {
    /// One style and the file that defines it.
    public struct Definition: Sendable {
        public let name: String
        public let file: SourceFile
        public let block: BlockSyntax
        /// The name token's range in `file`.
        public var nameRange: ByteRange { block.nameToken?.range ?? block.headerRange }
        /// The `style:` this style extends, if any.
        public var parentName: String? {
            guard let atom = block.property("style")?.firstAtom, atom.kind == .identifier else { return nil }
            return atom.text
        }
    }

    /// The document itself and every file it imports, directly or not, each once.
    public let files: [SourceFile]
    private let byName: [String: Definition]

    /// Imports deeper than this are ignored (the validator reports them).
    static let maximumImportDepth = 32

    public init(file: SourceFile, resolver: ImportResolver?) {
        var files: [SourceFile] = []
        var seenPaths: Set<String> = []
        var byName: [String: Definition] = [:]
        // Depth first with an explicit stack, styles added when a file is visited, so that
        // import order decides which of two same-named styles wins, as in the validator.
        var stack: [(file: SourceFile, depth: Int)] = [(file, 0)]
        while let (current, depth) = stack.popLast() {
            guard seenPaths.insert(current.path).inserted else { continue }
            files.append(current)
            for block in current.tree.document.blocks where block.kind == "style" {
                if let name = block.name, byName[name] == nil {
                    byName[name] = Definition(name: name, file: current, block: block)
                }
            }
            guard let resolver, depth < StyleScope.maximumImportDepth else { continue }
            var next: [SourceFile] = []
            for directive in current.tree.document.directives where directive.keyword == "import" {
                guard let atom = directive.atoms.first, atom.kind == .string,
                      let imported = resolver(atom.stringValue, current.path) else { continue }
                next.append(imported)
            }
            for imported in next.reversed() { stack.append((imported, depth + 1)) }
        }
        self.files = files
        self.byName = byName
    }

    public func style(named name: String) -> Definition? { byName[name] }

    /// Every style name in scope, sorted.
    public var names: [String] { byName.keys.sorted() }

    /// The style and the styles it extends, nearest first; stops at a cycle or a missing name.
    public func chain(from name: String) -> [Definition] {
        var result: [Definition] = []
        var seen: Set<String> = []
        var current: String? = name
        while let n = current, seen.insert(n).inserted, let definition = byName[n] {
            result.append(definition)
            current = definition.parentName
        }
        return result
    }

    /// Where a property's value comes from for a block that uses `style: styleName`: the
    /// nearest style in the chain that sets it.
    public func inheritedProperty(_ key: String, styleName: String) -> (style: Definition, property: PropertySyntax)? {
        for definition in chain(from: styleName) {
            if let property = definition.block.property(key) { return (definition, property) }
        }
        return nil
    }
}
