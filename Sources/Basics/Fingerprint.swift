/// A 64-bit hash of bytes, read eight at a time: for telling large byte strings apart
/// cheaply (cached validations, report result ids), never for security.
public func fingerprint(_ bytes: ArraySlice<UInt8>, seed: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
    bytes.withUnsafeBytes { fingerprint($0, seed: seed) }
}

/// `fingerprint` of bytes in place.
public func fingerprint(_ raw: UnsafeRawBufferPointer, seed: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
    var h = seed ^ UInt64(raw.count)
    var i = 0
    while i + 8 <= raw.count {
        h = (h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
        h ^= h >> 29
        i += 8
    }
    while i < raw.count {
        h = (h ^ UInt64(raw[i])) &* 0x100_0000_01b3
        i += 1
    }
    return h
}
