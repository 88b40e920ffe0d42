import XCTest
@testable import JSONText
import TestSupport

final class JSONParserTests: XCTestCase {
    private func parse(_ text: String) throws -> JSONValue { try JSONParser.parse(text) }
    private func text(_ value: JSONValue) -> String { String(decoding: value.serialized(), as: UTF8.self) }

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

    /// Each error says where (line and column, counted in characters, any line ending) and
    /// what was expected there.
    func testErrorsGiveLineColumnAndWhatWasExpected() {
        let cases: [(String, Int, Int, String)] = [
            ("{nope", 1, 2, "expected a key (a string in double quotes) or `}`, found `n`"),
            ("{\"a\": 1,}", 1, 9, "expected a key after `,`, found `}`: JSON allows no comma after the last member"),
            ("[1, 2,]", 1, 7, "expected a value after `,`, found `]`: JSON allows no comma after the last element"),
            ("{\"a\" 1}", 1, 6, "expected `:` after the key \"a\", found `1`"),
            ("{\n  \"é\": \"ü\"\r\n  \"x\": 1\n}", 3, 3, "expected `,` or `}` after a value in the object, found `\"`"),
            ("\r\r  [1 2]", 3, 6, "expected `,` or `]` after a value in the array, found `2`"),
            ("[1,\n {\"b\": [", 2, 9, "expected a value, found the end of the input: the array opened at line 2, column 8 is not closed"),
            ("{\"a\": [1}", 1, 9, "expected `,` or `]` after a value in the array, found `}`"),
            ("{\"a\": tru}", 1, 10, "expected `true`, found `}`"),
            ("{\"a\": \"x\ny\"}", 1, 9, "a line break in a string: write it as an escape (`\\n`, `\\t`, `\\u00XX`), or close the string with `\"` before it"),
            ("{\"a\": \"x", 1, 9, "expected `\"` to close the string opened at line 1, column 7, found the end of the input"),
            ("{\"a\": 1} x", 1, 10, "expected the end of the input after the value, found `x`"),
            ("", 1, 1, "expected a value, found the end of the input"),
            ("😀", 1, 1, "expected a value (an object, array, string, number, `true`, `false` or `null`), found `😀`"),
            ("{\"a\": \"\\q\"}", 1, 9, "expected an escape (`\\\"` `\\\\` `\\/` `\\b` `\\f` `\\n` `\\r` `\\t` or `\\uXXXX`) after `\\`, found `q`"),
            ("[1e999]", 1, 2, "number out of range: `1e999` is too large"),
        ]
        for (source, line, column, reason) in cases {
            XCTAssertThrowsError(try JSONParser.parse(source), "accepted \(source.debugDescription)") { error in
                guard let error = error as? JSONParseError else { return XCTFail("wrong error type") }
                XCTAssertEqual(error.reason, reason, source.debugDescription)
                XCTAssertEqual([error.line, error.column], [line, column], "\(source.debugDescription): \(error.reason)")
                XCTAssertEqual(error.description, "invalid JSON at line \(line), column \(column): \(reason)")
            }
        }
    }

    /// Every byte of some valid documents deleted in turn, and a few bytes inserted at every
    /// offset: each text that fails reports an error no earlier than the change (what comes
    /// before it parsed; a change inside a character counts from the character's start), at
    /// a line and column that match its offset.
    func testErrorPositionsOverEveryOneByteChange() {
        let documents = ["{\"user\": \"Ada\", \"n\": [1, -2.5e3, true, null],\r\n \"é\": {\"x\": \"a\\u00e9\\n😀\"}}",
                         "[\n  {\"a\": false},\r  [],\n  \"x\"\n]\n", "{}", "  \"text\"  "]
        var failures = 0
        for document in documents {
            let original = Array(document.utf8)
            var variants: [(bytes: [UInt8], at: Int)] = []
            for p in original.indices {
                var deleted = original
                deleted.remove(at: p)
                variants.append((deleted, p))
                for b in Array("{}[],:\"\\ x\n0".utf8) + [0xFF] {
                    var inserted = original
                    inserted.insert(b, at: p)
                    variants.append((inserted, p))
                }
            }
            for (bytes, at) in variants {
                do {
                    _ = try JSONParser.parse(bytes)
                } catch {
                    failures += 1
                    XCTAssertFalse(error.reason.isEmpty)
                    // A change inside a character is reported where the character starts.
                    var characterStart = at
                    while characterStart > 0 && characterStart < original.count && original[characterStart] & 0xC0 == 0x80 { characterStart -= 1 }
                    if !error.reason.hasPrefix("number out of range") {
                        XCTAssertGreaterThanOrEqual(error.offset, characterStart, "\(error) in \(String(decoding: bytes, as: UTF8.self).debugDescription)")
                    }
                    let expected = Self.lineAndColumn(of: error.offset, in: bytes)
                    XCTAssertEqual([error.line, error.column], [expected.line, expected.column], "\(error)")
                }
            }
        }
        XCTAssertGreaterThan(failures, 1000, "too few of the changed texts were invalid")
    }

    /// Line and column from the text before `offset`, as people count them: LF, CRLF or CR
    /// end a line, and each Unicode scalar is one column.
    static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        // A CR right before the offset may be the first half of a CRLF: it still ends its line.
        let text = String(decoding: bytes[..<offset], as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
            .replacingOccurrences(of: "\r", with: "\n")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return (lines.count, (lines.last?.unicodeScalars.count ?? 0) + 1)
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
        var random = SeededRandom(seed: 106)
        let alphabet = Array("{}[]\":,0123456789-+.eEtrufalsn \\u\n".utf8) + [0xC3, 0xA9, 0xF0, 0x9F]
        for _ in 0..<3000 {
            let count = Int.random(in: 0..<40, using: &random)
            let bytes = (0..<count).map { _ in alphabet.randomElement(using: &random) ?? 0x20 }
            if let value = try? JSONParser.parse(bytes) {
                // Whatever parses must serialize to text that parses to the same value.
                XCTAssertEqual(try JSONParser.parse(value.serialized()), value)
            }
        }
    }
}
