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
        var buffer = interpolation.buffer
        string = buffer.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
        buffer.discard()
    }

    /// A message already held in a `String`.
    init(_ string: String) {
        self.string = string
    }

    /// The pieces, appended to malloc'ed memory without `Array`'s per-append checks. The
    /// memory is freed by `MessageText.init(stringInterpolation:)`, which each
    /// interpolation reaches exactly once.
    struct Interpolation: StringInterpolationProtocol {
        fileprivate var buffer: GrowableBuffer<UInt8>

        init(literalCapacity: Int, interpolationCount: Int) {
            buffer = GrowableBuffer(capacity: literalCapacity + 16 * interpolationCount)
        }

        mutating func appendLiteral(_ literal: StaticString) {
            buffer.appendBytes(UnsafeRawBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
        }

        mutating func appendInterpolation(_ text: String) {
            var text = text
            text.withUTF8 { buffer.appendBytes(UnsafeRawBufferPointer($0)) }
        }

        mutating func appendInterpolation(_ text: Substring) {
            appendInterpolation(String(text))
        }

        mutating func appendInterpolation(_ value: Int) {
            // Digits from the last, into a small buffer on the stack (division by the
            // constant 10 is a multiplication), then appended at once.
            var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
            withUnsafeMutableBytes(of: &digits) { room in
                var rest = value.magnitude
                var first = room.count
                repeat {
                    first -= 1
                    room[first] = 0x30 + UInt8(rest % 10)
                    rest /= 10
                } while rest > 0
                if value < 0 {
                    first -= 1
                    room[first] = 0x2D
                }
                buffer.appendBytes(UnsafeRawBufferPointer(rebasing: room[first...]))
            }
        }

        fileprivate mutating func append(_ byte: UInt8) { buffer.appendByte(byte) }

        /// The source text of `token`.
        mutating func appendInterpolation(token: Token, _ raw: RawSyntaxView) {
            buffer.appendBytes(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: raw.bytes[token.start..<token.end])))
        }

        /// A number as messages show it: whole numbers without a fraction (`12`, not `12.0`).
        mutating func appendInterpolation(number value: Double) {
            if value == value.rounded() && abs(value) < 1e15 {
                appendInterpolation(Int(value))
            } else {
                appendInterpolation(String(value))
            }
        }

        /// A colour as `#RRGGBB` (`#RRGGBBAA` when not opaque), as `RGBAColor.hexString` writes it.
        mutating func appendInterpolation(hex color: RGBAColor) {
            buffer.append(count: color.isOpaque ? 7 : 9) { out in
                @inline(__always) func digit(_ d: UInt8) -> UInt8 { d < 10 ? 0x30 + d : 0x37 + d }
                func channel(_ c: UInt8, at k: Int) {
                    out[k] = digit(c >> 4)
                    out[k + 1] = digit(c & 0xF)
                }
                out[0] = 0x23
                channel(color.red, at: 1)
                channel(color.green, at: 3)
                channel(color.blue, at: 5)
                if !color.isOpaque { channel(color.alpha, at: 7) }
            }
        }

        /// A positive ratio rounded down to hundredths, written as `Double` prints that value
        /// (`3.71`, `2.9`, `1.0`): the contrast rule's figure, without `Double`'s formatter.
        mutating func appendInterpolation(hundredthsDown value: Double) {
            let scaled = (value * 100).rounded(.down)
            guard scaled >= 0, scaled < 1e12 else {
                appendInterpolation(String(scaled / 100))
                return
            }
            let hundredths = Int(scaled)
            appendInterpolation(hundredths / 100)
            append(0x2E)
            let fraction = hundredths % 100
            if fraction % 10 == 0 {
                append(0x30 + UInt8(fraction / 10))
            } else {
                append(0x30 + UInt8(fraction / 10))
                append(0x30 + UInt8(fraction % 10))
            }
        }

        mutating func appendInterpolation<T>(_ value: T) {
            appendInterpolation(String(describing: value))
        }
    }
}
