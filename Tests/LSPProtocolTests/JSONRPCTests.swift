import XCTest
import JSONText
@testable import LSPProtocol

final class JSONRPCTests: XCTestCase {
    private func message(_ text: String) throws -> Message { try Message(json: try JSONParser.parse(text)) }

    func testKinds() throws {
        XCTAssertEqual(try message(#"{"jsonrpc":"2.0","id":1,"method":"a","params":{"x":1}}"#),
                       .request(id: .int(1), method: "a", params: ["x": 1]))
        XCTAssertEqual(try message(#"{"jsonrpc":"2.0","id":"s","method":"a"}"#), .request(id: .string("s"), method: "a", params: .null))
        XCTAssertEqual(try message(#"{"jsonrpc":"2.0","method":"n","params":[1]}"#), .notification(method: "n", params: [1]))
        XCTAssertEqual(try message(#"{"jsonrpc":"2.0","id":3,"result":null}"#), .response(id: .int(3), result: .success(.null)))
        XCTAssertEqual(try message(#"{"jsonrpc":"2.0","id":3,"error":{"code":-32601,"message":"m"}}"#),
                       .response(id: .int(3), result: .failure(ResponseError(code: -32601, message: "m"))))
    }

    func testInvalidMessagesKeepTheirIDWhenReadable() {
        let cases: [(String, RequestID?)] = [
            (#"{"id":4,"method":"a"}"#, .int(4)),                     // no jsonrpc
            (#"{"jsonrpc":"2.0","id":5,"method":3}"#, .int(5)),      // method not a string
            (#"{"jsonrpc":"2.0","id":6,"method":"a","params":3}"#, .int(6)),
            (#"{"jsonrpc":"2.0","id":[1],"method":"a"}"#, nil),
            (#"{"jsonrpc":"2.0","id":null,"method":"a"}"#, nil),
            (#"[1,2]"#, nil),
            (#"{"jsonrpc":"2.0","id":7}"#, .int(7)),
        ]
        for (text, id) in cases {
            XCTAssertThrowsError(try message(text), text) { error in
                XCTAssertEqual((error as? Message.DecodingError)?.id, id, text)
            }
        }
    }

    func testSerializedShape() {
        let response = Message.response(id: .int(2), result: .failure(.invalidParams("bad")))
        XCTAssertEqual(response.json.description, #"{"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"bad"}}"#)
        let note = Message.notification(method: "m", params: .null)
        XCTAssertEqual(note.json.description, #"{"jsonrpc":"2.0","method":"m"}"#)
        XCTAssertEqual(ErrorCode.requestCancelled, -32800)
        XCTAssertEqual(ErrorCode.serverNotInitialized, -32002)
    }

    func testSalvageIDFromBrokenJSON() {
        XCTAssertEqual(Message.salvageID(from: Array(#"{"jsonrpc":"2.0","id": 12, "method": oops"#.utf8)), .int(12))
        XCTAssertEqual(Message.salvageID(from: Array(#"{"id":"abc","method"::}"#.utf8)), .string("abc"))
        XCTAssertNil(Message.salvageID(from: Array(#"{"method":"x",,}"#.utf8)))
        XCTAssertNil(Message.salvageID(from: Array(#"{"id":"#.utf8)))
    }
}
