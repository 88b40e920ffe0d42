/// Writes compact JSON into a byte buffer. Integral numbers print without a fraction,
/// non-finite numbers (which JSON cannot carry) print as `null`, and strings escape only
/// what JSON requires, so non-ASCII text passes through as UTF-8.
public enum JSONSerializer {
    public static func serialize(_ value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(value, into: &out)
        return out
    }

    public static func write(_ value: JSONValue, into out: inout [UInt8]) {
        switch value {
        case .null: out.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
        case .bool(let b):
            if b { out.append(contentsOf: [0x74, 0x72, 0x75, 0x65]) } else { out.append(contentsOf: [0x66, 0x61, 0x6C, 0x73, 0x65]) }
        case .number(let d): writeNumber(d, into: &out)
        case .string(let s): writeString(s, into: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            var first = true
            for item in items {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                write(item, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let object):
            out.append(UInt8(ascii: "{"))
            var first = true
            for (key, item) in object.entries {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                writeString(key, into: &out)
                out.append(UInt8(ascii: ":"))
                write(item, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Appends a number as `write` does (integral values without a fraction).
    public static func writeNumber(_ d: Double, into out: inout [UInt8]) {
        guard d.isFinite else {
            out.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
            return
        }
        if d.rounded(.towardZero) == d && abs(d) < 9.007_199_254_740_992e15 {
            var n = Int(d)
            if n == 0 { out.append(0x30); return }
            if n < 0 { out.append(UInt8(ascii: "-")); n = -n }
            var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                         UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            var count = 0
            withUnsafeMutableBytes(of: &digits) { buf in
                while n > 0 {
                    buf[count] = UInt8(n % 10) + 0x30
                    n /= 10
                    count += 1
                }
                for k in stride(from: count - 1, through: 0, by: -1) { out.append(buf[k]) }
            }
            return
        }
        // Swift's description is the shortest text that reads back as the same Double.
        out.append(contentsOf: Array(d.description.utf8))
    }

    /// Appends a quoted, escaped JSON string.
    public static func writeString(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { utf8 in
            var runStart = 0
            for k in 0..<utf8.count {
                let b = utf8[k]
                guard b < 0x20 || b == 0x22 || b == 0x5C else { continue }
                if k > runStart { out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<k])) }
                runStart = k + 1
                switch b {
                case 0x22: out.append(contentsOf: [0x5C, 0x22])
                case 0x5C: out.append(contentsOf: [0x5C, 0x5C])
                case 0x0A: out.append(contentsOf: [0x5C, 0x6E])
                case 0x0D: out.append(contentsOf: [0x5C, 0x72])
                case 0x09: out.append(contentsOf: [0x5C, 0x74])
                case 0x08: out.append(contentsOf: [0x5C, 0x62])
                case 0x0C: out.append(contentsOf: [0x5C, 0x66])
                default:
                    let hex: [UInt8] = Array("0123456789abcdef".utf8)
                    out.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex[Int(b >> 4)], hex[Int(b & 0xF)]])
                }
            }
            if utf8.count > runStart { out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count])) }
        }
        out.append(UInt8(ascii: "\""))
    }
}

extension Array where Element == UInt8 {
    /// Appends a literal's UTF-8 bytes with one copy (a `String.UTF8View` goes byte by byte).
    public mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { append(contentsOf: $0) }
    }
}
