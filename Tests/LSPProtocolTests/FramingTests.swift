import XCTest
@testable import LSPProtocol

final class FramingTests: XCTestCase {
    private func frame(_ body: String) -> [UInt8] { Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8) }

    func testOneMessage() {
        var reader = MessageReader()
        reader.append(frame("{}"))
        XCTAssertEqual(reader.next(), .message(Array("{}".utf8)))
        XCTAssertNil(reader.next())
        XCTAssertEqual(reader.pendingByteCount, 0)
    }

    func testPartialReadsByteByByte() {
        var reader = MessageReader()
        let bytes = frame(#"{"a":"é"}"#)
        var got: [MessageReader.Item] = []
        for b in bytes {
            reader.append([b])
            while let item = reader.next() { got.append(item) }
        }
        XCTAssertEqual(got, [.message(Array(#"{"a":"é"}"#.utf8))])
    }

    func testManyMessagesInOneChunkAndExtraHeaders() {
        var reader = MessageReader()
        var chunk = frame("[1]") + frame("[2]")
        chunk += Array("Content-Type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length: 3\r\n\r\n[3]".utf8)
        reader.append(chunk)
        XCTAssertEqual(reader.next(), .message(Array("[1]".utf8)))
        XCTAssertEqual(reader.next(), .message(Array("[2]".utf8)))
        XCTAssertEqual(reader.next(), .message(Array("[3]".utf8)))
        XCTAssertNil(reader.next())
    }

    func testBadHeadersAreReportedAndSkipped() {
        var reader = MessageReader()
        reader.append(Array("Content-Length: abc\r\n\r\n".utf8) + Array("Nonsense\r\n\r\n".utf8) + Array("X: 1\r\n\r\n".utf8) + frame("{}"))
        guard case .badHeader(let a)? = reader.next(), case .badHeader(let b)? = reader.next(), case .badHeader(let c)? = reader.next() else {
            return XCTFail("expected three bad headers")
        }
        XCTAssertTrue(a.contains("Content-Length"))
        XCTAssertTrue(b.contains("malformed"))
        XCTAssertTrue(c.contains("without Content-Length"))
        XCTAssertEqual(reader.next(), .message(Array("{}".utf8)))
    }

    func testHugeLengthIsRefused() {
        var reader = MessageReader(maxContentLength: 100)
        reader.append(Array("Content-Length: 101\r\n\r\n".utf8) + frame("{}"))
        guard case .badHeader? = reader.next() else { return XCTFail("expected a bad header") }
    }

    func testWaitsForTheWholeBody() {
        var reader = MessageReader()
        let bytes = frame(#"{"long":"body"}"#)
        reader.append(bytes.prefix(bytes.count - 3))
        XCTAssertNil(reader.next())
        reader.append(bytes.suffix(3))
        XCTAssertEqual(reader.next(), .message(Array(#"{"long":"body"}"#.utf8)))
    }

    func testWriterFramesWithByteLength() {
        let framed = MessageWriter.frame(.string("é"))
        XCTAssertEqual(String(decoding: framed, as: UTF8.self), "Content-Length: 4\r\n\r\n\"é\"")
        var reader = MessageReader()
        reader.append(framed)
        XCTAssertEqual(reader.next(), .message(Array("\"é\"".utf8)))
    }
}
