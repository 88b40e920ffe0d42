import XCTest
@testable import TDLCommands
import TestSupport

/// `TextOutput.write(Int)` makes numbers below 10^8 eight digits at once in a word and
/// writes larger or negative ones digit pair by pair: both must spell what `String` does,
/// at every change of width and around the switch between them.
final class TextOutputNumberTests: XCTestCase {
    func testNumbersAgreeWithString() {
        var numbers: [Int] = Array(0...1_100) + [Int.max, Int.min, -1, -10, -99_999_999]
        var power = 1
        for _ in 0...17 {
            numbers += [power - 1, power, power + 1, 2 * power - 1, 5 * power, 9 * power + (power - 1)]
            if power < 100_000_000_000_000_000 { power *= 10 }
        }
        numbers += [99_999_999, 100_000_000, 100_000_001, 12_345_678, 10_000_001, 10_101_010, 90_000_009]
        var generator = SeededRandom(seed: 107)
        for _ in 0..<20_000 { numbers.append(Int.random(in: 0..<100_000_000, using: &generator)) }
        for n in numbers {
            var out = TextOutput(color: false)
            out.write("<")
            out.write(n)
            out.write(">")
            out.write(n)
            XCTAssertEqual(String(decoding: out.bytes, as: UTF8.self), "<\(n)>\(n)", "\(n)")
        }
    }

    func testRunsOfEveryLength() {
        // `repeated` stores 16 bytes for short runs and fills longer ones.
        for n in 0...40 {
            var out = TextOutput(color: false)
            out.repeated(0x5E, n)
            out.spaces(n)
            out.write("|")
            XCTAssertEqual(String(decoding: out.bytes, as: UTF8.self), String(repeating: "^", count: n) + String(repeating: " ", count: n) + "|")
        }
    }
}
