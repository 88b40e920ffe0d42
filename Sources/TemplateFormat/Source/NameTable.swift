/// A fixed set of names (property keys, kind names) with a lookup from bytes to a small
/// integer id, so passes over every property hash the key's bytes once instead of building
/// a `String` and hashing that.
///
/// Open addressing over FNV-1a hashes; the table is at most half full, so a miss costs one
/// or two probes.
public struct NameTable: Sendable {
    /// The names, by id.
    public let names: [String]
    private let utf8: [[UInt8]]
    private let slots: [Int32]
    private let mask: Int

    /// Ids are positions in `names`; a repeated name keeps its first id.
    public init(_ names: [String]) {
        self.names = names
        utf8 = names.map { Array($0.utf8) }
        var capacity = 8
        while capacity < names.count * 2 { capacity *= 2 }
        var slots = [Int32](repeating: -1, count: capacity)
        let mask = capacity - 1
        for (id, name) in utf8.enumerated() {
            var slot = name.withUnsafeBufferPointer { NameTable.hash($0, 0, $0.count) } & mask
            var duplicate = false
            while slots[slot] >= 0 {
                if utf8[Int(slots[slot])] == name { duplicate = true; break }
                slot = (slot + 1) & mask
            }
            if !duplicate { slots[slot] = Int32(id) }
        }
        self.slots = slots
        self.mask = mask
    }

    /// The id of `bytes[start..<end]`, or -1.
    public func id(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        guard start >= 0, end <= bytes.count, start <= end else { return -1 }
        let length = end - start
        var slot = NameTable.hash(bytes, start, end) & mask
        while true {
            let candidate = Int(slots[slot])
            if candidate < 0 { return -1 }
            let name = utf8[candidate]
            if name.count == length {
                var same = true
                var i = 0
                while i < length {
                    if name[i] != bytes[start + i] { same = false; break }
                    i += 1
                }
                if same { return candidate }
            }
            slot = (slot + 1) & mask
        }
    }

    /// The id of `name`, or -1.
    public func id(_ name: String) -> Int {
        var name = name
        return name.withUTF8 { id($0, 0, $0.count) }
    }

    public var count: Int { names.count }

    /// FNV-1a over `bytes[start..<end]`, folded; shared with tables of names found at run time.
    package static func hash(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        var k = start
        while k < end {
            h = (h ^ UInt64(bytes[k])) &* 0x100_0000_01b3
            k += 1
        }
        return Int(truncatingIfNeeded: h ^ (h >> 29))
    }
}
