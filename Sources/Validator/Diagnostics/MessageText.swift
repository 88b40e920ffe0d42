import Basics
import TemplateFormat

/// A diagnostic's message, built in one byte buffer. The rules write messages as ordinary
/// string literals with interpolations (`"`\(key)` is empty"`); typed as `MessageText`,
/// those build the UTF-8 bytes directly, then the `String` once. A large document reports
/// tens of thousands of problems, and `String` interpolation, which grows its storage piece
/// by piece, was a tenth of `check`'s time on the benchmark corpus.
struct MessageText: ExpressibleByStringInterpolation, Sendable {
    let string: String

    init(stringLiteral literal: StaticString) {
        string = literal.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
    }

    init(stringInterpolation interpolation: Interpolation) {
        var interpolation = interpolation
        string = interpolation.withBytes { String(decoding: $0, as: UTF8.self) }
        interpolation.heap?.deallocate()
    }

    /// A message already held in a `String`.
    init(_ string: String) {
        self.string = string
    }

    /// The pieces, written on the stack while they fit in `inlineCapacity` bytes (every
    /// message the rules report in bulk does), else in allocated memory that
    /// `MessageText.init(stringInterpolation:)`, which each interpolation reaches exactly
    /// once, frees. The writes are this module's own code, so they inline into the rules: a
    /// malloc'ed buffer and calls into another module for each piece cost as much as the
    /// rest of a diagnostic.
    struct Interpolation: StringInterpolationProtocol {
        static let inlineCapacity = 256
        /// The bytes while `heap` is nil (32 words: `inlineCapacity` bytes).
        private var inline: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                             UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                             UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                             UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
            = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        private(set) var count = 0
        /// All the bytes once they outgrow `inline`.
        fileprivate private(set) var heap: UnsafeMutableRawPointer? = nil
        private var heapCapacity = 0

        init(literalCapacity: Int, interpolationCount: Int) {}

        /// Appends `n` bytes that `body` writes from the pointer it is given.
        @inline(__always)
        private mutating func write(_ n: Int, _ body: (UnsafeMutableRawPointer) -> Void) {
            write(atMost: n) { out in
                body(out)
                return n
            }
        }

        /// Appends what `body` writes from the pointer it is given (at most `n` bytes), and
        /// returns as its count.
        @inline(__always)
        private mutating func write(atMost n: Int, _ body: (UnsafeMutableRawPointer) -> Int) {
            let at = count
            let spilled = heap != nil || at + n > Interpolation.inlineCapacity ? heapRoom(for: n) : nil
            var written = 0
            // One call of `body`, so that it is inlined.
            withUnsafeMutableBytes(of: &inline) { room in
                if let base = spilled ?? room.baseAddress { written = body(base + at) }
            }
            count = at + written
        }

        /// Moves the bytes to (larger) allocated memory with room for `n` more.
        @inline(never)
        private mutating func heapRoom(for n: Int) -> UnsafeMutableRawPointer {
            if let heap, count + n <= heapCapacity { return heap }
            let capacity = max(2 * (count + n), 2 * Interpolation.inlineCapacity)
            let bigger = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 1)
            if let heap {
                bigger.copyMemory(from: heap, byteCount: count)
                heap.deallocate()
            } else {
                withUnsafeBytes(of: &inline) { if let base = $0.baseAddress { bigger.copyMemory(from: base, byteCount: count) } }
            }
            heap = bigger
            heapCapacity = capacity
            return bigger
        }

        /// The bytes written so far.
        fileprivate mutating func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
            let count = self.count
            if let heap { return body(UnsafeBufferPointer(start: heap.assumingMemoryBound(to: UInt8.self), count: count)) }
            return withUnsafeBytes(of: &inline) { room in
                body(UnsafeBufferPointer(start: room.baseAddress?.assumingMemoryBound(to: UInt8.self), count: count))
            }
        }

        @inline(__always)
        private mutating func append(_ bytes: UnsafeRawPointer?, count n: Int) {
            guard let bytes, n > 0 else { return }
            write(n) { $0.copyMemory(from: bytes, byteCount: n) }
        }

        @inline(__always)
        fileprivate mutating func append(_ byte: UInt8) {
            write(1) { $0.storeBytes(of: byte, as: UInt8.self) }
        }

        // Inlined, so that each literal's length is a constant and its copy a few moves.
        @inline(__always)
        mutating func appendLiteral(_ literal: StaticString) {
            append(literal.utf8Start, count: literal.utf8CodeUnitCount)
        }

        /// A literal chosen at run time (`\(literal: large ? "3" : "4.5")`): no `String` is made.
        /// Inlined like `appendLiteral` (left to itself, the compiler stopped inlining it into
        /// the contrast report when `checkText` grew).
        @inline(__always)
        mutating func appendInterpolation(literal: StaticString) {
            append(literal.utf8Start, count: literal.utf8CodeUnitCount)
        }

        mutating func appendInterpolation(_ text: String) {
            var text = text
            text.withUTF8 { append($0.baseAddress, count: $0.count) }
        }

        mutating func appendInterpolation(_ text: Substring) {
            appendInterpolation(String(text))
        }

        mutating func appendInterpolation(_ value: Int) {
            write(atMost: NumberText.maximumIntegerLength) { NumberText.write(value, to: $0) }
        }

        /// UTF-8 bytes as they are (a path read from the document): like any other piece,
        /// repaired where not valid UTF-8 when the message's `String` is made.
        mutating func appendInterpolation(bytes: UnsafeBufferPointer<UInt8>) {
            append(bytes.baseAddress, count: bytes.count)
        }

        /// The source text of `token`.
        mutating func appendInterpolation(token: Token, _ raw: RawSyntaxView) {
            let text = UnsafeBufferPointer(rebasing: raw.bytes[token.start..<token.end])
            append(text.baseAddress, count: text.count)
        }

        /// A number as messages show it: whole numbers without a fraction (`12`, not `12.0`),
        /// others as the shortest decimal that reads back as the value (`0.5`).
        mutating func appendInterpolation(number value: Double) {
            if let whole = NumberText.exactInteger(value) {
                appendInterpolation(whole)
            } else {
                NumberText.withText(value, .shortest) { append($0.baseAddress, count: $0.count) }
            }
        }

        /// A colour as `#RRGGBB` (`#RRGGBBAA` when not opaque), as `RGBAColor.hexString` writes it.
        mutating func appendInterpolation(hex color: RGBAColor) {
            write(color.isOpaque ? 7 : 9) { out in
                @inline(__always) func digit(_ d: UInt8) -> UInt8 { d < 10 ? 0x30 + d : 0x37 + d }
                @inline(__always) func channel(_ c: UInt8, at k: Int) {
                    out.storeBytes(of: digit(c >> 4), toByteOffset: k, as: UInt8.self)
                    out.storeBytes(of: digit(c & 0xF), toByteOffset: k + 1, as: UInt8.self)
                }
                out.storeBytes(of: 0x23, as: UInt8.self)
                channel(color.red, at: 1)
                channel(color.green, at: 3)
                channel(color.blue, at: 5)
                if !color.isOpaque { channel(color.alpha, at: 7) }
            }
        }

        /// A ratio rounded down to hundredths, with at least one decimal (`3.71`, `2.9`,
        /// `1.0`): the contrast rule's figure.
        mutating func appendInterpolation(hundredthsDown value: Double) {
            let style = NumberText.Style(maximumDecimals: 2, rounding: .down, minimumDecimals: 1)
            NumberText.withText(value, style) { append($0.baseAddress, count: $0.count) }
        }

        mutating func appendInterpolation<T>(_ value: T) {
            appendInterpolation(String(describing: value))
        }
    }
}
