// ElementNames hashes names a word at a time, reading around short names, and keeps each
// name's hash in its slot. Against a dictionary of byte arrays: names of 0-40 bytes at
// every distance from the buffer's start and end (tiny buffers included), equal names at
// different offsets, names differing in one byte, and tables that grow many times.

import XCTest
@testable import TemplateFormat
@testable import Validator
import TestSupport

final class ElementNamesTests: XCTestCase {
    func token(_ start: Int, _ end: Int) -> Token { Token(kind: .identifier, start: start, end: end) }

    /// Inserts every range of `buffer` in `ranges` (with node = position in the list) and
    /// checks each answer, lookups, the count and the names against a dictionary.
    func check(_ buffer: [UInt8], _ ranges: [(Int, Int)], _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        buffer.withUnsafeBufferPointer { bytes in
            var names = ElementNames()
            var reference: [[UInt8]: Int] = [:]
            var order: [[UInt8]] = []
            for (node, (start, end)) in ranges.enumerated() {
                let key = Array(buffer[start..<end])
                let expected = reference[key]
                XCTAssertEqual(names.insert(token(start, end), node: node, in: bytes), expected,
                               "\(label): insert \(start)..<\(end)", file: file, line: line)
                if expected == nil {
                    reference[key] = node
                    order.append(key)
                }
            }
            XCTAssertEqual(names.count, reference.count, label, file: file, line: line)
            for (start, end) in ranges {
                XCTAssertEqual(names.node(named: token(start, end), in: bytes), reference[Array(buffer[start..<end])],
                               "\(label): lookup \(start)..<\(end)", file: file, line: line)
            }
            XCTAssertEqual(names.names(in: bytes), order.map { String(decoding: $0, as: UTF8.self) }, label, file: file, line: line)
        }
    }

    func testEveryLengthAtEveryDistanceFromTheEnds() {
        var rng = SeededRandom(seed: 3)
        for size in [0, 1, 2, 5, 7, 8, 9, 15, 16, 17, 31, 64] {
            // Few distinct byte values, so that equal names at different offsets are common.
            let buffer = (0..<size).map { _ in UInt8(0x61 + rng.below(3)) }
            var ranges: [(Int, Int)] = []
            for start in 0...size {
                for end in start...min(size, start + 40) { ranges.append((start, end)) }
            }
            check(buffer, ranges, "buffer of \(size)")
            check(buffer, ranges.reversed(), "buffer of \(size), reversed")
        }
    }

    func testManyNamesGrowTheTable() {
        var rng = SeededRandom(seed: 5)
        for round in 0..<20 {
            let buffer = (0..<600).map { _ in UInt8(0x30 + rng.below(rng.chance(50) ? 2 : 75)) }
            let ranges = (0..<rng.int(1...500)).map { _ -> (Int, Int) in
                let start = rng.below(600)
                return (start, min(600, start + rng.int(0...24)))
            }
            check(buffer, ranges, "round \(round)")
        }
    }

    func testNamesDifferingInOneByte() {
        let base = Array("element-name-number-0000".utf8)
        var buffer: [UInt8] = []
        var ranges: [(Int, Int)] = []
        for i in 0..<base.count {
            for delta: UInt8 in [1, 2] {
                var name = base
                name[i] &+= delta
                ranges.append((buffer.count, buffer.count + name.count))
                buffer += name + [0x20]
            }
        }
        ranges.append((buffer.count, buffer.count + base.count))
        buffer += base
        check(buffer, ranges + ranges, "one byte apart")
    }
}
