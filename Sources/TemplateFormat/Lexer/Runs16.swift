/// Runs of plain bytes, 16 at a time.
///
/// Indentation, identifiers and the text of strings and comments are most of a document.
/// These find where such a run ends 16 bytes per step: `SIMD16` compares lower to a few
/// SSE2 (or NEON) instructions. Each reads exactly the 16 bytes at `p`; callers check that
/// they exist. (Byte k of the vector is the low byte of its lane group on little-endian
/// targets, hence the `littleEndian` reads: the lowest marked bit is the first marked byte.)
enum Runs16 {
    typealias Bytes16 = SIMD16<UInt8>
    static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Index of the first of the 16 bytes of `marks` whose top bit is set; 16 when none is.
    @inline(__always)
    static func firstMarked(_ marks: Bytes16) -> Int {
        let halves = unsafeBitCast(marks, to: SIMD2<UInt64>.self)
        let low = UInt64(littleEndian: halves[0]) & highBits
        if low != 0 { return low.trailingZeroBitCount >> 3 }
        return 8 + (UInt64(littleEndian: halves[1]) & highBits).trailingZeroBitCount >> 3  // 16 when none
    }

    /// How many of the 16 bytes at `p` (0...16) come before a quote, backslash, line break or
    /// non-ASCII byte: the bytes a `"…"` string steps over without looking at them.
    @inline(__always)
    static func plainStringBytes(at p: UnsafePointer<UInt8>) -> Int {
        let v = UnsafeRawPointer(p).loadUnaligned(as: Bytes16.self)
        let special = (v .== Bytes16(repeating: 0x22)) .| (v .== Bytes16(repeating: 0x5C))
            .| (v .== Bytes16(repeating: 0x0A)) .| (v .== Bytes16(repeating: 0x0D))
        // Non-ASCII bytes already have their top bit set.
        return firstMarked(unsafeBitCast(special, to: Bytes16.self) | v)
    }

    /// How many of the 16 bytes at `p` (0...16) come before a LF or CR.
    @inline(__always)
    static func bytesBeforeLineBreak(at p: UnsafePointer<UInt8>) -> Int {
        let v = UnsafeRawPointer(p).loadUnaligned(as: Bytes16.self)
        let lineBreak = (v .== Bytes16(repeating: 0x0A)) .| (v .== Bytes16(repeating: 0x0D))
        return firstMarked(unsafeBitCast(lineBreak, to: Bytes16.self))
    }

    /// Which bytes of `x` are in `low..<low + width`, as one signed compare (SSE2 has no
    /// unsigned one): x - low + 0x80, as a signed byte, is below width - 0x80.
    @inline(__always)
    static func inRange(_ x: Bytes16, _ low: UInt8, _ width: UInt8) -> SIMDMask<SIMD16<Int8>> {
        let shifted = unsafeBitCast(x &+ Bytes16(repeating: 0x80 &- low), to: SIMD16<Int8>.self)
        return shifted .< SIMD16<Int8>(repeating: Int8(truncatingIfNeeded: Int(width) - 0x80))
    }

    /// How many of the 16 bytes at `p` (0...16) are digits.
    @inline(__always)
    static func digitBytes(at p: UnsafePointer<UInt8>) -> Int {
        let v = UnsafeRawPointer(p).loadUnaligned(as: Bytes16.self)
        return firstMarked(~unsafeBitCast(inRange(v, 0x30, 10), to: Bytes16.self))
    }

    /// How many of the 16 bytes at `p` (0...16) continue an identifier: `[A-Za-z0-9_-]`.
    @inline(__always)
    static func identifierBytes(at p: UnsafePointer<UInt8>) -> Int {
        let v = UnsafeRawPointer(p).loadUnaligned(as: Bytes16.self)
        // Range tests as one signed compare each (SSE2 has no unsigned one): x is in
        // low..<low + width when x - low + 0x80, as a signed byte, is below width - 0x80.
        let letter = inRange(v | Bytes16(repeating: 0x20), 0x61, 26)
        let digit = inRange(v, 0x30, 10)
        let ident = letter .| digit .| (v .== Bytes16(repeating: 0x5F)) .| (v .== Bytes16(repeating: 0x2D))
        return firstMarked(~unsafeBitCast(ident, to: Bytes16.self))
    }
}
