/// A fixed set of names (property keys, kind names) with a lookup from bytes to a small
/// integer id, so passes over every property hash the key's bytes once instead of building
/// a `String` and hashing that.
///
/// Open addressing, at most half full, so a miss costs one or two probes. Names are read
/// and compared eight bytes at a time: a 10 MB document looks up a million keys, most of
/// them shorter than a word.
public struct NameTable: Sendable {
    /// The names, by id.
    public let names: [String]
    /// Each name's bytes, zero-padded to whole words, at `wordStart[id]`.
    private let words: [UInt64]
    private let wordStart: [Int32]
    private let lengths: [Int32]
    private let slots: [Int32]
    private let mask: Int

    /// Ids are positions in `names`; a repeated name keeps its first id.
    public init(_ names: [String]) {
        self.names = names
        var words: [UInt64] = []
        var wordStart: [Int32] = []
        var lengths: [Int32] = []
        for name in names {
            let bytes = Array(name.utf8)
            wordStart.append(Int32(words.count))
            lengths.append(Int32(bytes.count))
            var k = 0
            while k < bytes.count {
                var w: UInt64 = 0
                for i in 0..<min(8, bytes.count - k) { w |= UInt64(bytes[k + i]) << (8 * UInt64(i)) }
                words.append(w)
                k += 8
            }
        }
        var capacity = 8
        while capacity < names.count * 2 { capacity *= 2 }
        var slots = [Int32](repeating: -1, count: capacity)
        let mask = capacity - 1
        for id in names.indices {
            var slot = NameTable.mix(words, Int(wordStart[id]), Int(lengths[id])) & mask
            var duplicate = false
            while slots[slot] >= 0 {
                let other = Int(slots[slot])
                if lengths[other] == lengths[id] && NameTable.sameWords(words, Int(wordStart[other]), words, Int(wordStart[id]), Int(lengths[id])) {
                    duplicate = true
                    break
                }
                slot = (slot + 1) & mask
            }
            if !duplicate { slots[slot] = Int32(id) }
        }
        self.words = words
        self.wordStart = wordStart
        self.lengths = lengths
        self.slots = slots
        self.mask = mask
    }

    /// The id of `bytes[start..<end]`, or -1.
    public func id(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        guard start >= 0, end <= bytes.count, start < end, let base = bytes.baseAddress else {
            return start == end && start >= 0 && end <= bytes.count ? idOfEmpty() : -1
        }
        let length = end - start
        guard length <= 24 else { return slowID(bytes, start, end) }
        // The key's words: read in place and masked, or byte by byte near the buffer's end.
        var k0: UInt64 = 0, k1: UInt64 = 0, k2: UInt64 = 0
        if start + 24 <= bytes.count {
            let from = UnsafeRawPointer(base + start)
            @inline(__always) func word(_ w: Int) -> UInt64 {
                let left = length - 8 * w
                if left <= 0 { return 0 }
                let value = from.loadUnaligned(fromByteOffset: 8 * w, as: UInt64.self)
                return left >= 8 ? value : value & ((1 << (8 * UInt64(left))) &- 1)
            }
            k0 = word(0)
            k1 = word(1)
            k2 = word(2)
        } else {
            for i in 0..<length {
                let b = UInt64(base[start + i]) << (8 * UInt64(i & 7))
                if i < 8 { k0 |= b } else if i < 16 { k1 |= b } else { k2 |= b }
            }
        }
        var h = UInt64(length) &* NameTable.seed
        h = (h ^ k0) &* NameTable.multiplier
        h ^= h >> 31
        if length > 8 { h = (h ^ k1) &* NameTable.multiplier; h ^= h >> 31 }
        if length > 16 { h = (h ^ k2) &* NameTable.multiplier; h ^= h >> 31 }
        return find(Int(truncatingIfNeeded: h ^ (h >> 29)), length: length) { w in
            words[w] == k0 && (length <= 8 || words[w + 1] == k1) && (length <= 16 || words[w + 2] == k2)
        }
    }

    /// The id of the name of `length` bytes whose hash is `hash` and whose words (from their
    /// start in `words`) `matches` accepts, or -1.
    @inline(__always)
    private func find(_ hash: Int, length: Int, _ matches: (Int) -> Bool) -> Int {
        var slot = hash & mask
        while true {
            let candidate = Int(slots[slot])
            if candidate < 0 { return -1 }
            if Int(lengths[candidate]) == length && matches(Int(wordStart[candidate])) { return candidate }
            slot = (slot + 1) & mask
        }
    }

    /// The id of `name`, or -1.
    public func id(_ name: String) -> Int {
        var name = name
        return name.withUTF8 { id($0, 0, $0.count) }
    }

    public var count: Int { names.count }

    /// FNV-1a over `bytes[start..<end]`, folded; for tables of names found at run time.
    package static func hash(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        var k = start
        while k < end {
            h = (h ^ UInt64(bytes[k])) &* 0x100_0000_01b3
            k += 1
        }
        return Int(truncatingIfNeeded: h ^ (h >> 29))
    }

    private static let seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    private static let multiplier: UInt64 = 0xBF58_476D_1CE4_E5B9

    /// A hash of a name's zero-padded words (`id` computes the same inline).
    private static func mix(_ words: [UInt64], _ from: Int, _ length: Int) -> Int {
        var h = UInt64(length) &* seed
        var w = 0
        while 8 * w < length {
            h = (h ^ words[from + w]) &* multiplier
            h ^= h >> 31
            w += 1
        }
        return Int(truncatingIfNeeded: h ^ (h >> 29))
    }

    private static func sameWords(_ a: [UInt64], _ aFrom: Int, _ b: [UInt64], _ bFrom: Int, _ length: Int) -> Bool {
        var w = 0
        while 8 * w < length {
            if a[aFrom + w] != b[bFrom + w] { return false }
            w += 1
        }
        return true
    }

    /// Names longer than three words (none of the schema's; a style may have one): their
    /// words are gathered in an array first.
    private func slowID(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        var keyWords: [UInt64] = []
        var k = start
        while k < end {
            var w: UInt64 = 0
            for i in 0..<min(8, end - k) { w |= UInt64(bytes[k + i]) << (8 * UInt64(i)) }
            keyWords.append(w)
            k += 8
        }
        let length = end - start
        return find(NameTable.mix(keyWords, 0, length), length: length) { NameTable.sameWords(words, $0, keyWords, 0, length) }
    }

    private func idOfEmpty() -> Int {
        find(NameTable.mix([], 0, 0), length: 0) { _ in true }
    }
}
