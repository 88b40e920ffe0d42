/// Why a byte sequence is not JSON, and where: a byte offset, and the 1-based line and
/// column (in Unicode scalars; LF, CRLF and a lone CR end a line) that people read.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public var offset: Int
    public var line: Int
    public var column: Int
    /// What was expected there and what was found, e.g. "expected `,` or `}` after a value
    /// in the object, found `]`".
    public var reason: String
    public init(offset: Int, line: Int, column: Int, reason: String) {
        self.offset = offset
        self.line = line
        self.column = column
        self.reason = reason
    }
    public var description: String { "invalid JSON at line \(line), column \(column): \(reason)" }
}

/// A strict RFC 8259 parser over UTF-8 bytes. It never traps on any input: nesting deeper
/// than `maxDepth` is an error rather than a stack overflow, and invalid UTF-8 in strings
/// is an error rather than a replacement character.
public struct JSONParser {
    public static let defaultMaxDepth = 512

    public static func parse(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONParseError) -> JSONValue in
            var parser = JSONParser(bytes: buffer, maxDepth: maxDepth)
            return try parser.parseDocument()
        }
    }

    public static func parse(_ text: String, maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8), maxDepth: maxDepth)
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private let maxDepth: Int
    private var i = 0
    private var depth = 0

    private init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    private func fail(_ reason: String) -> JSONParseError { fail(reason, at: i) }

    /// The error at `offset`, with its line and column: counted only now, on failure.
    private func fail(_ reason: String, at offset: Int) -> JSONParseError {
        let (line, column) = position(of: offset)
        return JSONParseError(offset: offset, line: line, column: column, reason: reason)
    }

    /// 1-based line and column of a byte offset; the column counts Unicode scalars (bytes
    /// that do not continue a UTF-8 sequence).
    private func position(of offset: Int) -> (line: Int, column: Int) {
        var line = 1, column = 1
        var k = 0
        let end = min(offset, bytes.count)
        while k < end {
            let b = bytes[k]
            if b == 0x0A || (b == 0x0D && (k + 1 >= bytes.count || bytes[k + 1] != 0x0A)) {
                line += 1
                column = 1
            } else if b & 0xC0 != 0x80 && b != 0x0D {
                column += 1
            }
            k += 1
        }
        return (line, column)
    }

    /// What stands at the current offset, for messages: "`x`", "a line break", "the end of
    /// the input".
    private var found: String {
        guard i < bytes.count else { return "the end of the input" }
        let b = bytes[i]
        switch b {
        case 0x0A, 0x0D: return "a line break"
        case 0x09: return "a tab"
        case 0x20..<0x7F: return "`\(Character(Unicode.Scalar(b)))`"
        case 0x00..<0x20, 0x7F: return "the control character U+\(hex(b, digits: 4))"
        default:
            let length = utf8SequenceLength(at: i)
            guard length > 0 else { return "the byte \(hex(b, digits: 2)) (not UTF-8)" }
            return "`\(String(decoding: UnsafeBufferPointer(rebasing: bytes[i..<(i + length)]), as: UTF8.self))`"
        }
    }

    /// Where an object or array opened at `offset` starts, for "… not closed" messages.
    private func opened(_ what: String, at offset: Int) -> String {
        let (line, column) = position(of: offset)
        return "the \(what) opened at line \(line), column \(column)"
    }

    private mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        guard i == bytes.count else { throw fail("expected the end of the input after the value, found \(found)") }
        return value
    }

    @inline(__always)
    private mutating func skipWhitespace() {
        while i < bytes.count {
            let b = bytes[i]
            guard b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 else { return }
            i += 1
        }
    }

    private mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard i < bytes.count else { throw fail("expected a value, found the end of the input") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw fail("expected a value (an object, array, string, number, `true`, `false` or `null`), found \(found)")
        }
    }

    private mutating func expectWord(_ word: StaticString) throws(JSONParseError) {
        let n = word.utf8CodeUnitCount
        let start = i
        // Past the letters that match, so the position is that of the first that does not.
        let matched = word.withUTF8Buffer { w in
            var k = 0
            while k < n && start + k < bytes.count && bytes[start + k] == w[k] { k += 1 }
            return k
        }
        i = start + matched
        guard matched == n else { throw fail("expected `\(word)`, found \(found)") }
    }

    private mutating func enter() throws(JSONParseError) {
        depth += 1
        if depth > maxDepth { throw fail("nesting deeper than \(maxDepth) levels: objects and arrays may nest \(maxDepth) deep") }
    }

    private mutating func parseObject() throws(JSONParseError) -> JSONValue {
        try enter()
        let start = i
        i += 1
        var object = JSONObject()
        skipWhitespace()
        if i < bytes.count && bytes[i] == UInt8(ascii: "}") {
            i += 1; depth -= 1
            return .object(object)
        }
        while true {
            skipWhitespace()
            guard i < bytes.count else { throw fail("expected a key, found the end of the input: \(opened("object", at: start)) is not closed") }
            guard bytes[i] == UInt8(ascii: "\"") else {
                if !object.isEmpty && bytes[i] == UInt8(ascii: "}") {
                    throw fail("expected a key after `,`, found `}`: JSON allows no comma after the last member")
                }
                throw fail("expected a key (a string in double quotes)\(object.isEmpty ? " or `}`" : ""), found \(found)")
            }
            let key = try parseString()
            skipWhitespace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail("expected `:` after the key \"\(key)\", found \(found)") }
            i += 1
            skipWhitespace()
            let value = try parseValue()
            object.appendUnchecked(key, value)
            skipWhitespace()
            guard i < bytes.count else { throw fail("expected `,` or `}`, found the end of the input: \(opened("object", at: start)) is not closed") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; break }
            throw fail("expected `,` or `}` after a value in the object, found \(found)")
        }
        depth -= 1
        return .object(object)
    }

    private mutating func parseArray() throws(JSONParseError) -> JSONValue {
        try enter()
        let start = i
        i += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if i < bytes.count && bytes[i] == UInt8(ascii: "]") {
            i += 1; depth -= 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            guard i < bytes.count else { throw fail("expected a value, found the end of the input: \(opened("array", at: start)) is not closed") }
            if !items.isEmpty && bytes[i] == UInt8(ascii: "]") {
                throw fail("expected a value after `,`, found `]`: JSON allows no comma after the last element")
            }
            items.append(try parseValue())
            skipWhitespace()
            guard i < bytes.count else { throw fail("expected `,` or `]`, found the end of the input: \(opened("array", at: start)) is not closed") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; break }
            throw fail("expected `,` or `]` after a value in the array, found \(found)")
        }
        depth -= 1
        return .array(items)
    }

    private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = i
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count, isDigit(bytes[i]) else { throw fail("expected a digit after `-`, found \(found)") }
        var isInteger = true
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
            if i < bytes.count && isDigit(bytes[i]) { throw fail("a number may not start with `0` followed by a digit (leading zero)") }
        } else {
            while i < bytes.count && isDigit(bytes[i]) { i += 1 }
        }
        if i < bytes.count && bytes[i] == UInt8(ascii: ".") {
            isInteger = false
            i += 1
            guard i < bytes.count, isDigit(bytes[i]) else { throw fail("expected a digit after `.`, found \(found)") }
            while i < bytes.count && isDigit(bytes[i]) { i += 1 }
        }
        if i < bytes.count && (bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E")) {
            isInteger = false
            i += 1
            if i < bytes.count && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) { i += 1 }
            guard i < bytes.count, isDigit(bytes[i]) else { throw fail("expected a digit in the exponent, found \(found)") }
            while i < bytes.count && isDigit(bytes[i]) { i += 1 }
        }
        // Short integers (every id, line and character) without going through text.
        if isInteger && i - start <= 15 {
            var value = 0
            var k = start
            let negative = bytes[k] == UInt8(ascii: "-")
            if negative { k += 1 }
            while k < i { value = value * 10 + Int(bytes[k] &- 0x30); k += 1 }
            return .number(Double(negative ? -value : value))
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw fail("number out of range: `\(text)` is too large", at: start) }
        return .number(value)
    }

    @inline(__always) private func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    private mutating func parseString() throws(JSONParseError) -> String {
        let quote = i
        i += 1  // opening quote
        let start = i
        // Fast path: no escapes and plain ASCII up to the closing quote.
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                let s = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
                i += 1
                return s
            }
            if b == UInt8(ascii: "\\") || b < 0x20 || b >= 0x80 { break }
            i += 1
        }
        var out: [UInt8] = Array(bytes[start..<i])
        while true {
            guard i < bytes.count else {
                let (line, column) = position(of: quote)
                throw fail("expected `\"` to close the string opened at line \(line), column \(column), found the end of the input")
            }
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { i += 1; break }
            if b < 0x20 {
                throw fail("\(found) in a string: write it as an escape (`\\n`, `\\t`, `\\u00XX`), or close the string with `\"` before it")
            }
            if b == UInt8(ascii: "\\") {
                try parseEscape(into: &out)
                continue
            }
            if b < 0x80 { out.append(b); i += 1; continue }
            let length = utf8SequenceLength(at: i)
            guard length > 0 else { throw fail("invalid UTF-8 in a string: \(found)") }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i..<(i + length)]))
            i += length
        }
        return String(decoding: out, as: UTF8.self)
    }

    private mutating func parseEscape(into out: inout [UInt8]) throws(JSONParseError) {
        i += 1
        guard i < bytes.count else { throw fail("expected an escape after `\\`, found the end of the input") }
        let e = bytes[i]
        i += 1
        switch e {
        case UInt8(ascii: "\""): out.append(0x22)
        case UInt8(ascii: "\\"): out.append(0x5C)
        case UInt8(ascii: "/"): out.append(0x2F)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try readHex4()
            if (0xD800...0xDBFF).contains(scalar) {
                // A high surrogate must be followed by an escaped low one.
                guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                    throw fail("expected a `\\u` escape of a low surrogate after a high one (an unpaired surrogate), found \(found)")
                }
                i += 2
                let low = try readHex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw fail("expected a low surrogate (`\\uDC00` to `\\uDFFF`) after a high one") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw fail("a low surrogate escape without a high one before it (an unpaired surrogate)")
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw fail("invalid `\\u` escape") }
            UTF8.encode(unicode) { out.append($0) }
        default:
            i -= 1
            throw fail("expected an escape (`\\\"` `\\\\` `\\/` `\\b` `\\f` `\\n` `\\r` `\\t` or `\\uXXXX`) after `\\`, found \(found)")
        }
    }

    private mutating func readHex4() throws(JSONParseError) -> UInt32 {
        guard i + 4 <= bytes.count else { throw fail("expected four hex digits after `\\u`, found the end of the input") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[i]
            let digit: UInt32
            switch b {
            case 0x30...0x39: digit = UInt32(b - 0x30)
            case 0x41...0x46: digit = UInt32(b - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(b - 0x61 + 10)
            default: throw fail("expected four hex digits after `\\u`, found \(found)")
            }
            value = value << 4 | digit
            i += 1
        }
        return value
    }

    /// Length of the well-formed UTF-8 sequence at `k`, or 0.
    private func utf8SequenceLength(at k: Int) -> Int {
        let n = bytes.count
        let b0 = bytes[k]
        func cont(_ j: Int) -> Bool { j < n && bytes[j] & 0xC0 == 0x80 }
        func inRange(_ j: Int, _ lo: UInt8, _ hi: UInt8) -> Bool { j < n && bytes[j] >= lo && bytes[j] <= hi }
        switch b0 {
        case 0xC2...0xDF: return cont(k + 1) ? 2 : 0
        case 0xE0: return inRange(k + 1, 0xA0, 0xBF) && cont(k + 2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF: return cont(k + 1) && cont(k + 2) ? 3 : 0
        case 0xED: return inRange(k + 1, 0x80, 0x9F) && cont(k + 2) ? 3 : 0
        case 0xF0: return inRange(k + 1, 0x90, 0xBF) && cont(k + 2) && cont(k + 3) ? 4 : 0
        case 0xF1...0xF3: return cont(k + 1) && cont(k + 2) && cont(k + 3) ? 4 : 0
        case 0xF4: return inRange(k + 1, 0x80, 0x8F) && cont(k + 2) && cont(k + 3) ? 4 : 0
        default: return 0
        }
    }
}

/// A byte in upper-case hex, zero-padded to `digits`.
private func hex(_ byte: UInt8, digits: Int) -> String {
    let text = String(byte, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
}
