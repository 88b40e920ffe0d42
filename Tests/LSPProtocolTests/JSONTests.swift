import XCTest
@testable import LSPProtocol

final class JSONTests: XCTestCase {
    private func parse(_ text: String) throws -> JSONValue { try JSONParser.parse(text) }
    private func text(_ value: JSONValue) -> String { String(decoding: JSONSerializer.serialize(value), as: UTF8.self) }

    func testScalars() throws {
        XCTAssertEqual(try parse("null"), .null)
        XCTAssertEqual(try parse(" true "), .bool(true))
        XCTAssertEqual(try parse("false"), .bool(false))
        XCTAssertEqual(try parse("-12"), .number(-12))
        XCTAssertEqual(try parse("0.5e2"), .number(50))
        XCTAssertEqual(try parse("1E-2"), .number(0.01))
        XCTAssertEqual(try parse("\"a\""), .string("a"))
    }

    func testIntegersStayExact() throws {
        let big = try parse("9007199254740991")
        XCTAssertEqual(big.intValue, 9_007_199_254_740_991)
        XCTAssertEqual(text(big), "9007199254740991")
        XCTAssertEqual(text(.int(-42)), "-42")
        XCTAssertEqual(text(.int(0)), "0")
        XCTAssertEqual(text(.number(1.5)), "1.5")
        XCTAssertNil(JSONValue.number(1.5).intValue)
        XCTAssertEqual(text(.number(.infinity)), "null")
    }

    func testObjectKeepsKeyOrderAndRoundTrips() throws {
        let source = #"{"z":1,"a":[true,null,{"m":"x"}],"b":{"c":-3.25}}"#
        let value = try parse(source)
        XCTAssertEqual(value.objectValue?.keys, ["z", "a", "b"])
        XCTAssertEqual(text(value), source)
        XCTAssertEqual(try parse(text(value)), value)
    }

    func testSubscriptsReturnNullWhenMissing() throws {
        let value = try parse(#"{"a":{"b":[1,2]}}"#)
        XCTAssertEqual(value["a"]["b"][1].intValue, 2)
        XCTAssertTrue(value["nope"]["deeper"].isNull)
        XCTAssertTrue(value["a"]["b"][7].isNull)
        var object: JSONValue = ["k": 1]
        object["k"] = 2
        object["n"] = "x"
        XCTAssertEqual(text(object), #"{"k":2,"n":"x"}"#)
    }

    func testEscapesAndUnicode() throws {
        XCTAssertEqual(try parse(#""a\"b\\c\/d\b\f\n\r\t""#), .string("a\"b\\c/d\u{08}\u{0C}\n\r\t"))
        XCTAssertEqual(try parse(#""\u00e9\u4e2d""#), .string("é中"))
        // A surrogate pair escape is one scalar.
        XCTAssertEqual(try parse(#""\ud83d\ude00""#), .string("😀"))
        XCTAssertEqual(try parse("\"😀 中\""), .string("😀 中"))
        // Serializing escapes controls, quotes and backslashes only.
        XCTAssertEqual(text(.string("q\"\\\n\u{01}é😀")), #""q\"\\\n\u0001é😀""#)
        XCTAssertEqual(try parse(text(.string("\u{7F}\u{1F}x"))), .string("\u{7F}\u{1F}x"))
    }

    func testMalformedInputIsAnErrorWithAnOffset() {
        let cases = ["", "{", "[1,]", "{\"a\" 1}", "{\"a\":1,}", "tru", "01", "1.", "-", "1e", "\"abc",
                     "\"\\x\"", "\"\\u12\"", "\"\\ud83d\"", "\"\\ude00\"", "\"\\ud83d\\u0041\"", "\"a\nb\"",
                     "[1] 2", "{1:2}", "nul", "[", "]", "\u{0}", "1e999"]
        for source in cases {
            XCTAssertThrowsError(try JSONParser.parse(source), "accepted \(source.debugDescription)") { error in
                guard let error = error as? JSONParseError else { return XCTFail("wrong error type") }
                XCTAssertLessThanOrEqual(error.offset, source.utf8.count)
                XCTAssertFalse(error.reason.isEmpty)
            }
        }
    }

    func testInvalidUTF8InAStringIsAnError() {
        XCTAssertThrowsError(try JSONParser.parse([0x22, 0xC3, 0x28, 0x22]))
        XCTAssertThrowsError(try JSONParser.parse([0x22, 0xFF, 0x22]))
        XCTAssertThrowsError(try JSONParser.parse([0x22, 0xED, 0xA0, 0x80, 0x22]))  // encoded surrogate
    }

    func testDepthIsLimitedWithoutCrashing() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        XCTAssertThrowsError(try JSONParser.parse(deep)) { error in
            XCTAssertTrue((error as? JSONParseError)?.reason.contains("nesting") == true)
        }
        let ok = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        XCTAssertNoThrow(try JSONParser.parse(ok))
    }

    func testRandomBytesNeverCrash() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("{}[]\":,0123456789-+.eEtrufalsn \\u\n".utf8) + [0xC3, 0xA9, 0xF0, 0x9F]
        for _ in 0..<3000 {
            let count = Int.random(in: 0..<40, using: &generator)
            let bytes = (0..<count).map { _ in alphabet.randomElement(using: &generator) ?? 0x20 }
            if let value = try? JSONParser.parse(bytes) {
                // Whatever parses must serialize to text that parses to the same value.
                XCTAssertEqual(try JSONParser.parse(JSONSerializer.serialize(value)), value)
            }
        }
    }
}
