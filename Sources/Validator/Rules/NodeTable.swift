import TemplateFormat

/// What the rules need of every node, in one flat array built by one pass over the tree:
/// the preorder links and the schema id of a block's kind or a property's key. Rules walk
/// this instead of building views and Strings for every property of a large document.
struct NodeTable {
    struct Entry {
        var subtreeEnd: Int32
        /// Block: kind id (`SchemaIndex.kinds`); property: key id (`SchemaIndex.properties`); else -1.
        var id: Int16
        var kind: NodeKind
    }

    let entries: [Entry]

    init(_ tree: SyntaxTree) {
        entries = tree.withRawView { raw in
            let count = raw.nodeCount
            return [Entry](unsafeUninitializedCapacity: count) { buffer, initialized in
                let properties = SchemaIndex.properties
                let kinds = SchemaIndex.kinds
                for n in 0..<count {
                    let kind = raw.kind(n)
                    var id = -1
                    if kind == .property, let key = raw.firstTokenOf(n) {
                        id = properties.id(raw.bytes, key.start, key.end)
                    } else if kind == .block, let key = raw.blockKindToken(n) {
                        id = kinds.id(raw.bytes, key.start, key.end)
                    }
                    buffer[n] = Entry(subtreeEnd: Int32(raw.subtreeEnd(n)), id: Int16(id), kind: kind)
                }
                initialized = count
            }
        }
    }

    @inline(__always) func id(_ node: Int) -> Int { Int(entries[node].id) }

    /// The children of `node`, in order, as node indices.
    func children(of node: Int) -> Children { Children(entries: entries, cursor: node + 1, end: Int(entries[node].subtreeEnd)) }

    /// Walks siblings by their `subtreeEnd` links; no allocation.
    struct Children: Sequence, IteratorProtocol {
        let entries: [Entry]
        var cursor: Int
        let end: Int

        mutating func next() -> (node: Int, entry: Entry)? {
            guard cursor < end else { return nil }
            let node = cursor
            let entry = entries[node]
            cursor = Int(entry.subtreeEnd)
            return (node, entry)
        }
    }
}

/// The first property node of each key in one block, by property id. One table is reused
/// block after block (only the slots set are cleared), so no per-block dictionary is built.
struct PropertySlots {
    private(set) var nodes: [Int32]
    private var touched: [Int] = []

    init() {
        nodes = [Int32](repeating: -1, count: SchemaIndex.propertyCount)
        touched.reserveCapacity(32)
    }

    /// The first property node with key `id`, or -1.
    @inline(__always) subscript(id: Int) -> Int { id >= 0 ? Int(nodes[id]) : -1 }

    /// Records `node` for `id` unless the key was already seen; returns whether it was new.
    @inline(__always) mutating func insert(_ id: Int, node: Int) -> Bool {
        guard nodes[id] < 0 else { return false }
        nodes[id] = Int32(node)
        touched.append(id)
        return true
    }

    mutating func removeAll() {
        for id in touched { nodes[id] = -1 }
        touched.removeAll(keepingCapacity: true)
    }

    /// Fills the table with the properties of `block` in `table`'s tree.
    mutating func fill(block: Int, _ table: NodeTable) {
        removeAll()
        for (c, e) in table.children(of: block) where e.kind == .property && e.id >= 0 {
            _ = insert(Int(e.id), node: c)
        }
    }
}
