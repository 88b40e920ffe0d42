import TestSupport
import XCTest
@testable import JSONText

/// The one JSON writer: compact and pretty text of the same value parse back to it, the
/// pretty layout is the one `check --format json` and `export --to json` print, and
/// hand-written fragments and structure mix.
final class JSONWriterTests: XCTestCase {
    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    func testCompactAndPrettyLayouts() {
        let value: JSONValue = ["a": [1, true, nil, ["b": "x"]], "empty": [:], "none": [], "n": -2.5]
        XCTAssertEqual(text(value.serialized()), #"{"a":[1,true,null,{"b":"x"}],"empty":{},"none":[],"n":-2.5}"#)
        XCTAssertEqual(text(value.serialized(.pretty)), """
            {
              "a": [
                1,
                true,
                null,
                {
                  "b": "x"
                }
              ],
              "empty": {},
              "none": [],
              "n": -2.5
            }
            """)
        XCTAssertEqual(text(JSONValue.array([]).serialized(.pretty)), "[]")
        XCTAssertEqual(text(JSONValue.string("top").serialized(.pretty)), #""top""#)
    }

    /// Objects begun inline stay on one line in the pretty layout, as the model's points do.
    func testInlineObjectsInThePrettyLayout() {
        for layout in [JSONWriter.Layout.pretty, .compact] {
            var w = JSONWriter(layout: layout)
            w.beginObject()
            w.key("at")
            w.beginObject(inline: true)
            w.key("x"); w.number(1)
            w.key("y"); w.number(2.5)
            w.key("font"); w.beginObject(inline: true); w.key("weight"); w.null(); w.endObject()
            w.endObject()
            w.key("empty"); w.beginObject(inline: true); w.endObject()
            w.key("list"); w.beginArray(); w.item(); w.string("z"); w.endArray()
            w.endObject()
            XCTAssertEqual(text(w.bytes), layout == .pretty
                ? "{\n  \"at\": {\"x\": 1, \"y\": 2.5, \"font\": {\"weight\": null}},\n  \"empty\": {},\n  \"list\": [\n    \"z\"\n  ]\n}"
                : #"{"at":{"x":1,"y":2.5,"font":{"weight":null}},"empty":{},"list":["z"]}"#)
        }
    }

    /// Escapes only what JSON requires; a control character without a short escape is `\u00XX`.
    func testStringsEscapeWhatJSONRequires() {
        var w = JSONWriter()
        w.string("q\"\\/\n\r\t\u{08}\u{0C}\u{01}\u{1F}\u{7F}é😀")
        XCTAssertEqual(text(w.bytes), #""q\"\\/\n\r\t\u0008\u000c\u0001\u001f"# + "\u{7F}é😀\"")
        // Every byte below 0x20, and the two that must be escaped, read back.
        let all = String(decoding: Array(0..<0x20) + [0x22, 0x5C, 0x41], as: UTF8.self)
        XCTAssertEqual(try JSONParser.parse(JSONValue.string(all).serialized()), .string(all))
        w = JSONWriter()
        let key = "k\"ey"  // a key from data: a String, escaped
        w.key(key); w.string("")
        XCTAssertEqual(text(w.bytes), #""k\"ey":"""#)
    }

    func testNumbersArePlainAndNonFiniteIsNull() {
        var w = JSONWriter()
        w.beginArray()
        for v in [0, -0.0, 12, -3, 1.5, 0.00001, 1e21, 9_007_199_254_740_993, .infinity, .nan] as [Double] {
            w.item(); w.number(v)
        }
        for n in [Int.min, Int.max, 0, -1] { w.item(); w.number(n) }
        w.endArray()
        XCTAssertEqual(text(w.bytes), "[0,0,12,-3,1.5,0.00001,1000000000000000000000,9007199254740992,null,null,"
                       + "-9223372036854775808,9223372036854775807,0,-1]")
    }

    /// Fragments written by hand (a hot path's keys and punctuation, JSON written before) and
    /// structure mix: `item` and `key` put the commas around whatever the fragments hold.
    func testFragmentsAndStructureMix() throws {
        var reused = JSONWriter()
        reused.raw(#"{"reused":"#); reused.bool(true); reused.raw("}")
        var w = JSONWriter()
        w.raw(#"{"items":"#)
        w.beginArray()
        for k in 0..<3 {
            w.item()
            if k == 1 {
                w.raw(reused.bytes[...])
            } else {
                w.raw(#"{"k":"#); w.number(k)
                w.raw(#","tags":"#); w.beginArray(); w.item(); w.number(k); w.item(); w.number(k + 1); w.endArray()
                w.raw(UInt8(ascii: "}"))
            }
        }
        w.endArray()
        w.raw(UInt8(ascii: "}"))
        XCTAssertEqual(text(w.bytes), #"{"items":[{"k":0,"tags":[0,1]},{"reused":true},{"k":2,"tags":[2,3]}]}"#)
        XCTAssertEqual(w.count, w.bytes.count)
        XCTAssertNoThrow(try JSONParser.parse(w.bytes))
    }

    /// Random values: compact and pretty text parse back to the value, pretty text is the
    /// compact text with only whitespace added outside strings, and writing the parsed value
    /// again gives the same bytes.
    func testRandomValuesRoundTripInBothLayouts() throws {
        var random = SeededRandom(seed: 0x150_0002)
        for _ in 0..<500 {
            let value = randomValue(&random, depth: 0)
            let compact = value.serialized(), pretty = value.serialized(.pretty)
            XCTAssertEqual(try JSONParser.parse(compact), value)
            XCTAssertEqual(try JSONParser.parse(pretty), value)
            XCTAssertEqual(try JSONParser.parse(compact).serialized(), compact)
            XCTAssertEqual(withoutWhitespaceOutsideStrings(pretty), compact)
        }
    }

    private func randomValue(_ random: inout SeededRandom, depth: Int) -> JSONValue {
        switch random.next() % (depth > 4 ? 4 : 6) {
        case 0: return random.next() % 3 == 0 ? .null : .bool(random.next() % 2 == 0)
        case 1: return .number(Double(Int64(truncatingIfNeeded: random.next()) % 1_000_000) / [1, 8, 1000][Int(random.next() % 3)])
        case 2: return .number(Double(bitPattern: random.next() & 0x7FEF_FFFF_FFFF_FFFF))
        case 3: return .string(randomString(&random))
        case 4: return .array((0..<Int(random.next() % 4)).map { _ in randomValue(&random, depth: depth + 1) })
        default:
            var object = JSONObject()
            for _ in 0..<Int(random.next() % 4) { object[randomString(&random)] = randomValue(&random, depth: depth + 1) }
            return .object(object)
        }
    }

    private func randomString(_ random: inout SeededRandom) -> String {
        let pieces = ["a", " ", "\"", "\\", "\n", "\t", "\u{01}", "é", "😀", ":", ",", "{", "]"]
        return (0..<Int(random.next() % 6)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
    }

    private func withoutWhitespaceOutsideStrings(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var inString = false, escaped = false
        for b in bytes {
            if inString {
                if escaped { escaped = false } else if b == 0x5C { escaped = true } else if b == 0x22 { inString = false }
            } else if b == 0x22 {
                inString = true
            } else if b == 0x20 || b == 0x0A {
                continue
            }
            out.append(b)
        }
        return out
    }
}
