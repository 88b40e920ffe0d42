/// A fixed set of names (property keys, kind names) with a lookup from bytes to a small
/// integer id, so passes over every property hash the key's bytes once instead of building
/// a `String` and hashing that.
///
/// Open addressing, at most a quarter full, so a miss costs one or two probes. Each slot
/// holds a name's first three words (zero-padded), its length and its id: a 10 MB document
/// looks up a million keys, nearly all of them 16 bytes or shorter, and one slot read answers.
public struct NameTable: Sendable {
    /// The names, by id.
    public let names: [String]
    @usableFromInline let slots: [Slot]
    /// `slots.count - 1`.
    @usableFromInline let mask: Int
    /// `64 - log2(slots.count)`: a hash's top bits pick the first slot.
    @usableFromInline let shift: UInt64
    /// Each name's bytes, by id: names longer than three words compare the rest here.
    @usableFromInline let utf8: [[UInt8]]
    /// `keyMasks[2 * n]` and `[2 * n + 1]` keep the first `n` bytes (0...16) of two words:
    /// two loads, cheaper than working the masks out per key.
    @usableFromInline let keyMasks: [UInt64]

    @usableFromInline struct Slot: Sendable {
        @usableFromInline var w0: UInt64 = 0, w1: UInt64 = 0, w2: UInt64 = 0
        /// -1: empty.
        @usableFromInline var length: Int32 = -1
        @usableFromInline var id: Int32 = -1
    }

    /// Ids are positions in `names`; a repeated name keeps its first id.
    public init(_ names: [String]) {
        self.names = names
        let utf8 = names.map { Array($0.utf8) }
        var capacity = 8
        while capacity < names.count * 4 { capacity *= 2 }
        var slots = [Slot](repeating: Slot(), count: capacity)
        let mask = capacity - 1
        let shift = UInt64(64 - capacity.trailingZeroBitCount)
        for (id, bytes) in utf8.enumerated() {
            var w: (UInt64, UInt64, UInt64) = (0, 0, 0)
            for (i, b) in bytes.prefix(24).enumerated() {
                let bits = UInt64(b) << (8 * UInt64(i & 7))
                if i < 8 { w.0 |= bits } else if i < 16 { w.1 |= bits } else { w.2 |= bits }
            }
            var slot = NameTable.slot(w.0, w.1, w.2, shift)
            while slots[slot].length >= 0 && utf8[Int(slots[slot].id)] != bytes { slot = (slot + 1) & mask }
            if slots[slot].length < 0 {
                slots[slot] = Slot(w0: w.0, w1: w.1, w2: w.2, length: Int32(bytes.count), id: Int32(id))
            }
        }
        self.slots = slots
        self.mask = mask
        self.shift = shift
        self.utf8 = utf8
        /// The low `n` bytes of a word (all for 8 or more, none for 0 or fewer).
        func low(_ n: Int) -> UInt64 { n >= 8 ? .max : n <= 0 ? 0 : (1 << UInt64(8 * n)) - 1 }
        keyMasks = (0...16).flatMap { n in [low(n), low(n - 8)] }
    }

    /// The first slot of a name with these (zero-padded) first three words: multiply-shift,
    /// as a product's top bits depend on every bit of the word. Words past a name's end are
    /// zero, so their products are too. (The length is not mixed in: names that differ only
    /// by trailing NULs share a chain, and slots compare lengths.)
    @inlinable @inline(__always)
    static func slot(_ w0: UInt64, _ w1: UInt64, _ w2: UInt64, _ shift: UInt64) -> Int {
        let h = (w0 &* 0x9E37_79B9_7F4A_7C15) ^ (w1 &* 0xBF58_476D_1CE4_E5B9) ^ (w2 &* 0x94D0_49BB_1331_11EB)
        return Int(truncatingIfNeeded: h &>> shift)
    }

    /// The id of `bytes[start..<end]`, or -1 (also for a range outside `bytes`). Inlined:
    /// the validator looks up the key of every property.
    @inlinable @inline(__always)
    public func id(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        let length = end &- start
        // Keys of 1 to 16 bytes with two words of buffer from their start (so start <= end
        // <= count): two loads, masked; slots of names that short hold nothing past their
        // second word. In a loop over keys of one buffer, only the last two tests are per key.
        guard bytes.count >= 16, let base = bytes.baseAddress,
              UInt(bitPattern: start) <= UInt(bitPattern: bytes.count &- 16), UInt(bitPattern: length &- 1) < 16 else {
            return NameTable.otherID(bytes, start, end, slots, mask, shift, utf8)
        }
        let from = UnsafeRawPointer(base + start)
        return keyMasks.withUnsafeBufferPointer { masks in
            let w0 = from.loadUnaligned(as: UInt64.self) & masks[2 &* length]
            let w1 = from.loadUnaligned(fromByteOffset: 8, as: UInt64.self) & masks[2 &* length &+ 1]
            return slots.withUnsafeBufferPointer { slots in
                var slot = NameTable.slot(w0, w1, 0, shift)
                while true {
                    let s = slots[slot]
                    if (s.w0 ^ w0) | (s.w1 ^ w1) == 0 && Int(s.length) == length { return Int(s.id) }
                    if s.length < 0 { return -1 }
                    slot = (slot &+ 1) & mask
                }
            }
        }
    }

    /// `id` for keys that are empty, longer than two words, end near the buffer's end, or
    /// lie (partly) outside it. Static, with the fields it reads as arguments: a method
    /// took `self` by address, and every inlined `id` copied the table to the stack for it.
    @usableFromInline @inline(never)
    static func otherID(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int,
                        _ slots: [Slot], _ mask: Int, _ shift: UInt64, _ utf8: [[UInt8]]) -> Int {
        // 0 <= start <= end <= count, in two unsigned comparisons (a negative start or end
        // reads as a huge unsigned value).
        guard UInt(bitPattern: start) <= UInt(bitPattern: end), UInt(bitPattern: end) <= UInt(bitPattern: bytes.count) else {
            return -1
        }
        let length = end &- start
        let w = NameTable.words(bytes, start, length)
        return slots.withUnsafeBufferPointer { slots in
            var slot = NameTable.slot(w.0, w.1, w.2, shift)
            while true {
                let s = slots[slot]
                if (s.w0 ^ w.0) | (s.w1 ^ w.1) | (s.w2 ^ w.2) == 0 && Int(s.length) == length
                    && (length <= 24 || sameTail(utf8[Int(s.id)], bytes, start)) {
                    return Int(s.id)
                }
                if s.length < 0 { return -1 }
                slot = (slot &+ 1) & mask
            }
        }
    }

    /// The first three words of `bytes[start..<start + length]` (a range inside `bytes`),
    /// zero-padded: read in place and masked where three words from `start` lie inside the
    /// buffer, else byte by byte.
    @inline(__always)
    private static func words(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ length: Int) -> (UInt64, UInt64, UInt64) {
        guard length > 0, let base = bytes.baseAddress else { return (0, 0, 0) }
        if bytes.count &- start >= 24 {
            let from = UnsafeRawPointer(base + start)
            /// The low `n` bytes of a word (all for 8 or more, none for 0 or fewer).
            @inline(__always) func low(_ n: Int) -> UInt64 {
                n >= 8 ? .max : n <= 0 ? 0 : .max &>> UInt64(64 &- 8 &* n)
            }
            return (from.loadUnaligned(as: UInt64.self) & low(length),
                    from.loadUnaligned(fromByteOffset: 8, as: UInt64.self) & low(length &- 8),
                    from.loadUnaligned(fromByteOffset: 16, as: UInt64.self) & low(length &- 16))
        }
        var w0: UInt64 = 0, w1: UInt64 = 0, w2: UInt64 = 0
        for i in 0..<min(length, 24) {  // the key ends less than three words from the buffer's end
            let bits = UInt64(base[start + i]) << (8 * UInt64(i & 7))
            if i < 8 { w0 |= bits } else if i < 16 { w1 |= bits } else { w2 |= bits }
        }
        return (w0, w1, w2)
    }

    /// Whether `bytes` from `start` end as `name` does after its first three words.
    private static func sameTail(_ name: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) -> Bool {
        var i = 24
        while i < name.count {
            if bytes[start + i] != name[i] { return false }
            i += 1
        }
        return true
    }

    /// The id of `name`, or -1.
    public func id(_ name: String) -> Int {
        var name = name
        return name.withUTF8 { utf8 in
            guard utf8.count <= 16 else { return id(utf8, 0, utf8.count) }
            // A short name in a zero-padded 16-byte copy: its own buffer is too short for `id`'s two loads.
            var words: (UInt64, UInt64) = (0, 0)
            return withUnsafeMutableBytes(of: &words) { padded in
                padded.copyMemory(from: UnsafeRawBufferPointer(utf8))
                return id(UnsafeBufferPointer(padded.assumingMemoryBound(to: UInt8.self)), 0, utf8.count)
            }
        }
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
}
