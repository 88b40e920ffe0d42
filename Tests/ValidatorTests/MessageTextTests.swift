import XCTest
@testable import Validator

/// `MessageText` writes numbers (through `NumberText`) and colours itself, without `String`'s
/// formatters; what it writes must read as those values.
final class MessageTextTests: XCTestCase {
    /// Numbers in TDL's own notation: whole ones without a fraction, others as the shortest
    /// decimal that reads back as the value, never in exponent notation (TDL has none).
    func testNumbersAreWrittenAsTDLWritesThem() {
        let cases: [(Double, String)] = [(0, "0"), (1, "1"), (-1, "-1"), (768, "768"), (1e14, "100000000000000"),
                                         (2.5, "2.5"), (-0.25, "-0.25"), (0.1, "0.1"), (1e15, "1000000000000000"),
                                         (3.0e20, "300000000000000000000"), (-7.125, "-7.125"), (0.00001, "0.00001")]
        for (value, expected) in cases {
            let text: MessageText = "\(number: value)"
            XCTAssertEqual(text.string, expected, "\(value)")
        }
        for value in [0, 7, -7, 10, 99, 100, 12345, Int.max, Int.min] {
            let text: MessageText = "\(value)"
            XCTAssertEqual(text.string, String(value))
        }
    }

    func testRatiosRoundDownToHundredthsLikeDoubleDescription() {
        // Every hundredth from 1 to 21 (the range of WCAG contrast ratios) and values just
        // around each, against `Double.description` of the rounded-down value.
        for k in 100...2100 {
            for value in [Double(k) / 100, Double(k) / 100 + 0.004, Double(k) / 100 - 1e-9, Double(k) / 100 + 1e-12] {
                let text: MessageText = "\(hundredthsDown: value)"
                XCTAssertEqual(text.string, String((value * 100).rounded(.down) / 100), "\(value)")
            }
        }
    }

    func testHexColoursMatchHexString() {
        for color in [RGBAColor(red: 0, green: 0, blue: 0), RGBAColor(red: 255, green: 165, blue: 0),
                      RGBAColor(red: 0x1E, green: 0xAB, blue: 0x9F), RGBAColor(red: 1, green: 2, blue: 3, alpha: 0x80)] {
            let text: MessageText = "\(hex: color)"
            XCTAssertEqual(text.string, color.hexString)
        }
    }

    func testInterpolatedStringsAndLiteralsKeepTheirBytes() {
        let name = "größe 日本"
        let text: MessageText = "`\(name)` is \(3) wide; \(Optional(1) as Any)"
        XCTAssertEqual(text.string, "`größe 日本` is 3 wide; \(Optional(1) as Any)")
    }
}
