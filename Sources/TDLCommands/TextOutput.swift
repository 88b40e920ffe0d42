/// A UTF-8 output buffer for the text report: strings, numbers and source slices are
/// appended in place, and ANSI colour wraps a part only when colour is on.
///
/// The report of a large file is written in millions of small pieces (about twenty per
/// diagnostic), so the buffer is this module's own memory, not an `Array` (whose `append`
/// checks uniqueness and capacity on every call) nor a `GrowableBuffer` (whose methods reach
/// this module as calls): each piece is then a capacity check and a copy, inlined.
/// Noncopyable, so the buffer is held inline with no reference to count, and freed once.
struct TextOutput: ~Copyable {
    let color: Bool
    /// Where full chunks go when the output streams (`flushIfLarge`); nil keeps everything.
    private let sink: ((UnsafeRawBufferPointer) -> Void)?
    private var base: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int

    init(color: Bool, sink: ((UnsafeRawBufferPointer) -> Void)? = nil) {
        self.color = color
        self.sink = sink
        capacity = 1 << 16
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    /// Hands what was written to the sink once it passes 256 KiB, so a report of any size
    /// goes out through one small buffer whose memory is reused.
    mutating func flushIfLarge() {
        if count >= 256 << 10 { flush() }
    }

    /// Hands everything written so far to the sink.
    mutating func flush() {
        guard let sink, count > 0 else { return }
        sink(UnsafeRawBufferPointer(start: base, count: count))
        count = 0
    }

    /// Everything written so far.
    var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// Where the next `n` bytes go, with room made for them; the caller writes them all,
    /// then adds `n` to `count`.
    @inline(__always)
    private mutating func room(_ n: Int) -> UnsafeMutablePointer<UInt8> {
        if n > capacity &- count { grow(toHold: n) }
        return base + count
    }

    @inline(never)
    private mutating func grow(toHold n: Int) {
        var bigger = capacity * 2
        while bigger - count < n { bigger *= 2 }
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: bigger)
        moved.update(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = bigger
    }

    @inline(__always)
    private mutating func append(_ source: UnsafeRawPointer, _ n: Int) {
        guard n > 0 else { return }
        UnsafeMutableRawPointer(room(n)).copyMemory(from: source, byteCount: n)
        count &+= n
    }

    @inline(__always)
    private mutating func append(_ byte: UInt8) {
        room(1).pointee = byte
        count &+= 1
    }

    @_disfavoredOverload
    mutating func write(_ text: String) {
        if let done: Void = text.utf8.withContiguousStorageIfAvailable({ write($0) }) { return done }
        for byte in text.utf8 { append(byte) }
    }

    /// Bytes made once and written many times (a file's path, once per diagnostic).
    @inline(__always)
    mutating func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { write($0) }
    }

    /// Literals (`write(": ")`) come here: a copy of bytes known at compile time.
    @inline(__always)
    mutating func write(_ text: StaticString) {
        append(text.utf8Start, text.utf8CodeUnitCount)
    }

    @inline(__always)
    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let from = bytes.baseAddress else { return }
        append(from, bytes.count)
    }

    /// A number in decimal. Those below 10^8 (every line and column of a real file) are
    /// inlined: their digits are made at once in one word (`decimalWord`) and stored with
    /// one 8-byte store.
    @inline(__always)
    mutating func write(_ n: Int) {
        guard n >= 0 && n < 100_000_000 else { writeLong(n); return }
        let (word, width) = TextOutput.decimalWord(n)
        UnsafeMutableRawPointer(room(8)).storeBytes(of: word.littleEndian, as: UInt64.self)
        count &+= width
    }

    /// The ASCII digits of `n` (0 ≤ n < 10^8) in a word, the first digit in its lowest
    /// byte, and how many digits. Each step splits every lane of the word in two at once:
    /// into two 4-digit lanes, then 2-digit lanes, then digits (a division by 100 or 10 of
    /// a small lane is a multiply and a shift, exact in its range).
    @inline(__always)
    static func decimalWord(_ n: Int) -> (UInt64, Int) {
        let x = UInt64(truncatingIfNeeded: n)
        let fours = x / 10_000 | (x % 10_000) << 32
        let hundreds = ((fours &* 10_486) >> 20) & 0x0000_007F_0000_007F  // lane / 100 below 10^4
        let twos = hundreds | (fours &- hundreds &* 100) << 16
        let tens = ((twos &* 103) >> 10) & 0x000F_000F_000F_000F  // lane / 10 below 100
        let digits = tens | (twos &- tens &* 10) << 8
        // Leading zeros are the low zero bytes; 0 itself keeps one digit.
        let zeros = digits == 0 ? 7 : digits.trailingZeroBitCount >> 3
        return ((digits | 0x3030_3030_3030_3030) >> UInt64(zeros &* 8), 8 &- zeros)
    }

    /// A number in decimal, its digits written in place from the last, two at a time.
    @inline(never)
    mutating func writeLong(_ n: Int) {
        guard n >= 0 else { write(String(n)); return }
        let width = TextOutput.digits(n)
        let to = room(width)
        let pairs = TextOutput.digitPairs.utf8Start
        var rest = UInt(bitPattern: n), k = width
        while rest >= 10 {
            let pair = Int(truncatingIfNeeded: rest % 100) &* 2
            rest /= 100
            k &-= 2
            to[k] = pairs[pair]
            to[k &+ 1] = pairs[pair &+ 1]
        }
        if k > 0 { to[0] = 0x30 &+ UInt8(truncatingIfNeeded: rest) }
        count &+= width
    }

    /// "00" to "99", for writing numbers two digits at a time.
    private static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """

    @inline(__always)
    mutating func spaces(_ count: Int) { repeated(0x20, count) }

    /// Inlined: the usual run (a gutter, carets) costs less than the call.
    @inline(__always)
    mutating func repeated(_ byte: UInt8, _ n: Int) {
        guard n > 0 else { return }
        if n <= 16 {
            // The usual run (a gutter, carets) is shorter than the call to `memset` costs:
            // two 8-byte stores, with room for all 16 (bytes past `n` are written over later).
            let to = UnsafeMutableRawPointer(room(16))
            let word = UInt64(byte) &* 0x0101_0101_0101_0101
            to.storeBytes(of: word, as: UInt64.self)
            to.storeBytes(of: word, toByteOffset: 8, as: UInt64.self)
        } else {
            room(n).initialize(repeating: byte, count: n)
        }
        count &+= n
    }

    /// Starts an ANSI colour when colour is on; `endPaint` ends it.
    @inline(__always)
    mutating func paint(_ code: StaticString) {
        if color { write("\u{1B}["); write(code); write("m") }
    }

    @inline(__always)
    mutating func endPaint() {
        if color { write("\u{1B}[0m") }
    }

    /// Source bytes as text: copied when ASCII (`isASCII` says so without a scan), else
    /// decoded (invalid UTF-8 shows as U+FFFD).
    mutating func writeText(_ source: [UInt8], _ start: Int, _ end: Int, isASCII knownASCII: Bool = false) {
        let end = min(end, source.count)  // the slices below are not range-checked
        guard start >= 0 && start < end else { return }
        source.withUnsafeBufferPointer { all in
            let slice = UnsafeBufferPointer(rebasing: all[start..<end])
            if knownASCII || TextOutput.isASCII(slice) {
                write(slice)
            } else {
                write(String(decoding: slice, as: UTF8.self))
            }
        }
    }

    /// One space per character of `source[start..<end]`, tabs kept, so a caret line lines up.
    mutating func lead(_ source: [UInt8], _ start: Int, _ end: Int, isASCII knownASCII: Bool = false) {
        let end = min(end, source.count)  // the slices below are not range-checked
        guard start >= 0 && start < end else { return }
        source.withUnsafeBufferPointer { all in
            let slice = UnsafeBufferPointer(rebasing: all[start..<end])
            if knownASCII || TextOutput.isASCII(slice) {
                // A byte per character, tabs kept and the rest blanked. The usual lead (an
                // indent and a property name) fits one 16-byte vector when the source has
                // 16 bytes from `start`; bytes written past `n` are written over later.
                let n = slice.count
                if n <= 16 && start <= all.count - 16, let from = all.baseAddress {
                    typealias Bytes16 = SIMD16<UInt8>
                    let v = UnsafeRawPointer(from + start).loadUnaligned(as: Bytes16.self)
                    let shown = Bytes16(repeating: 0x20).replacing(with: 0x09, where: v .== Bytes16(repeating: 0x09))
                    UnsafeMutableRawPointer(room(16)).storeBytes(of: shown, as: Bytes16.self)
                } else {
                    let to = room(n)
                    for k in 0..<n { to[k] = slice[k] == 0x09 ? 0x09 : 0x20 }
                }
                count &+= n
            } else {
                for scalar in String(decoding: slice, as: UTF8.self).unicodeScalars { append(scalar == "\t" ? 0x09 : 0x20) }
            }
        }
    }

    /// Characters (Unicode scalars, invalid bytes as U+FFFD) in `source[start..<end]`.
    static func scalarCount(_ source: [UInt8], _ start: Int, _ end: Int, isASCII knownASCII: Bool = false) -> Int {
        let end = min(end, source.count)  // the slices below are not range-checked
        guard start >= 0 && start < end else { return 0 }
        if knownASCII { return end - start }
        return source.withUnsafeBufferPointer { all in
            let slice = UnsafeBufferPointer(rebasing: all[start..<end])
            if isASCII(slice) { return slice.count }
            return String(decoding: slice, as: UTF8.self).unicodeScalars.count
        }
    }

    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var any: UInt8 = 0
        for b in bytes { any |= b }
        return any < 0x80
    }

    /// Decimal digits of `n` (1 for a negative `n`).
    static func digits(_ n: Int) -> Int {
        // Comparisons, not divisions: a line number has about six digits.
        var d = 1, limit = 10
        while n >= limit && d < 18 { d &+= 1; limit &*= 10 }
        return n >= limit ? d + 1 : d
    }
}
