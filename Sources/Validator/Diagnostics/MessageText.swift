import TemplateFormat

/// A diagnostic's message, built in one byte buffer. The rules write messages as ordinary
/// string literals with interpolations (`"`\(key)` is empty"`); typed as `MessageText`,
/// those build the UTF-8 bytes directly. A large document reports tens of thousands of
/// problems, and `String` interpolation, which grows its storage piece by piece, was a
/// tenth of `check`'s time on the benchmark corpus.
struct MessageText: ExpressibleByStringInterpolation, Sendable {
    private(set) var bytes: [UInt8]

    init(stringLiteral literal: StaticString) {
        bytes = literal.withUTF8Buffer { Array($0) }
    }

    init(stringInterpolation interpolation: Interpolation) {
        bytes = interpolation.bytes
    }

    /// A message already held in a `String`.
    init(_ string: String) {
        bytes = Array(string.utf8)
    }

    var string: String { String(decoding: bytes, as: UTF8.self) }


    struct Interpolation: StringInterpolationProtocol, Sendable {
        fileprivate var bytes: [UInt8] = []

        init(literalCapacity: Int, interpolationCount: Int) {
            bytes.reserveCapacity(literalCapacity + 16 * interpolationCount)
        }

        mutating func appendLiteral(_ literal: StaticString) {
            literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
        }

        mutating func appendInterpolation(_ text: String) {
            var text = text
            text.withUTF8 { bytes.append(contentsOf: $0) }
        }

        mutating func appendInterpolation(_ text: Substring) {
            appendInterpolation(String(text))
        }

        mutating func appendInterpolation(_ value: Int) {
            if value < 0 {
                bytes.append(0x2D)
                // The magnitude of Int.min does not fit an Int.
                if value == .min { appendInterpolation(String(value).dropFirst()); return }
                appendInterpolation(-value)
                return
            }
            var divisor = 1
            while divisor <= value / 10 { divisor *= 10 }
            while divisor > 0 {
                bytes.append(0x30 + UInt8(value / divisor % 10))
                divisor /= 10
            }
        }

        /// The source text of `token`.
        mutating func appendInterpolation(token: Token, _ raw: RawSyntaxView) {
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: raw.bytes[token.start..<token.end]))
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
            func channel(_ c: UInt8) {
                let high = c >> 4, low = c & 0xF
                bytes.append(high < 10 ? 0x30 + high : 0x37 + high)
                bytes.append(low < 10 ? 0x30 + low : 0x37 + low)
            }
            bytes.append(0x23)
            channel(color.red)
            channel(color.green)
            channel(color.blue)
            if !color.isOpaque { channel(color.alpha) }
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
            bytes.append(0x2E)
            let fraction = hundredths % 100
            if fraction % 10 == 0 {
                bytes.append(0x30 + UInt8(fraction / 10))
            } else {
                bytes.append(0x30 + UInt8(fraction / 10))
                bytes.append(0x30 + UInt8(fraction % 10))
            }
        }

        mutating func appendInterpolation<T>(_ value: T) {
            appendInterpolation(String(describing: value))
        }
    }
}
