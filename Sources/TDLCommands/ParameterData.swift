import HTMLGen
import JSONText
import ToolSupport

/// A `--data` file: a JSON object of parameter values, read for `export` (which fills them
/// in) and `check` (which measures texts with them). One reader, so both see the same values.
enum ParameterData {
    struct Problem: Error {
        let message: String
        /// 2 for an unreadable or malformed file, 1 for a value of a type no parameter takes.
        let exitStatus: Int32
        /// Where in the file, 1-based (columns count characters), when the problem is at one place.
        var line: Int? = nil
        var column: Int? = nil

        /// What `check` and `export` write for it: `PATH[:LINE:COLUMN]: error: MESSAGE`.
        func report(for path: String) -> String {
            let at = line.map { line in ":\(line):\(column ?? 1)" } ?? ""
            return "\(path)\(at): error: \(message)\n"
        }
    }

    /// Reads `--data`: a JSON object whose values are strings, numbers or booleans.
    static func read(_ path: String) -> Result<[String: ParamValue], Problem> {
        let bytes: [UInt8]
        do {
            bytes = try readFileBytes(path)
        } catch {
            return .failure(Problem(message: describe(error, path: path), exitStatus: 2))
        }
        return ParameterData.parse(bytes)
    }

    /// The parameter values in the bytes of a `--data` file.
    ///
    /// The file may be UTF-8 (with or without a byte order mark), UTF-16 or UTF-32 (told by
    /// a byte order mark or by the zero bytes around the first ASCII characters, as RFC 4627
    /// describes; Windows PowerShell writes UTF-16 with `>`). The text must be an object. A
    /// key given twice takes its last value. Malformed JSON is reported with the line and
    /// column the parser stopped at and what it expected there.
    static func parse(_ bytes: [UInt8]) -> Result<[String: ParamValue], Problem> {
        let decoded = jsonTextAsUTF8(bytes)
        guard let utf8 = decoded.text else {
            return .failure(Problem(message: "not valid \(decoded.encoding) text, which its first bytes say it is", exitStatus: 2))
        }
        let parsed: JSONValue
        do {
            parsed = try JSONParser.parse(utf8)
        } catch {
            return .failure(Problem(message: "not valid JSON: \(error.reason)", exitStatus: 2, line: error.line, column: error.column))
        }
        guard case .object(let object) = parsed else {
            return .failure(Problem(message: "expected a JSON object of parameter values, such as {\"user\": \"Ada\"}", exitStatus: 2))
        }
        var latest: [String: JSONValue] = [:]
        for (key, value) in object { latest[key] = value }
        var values: [String: ParamValue] = [:]
        var wrong: [String] = []
        for (key, value) in latest {
            switch value {
            case .string(let s): values[key] = .string(s)
            case .bool(let b): values[key] = .bool(b)
            case .number(let n) where n.isFinite: values[key] = .number(n)
            default: wrong.append(key)
            }
        }
        if !wrong.isEmpty {
            let keys = wrong.sorted().map { "`\($0)`" }.joined(separator: ", ")
            return .failure(Problem(message: "parameter values must be strings, numbers or booleans; \(keys) \(wrong.count == 1 ? "is" : "are") not", exitStatus: 1))
        }
        return .success(values)
    }
}

/// JSON text in UTF-8, UTF-16 or UTF-32 as UTF-8 without a byte order mark (nil when it is
/// not valid in the encoding it appears to be in), and the name of that encoding. The
/// encoding is told by a byte order mark (looked for only in texts of 4 bytes or more), else
/// by where the zero bytes are among the first four (or two) bytes; anything else is UTF-8,
/// left for the JSON parser to check. These are the rules `JSONSerialization` followed, so
/// data files read as they did.
func jsonTextAsUTF8(_ bytes: [UInt8]) -> (text: [UInt8]?, encoding: String) {
    enum Encoding { case utf8, utf16(bigEndian: Bool), utf32(bigEndian: Bool) }
    var encoding = Encoding.utf8
    var skip = 0
    let n = bytes.count
    if n >= 4 && bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
        skip = 3
    } else if n >= 4 && bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) {
        (encoding, skip) = (.utf32(bigEndian: true), 4)
    } else if n >= 4 && bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) {
        (encoding, skip) = (.utf32(bigEndian: false), 4)
    } else if n >= 4 && bytes.starts(with: [0xFF, 0xFE]) {
        (encoding, skip) = (.utf16(bigEndian: false), 2)
    } else if n >= 4 && bytes.starts(with: [0xFE, 0xFF]) {
        (encoding, skip) = (.utf16(bigEndian: true), 2)
    } else if n >= 4 {
        switch (bytes[0], bytes[1], bytes[2], bytes[3]) {
        case (0, 0, 0, _): encoding = .utf32(bigEndian: true)
        case (_, 0, 0, 0): encoding = .utf32(bigEndian: false)
        case (0, _, 0, _): encoding = .utf16(bigEndian: true)
        case (_, 0, _, 0): encoding = .utf16(bigEndian: false)
        default: break
        }
    } else if n >= 2 {
        switch (bytes[0], bytes[1]) {
        case (0, _): encoding = .utf16(bigEndian: true)
        case (_, 0): encoding = .utf16(bigEndian: false)
        default: break
        }
    }
    let body = bytes[skip...]
    switch encoding {
    case .utf8:
        return (skip == 0 ? bytes : Array(body), "UTF-8")
    case .utf16(let bigEndian):
        // A trailing odd byte (half a code unit) is ignored, as Foundation's decoder did.
        let units = stride(from: body.startIndex, to: body.endIndex - 1, by: 2).map { i -> UInt16 in
            let (a, b) = (UInt16(body[i]), UInt16(body[i + 1]))
            return bigEndian ? a << 8 | b : b << 8 | a
        }
        return (transcodedToUTF8(units, from: UTF16.self), bigEndian ? "UTF-16 (big-endian)" : "UTF-16 (little-endian)")
    case .utf32(let bigEndian):
        let units = stride(from: body.startIndex, to: body.endIndex - 3, by: 4).map { i -> UInt32 in
            let b = (0..<4).map { UInt32(body[i + $0]) }
            return bigEndian ? b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3] : b[3] << 24 | b[2] << 16 | b[1] << 8 | b[0]
        }
        return (transcodedToUTF8(units, from: UTF32.self), bigEndian ? "UTF-32 (big-endian)" : "UTF-32 (little-endian)")
    }
}

/// `units` in `codec` as UTF-8, or nil at the first invalid sequence (an unpaired surrogate,
/// a value past U+10FFFF).
private func transcodedToUTF8<Codec: UnicodeCodec>(_ units: [Codec.CodeUnit], from codec: Codec.Type) -> [UInt8]? {
    var out: [UInt8] = []
    out.reserveCapacity(units.count)
    let failed = transcode(units.makeIterator(), from: codec, to: UTF8.self, stoppingOnError: true) { out.append($0) }
    return failed ? nil : out
}
