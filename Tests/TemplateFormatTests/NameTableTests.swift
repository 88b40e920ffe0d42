import XCTest
@testable import TemplateFormat
import TestSupport

/// `NameTable` reads keys a word at a time (in place, or byte by byte near the end of the
/// buffer); every name must be found at every position, and nothing else.
final class NameTableTests: XCTestCase {
    let names = ["at", "size", "font-size", "background", "corner-radius", "x", "stroke-width",
                 "a-name-of-exactly-24-byt", "a-name-longer-than-three-words", "", "at"]

    func testEveryNameIsFoundAtEveryOffsetAndBufferEnd() {
        let table = NameTable(names)
        for (id, name) in names.enumerated() {
            let expected = names.firstIndex(of: name) ?? id  // a repeated name keeps its first id
            for padding in 0..<30 {
                for tail in [0, 1, 7, 8, 23, 24, 40] {
                    let bytes = Array(repeating: UInt8(ascii: "q"), count: padding) + Array(name.utf8)
                        + Array(repeating: UInt8(ascii: "z"), count: tail)
                    let found = bytes.withUnsafeBufferPointer { table.id($0, padding, padding + name.utf8.count) }
                    XCTAssertEqual(found, expected, "\(name) at \(padding), \(tail) bytes after")
                }
            }
            XCTAssertEqual(table.id(name), expected)
        }
    }

    func testNearMissesAndOtherBytesAreNotFound() {
        let table = NameTable(names)
        for miss in ["a", "att", "siz", "sizes", "font-sizE", "background ", " at", "a-name-of-exactly-24-byx",
                     "a-name-longer-than-three-wordz", "corner-radius-", "xx", "日本"] {
            XCTAssertEqual(table.id(miss), -1, miss)
            let bytes = Array(miss.utf8) + Array("trailing bytes".utf8)
            XCTAssertEqual(bytes.withUnsafeBufferPointer { table.id($0, 0, miss.utf8.count) }, -1, miss)
        }
        // Out-of-range requests answer -1 rather than trapping.
        let bytes = Array("size".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            XCTAssertEqual(table.id(buffer, 2, 9), -1)
            XCTAssertEqual(table.id(buffer, -1, 3), -1)
            XCTAssertEqual(table.id(buffer, 3, 2), -1)
        }
    }

    func testAgreesWithADictionaryOnRandomKeys() {
        var generator = SeededRandom(seed: 104)
        let alphabet = Array("abc-xyz".utf8)
        var words: [String] = []
        for _ in 0..<300 {
            let length = Int.random(in: 1...20, using: &generator)
            words.append(String(decoding: (0..<length).map { _ in alphabet.randomElement(using: &generator) ?? 0x61 }, as: UTF8.self))
        }
        let table = NameTable(words)
        var first: [String: Int] = [:]
        for (i, w) in words.enumerated() where first[w] == nil { first[w] = i }
        for _ in 0..<3000 {
            let length = Int.random(in: 1...20, using: &generator)
            let key = String(decoding: (0..<length).map { _ in alphabet.randomElement(using: &generator) ?? 0x61 }, as: UTF8.self)
            XCTAssertEqual(table.id(key), first[key] ?? -1, key)
        }
    }

    /// Names that share their first three words (only the tail tells them apart), differ by
    /// trailing NULs (same words, other length), or are not ASCII; keys read one word in
    /// place, three words in place, or byte by byte, up to the buffer's last byte.
    func testTailsNULsAndNonASCIIAtEveryPosition() {
        let prefix = "abcdefgh-abcdefgh-abcdef"  // 24 bytes
        let names = [prefix + "-one", prefix + "-two", prefix, "a", "a\u{0}", "a\u{0}\u{0}", "\u{0}",
                     "größe", "日本語の名前", "exactly8", "nine-byte", "x", ""]
        let table = NameTable(names)
        for (id, name) in names.enumerated() {
            let key = Array(name.utf8)
            for padding in [0, 1, 5, 8, 13] {
                for tail in 0..<26 {
                    let bytes = Array(repeating: UInt8(ascii: "q"), count: padding) + key + Array(repeating: 0, count: tail)
                    let found = bytes.withUnsafeBufferPointer { table.id($0, padding, padding + key.count) }
                    XCTAssertEqual(found, id, "\(name.debugDescription) at \(padding), \(tail) bytes after")
                }
            }
        }
        for miss in [prefix + "-onf", prefix + "-on", prefix + "-one-", String(prefix.dropLast()), "a\u{0}\u{0}\u{0}", "b", "größe\u{0}", "日本語の名"] {
            XCTAssertEqual(table.id(miss), -1, miss.debugDescription)
            // The same bytes followed by more: only `start..<end` counts.
            let bytes = Array(miss.utf8) + Array("-one".utf8)
            XCTAssertEqual(bytes.withUnsafeBufferPointer { table.id($0, 0, miss.utf8.count) }, -1, miss.debugDescription)
        }
    }

    func testEmptyKeysAndEmptyBuffers() {
        let withEmpty = NameTable(["x", ""])
        let without = NameTable(["x"])
        let none: [UInt8] = []
        none.withUnsafeBufferPointer { buffer in
            XCTAssertEqual(withEmpty.id(buffer, 0, 0), 1)
            XCTAssertEqual(without.id(buffer, 0, 0), -1)
            XCTAssertEqual(withEmpty.id(buffer, 0, 1), -1)
        }
        Array("xx".utf8).withUnsafeBufferPointer { buffer in
            XCTAssertEqual(withEmpty.id(buffer, 2, 2), 1)
            XCTAssertEqual(withEmpty.id(buffer, 1, 2), 0)
            XCTAssertEqual(withEmpty.id(buffer, 2, 3), -1)
            XCTAssertEqual(withEmpty.id(buffer, Int.min, 1), -1)
            XCTAssertEqual(withEmpty.id(buffer, 0, Int.max), -1)
        }
        XCTAssertEqual(NameTable([]).id("x"), -1)
        XCTAssertEqual(NameTable([]).id(""), -1)
    }

    /// Random names of up to 41 bytes (some sharing a 25-byte stem) against a dictionary, each
    /// key looked up at a random place in a buffer, near its end as often as not.
    func testAgreesWithADictionaryOnRandomBytes() {
        var generator = SeededRandom(seed: 105)
        let alphabet: [UInt8] = Array("ab-".utf8) + [0, 0xC3, 0xA9]
        func randomName() -> [UInt8] {
            let stem = Int.random(in: 0...3, using: &generator) == 0 ? Array("a-long-shared-stem-of-24b".utf8) : []
            return stem + (0..<Int.random(in: 0...16, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? 0 }
        }
        for _ in 0..<20 {
            let names = (0..<Int.random(in: 1...200, using: &generator)).map { _ in randomName() }
            let table = NameTable(names.map { String(decoding: $0, as: UTF8.self) })
            // A name with invalid UTF-8 is stored with replacement characters: by those bytes.
            var first: [[UInt8]: Int] = [:]
            for (i, n) in table.names.enumerated() where first[Array(n.utf8)] == nil { first[Array(n.utf8)] = i }
            for _ in 0..<500 {
                let key = Bool.random(using: &generator) ? (names.randomElement(using: &generator) ?? []) : randomName()
                let before = Int.random(in: 0...9, using: &generator)
                let after = Bool.random(using: &generator) ? Int.random(in: 0...3, using: &generator) : Int.random(in: 0...40, using: &generator)
                let bytes = Array(repeating: UInt8(ascii: "a"), count: before) + key + Array(repeating: UInt8(ascii: "b"), count: after)
                let found = bytes.withUnsafeBufferPointer { table.id($0, before, before + key.count) }
                XCTAssertEqual(found, first[key] ?? -1, "\(key)")
            }
        }
    }
}
