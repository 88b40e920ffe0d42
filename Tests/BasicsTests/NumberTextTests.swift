import TestSupport
import XCTest
@testable import Basics

/// `NumberText` is what every writer prints numbers with: integers must spell what `String`
/// does at every width (the 8-digit word and the digit pairs), doubles must read back as the
/// value in each style, never in exponent notation.
final class NumberTextTests: XCTestCase {
    private func text(_ n: Int) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: NumberText.maximumIntegerLength) { room in
            String(decoding: UnsafeBufferPointer(start: room.baseAddress, count: NumberText.write(n, to: room.baseAddress!)), as: UTF8.self)
        }
    }

    private func text(_ v: Double, _ style: NumberText.Style) -> String { NumberText.string(v, style) }

    /// Every width and sign, around the switch between the word and the pairs, and random
    /// numbers of every magnitude.
    func testIntegersAgreeWithString() {
        var numbers: [Int] = Array(-1_100...1_100) + [Int.max, Int.min, Int.min + 1, 99_999_999, 100_000_000, 100_000_001,
                                                     12_345_678, 10_000_001, 10_101_010, 90_000_009, -99_999_999]
        var power = 1
        for _ in 0...18 {
            numbers += [power - 1, power, power + 1, 2 * power - 1, 5 * power, -power, 1 - power]
            if power <= Int.max / 10 { power *= 10 }
        }
        var random = SeededRandom(seed: 0x5EED_0001)
        for _ in 0..<20_000 {
            let bits = Int(random.next() % 64)
            numbers.append(Int(truncatingIfNeeded: random.next() >> UInt64(bits)))
        }
        for n in numbers {
            XCTAssertEqual(text(n), String(n))
            XCTAssertEqual(NumberText.length(n), String(n).utf8.count, "\(n)")
        }
        XCTAssertEqual(NumberText.digitCount(0), 1)
        XCTAssertEqual(NumberText.digitCount(UInt64.max), 20)
    }

    func testShortestIsPlainDecimal() {
        let cases: [(Double, String)] = [
            (14, "14"), (-0.0, "0"), (1.5, "1.5"), (0.00001, "0.00001"), (-1.25e-7, "-0.000000125"),
            (1e21, "1000000000000000000000"), (0.1 + 0.2, "0.30000000000000004"), (123456.789, "123456.789"),
            (Double(9_007_199_254_740_993 as Int), "9007199254740992"), (-1e16, "-10000000000000000"), (.leastNonzeroMagnitude, "0." + String(repeating: "0", count: 323) + "5"),
            (.infinity, "inf"), (-.infinity, "-inf"), (.nan, "nan"),
        ]
        for (v, expected) in cases { XCTAssertEqual(text(v, .shortest), expected, "\(v)") }
        XCTAssertEqual(text(1.5e300, .shortest).count, 301)
        XCTAssertEqual(text(-.greatestFiniteMagnitude, .shortest).count, 310)
    }

    /// Over random bit patterns and random small decimals: the text reads back as the same
    /// value, has no exponent, has Swift's shortest significant digits, and a whole number
    /// below 2^53 is written as that integer.
    func testShortestRoundTrips() {
        var random = SeededRandom(seed: 0x5EED_0002)
        var values: [Double] = [.leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, .ulpOfOne]
        for _ in 0..<2_000 {
            let v = Double(bitPattern: random.next())
            if v.isFinite { values.append(v) }
            values.append(Double(Int64(truncatingIfNeeded: random.next()) % 10_000_000) / [1, 10, 100, 1000, 3][Int(random.next() % 5)])
        }
        for v in values {
            let t = text(v, .shortest)
            XCTAssertEqual(Double(t), v == 0 ? 0 : v, t)
            XCTAssertNil(t.firstIndex { $0 == "e" || $0 == "E" }, t)
            XCTAssertEqual(significantDigits(t), significantDigits(v.description), "\(v)")
            XCTAssertLessThanOrEqual(t.utf8.count, NumberText.maximumLength)
            if v.magnitude < 9_007_199_254_740_992, v == v.rounded() { XCTAssertEqual(t, String(Int(v))) }
        }
    }

    func testDecimalsRoundAndDropTrailingZeros() {
        let cases: [(Double, String)] = [
            (24, "24"), (-0.0, "0"), (0.5, "0.5"), (17.333333333, "17.3333"), (0.00001, "0"), (-0.00001, "0"),
            (-2.25, "-2.25"), (1e21, "1000000000000000000000"), (0.00005, "0.0001"), (-0.00005, "-0.0001"),
            (2.99999, "3"), (0.05, "0.05"), (-0.4, "-0.4"), (1.00049, "1.0005"), (1e12 + 0.5, "1000000000001"),
        ]
        for (v, expected) in cases { XCTAssertEqual(text(v, .decimals(4)), expected, "\(v)") }
        XCTAssertEqual(text(2.5, .decimals(0)), "3")
        XCTAssertEqual(text(-2.5, .decimals(0)), "-3")
    }

    /// The contrast figure: hundredths rounded down, at least one decimal (`3.71`, `2.9`, `1.0`).
    func testRoundingDownWithAMinimumOfDecimals() {
        let style = NumberText.Style(maximumDecimals: 2, rounding: .down, minimumDecimals: 1)
        let cases: [(Double, String)] = [(3.718, "3.71"), (2.9, "2.9"), (1, "1.0"), (21, "21.0"), (3.999, "3.99"),
                                         (4.5, "4.5"), (1.005, "1.0"), (0.004, "0.0"), (-3.456, "-3.46")]
        for (v, expected) in cases { XCTAssertEqual(text(v, style), expected, "\(v)") }
    }

    /// At most N decimals over random values: the text is the value rounded to N decimals
    /// (within what a Double tells apart), without trailing zeros or an exponent.
    func testDecimalsOverRandomValues() {
        var random = SeededRandom(seed: 0x5EED_0003)
        for _ in 0..<5_000 {
            let decimals = Int(random.next() % 6)
            let v = Double(Int64(truncatingIfNeeded: random.next()) % 1_000_000_000_000) / 1_000_000
            let t = text(v, .decimals(decimals))
            XCTAssertNil(t.firstIndex { $0 == "e" || $0 == "E" }, t)
            let fraction = t.split(separator: ".").dropFirst().first ?? ""
            XCTAssertLessThanOrEqual(fraction.count, decimals, t)
            XCTAssertFalse(fraction.hasSuffix("0"), t)
            let scale = (0..<decimals).reduce(1.0) { r, _ in r * 10 }
            XCTAssertEqual(Double(t) ?? .nan, (v * scale).rounded() / scale, accuracy: 1e-9 * max(1, v.magnitude), "\(v) \(decimals): \(t)")
        }
    }

    /// `NumberText`'s own rounding (no libm call) agrees with `rounded(_:)` for every rule,
    /// around halves, at the edges of exactness and over random values.
    func testRoundingAgreesWithTheStandardLibrary() {
        let rules: [FloatingPointRoundingRule] = [.toNearestOrAwayFromZero, .toNearestOrEven, .up, .down, .towardZero, .awayFromZero]
        var values: [Double] = [0, -0.0, 0.5, -0.5, 1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994,
                                4_503_599_627_370_495.5, 4_503_599_627_370_496, 9_007_199_254_740_993, -1e300, .ulpOfOne, 1 - .ulpOfOne / 2]
        var random = SeededRandom(seed: 0x5EED_0004)
        for _ in 0..<5_000 {
            values.append(Double(Int64(truncatingIfNeeded: random.next()) % 100_000) / 4)
            values.append(Double(bitPattern: random.next() & 0x7FEF_FFFF_FFFF_FFFF) * (random.next() % 2 == 0 ? 1 : -1))
        }
        for v in values {
            for rule in rules { XCTAssertEqual(NumberText.rounded(v, rule), v.rounded(rule), "\(v) \(rule)") }
        }
    }

    private func significantDigits(_ text: String) -> String {
        let mantissa = text.prefix { $0 != "e" && $0 != "E" }
        let digits = mantissa.filter(\.isNumber).drop { $0 == "0" }
        return String(digits.reversed().drop { $0 == "0" }.reversed())
    }
}
