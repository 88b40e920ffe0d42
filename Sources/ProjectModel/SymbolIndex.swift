import TemplateFormat

/// What a name in a document stands for.
public enum SymbolKind: String, Sendable, Hashable {
    /// A top-level `style NAME`, used by `style:` values (in this file or a file importing it).
    case style
    /// A named block inside a template or annotation set, used by `to:` / `from:`.
    case element
    /// A `params` entry of a template, used by `{{name}}` in its strings.
    case parameter
}

/// The identity of one symbol within a document. Styles are global to a file (and its
/// importers); elements and parameters belong to one template or annotation set.
public struct SymbolKey: Hashable, Sendable {
    public let kind: SymbolKind
    public let name: String
    /// The node id of the template or annotation set holding the element or parameter; -1 for styles.
    public let container: Int

    public init(kind: SymbolKind, name: String, container: Int = -1) {
        self.kind = kind
        self.name = name
        self.container = container
    }
}

/// One place a symbol's name is written: its definition or a use.
public struct SymbolOccurrence: Hashable, Sendable {
    public let key: SymbolKey
    /// The name's bytes only (inside `{{name}}`, just `name`).
    public let range: ByteRange
    public let isDefinition: Bool
}

/// One `import "path"` line.
public struct ImportDirective: Sendable, Hashable {
    /// The path as written (escapes decoded).
    public let path: String
    /// The string atom, quotes included.
    public let range: ByteRange
}

/// The definitions and references of styles, element names and parameters in one document,
/// in document order. Built once per document version by one walk over the tree.
public struct SymbolIndex: Sendable {
    public let occurrences: [SymbolOccurrence]
    public let imports: [ImportDirective]
    /// Templates and annotation sets by node id, with their kind: the scopes of elements and parameters.
    public let containers: [Int: BlockSyntax]

    public init(tree: SyntaxTree) {
        var found: [SymbolOccurrence] = []
        var imports: [ImportDirective] = []
        var containers: [Int: BlockSyntax] = [:]
        let document = tree.document
        for directive in document.directives where directive.keyword == "import" {
            if let atom = directive.atoms.first, atom.kind == .string {
                imports.append(ImportDirective(path: atom.stringValue, range: atom.range))
            }
        }
        for block in document.blocks {
            SymbolIndex.collect(topLevel: block, into: &found, containers: &containers)
        }
        found.sort { $0.range.start < $1.range.start }
        self.occurrences = found
        self.imports = imports
        self.containers = containers
    }

    /// The symbols of one top-level block only (a style, a template, an annotation set):
    /// enough to resolve a name under the cursor, since elements and parameters never
    /// leave their block and a style's definition is its own top-level block.
    public init(topLevel block: BlockSyntax) {
        var found: [SymbolOccurrence] = []
        var containers: [Int: BlockSyntax] = [:]
        SymbolIndex.collect(topLevel: block, into: &found, containers: &containers)
        found.sort { $0.range.start < $1.range.start }
        self.occurrences = found
        self.imports = []
        self.containers = containers
    }

    private static func collect(topLevel block: BlockSyntax, into found: inout [SymbolOccurrence],
                                containers: inout [Int: BlockSyntax]) {
        let tree = block.tree
        if block.kindToken.map({ tree.token($0, equals: "style") }) == true {
            if let name = block.nameToken {
                found.append(SymbolOccurrence(key: SymbolKey(kind: .style, name: tree.text(of: name)),
                                              range: name.range, isDefinition: true))
            }
            for property in block.properties {
                collectStyleReference(property, into: &found)
            }
            return
        }
        // Any other top-level block, even a misspelled kind, is read as a container so
        // that navigation keeps working while the header is being typed.
        containers[block.node.id] = block
        collectContainer(block, id: block.node.id, into: &found)
    }

    private static func collectStyleReference(_ property: PropertySyntax, into found: inout [SymbolOccurrence]) {
        guard property.tree.token(property.keyToken, equals: "style"), let atom = property.firstAtom, atom.kind == .identifier else { return }
        found.append(SymbolOccurrence(key: SymbolKey(kind: .style, name: atom.text), range: atom.range, isDefinition: false))
    }

    /// Walks a template or annotation set with an explicit stack (blocks nest up to 128 deep).
    private static func collectContainer(_ container: BlockSyntax, id: Int, into found: inout [SymbolOccurrence]) {
        let tree = container.tree
        let isAnnotations = container.kind == "annotations"
        var stack: [BlockSyntax] = [container]
        while let block = stack.popLast() {
            let isParams = block.kindToken.map { tree.token($0, equals: "params") } == true && block.node.id != id
            for property in block.properties {
                if isParams {
                    let key = property.keyToken
                    guard key.kind == .identifier else { continue }
                    found.append(SymbolOccurrence(key: SymbolKey(kind: .parameter, name: tree.text(of: key), container: id),
                                                  range: key.range, isDefinition: true))
                    continue
                }
                collectStyleReference(property, into: &found)
                let key = property.keyToken
                if isAnnotations && (tree.token(key, equals: "to") || tree.token(key, equals: "from")) {
                    let atoms = property.atoms
                    if atoms.count == 1, atoms[0].kind == .identifier {
                        found.append(SymbolOccurrence(key: SymbolKey(kind: .element, name: atoms[0].text, container: id),
                                                      range: atoms[0].range, isDefinition: false))
                    }
                }
                if !isAnnotations && property.hasStringAtom {
                    for atom in property.atoms where atom.kind == .string {
                        for reference in atom.parameterReferences {
                            found.append(SymbolOccurrence(key: SymbolKey(kind: .parameter, name: tree.text(of: reference.name), container: id),
                                                          range: reference.name, isDefinition: false))
                        }
                    }
                }
            }
            let children = block.blocks
            for child in children.reversed() {
                if let name = child.nameToken, child.kindToken.map({ tree.token($0, equals: "params") }) != true {
                    found.append(SymbolOccurrence(key: SymbolKey(kind: .element, name: tree.text(of: name), container: id),
                                                  range: name.range, isDefinition: true))
                }
                stack.append(child)
            }
        }
    }

    // MARK: Lookups

    /// The occurrence whose name contains `offset` or ends exactly at it (the cursor just
    /// after a name still means that name).
    public func occurrence(at offset: Int) -> SymbolOccurrence? {
        var lo = 0, hi = occurrences.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if occurrences[mid].range.end < offset { lo = mid + 1 } else { hi = mid }
        }
        guard lo < occurrences.count else { return nil }
        let candidate = occurrences[lo]
        return candidate.range.start <= offset && offset <= candidate.range.end ? candidate : nil
    }

    public func occurrences(of key: SymbolKey) -> [SymbolOccurrence] {
        occurrences.filter { $0.key == key }
    }

    /// The first definition of the key in this document (later ones are duplicates the validator reports).
    public func definition(of key: SymbolKey) -> SymbolOccurrence? {
        occurrences.first { $0.isDefinition && $0.key == key }
    }

    /// Names defined in this document of one kind (for styles pass container -1), in document order, without repeats.
    public func definedNames(_ kind: SymbolKind, container: Int = -1) -> [String] {
        var seen: Set<String> = []
        var names: [String] = []
        for o in occurrences where o.isDefinition && o.key.kind == kind && o.key.container == container {
            if seen.insert(o.key.name).inserted { names.append(o.key.name) }
        }
        return names
    }

    /// The container (template or annotation set) that holds `offset`, if any.
    public func container(at offset: Int) -> BlockSyntax? {
        containers.values.first { $0.range.start <= offset && offset <= $0.range.end }
    }
}

extension PropertySyntax {
    /// Whether the value holds a string, checked on the tokens without building atoms.
    var hasStringAtom: Bool {
        let tokens = tree.tokens
        for i in node.tokenRange where tokens[i].kind == .string || tokens[i].kind == .multilineString { return true }
        return false
    }
}
