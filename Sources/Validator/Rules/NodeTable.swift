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

    private(set) var entries: [Entry]

    /// `deferSets`: leave the ids inside top-level templates and annotation sets unresolved
    /// (-1) until `resolveIDs(of:)`: a revalidation that reuses most sets (`ValidationCache`)
    /// then hashes only the keys of the sets it checks.
    ///
    /// One thread: `check` of a large file builds the table beside the project's summary
    /// (`PreparedTree`), where a second thread would have nothing to take.
    init(_ tree: SyntaxTree, deferSets: Bool = false) {
        entries = tree.withRawView { raw in
            let count = raw.nodeCount
            return [Entry](unsafeUninitializedCapacity: count) { buffer, initialized in
                adviseHugePages(buffer.baseAddress, byteCount: count * MemoryLayout<Entry>.stride)
                Filler(raw: raw, out: buffer, deferSets: deferSets).fill()
                initialized = count
            }
        }
    }

    /// Fills the table's entry of every node: it only reads the tree and writes `out`, one
    /// entry per node.
    private struct Filler {
        let raw: RawSyntaxView
        let out: UnsafeMutableBufferPointer<Entry>
        // The schema's tables held here: read through their globals, each node paid a
        // `swift_once` check and a copy of the table.
        let properties = SchemaIndex.properties, kinds = SchemaIndex.kinds
        /// The kinds whose top-level blocks' ids are deferred; -2 is no id: without
        /// `deferSets` nothing is deferred.
        let deferredKinds: (Int, Int)

        init(raw: RawSyntaxView, out: UnsafeMutableBufferPointer<Entry>, deferSets: Bool) {
            self.raw = raw
            self.out = out
            deferredKinds = deferSets ? (SchemaIndex.templateKindID, SchemaIndex.annotationsKindID) : (-2, -2)
        }

        func fill() {
            assert(out.count == raw.nodeCount, "a table of \(out.count) entries for \(raw.nodeCount) nodes")
            let tokens = raw.tokens, bytes = raw.bytes
            var deferredUntil = 0
            for n in 0..<out.count {
                let kind = raw.kind(n)
                var id = -1  // only properties and blocks have ids: other nodes skip the lookup
                if kind == .property || kind == .block {
                    let first = raw.firstToken(n)
                    if first < raw.endToken(n) && n >= deferredUntil {
                        let key = tokens[first]
                        if kind == .property {
                            id = properties.id(bytes, key.start, key.end)
                        } else if key.kind == .identifier {
                            id = kinds.id(bytes, key.start, key.end)
                            // Properties' subtrees hold no ids, so only blocks defer theirs.
                            if (id == deferredKinds.0 || id == deferredKinds.1) && raw.parent(n) == 0 {
                                deferredUntil = raw.subtreeEnd(n)
                            }
                        }
                    }
                }
                // Schema ids are far below `Int16.max`.
                out[n] = Entry(subtreeEnd: Int32(truncatingIfNeeded: raw.subtreeEnd(n)), id: Int16(truncatingIfNeeded: id), kind: kind)
            }
        }
    }

    /// Resolves the ids of every node inside `block` (see `deferSets`).
    mutating func resolveIDs(of block: Int, _ raw: RawSyntaxView) {
        let end = Int(entries[block].subtreeEnd)
        guard block + 1 < end else { return }
        let names = Names()
        for n in (block + 1)..<end {
            entries[n].id = Int16(names.id(of: n, entries[n].kind, raw))
        }
    }

    /// The schema's property keys and kind names.
    private struct Names {
        let properties = SchemaIndex.properties
        let kinds = SchemaIndex.kinds

        @inline(__always) func id(of n: Int, _ kind: NodeKind, _ raw: RawSyntaxView) -> Int {
            if kind == .property, let key = raw.firstTokenOf(n) {
                return properties.id(raw.bytes, key.start, key.end)
            } else if kind == .block, let key = raw.blockKindToken(n) {
                return kinds.id(raw.bytes, key.start, key.end)
            }
            return -1
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
    /// The ids set, in `touched[0..<touchedCount]` (each id at most once, so the array,
    /// sized for every id, never grows; `Array.removeAll(keepingCapacity:)` per block was a
    /// generic call).
    private var touched: [Int16]
    private var touchedCount = 0

    init() {
        nodes = [Int32](repeating: -1, count: SchemaIndex.propertyCount)
        touched = [Int16](repeating: 0, count: SchemaIndex.propertyCount)
    }

    /// The first property node with key `id`, or -1.
    @inline(__always) subscript(id: Int) -> Int { id >= 0 ? Int(nodes[id]) : -1 }

    /// Records `node` for `id` unless the key was already seen; returns whether it was new.
    @inline(__always) mutating func insert(_ id: Int, node: Int) -> Bool {
        guard nodes[id] < 0 else { return false }
        nodes[id] = Int32(node)
        touched[touchedCount] = Int16(id)
        touchedCount += 1
        return true
    }

    mutating func removeAll() {
        for k in 0..<touchedCount { nodes[Int(touched[k])] = -1 }
        touchedCount = 0
    }

    /// Fills the table with the properties of `block` in `table`'s tree.
    mutating func fill(block: Int, _ table: NodeTable) {
        removeAll()
        for (c, e) in table.children(of: block) where e.kind == .property && e.id >= 0 {
            _ = insert(Int(e.id), node: c)
        }
    }
}
