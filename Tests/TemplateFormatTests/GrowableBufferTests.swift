// GrowableBuffer: appends and in-place writes (`reserve`/`setCount`, as the lexer and
// parser write) must keep every element across growth, into an array or handed-over memory.
// (That a buffer is used no more once consumed, and freed once, the compiler checks.)

import XCTest
@testable import TemplateFormat

final class GrowableBufferTests: XCTestCase {
    func testAppendsAndInPlaceWritesKeepTheirElementsAcrossGrowth() {
        var buffer = GrowableBuffer<UInt8>(capacity: 1)
        var expected: [UInt8] = []
        var next: UInt8 = 0
        for length in 0...40 {
            let piece = (0..<length).map { _ -> UInt8 in next &+= 37; return next }
            // Written in place through the pointer `reserve` returns, then counted.
            let base = buffer.reserve(length)
            XCTAssertGreaterThanOrEqual(buffer.capacity - buffer.count, length)
            for (k, byte) in piece.enumerated() { (base + buffer.count + k).initialize(to: byte) }
            buffer.setCount(buffer.count + length)
            expected += piece
            buffer.append(0xFF)
            expected.append(0xFF)
        }
        let elements = buffer.finish()
        XCTAssertEqual(elements, expected)
    }

    func testReservingNothingChangesNothing() {
        var buffer = GrowableBuffer<UInt8>(capacity: 4)
        buffer.append(7)
        _ = buffer.reserve(0)
        buffer.setCount(buffer.count)
        XCTAssertEqual(buffer.count, 1)
        let elements = buffer.finish()
        XCTAssertEqual(elements, [7])
    }

    /// `takeMemory` hands over the elements as written, across growth, and an empty buffer's
    /// memory too (one element's worth, so the caller always has something to free).
    func testTakenMemoryHoldsTheElements() {
        for length in [0, 1, 15, 16, 17, 100, 1000] {
            var buffer = GrowableBuffer<Int>(capacity: 4)
            for k in 0..<length { buffer.append(k * 3) }
            let (memory, count) = buffer.takeMemory()
            XCTAssertEqual(count, length)
            XCTAssertEqual(Array(UnsafeBufferPointer(start: memory, count: count)), (0..<length).map { $0 * 3 })
            free(memory)
        }
    }
}
