import TemplateFormat

/// The element names of one template or annotation set, each with the block node that
/// first uses it, keyed by the name's bytes in the document: a large document names tens
/// of thousands of elements, and a `String` and its hash per name cost more than the rest
/// of the duplicate check.
///
/// Open addressing over FNV-1a hashes of the bytes, at most half full.
struct ElementNames {
    private struct Entry {
        var start: Int32
        var end: Int32
        var node: Int32
    }

    private var entries: [Entry] = {
        var entries: [Entry] = []
        entries.reserveCapacity(32)
        return entries
    }()
    /// Index into `entries`, or -1. Sized for a typical template's few dozen elements, so
    /// most sets never rehash.
    private var slots = [Int32](repeating: -1, count: 64)

    var count: Int { entries.count }

    /// The block node first named by `token`'s text, or nil.
    func node(named token: Token, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let mask = slots.count - 1
        var slot = ElementNames.hash(bytes, token.start, token.end) & mask
        while true {
            let e = Int(slots[slot])
            if e < 0 { return nil }
            if same(entries[e], token, bytes) { return Int(entries[e].node) }
            slot = (slot + 1) & mask
        }
    }

    /// Records `node` as named by `token`, unless the name is taken: then returns the node
    /// that has it.
    mutating func insert(_ token: Token, node: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let mask = slots.count - 1
        var slot = ElementNames.hash(bytes, token.start, token.end) & mask
        while true {
            let e = Int(slots[slot])
            if e < 0 { break }
            if same(entries[e], token, bytes) { return Int(entries[e].node) }
            slot = (slot + 1) & mask
        }
        slots[slot] = Int32(entries.count)
        entries.append(Entry(start: Int32(token.start), end: Int32(token.end), node: Int32(node)))
        if entries.count * 2 > slots.count { rehash(bytes) }
        return nil
    }

    /// Every name, for did-you-mean suggestions.
    func names(in bytes: UnsafeBufferPointer<UInt8>) -> [String] {
        entries.map { String(decoding: UnsafeBufferPointer(rebasing: bytes[Int($0.start)..<Int($0.end)]), as: UTF8.self) }
    }

    private func same(_ entry: Entry, _ token: Token, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = Int(entry.start), length = Int(entry.end) - start
        guard length == token.end - token.start else { return false }
        var i = 0
        while i < length {
            if bytes[start + i] != bytes[token.start + i] { return false }
            i += 1
        }
        return true
    }

    private mutating func rehash(_ bytes: UnsafeBufferPointer<UInt8>) {
        var bigger = [Int32](repeating: -1, count: slots.count * 2)
        let mask = bigger.count - 1
        for (i, e) in entries.enumerated() {
            var slot = ElementNames.hash(bytes, Int(e.start), Int(e.end)) & mask
            while bigger[slot] >= 0 { slot = (slot + 1) & mask }
            bigger[slot] = Int32(i)
        }
        slots = bigger
    }

    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        NameTable.hash(bytes, start, end)
    }
}
