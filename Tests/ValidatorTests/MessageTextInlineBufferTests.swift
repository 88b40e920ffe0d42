import XCTest
@testable import Validator

/// `MessageText.Interpolation` writes on the stack up to `inlineCapacity` bytes and moves to
/// allocated memory past that; both must give the same text.
final class MessageTextInlineBufferTests: XCTestCase {
    private let capacity = MessageText.Interpolation.inlineCapacity

    /// Messages from a short prefix to well past the inline size, at every length around
    /// the boundary, each built from a literal, a `String`, an `Int` and a literal piece.
    func testMessagesJustUnderAtAndOverTheInlineSize() {
        for length in [0, 1, 15, 16, capacity - 9, capacity - 2, capacity - 1, capacity, capacity + 1, capacity + 2,
                       2 * capacity - 1, 2 * capacity, 2 * capacity + 1, 5 * capacity + 3] {
            let filler = String(repeating: "x", count: length)
            let text: MessageText = "a\(filler)b\(42)c\(literal: "lit")"
            XCTAssertEqual(text.string, "a\(filler)b42clit", "\(length)")
            XCTAssertEqual(text.string.utf8.count, length + 8)
        }
    }

    /// Each piece crossing the boundary: one byte at a time, so that the move to allocated
    /// memory happens on a one-byte append, and a number that straddles it.
    func testPiecesThatCrossTheBoundary() {
        for prefix in (capacity - 6)...(capacity + 1) {
            let filler = String(repeating: "y", count: prefix)
            let number: MessageText = "\(filler)\(-1234567)\(hex: RGBAColor(red: 1, green: 2, blue: 3, alpha: 4))\(hundredthsDown: 4.567)"
            XCTAssertEqual(number.string, "\(filler)-1234567#010203044.56", "\(prefix)")
        }
        var expected = ""
        var interpolation = MessageText.Interpolation(literalCapacity: 0, interpolationCount: 0)
        for k in 0..<(3 * capacity) {
            let piece = String(k % 10)
            interpolation.appendInterpolation(piece)
            expected += piece
        }
        XCTAssertEqual(MessageText(stringInterpolation: interpolation).string, expected)
    }

    /// Multi-byte UTF-8 at the boundary: a character whose bytes end exactly at, or straddle,
    /// the inline size keeps its bytes.
    func testNonASCIIAroundTheBoundary() {
        let word = "größe 日本 🙂"
        for prefix in (capacity - 5)...(capacity + 1) {
            let filler = String(repeating: "z", count: prefix)
            let text: MessageText = "\(filler)\(word)`\(word)`"
            XCTAssertEqual(text.string, "\(filler)\(word)`\(word)`", "\(prefix)")
        }
        let long = String(repeating: "日本", count: capacity)
        let text: MessageText = "«\(long)»"
        XCTAssertEqual(text.string, "«\(long)»")
    }

    func testNumbersOfEveryLength() {
        var values: [Int] = [0, -0, Int.max, Int.min, Int.min + 1]
        var power = 1
        for _ in 0..<18 {
            values += [power - 1, power, power + 1, -(power - 1), -power, -(power + 1)]
            power *= 10
        }
        values += [power - 1, power, -power, 9_223_372_036_854_775_806]
        for value in values {
            let text: MessageText = "\(value)"
            XCTAssertEqual(text.string, String(value))
        }
        for value in [-0.0, 0.5, -1e15 + 1, 1e15 - 1, 999_999_999_999_999.5, 1e-300, 1e300, -.greatestFiniteMagnitude] {
            let text: MessageText = "\(number: value)"
            if value == value.rounded() && abs(value) < 1e15 { XCTAssertEqual(text.string, String(Int(value))) }
            XCTAssertEqual(Double(text.string), value, "reads back: \(value)")
            XCTAssertNil(text.string.firstIndex(of: "e"), "no exponent: \(value)")
        }
        for (value, expected) in [(Double.nan, "nan"), (.infinity, "inf"), (-.infinity, "-inf")] {
            let text: MessageText = "\(number: value)"
            XCTAssertEqual(text.string, expected)
        }
        // The contrast figure at the edges of the range it writes itself, and past them.
        let ratios: [(Double, String)] = [(-0.001, "-0.01"), (-0.0, "0.0"), (0, "0.0"), (0.009, "0.0"),
                                          (9_999_999_999.999, "9999999999.99"), (1e10, "10000000000.0"),
                                          (.nan, "nan"), (.infinity, "inf")]
        for (value, expected) in ratios {
            let text: MessageText = "\(hundredthsDown: value)"
            XCTAssertEqual(text.string, expected, "\(value)")
        }
    }
}
