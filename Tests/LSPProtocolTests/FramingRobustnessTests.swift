import XCTest
@testable import LSPProtocol

/// The framing properties the `server` fuzz target (`Fuzz/Targets/Server.swift`) checks,
/// and the unbounded header it led to: a stream without a blank line was buffered whole and
/// searched again from its start on every read (a 4 MB one took 0.14 s in 64 KiB reads,
/// growing with the square of its length).
final class FramingRobustnessTests: XCTestCase {
    private func frame(_ body: String) -> [UInt8] { Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8) }

    private func items(_ bytes: [UInt8], inPiecesOf sizes: [Int]) -> [MessageReader.Item] {
        var reader = MessageReader()
        var out: [MessageReader.Item] = []
        var offset = 0
        var step = 0
        while offset < bytes.count {
            let count = min(bytes.count - offset, sizes[step % sizes.count])
            reader.append(bytes[offset..<(offset + count)])
            while let item = reader.next() { out.append(item) }
            offset += count
            step += 1
        }
        return out
    }

    func testAHeaderWithoutABlankLineIsSkippedInBoundedPieces() {
        let limit = MessageReader.maxHeaderLength
        var reader = MessageReader()
        var got: [MessageReader.Item] = []
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 64 * 1024)
        for _ in 0..<64 {  // 4 MiB
            reader.append(chunk)
            while let item = reader.next() { got.append(item) }
            XCTAssertLessThanOrEqual(reader.pendingByteCount, limit + 1)
        }
        reader.append(Array("\r\n\r\n".utf8) + frame("{}"))
        while let item = reader.next() { got.append(item) }
        XCTAssertEqual(got.last, .message(Array("{}".utf8)))
        let bad = got.dropLast()
        XCTAssertGreaterThanOrEqual(bad.count, 4 * 1024 * 1024 / limit - 1)
        XCTAssertTrue(bad.allSatisfy { if case .badHeader = $0 { true } else { false } }, "\(bad.count) items")
        guard case .badHeader(let reason)? = got.first else { return XCTFail("expected a bad header") }
        XCTAssertTrue(reason.contains("longer than"), reason)
    }

    func testAHeaderJustUnderTheLimitIsStillRead() {
        let padding = "X-Padding: " + String(repeating: "p", count: MessageReader.maxHeaderLength - 40) + "\r\n"
        let bytes = Array(padding.utf8) + frame("[1]")
        XCTAssertEqual(items(bytes, inPiecesOf: [bytes.count]), [.message(Array("[1]".utf8))])
        XCTAssertEqual(items(bytes, inPiecesOf: [1000, 7]), [.message(Array("[1]".utf8))])
    }

    func testFramingDoesNotDependOnHowTheBytesArrive() {
        var stream = frame("[1]") + Array("Content-Length: x\r\n\r\n".utf8) + frame("{}")
        stream += Array("content-length:2\n\n[]\n\r\n".utf8)
        stream += [UInt8](repeating: UInt8(ascii: "z"), count: MessageReader.maxHeaderLength * 2 + 5)
        stream += Array("\n\r\n".utf8) + frame(#"{"a":"é"}"#) + Array("Content-Length: 9\r\n\r\n{".utf8)
        let whole = items(stream, inPiecesOf: [stream.count])
        XCTAssertEqual(whole.filter { if case .message = $0 { true } else { false } }.count, 4)
        for sizes in [[1], [7, 64, 3], [1, 7, 64, 3, 1000], [65_536]] {
            XCTAssertEqual(items(stream, inPiecesOf: sizes), whole, "pieces of \(sizes)")
        }
    }
}
