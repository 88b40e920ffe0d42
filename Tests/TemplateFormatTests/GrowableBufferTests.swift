// GrowableBuffer: the byte appends the text report and messages use copy short runs by
// hand and long ones with memcpy; both, and growth across capacity, must keep every byte.

import XCTest
@testable import TemplateFormat

final class GrowableBufferTests: XCTestCase {
    func testByteAppendsOfEveryLengthKeepTheirBytesAcrossGrowth() {
        var buffer = GrowableBuffer<UInt8>(capacity: 1)
        var expected: [UInt8] = []
        var next: UInt8 = 0
        for length in 0...40 {
            let piece = (0..<length).map { _ -> UInt8 in next &+= 37; return next }
            piece.withUnsafeBytes { buffer.appendBytes($0) }
            expected += piece
            buffer.appendByte(0xFF)
            expected.append(0xFF)
        }
        buffer.append(count: 3) { out in out[0] = 1; out[1] = 2; out[2] = 3 }
        expected += [1, 2, 3]
        XCTAssertEqual(buffer.finish(), expected)
    }

    func testEmptyAppendsChangeNothing() {
        var buffer = GrowableBuffer<UInt8>(capacity: 4)
        buffer.appendBytes(UnsafeRawBufferPointer(start: nil, count: 0))
        buffer.append(count: 0) { _ in XCTFail("body called for no bytes") }
        XCTAssertEqual(buffer.count, 0)
        buffer.discard()
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
