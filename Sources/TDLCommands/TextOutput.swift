import TemplateFormat
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A UTF-8 output buffer for the text report: strings, numbers and source slices are
/// appended in place, and ANSI colour wraps a part only when colour is on.
///
/// The report of a large file is written in millions of small pieces (about twenty per
/// diagnostic), so the bytes live in one malloc'd block written through a pointer:
/// `Array.append` checks uniqueness and capacity on every call, which cost more than the
/// copying itself.
struct TextOutput {
    let color: Bool
    private let storage = Storage()
    /// Where full chunks go when the output streams (`flushIfLarge`); nil keeps everything.
    private let sink: (([UInt8]) -> Void)?

    init(color: Bool, sink: (([UInt8]) -> Void)? = nil) {
        self.color = color
        self.sink = sink
    }

    /// Hands what was written to the sink once it passes 256 KiB, so a report of any size
    /// goes out through one small buffer whose memory is reused.
    mutating func flushIfLarge() {
        if storage.count >= 256 << 10 { flush() }
    }

    /// Hands everything written so far to the sink.
    mutating func flush() {
        guard let sink, storage.count > 0 else { return }
        sink(bytes)
        storage.count = 0
    }

    /// Everything written so far.
    var bytes: [UInt8] {
        [UInt8](unsafeUninitializedCapacity: storage.count) { buffer, count in
            guard let to = buffer.baseAddress, storage.count > 0 else { return }
            adviseHugePages(to, byteCount: storage.count)
            memcpy(to, storage.base, storage.count)
            count = storage.count
        }
    }

    private final class Storage {
        var base: UnsafeMutablePointer<UInt8>
        var count = 0
        var capacity = 1 << 16

        init() {
            guard let memory = malloc(capacity) else { fatalError("out of memory for the report") }
            base = memory.assumingMemoryBound(to: UInt8.self)
        }

        deinit { free(base) }

        /// Room for `n` more bytes; returns where they go.
        @inline(__always)
        func reserve(_ n: Int) -> UnsafeMutablePointer<UInt8> {
            if count + n > capacity { grow(count + n) }
            return base + count
        }

        private func grow(_ needed: Int) {
            var bigger = capacity * 2
            while bigger < needed { bigger *= 2 }
            guard let memory = realloc(base, bigger) else { fatalError("out of memory for the report") }
            adviseHugePages(memory, byteCount: bigger)
            base = memory.assumingMemoryBound(to: UInt8.self)
            capacity = bigger
        }

        @inline(__always)
        func append(_ source: UnsafeRawBufferPointer) {
            guard let from = source.baseAddress, !source.isEmpty else { return }
            let to = reserve(source.count)
            memcpy(to, from, source.count)
            count += source.count
        }

        @inline(__always)
        func append(_ byte: UInt8) {
            reserve(1).pointee = byte
            count += 1
        }

        func append(_ byte: UInt8, count n: Int) {
            guard n > 0 else { return }
            memset(reserve(n), Int32(byte), n)
            count += n
        }
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
        let width = TextOutput.digits(n)
        let to = storage.reserve(width)
        var rest = n
        for k in stride(from: width - 1, through: 0, by: -1) {
            to[k] = 0x30 + UInt8(rest % 10)
            rest /= 10
        }
        storage.count += width
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
