/// Numbers as decimal text: the one implementation behind every writer (JSON, HTML, CSS and
/// SVG, diagnostic messages, the text report). Writers differ only in the `Style` they ask
/// for; the digits are made here, in place, without building a `String`.
///
/// Integers are written straight into the caller's memory (`write(_:to:)`, inlined: the text
/// report writes millions of line numbers). Doubles go through `write(_:_:to:)`, which every
/// style shares: a whole number below 2^53 is written as an integer, anything else by the
/// style's rule. Neither ever uses exponent notation, since TDL has none.
public enum NumberText {
    /// The most bytes `write(_:to:)` writes for an `Int` (`-9223372036854775808`).
    public static let maximumIntegerLength = 20

    /// The most bytes `write(_:_:to:)` writes for a `Double`: the plain decimal of the smallest
    /// subnormal numbers has 327 characters, and a style adds at most 16 decimals.
    public static let maximumLength = 350

    /// How a `Double` that is not a whole number below 2^53 becomes text.
    public struct Style: Sendable, Equatable {
        /// At most this many decimals (0 to 15), rounded by `rounding`; nil: the shortest
        /// text that reads back as the same `Double`.
        public var maximumDecimals: Int?
        /// How a value is rounded to `maximumDecimals`.
        public var rounding: FloatingPointRoundingRule
        /// Decimals kept even when they are zeros (`1.0` with 1).
        public var minimumDecimals: Int

        public init(maximumDecimals: Int?, rounding: FloatingPointRoundingRule = .toNearestOrAwayFromZero,
                    minimumDecimals: Int = 0) {
            self.maximumDecimals = maximumDecimals.map { min(max($0, 0), 15) }
            self.rounding = rounding
            self.minimumDecimals = min(max(minimumDecimals, 0), 15)
        }

        /// The shortest decimal that reads back as the same value: `14`, `1.5`, `0.00001`,
        /// `1000000000000000000000` (JSON, parameter text, messages).
        public static let shortest = Style(maximumDecimals: nil)

        /// At most `n` decimals, rounded to nearest (halves away from zero), trailing zeros
        /// dropped: with 4, `24`, `0.4`, `17.3333` (CSS and SVG).
        public static func decimals(_ n: Int) -> Style { Style(maximumDecimals: n) }
    }

    // MARK: Integers

    /// Decimal digits of `n` (`0` has one).
    @inlinable @inline(__always)
    public static func digitCount(_ n: UInt64) -> Int {
        // Comparisons, not divisions: the usual number (a line, a column) has few digits.
        var digits = 1
        var bound: UInt64 = 10
        while digits < 20 && n >= bound {
            digits &+= 1
            bound &*= 10
        }
        return digits
    }

    /// Characters of `n` in decimal, its sign included.
    @inlinable @inline(__always)
    public static func length(_ n: Int) -> Int {
        n < 0 ? digitCount(UInt64(n.magnitude)) + 1 : digitCount(UInt64(n))
    }

    /// Writes `n` in decimal at `to`, which must have room for `maximumIntegerLength` bytes
    /// (numbers below 10^8 are stored as one 8-byte word, so up to 8 bytes past the digits
    /// may be overwritten within that room), and returns how many bytes the number takes.
    @inlinable @inline(__always)
    public static func write(_ n: Int, to: UnsafeMutableRawPointer) -> Int {
        guard n >= 0 && n < 100_000_000 else { return writeLong(n, to: to) }
        let (word, width) = decimalWord(UInt64(truncatingIfNeeded: n))
        to.storeBytes(of: word.littleEndian, as: UInt64.self)
        return width
    }

    /// The ASCII digits of `n` (n < 10^8) in a word, the first digit in its lowest byte, and
    /// how many digits. Each step splits every lane of the word in two at once: into two
    /// 4-digit lanes, then 2-digit lanes, then digits (a division by 100 or 10 of a small lane
    /// is a multiply and a shift, exact in its range).
    @inlinable @inline(__always)
    public static func decimalWord(_ x: UInt64) -> (UInt64, Int) {
        let fours = x / 10_000 | (x % 10_000) << 32
        let hundreds = ((fours &* 10_486) >> 20) & 0x0000_007F_0000_007F  // lane / 100 below 10^4
        let twos = hundreds | (fours &- hundreds &* 100) << 16
        let tens = ((twos &* 103) >> 10) & 0x000F_000F_000F_000F  // lane / 10 below 100
        let digits = tens | (twos &- tens &* 10) << 8
        // Leading zeros are the low zero bytes; 0 itself keeps one digit.
        let zeros = digits == 0 ? 7 : digits.trailingZeroBitCount >> 3
        return ((digits | 0x3030_3030_3030_3030) >> UInt64(zeros &* 8), 8 &- zeros)
    }

    /// A negative number or one of 10^8 or more: the sign, then the digits written in place
    /// from the last, two at a time.
    @usableFromInline @inline(never)
    static func writeLong(_ n: Int, to: UnsafeMutableRawPointer) -> Int {
        guard n < 0 else { return writeDigits(UInt64(n), to: to) }
        to.storeBytes(of: 0x2D, as: UInt8.self)
        return 1 + writeDigits(UInt64(n.magnitude), to: to + 1)
    }

    /// The digits of `value`, written at `to`; returns how many.
    @usableFromInline
    static func writeDigits(_ value: UInt64, to: UnsafeMutableRawPointer) -> Int {
        let width = digitCount(value)
        var rest = value, k = width
        digitPairs.withUTF8Buffer { pairs in
            while rest >= 10 {
                let pair = Int(truncatingIfNeeded: rest % 100) &* 2
                rest /= 100
                k &-= 2
                to.storeBytes(of: pairs[pair], toByteOffset: k, as: UInt8.self)
                to.storeBytes(of: pairs[pair &+ 1], toByteOffset: k &+ 1, as: UInt8.self)
            }
        }
        if k > 0 { to.storeBytes(of: 0x30 &+ UInt8(truncatingIfNeeded: rest), as: UInt8.self) }
        return width
    }

    /// "00" to "99", for writing numbers two digits at a time.
    private static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """

    // MARK: Doubles

    /// `v` as an `Int` when it is a whole number below 2^53 in magnitude (every integer a
    /// `Double` holds exactly), else nil. Comparisons and a conversion: `rounded()` would be a
    /// call into libm.
    @inlinable @inline(__always)
    public static func exactInteger(_ v: Double) -> Int? {
        guard v.magnitude < 9_007_199_254_740_992, case let whole = Int(v), Double(whole) == v else { return nil }
        return whole
    }

    /// Writes `v` in `style` at `to`, which must have room for `maximumLength` bytes, and
    /// returns how many bytes it takes. Infinities and NaN are written `inf`, `-inf` and `nan`
    /// (as Swift prints them); writers whose format cannot carry them (JSON, CSS) decide first.
    public static func write(_ v: Double, _ style: Style, to: UnsafeMutableRawPointer) -> Int {
        guard v.isFinite else { return copy(v.isNaN ? "nan" : v < 0 ? "-inf" : "inf", to: to) }
        if let whole = exactInteger(v) {
            return padDecimals(write(whole, to: to), have: 0, style.minimumDecimals, to: to)
        }
        guard let decimals = style.maximumDecimals else { return writeShortest(v, to: to) }
        var scale: Int64 = 1
        for _ in 0..<decimals { scale &*= 10 }
        let scaled = rounded(v * Double(scale), style.rounding)
        guard scaled.magnitude < 9.0e15 else {
            // Too large for its decimals to matter: the whole number it rounds to.
            let n = writeShortest(rounded(v, style.rounding), to: to)
            return padDecimals(n, have: 0, style.minimumDecimals, to: to)
        }
        let units = Int64(scaled)
        var n = 0
        if units < 0 {
            put(0x2D, to, &n)
        }
        let magnitude = units.magnitude
        n += writeDigits(magnitude / UInt64(scale), to: to + n)
        var fraction = magnitude % UInt64(scale)
        var count = decimals
        while count > style.minimumDecimals && fraction % 10 == 0 {
            fraction /= 10
            count -= 1
        }
        guard count > 0 else { return n }
        put(0x2E, to, &n)
        // Leading zeros of the fraction (`0.05`), then its digits.
        var k = count
        while k > 0 {
            k -= 1
            to.storeBytes(of: 0x30 &+ UInt8(truncatingIfNeeded: fraction % 10), toByteOffset: n + k, as: UInt8.self)
            fraction /= 10
        }
        return n + count
    }

    /// `v` in `style` as a `String`.
    public static func string(_ v: Double, _ style: Style = .shortest) -> String {
        withText(v, style) { String(decoding: $0, as: UTF8.self) }
    }

    /// `v` in `style`, handed to `body` from a buffer on the stack. Inlinable, so that it is
    /// specialized for the caller's result and the buffer is the caller's stack.
    @inlinable
    public static func withText<R>(_ v: Double, _ style: Style, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumLength) { room in
            // The allocation of a positive capacity always has a base address.
            guard let base = room.baseAddress else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
            let count = write(v, style, to: UnsafeMutableRawPointer(base))
            return body(UnsafeBufferPointer(start: base, count: count))
        }
    }

    /// `x` rounded by `rule`, as `x.rounded(rule)` but without its call into libm (a
    /// contrast figure is one per text element): below 2^52 the part after the point is
    /// exact as `x` minus `x` truncated; at 2^52 and above every `Double` is whole.
    static func rounded(_ x: Double, _ rule: FloatingPointRoundingRule) -> Double {
        guard x.magnitude < 4_503_599_627_370_496 else { return x }
        let whole = Double(Int64(x))  // toward zero
        let rest = x - whole
        let away = x < 0 ? whole - 1 : whole + 1
        switch rule {
        case .towardZero: return whole
        case .down: return rest < 0 ? whole - 1 : whole
        case .up: return rest > 0 ? whole + 1 : whole
        case .awayFromZero: return rest == 0 ? whole : away
        case .toNearestOrAwayFromZero: return rest.magnitude >= 0.5 ? away : whole
        case .toNearestOrEven:
            let half = rest.magnitude
            return half > 0.5 || (half == 0.5 && Int64(whole) & 1 != 0) ? away : whole
        @unknown default: return x.rounded(rule)
        }
    }

    @inline(__always)
    private static func put(_ byte: UInt8, _ to: UnsafeMutableRawPointer, _ n: inout Int) {
        to.storeBytes(of: byte, toByteOffset: n, as: UInt8.self)
        n += 1
    }

    private static func put(_ byte: UInt8, repeated count: Int, _ to: UnsafeMutableRawPointer, _ n: inout Int) {
        for _ in 0..<max(count, 0) { put(byte, to, &n) }
    }

    private static func copy(_ text: StaticString, to: UnsafeMutableRawPointer) -> Int {
        to.copyMemory(from: text.utf8Start, byteCount: text.utf8CodeUnitCount)
        return text.utf8CodeUnitCount
    }

    /// After `n` bytes holding `have` decimals, `.` (when there were none) and zeros up to `minimum`.
    private static func padDecimals(_ n: Int, have: Int, _ minimum: Int, to: UnsafeMutableRawPointer) -> Int {
        guard minimum > have else { return n }
        var n = n
        if have == 0 { put(0x2E, to, &n) }
        put(0x30, repeated: minimum - have, to, &n)
        return n
    }

    /// The shortest decimal that reads back as `v` (finite), in plain notation: Swift's
    /// shortest digits (its `description`), with the exponent, if any, moved into the point.
    private static func writeShortest(_ v: Double, to: UnsafeMutableRawPointer) -> Int {
        var text = v.description
        return text.withUTF8 { s in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: s.count) { room in
                writeShortest(s, digits: room, to: to)
            }
        }
    }

    /// `writeShortest` once `text` (Swift's description of a finite `Double`) is read, its
    /// digits collected in `digits` (room for as many bytes as `text` has).
    private static func writeShortest(_ s: UnsafeBufferPointer<UInt8>, digits: UnsafeMutableBufferPointer<UInt8>,
                                      to: UnsafeMutableRawPointer) -> Int {
        var count = 0
        var point: Int? = nil
        var exponent = 0
        var k = s.startIndex
        let negative = s.first == 0x2D
        if negative { k += 1 }
        while k < s.endIndex {
            let b = s[k]
            if b == 0x2E {
                point = count
            } else if b == 0x65 || b == 0x45 {
                // `e+16`, `e-05`
                var sign = 1, j = k + 1
                if j < s.endIndex && (s[j] == 0x2B || s[j] == 0x2D) {
                    if s[j] == 0x2D { sign = -1 }
                    j += 1
                }
                while j < s.endIndex && s[j] >= 0x30 && s[j] <= 0x39 {
                    exponent = exponent * 10 + Int(s[j] - 0x30)
                    j += 1
                }
                exponent *= sign
                break
            } else if b >= 0x30 && b <= 0x39 {
                digits[count] = b
                count += 1
            }
            k += 1
        }
        var position = (point ?? count) + exponent  // digits before the point
        // Without leading and trailing zeros, `digits` are the significant ones.
        var first = 0
        while first < count && digits[first] == 0x30 { first += 1; position -= 1 }
        var end = count
        while end > first && digits[end - 1] == 0x30 { end -= 1 }
        guard first < end else { return copy("0", to: to) }
        var n = 0
        if negative { put(0x2D, to, &n) }
        let significant = end - first
        if position <= 0 {
            // 0.000ddd
            put(0x30, to, &n)
            put(0x2E, to, &n)
            put(0x30, repeated: -position, to, &n)
            for j in first..<end { put(digits[j], to, &n) }
        } else if position >= significant {
            // ddd000
            for j in first..<end { put(digits[j], to, &n) }
            put(0x30, repeated: position - significant, to, &n)
        } else {
            // dd.d
            for j in first..<(first + position) { put(digits[j], to, &n) }
            put(0x2E, to, &n)
            for j in (first + position)..<end { put(digits[j], to, &n) }
        }
        return n
    }
}
