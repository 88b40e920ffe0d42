import TemplateFormat

/// The element names of one template or annotation set, each with the block node that
/// first uses it, keyed by the name's bytes in the document: a large document names tens
/// of thousands of elements, and a `String` and its hash per name cost more than the rest
/// of the duplicate check.
///
/// Open addressing in one array of slots, at most three quarters full. Each slot keeps its
/// name's hash: a probe compares bytes only when the hashes agree, and growing the table
/// reads no name again. Sized for a typical set's few dozen elements, so most never grow.
struct ElementNames {
    private struct Slot {
        /// The name's bytes in the document.
        var start: UInt32
        var end: UInt32
        /// The block node; -1 in an empty slot.
        var node: Int32
        var hash: UInt32
    }

    private var slots = [Slot](repeating: Slot(start: 0, end: 0, node: -1, hash: 0), count: 64)
    private(set) var count = 0

    /// The block node first named by `token`'s text, or nil.
    func node(named token: Token, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let hash = ElementNames.hash(bytes, token.start, token.end)
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while true {
            let s = slots[slot]
            if s.node < 0 { return nil }
            if s.hash == hash && ElementNames.same(s, token, bytes) { return Int(s.node) }
            slot = (slot + 1) & mask
        }
    }

    /// Records `node` as named by `token`, unless the name is taken: then returns the node
    /// that has it.
    mutating func insert(_ token: Token, node: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let hash = ElementNames.hash(bytes, token.start, token.end)
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while true {
            let s = slots[slot]
            if s.node < 0 { break }
            if s.hash == hash && ElementNames.same(s, token, bytes) { return Int(s.node) }
            slot = (slot + 1) & mask
        }
        // Token offsets are 32-bit and node indexes fit Int32 (the tree stores them so).
        slots[slot] = Slot(start: UInt32(truncatingIfNeeded: token.start), end: UInt32(truncatingIfNeeded: token.end),
                           node: Int32(truncatingIfNeeded: node), hash: hash)
        count += 1
        if count * 4 > slots.count * 3 { grow() }
        return nil
    }

    /// Every name, in the order first named (node order: blocks are checked in document
    /// order), for did-you-mean suggestions.
    func names(in bytes: UnsafeBufferPointer<UInt8>) -> [String] {
        slots.filter { $0.node >= 0 }.sorted { $0.node < $1.node }.map {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[Int($0.start)..<Int($0.end)]), as: UTF8.self)
        }
    }

    private static func same(_ slot: Slot, _ token: Token, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = Int(slot.start), length = Int(slot.end) - start
        guard length == token.end - token.start else { return false }
        var i = 0
        while i < length {
            if bytes[start + i] != bytes[token.start + i] { return false }
            i += 1
        }
        return true
    }

    private mutating func grow() {
        var bigger = [Slot](repeating: Slot(start: 0, end: 0, node: -1, hash: 0), count: slots.count * 2)
        let mask = bigger.count - 1
        for s in slots where s.node >= 0 {
            var slot = Int(s.hash) & mask
            while bigger[slot].node >= 0 { slot = (slot + 1) & mask }
            bigger[slot] = s
        }
        slots = bigger
    }

    /// A hash of `bytes[start..<end]`, read eight bytes at a time: a name sits inside the
    /// document, so a short one is read as the whole word around it, masked. Equal names
    /// hash alike wherever they are.
    @inline(__always)
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> UInt32 {
        let length = end - start
        var h = UInt64(truncatingIfNeeded: length) &* 0x9E37_79B9_7F4A_7C15
        @inline(__always) func mix(_ word: UInt64) {
            h = (h ^ word) &* 0xBF58_476D_1CE4_E5B9
            h ^= h &>> 29
        }
        if length > 0, let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            @inline(__always) func word(at offset: Int) -> UInt64 {
                UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            }
            if length >= 8 {
                var i = start
                while i &+ 8 <= end {
                    mix(word(at: i))
                    i &+= 8
                }
                if i < end { mix(word(at: end &- 8)) }  // the last bytes, overlapping the word before
            } else if start &+ 8 <= bytes.count {
                mix(word(at: start) & ((1 &<< UInt64(8 &* length)) &- 1))
            } else if end >= 8 {
                mix(word(at: end &- 8) &>> UInt64(8 &* (8 &- length)))
            } else {
                var w: UInt64 = 0
                for i in 0..<length { w |= UInt64(base[start &+ i]) &<< UInt64(8 &* i) }
                mix(w)
            }
        }
        h = (h ^ (h &>> 32)) &* 0x94D0_49BB_1331_11EB
        return UInt32(truncatingIfNeeded: h &>> 32)
    }
}
