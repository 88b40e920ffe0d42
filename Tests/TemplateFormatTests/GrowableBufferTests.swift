// GrowableBuffer: appends and in-place writes (`reserve`/`setCount`, as the lexer and
// parser write) must keep every element across growth, and a discard must leave a buffer
// that works again.

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
        XCTAssertEqual(buffer.finish(), expected)
    }

    func testReservingNothingChangesNothing() {
        var buffer = GrowableBuffer<UInt8>(capacity: 4)
        buffer.append(7)
        _ = buffer.reserve(0)
        buffer.setCount(buffer.count)
        XCTAssertEqual(buffer.count, 1)
        XCTAssertEqual(buffer.finish(), [7])
    }

    /// A discarded buffer owns no memory (a discard does not allocate) and works again on
    /// its next append; discarding twice, or taking the memory of a discarded buffer, is safe.
    func testADiscardedBufferIsEmptyAndGrowsAgain() {
        var buffer = GrowableBuffer<Int>(capacity: 4)
        for k in 0..<10 { buffer.append(k) }
        buffer.discard()
        XCTAssertEqual(buffer.count, 0)
        buffer.discard()
        for k in 0..<40 { buffer.append(k) }
        XCTAssertEqual(buffer.finish(), Array(0..<40))
        var empty = GrowableBuffer<UInt8>(capacity: 1)
        empty.discard()
        let (memory, count) = empty.takeMemory()
        XCTAssertEqual(count, 0)
        free(memory)
    }
}
