import XCTest
@testable import TemplateFormat

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
        var generator = SystemRandomNumberGenerator()
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
}
