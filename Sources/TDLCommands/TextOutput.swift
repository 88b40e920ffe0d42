import Basics
import TemplateFormat

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

    /// `capacity`: room to start with. A large one (a report kept in memory) is asked to be
    /// backed by huge pages (`adviseHugePages`): megabytes of fresh 4 KiB pages cost a fault
    /// each, and memory reserved but never written costs nothing.
    init(color: Bool, sink: ((UnsafeRawBufferPointer) -> Void)? = nil, capacity: Int = 1 << 16) {
        self.color = color
        self.sink = sink
        self.capacity = max(capacity, 1 << 16)
        base = .allocate(capacity: self.capacity)
        adviseHugePages(base, byteCount: self.capacity)
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

    /// What `other` holds (a part of the report written into memory on another thread),
    /// after what is here: when the output streams, handed to the sink as it is.
    mutating func write(contentsOf other: borrowing TextOutput) {
        let written = UnsafeRawBufferPointer(start: other.base, count: other.count)
        guard let sink else { return append(other.base, other.count) }
        flush()
        if written.count > 0 { sink(written) }
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

    /// A number in decimal, written in place by `NumberText` (inlined: those below 10^8,
    /// every line and column of a real file, are one 8-byte store).
    @inline(__always)
    mutating func write(_ n: Int) {
        let to = room(NumberText.maximumIntegerLength)
        count &+= NumberText.write(n, to: to)
    }

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
}
