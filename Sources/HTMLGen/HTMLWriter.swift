import Basics
import Validator

/// Escaping for HTML and XML (SVG) output, and the byte buffer every writer appends to.
///
/// Every string that comes from a document goes through `escapeText` or
/// `escapeAttribute`; attribute values are always written between double quotes. Characters
/// that HTML and XML 1.0 forbid in a document (C0 and C1 controls other than tab, line feed
/// and carriage return; DEL; the noncharacters U+FDD0–U+FDEF and U+xFFFE/U+xFFFF) become
/// U+FFFD, so the output parses the same everywhere.
public enum HTMLWriter {
    /// Text content: `&`, `<` and `>` escaped.
    public static func escapeText(_ s: String) -> String {
        var out = OutputBuffer()
        out.text(s)
        return out.string
    }

    /// An attribute value for `name="…"`: `&`, `<`, `>`, `"` and `'` escaped.
    public static func escapeAttribute(_ s: String) -> String {
        var out = OutputBuffer()
        out.attributeValue(s)
        return out.string
    }

    /// Whether a scalar may appear in HTML and XML output as itself.
    static func allowed(_ v: UInt32) -> Bool {
        if v < 0x20 { return v == 0x09 || v == 0x0A || v == 0x0D }
        if v >= 0x7F && v <= 0x9F { return false }
        if v >= 0xFDD0 && v <= 0xFDEF { return false }
        if v & 0xFFFE == 0xFFFE { return false }
        return true
    }
}

/// A growing UTF-8 buffer with the writers' primitives. Appending is the hot path of export
/// (millions of short appends for a large template), so the bytes live in memory managed
/// here, and nothing builds intermediate strings. Copies share the bytes until one of them
/// writes (copy on write), like an array.
struct OutputBuffer {
    private final class Storage {
        var base: UnsafeMutablePointer<UInt8>
        var count = 0
        var capacity: Int

        init(capacity: Int) {
            self.capacity = max(capacity, 256)
            base = .allocate(capacity: self.capacity)
        }

        deinit { base.deallocate() }

        func copy() -> Storage {
            let other = Storage(capacity: capacity)
            other.base.update(from: base, count: count)
            other.count = count
            return other
        }

        func grow(to needed: Int) {
            var newCapacity = capacity * 2
            while newCapacity < needed { newCapacity *= 2 }
            let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
            newBase.update(from: base, count: count)
            base.deallocate()
            base = newBase
            capacity = newCapacity
        }
    }

    private var storage: Storage

    init(capacity: Int = 0) { storage = Storage(capacity: capacity) }

    var count: Int { storage.count }
    var isEmpty: Bool { storage.count == 0 }

    /// The bytes written so far.
    var bytes: [UInt8] { Array(UnsafeBufferPointer(start: storage.base, count: storage.count)) }

    /// Calls `body` with the bytes written so far, valid only during the call.
    func withUnsafeBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        body(UnsafeBufferPointer(start: storage.base, count: storage.count))
    }

    /// The pieces' bytes, one after another, in one new array.
    static func concatenate(_ pieces: [OutputBuffer]) -> [UInt8] {
        let total = pieces.reduce(0) { $0 + $1.count }
        return [UInt8](unsafeUninitializedCapacity: total) { buffer, initialized in
            var at = 0
            for piece in pieces {
                let s = piece.storage
                (buffer.baseAddress! + at).initialize(from: s.base, count: s.count)
                at += s.count
            }
            initialized = at
        }
    }

    var string: String { String(decoding: UnsafeBufferPointer(start: storage.base, count: storage.count), as: UTF8.self) }

    /// Room for `n` more bytes, in storage this buffer alone holds; returns where they go.
    @inline(__always) private mutating func reserve(_ n: Int) -> UnsafeMutablePointer<UInt8> {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        let s = storage
        if s.count + n > s.capacity { s.grow(to: s.count + n) }
        return s.base + s.count
    }

    /// Appends `n` bytes from `source`.
    @inline(__always) mutating func append(_ source: UnsafePointer<UInt8>, count n: Int) {
        guard n > 0 else { return }
        let at = reserve(n)
        at.update(from: source, count: n)
        storage.count += n
    }

    mutating func append(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let base = buffer.baseAddress else { return }
        append(base, count: buffer.count)
    }

    mutating func append(_ slice: Slice<UnsafeBufferPointer<UInt8>>) {
        append(UnsafeBufferPointer(rebasing: slice))
    }

    mutating func append(_ other: OutputBuffer) {
        let o = other.storage
        append(o.base, count: o.count)
    }

    /// Markup and CSS written by the generator itself (never document text).
    @inline(__always) mutating func raw(_ s: String) {
        var s = s
        s.withUTF8 { append($0) }
    }

    @inline(__always) mutating func raw(_ s: StaticString) {
        append(s.utf8Start, count: s.utf8CodeUnitCount)
    }

    @inline(__always) mutating func byte(_ b: UInt8) {
        reserve(1).pointee = b
        storage.count += 1
    }

    /// Escaped text content.
    mutating func text(_ s: String) { escaped(s, attribute: false) }

    /// An escaped attribute value, without the quotes.
    mutating func attributeValue(_ s: String) { escaped(s, attribute: true) }

    /// Another buffer's bytes as an escaped attribute value, without the quotes (a fragment's
    /// `style` attribute, whose font families are quoted).
    mutating func attributeValue(_ other: OutputBuffer) {
        let o = other.storage
        escaped(UnsafeBufferPointer(start: o.base, count: o.count), attribute: true)
    }

    /// Empties the buffer, keeping its memory when no copy shares it (a scratch buffer).
    mutating func removeAll() {
        if isKnownUniquelyReferenced(&storage) { storage.count = 0 } else { storage = Storage(capacity: storage.capacity) }
    }

    /// ` name="value"` with the value escaped.
    mutating func attribute(_ name: StaticString, _ value: String) {
        byte(0x20)
        raw(name)
        raw("=\"")
        escaped(value, attribute: true)
        byte(0x22)
    }

    /// ` name="number"`.
    mutating func attribute(_ name: StaticString, number value: Double) {
        byte(0x20)
        raw(name)
        raw("=\"")
        number(value)
        byte(0x22)
    }

    private mutating func escaped(_ s: String, attribute: Bool) {
        var s = s
        s.withUTF8 { escaped($0, attribute: attribute) }
    }

    private mutating func escaped(_ utf8: UnsafeBufferPointer<UInt8>, attribute: Bool) {
        let n = utf8.count
        var run = 0  // start of the run of bytes copied as they are
        var i = 0
        while i < n {
            let b = utf8[i]
            let plain = b >= 0x20 && b < 0x7F && b != 0x26 && b != 0x3C && b != 0x3E
                && (!attribute || (b != 0x22 && b != 0x27))
            if plain || b == 0x0A || b == 0x09 {
                i += 1
                continue
            }
            if b >= 0x80 {
                // Decode the scalar only to screen C1 controls and noncharacters.
                let length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2
                var v = UInt32(b) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
                for k in 1..<length where i + k < n { v = v << 6 | UInt32(utf8[i + k] & 0x3F) }
                if HTMLWriter.allowed(v) {
                    i += length
                    continue
                }
                append(utf8[run..<i])
                replacement()
                i += length
                run = i
                continue
            }
            append(utf8[run..<i])
            switch b {
            case 0x26: raw("&amp;")
            case 0x3C: raw("&lt;")
            case 0x3E: raw("&gt;")
            case 0x22: raw("&quot;")
            case 0x27: raw("&#39;")
            case 0x0D: byte(b)
            default: replacement()  // other C0 controls and DEL
            }
            i += 1
            run = i
        }
        append(utf8[run..<min(i, n)])
    }

    private mutating func replacement() { raw("\u{FFFD}") }

    /// `#RRGGBB`, or `#RRGGBBAA` when `alpha` and the colour is not opaque (upper case).
    mutating func hex(_ c: RGBAColor, alpha: Bool) {
        byte(0x23)
        hexByte(c.red); hexByte(c.green); hexByte(c.blue)
        if alpha && c.alpha != 255 { hexByte(c.alpha) }
    }

    @inline(__always) private mutating func hexByte(_ v: UInt8) {
        let digits: StaticString = "0123456789ABCDEF"
        byte(digits.utf8Start[Int(v >> 4)])
        byte(digits.utf8Start[Int(v & 0xF)])
    }

    /// A number for CSS and SVG: at most four decimals, trailing zeros trimmed, never
    /// exponent notation, `0` for zero and for anything not finite (which CSS cannot carry).
    mutating func number(_ v: Double) {
        guard v.isFinite else { byte(0x30); return }
        if let whole = NumberText.exactInteger(v) {
            let at = reserve(NumberText.maximumIntegerLength)
            storage.count += NumberText.write(whole, to: at)
        } else {
            let at = reserve(NumberText.maximumLength)
            storage.count += NumberText.write(v, .decimals(4), to: at)
        }
    }
}
