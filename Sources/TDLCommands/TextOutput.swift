import TemplateFormat

/// A UTF-8 output buffer for the text report: strings, numbers and source slices are
/// appended in place, and ANSI colour wraps a part only when colour is on.
///
/// The report of a large file is written in millions of small pieces (about twenty per
/// diagnostic), so the bytes go to a `GrowableBuffer`: `Array.append` checks uniqueness and
/// capacity on every call, which cost more than the copying itself.
struct TextOutput {
    let color: Bool
    private let storage = Storage()
    /// Where full chunks go when the output streams (`flushIfLarge`); nil keeps everything.
    private let sink: ((UnsafeRawBufferPointer) -> Void)?

    init(color: Bool, sink: ((UnsafeRawBufferPointer) -> Void)? = nil) {
        self.color = color
        self.sink = sink
    }

    /// Hands what was written to the sink once it passes 256 KiB, so a report of any size
    /// goes out through one small buffer whose memory is reused.
    mutating func flushIfLarge() {
        if storage.buffer.count >= 256 << 10 { flush() }
    }

    /// Hands everything written so far to the sink.
    mutating func flush() {
        guard let sink, storage.buffer.count > 0 else { return }
        storage.buffer.withUnsafeBufferPointer { sink(UnsafeRawBufferPointer($0)) }
        storage.buffer.removeAll()
    }

    /// Everything written so far.
    var bytes: [UInt8] { storage.buffer.withUnsafeBufferPointer { Array($0) } }

    /// The buffer in a class, so that its memory is freed with the last copy of the output.
    /// Exclusivity is not checked at run time: each output is written by one thread, and the
    /// check cost more than the appends it guards.
    private final class Storage {
        @exclusivity(unchecked) var buffer = GrowableBuffer<UInt8>(capacity: 1 << 16)
        deinit { buffer.discard() }

        @inline(__always)
        func append(_ source: UnsafeRawBufferPointer) {
            buffer.appendBytes(source)
        }

        @inline(__always)
        func append(_ byte: UInt8) { buffer.appendByte(byte) }

        func append(_ byte: UInt8, count n: Int) { buffer.append(repeating: byte, count: n) }
    }

    @_disfavoredOverload
    mutating func write(_ text: String) {
        if let done: Void = text.utf8.withContiguousStorageIfAvailable({ storage.append(UnsafeRawBufferPointer($0)) }) { return done }
        for byte in text.utf8 { storage.append(byte) }
    }

    /// Literals (`write(": ")`) come here: a copy of bytes known at compile time.
    mutating func write(_ text: StaticString) {
        storage.append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func write(_ n: Int) {
        if n < 0 {
            storage.append(0x2D)
            if n == .min { write(String(n).dropFirst().description); return }
            write(-n)
            return
        }
        // Digits from the last, into a small buffer on the stack, then appended at once.
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { room in
            var rest = n
            var first = room.count
            repeat {
                first -= 1
                room[first] = 0x30 + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            storage.append(UnsafeRawBufferPointer(rebasing: room[first...]))
        }
    }

    mutating func spaces(_ count: Int) { repeated(0x20, count) }

    mutating func repeated(_ byte: UInt8, _ count: Int) {
        storage.append(byte, count: count)
    }

    /// `body`'s output wrapped in an ANSI colour when colour is on.
    mutating func painted(_ code: StaticString, _ body: (inout TextOutput) -> Void) {
        if color { write("\u{1B}["); write(code); write("m") }
        body(&self)
        if color { write("\u{1B}[0m") }
    }

    /// Source bytes as text: copied when ASCII, else decoded (invalid UTF-8 shows as U+FFFD).
    mutating func writeText(_ source: [UInt8], _ start: Int, _ end: Int) {
        guard start < end else { return }
        source.withUnsafeBufferPointer { all in
            let slice = UnsafeBufferPointer(rebasing: all[start..<end])
            if TextOutput.isASCII(slice) {
                storage.append(UnsafeRawBufferPointer(slice))
            } else {
                write(String(decoding: slice, as: UTF8.self))
            }
        }
    }

    /// One space per character of `source[start..<end]`, tabs kept, so a caret line lines up.
    mutating func lead(_ source: [UInt8], _ start: Int, _ end: Int) {
        guard start < end else { return }
        source.withUnsafeBufferPointer { all in
            let slice = UnsafeBufferPointer(rebasing: all[start..<end])
            if TextOutput.isASCII(slice) && !slice.contains(0x09) {
                storage.append(0x20, count: slice.count)
            } else if TextOutput.isASCII(slice) {
                for b in slice { storage.append(b == 0x09 ? 0x09 : 0x20) }
            } else {
                for scalar in String(decoding: slice, as: UTF8.self).unicodeScalars { storage.append(scalar == "\t" ? 0x09 : 0x20) }
            }
        }
    }

    /// Characters (Unicode scalars, invalid bytes as U+FFFD) in `source[start..<end]`.
    static func scalarCount(_ source: [UInt8], _ start: Int, _ end: Int) -> Int {
        guard start < end else { return 0 }
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

    static func digits(_ n: Int) -> Int {
        var n = n, d = 1
        while n >= 10 { n /= 10; d += 1 }
        return d
    }
}
