import XCTest
@testable import TemplateFormat
import TestSupport

/// `NameTable.id` reads keys of 1 to 16 bytes as two masked words when 16 bytes of buffer
/// follow their start; these hold it to a plain reference lookup at every length and place.
final class NameTableTwoWordTests: XCTestCase {
    /// The first id of `key` in `names`, or -1: what every path of `id` must answer.
    private func reference(_ names: [[UInt8]], _ key: [UInt8]) -> Int { names.firstIndex(of: key) ?? -1 }

    func testKeysOfEveryLengthUpTo20AtEveryDistanceFromTheBufferEnd() {
        let base = Array("abcdefghijklmnopqrst".utf8)
        let names = (0...20).map { Array(base.prefix($0)) } + [Array("abcdefgh\u{0}".utf8), Array("abcdefgX".utf8)]
        let table = NameTable(names.map { String(decoding: $0, as: UTF8.self) })
        var keys = names
        for n in names where !n.isEmpty {
            keys.append(n.dropLast() + [n[n.count - 1] ^ 0x20])  // last byte changed (case)
            keys.append(n + [0])                                  // one NUL longer
            keys.append([n[0] ^ 1] + n.dropFirst())               // first byte changed
        }
        for key in keys {
            for before in [0, 3, 8] {
                for after in 0..<20 {
                    let bytes = Array(repeating: UInt8(ascii: "z"), count: before) + key + Array(repeating: UInt8(ascii: "k"), count: after)
                    let found = bytes.withUnsafeBufferPointer { table.id($0, before, before + key.count) }
                    XCTAssertEqual(found, reference(names, key), "\(key) at \(before), \(after) after")
                }
            }
            XCTAssertEqual(table.id(String(decoding: key, as: UTF8.self)), reference(table.names.map { Array($0.utf8) }, Array(String(decoding: key, as: UTF8.self).utf8)))
        }
    }

    /// Random names and keys of 0 to 24 bytes over a small alphabet (so many share words),
    /// with bytes that are NUL, non-ASCII or differ only in case.
    func testAgreesWithAReferenceOnRandomBytes() {
        var generator = SeededRandom(seed: 101)
        let alphabet: [UInt8] = Array("aA-".utf8) + [0, 0xC3, 0xFF]
        func random() -> [UInt8] {
            (0..<Int.random(in: 0...24, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? 0 }
        }
        for _ in 0..<30 {
            let names = (0..<Int.random(in: 1...120, using: &generator)).map { _ in random() }
            let table = NameTable(names.map { String(decoding: $0, as: UTF8.self) })
            // Names with invalid UTF-8 are stored repaired: look up by the stored bytes.
            let stored = table.names.map { Array($0.utf8) }
            for _ in 0..<400 {
                let key = Bool.random(using: &generator) ? (stored.randomElement(using: &generator) ?? []) : random()
                let before = Int.random(in: 0...9, using: &generator)
                let after = Int.random(in: 0...20, using: &generator)
                let bytes = Array(repeating: UInt8(ascii: "a"), count: before) + key + Array(repeating: UInt8(ascii: "A"), count: after)
                let found = bytes.withUnsafeBufferPointer { table.id($0, before, before + key.count) }
                XCTAssertEqual(found, reference(stored, key), "\(key)")
            }
        }
    }
}
