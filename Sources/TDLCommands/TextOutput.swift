/// A UTF-8 output buffer for the text report: strings, numbers and source slices are
/// appended in place, and ANSI colour wraps a part only when colour is on.
struct TextOutput {
    let color: Bool
    private(set) var bytes: [UInt8] = []

    init(color: Bool) {
        self.color = color
        bytes.reserveCapacity(4096)
    }

    /// Disfavoured so that literals (`write(": ")`) take the `StaticString` path, which
    /// copies bytes without looking at a `String`'s representation: the report of a large
    /// file writes about twenty pieces per diagnostic.
    @_disfavoredOverload
    mutating func write(_ text: String) {
        if let done: Void = text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) { return done }
        bytes.append(contentsOf: text.utf8)
    }

    mutating func write(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func write(_ n: Int) {
        if n < 0 {
            bytes.append(0x2D)
            if n == .min { write(String(n).dropFirst().description); return }
            write(-n)
            return
        }
        if n >= 10 { write(n / 10) }
        bytes.append(0x30 + UInt8(n % 10))
    }

    mutating func spaces(_ count: Int) { repeated(0x20, count) }

    mutating func repeated(_ byte: UInt8, _ count: Int) {
        bytes.append(contentsOf: repeatElement(byte, count: max(0, count)))
    }

    /// `body`'s output wrapped in an ANSI colour when colour is on.
    mutating func painted(_ code: StaticString, _ body: (inout TextOutput) -> Void) {
        if color { write("\u{1B}["); write(code); write("m") }
        body(&self)
        if color { write("\u{1B}[0m") }
    }

    mutating func painted(_ code: String, _ body: (inout TextOutput) -> Void) {
        if color { write("\u{1B}["); write(code); write("m") }
        body(&self)
        if color { write("\u{1B}[0m") }
    }

    /// Source bytes as text: copied when ASCII, else decoded (invalid UTF-8 shows as U+FFFD).
    mutating func writeText(_ source: [UInt8], _ start: Int, _ end: Int) {
        guard start < end else { return }
        let slice = source[start..<end]
        if slice.allSatisfy({ $0 < 0x80 }) {
            bytes.append(contentsOf: slice)
        } else {
            write(String(decoding: slice, as: UTF8.self))
        }
    }

    /// One space per character of `source[start..<end]`, tabs kept, so a caret line lines up.
    mutating func lead(_ source: [UInt8], _ start: Int, _ end: Int) {
        guard start < end else { return }
        let slice = source[start..<end]
        if slice.allSatisfy({ $0 < 0x80 }) {
            for b in slice { bytes.append(b == 0x09 ? 0x09 : 0x20) }
        } else {
            for scalar in String(decoding: slice, as: UTF8.self).unicodeScalars { bytes.append(scalar == "\t" ? 0x09 : 0x20) }
        }
    }

    /// Characters (Unicode scalars, invalid bytes as U+FFFD) in `source[start..<end]`.
    static func scalarCount(_ source: [UInt8], _ start: Int, _ end: Int) -> Int {
        guard start < end else { return 0 }
        let slice = source[start..<end]
        if slice.allSatisfy({ $0 < 0x80 }) { return slice.count }
        return String(decoding: slice, as: UTF8.self).unicodeScalars.count
    }

    static func digits(_ n: Int) -> Int {
        var n = n, d = 1
        while n >= 10 { n /= 10; d += 1 }
        return d
    }
}
