/// One value atom (string, number, colour or identifier) with decoders for its meaning.
public struct AtomSyntax: Sendable {
    public let tree: SyntaxTree
    public let token: Token

    public init(tree: SyntaxTree, token: Token) {
        self.tree = tree
        self.token = token
    }

    public enum Kind: Sendable { case identifier, string, number, color }

    public var kind: Kind {
        switch token.kind {
        case .string, .multilineString: return .string
        case .number: return .number
        case .color: return .color
        default: return .identifier
        }
    }

    public var range: ByteRange { token.range }
    /// The atom as written.
    public var text: String { tree.text(of: token) }

    /// Byte range of a string's contents, without the quotes.
    public var contentRange: ByteRange {
        guard token.kind == .string || token.kind == .multilineString else { return token.range }
        let quote = token.kind == .string ? 1 : 3
        let start = min(token.start + quote, token.end)
        let closed = !token.flags.contains(.unterminated)
        let end = closed ? max(start, token.end - quote) : token.end
        return ByteRange(start: start, end: end)
    }

    /// A string's value with escapes decoded (invalid escapes are kept as written).
    public var stringValue: String {
        let r = contentRange
        var scalars = String.UnicodeScalarView()
        let bytes = tree.bytes
        var k = r.start
        var chunkStart = k
        func flush(_ end: Int) {
            if end > chunkStart {
                scalars.append(contentsOf: String(decoding: bytes[chunkStart..<end], as: UTF8.self).unicodeScalars)
            }
        }
        while k < r.end {
            guard bytes[k] == 0x5C, k + 1 < r.end else { k += 1; continue }
            flush(k)
            let next = bytes[k + 1]
            var consumed = 2
            switch next {
            case 0x22: scalars.append("\"")
            case 0x5C: scalars.append("\\")
            case 0x6E: scalars.append("\n")
            case 0x74: scalars.append("\t")
            case 0x7B: scalars.append("{")
            case 0x75:
                var j = k + 2
                var value: UInt32 = 0
                var ok = false
                if j < r.end && bytes[j] == 0x7B {
                    j += 1
                    var digits = 0
                    while j < r.end, let d = AtomSyntax.hex(bytes[j]), digits < 8 { value = value &* 16 &+ d; j += 1; digits += 1 }
                    if j < r.end && bytes[j] == 0x7D && digits > 0 { ok = true; j += 1 }
                }
                if ok, let scalar = Unicode.Scalar(value) {
                    scalars.append(scalar)
                    consumed = j - k
                } else {
                    scalars.append("\\")
                    consumed = 1
                }
            default:
                scalars.append("\\")
                consumed = 1
            }
            k += consumed
            chunkStart = k
        }
        flush(r.end)
        return String(scalars)
    }

    /// `{{name}}` interpolations in a string: each parameter name and the byte range of
    /// the whole `{{…}}`. A brace escaped as `\{` starts none.
    public var interpolations: [(name: String, range: ByteRange)] {
        guard kind == .string else { return [] }
        let r = contentRange
        let bytes = tree.bytes
        var result: [(String, ByteRange)] = []
        var k = r.start
        while k + 1 < r.end {
            if bytes[k] == 0x5C { k += 2; continue }
            if bytes[k] == 0x7B && bytes[k + 1] == 0x7B {
                var j = k + 2
                while j < r.end && (bytes[j] == 0x20) { j += 1 }
                let nameStart = j
                while j < r.end && (bytes[j] != 0x7D && bytes[j] != 0x20 && bytes[j] != 0x7B && bytes[j] != 0x22) { j += 1 }
                let nameEnd = j
                while j < r.end && (bytes[j] == 0x20) { j += 1 }
                if j + 1 < r.end + 0 + 1 && j + 1 <= r.end - 1 && bytes[j] == 0x7D && bytes[j + 1] == 0x7D {
                    let name = String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self)
                    result.append((name, ByteRange(start: k, end: j + 2)))
                    k = j + 2
                    continue
                }
            }
            k += 1
        }
        return result
    }

    /// A number's value and its unit (nil when unitless), or nil for non-numbers and
    /// malformed numbers. Read from the bytes: the validator and exporter call this for
    /// every coordinate.
    public var number: (value: Double, unit: String?)? {
        guard token.kind == .number, !token.flags.contains(.malformed) else { return nil }
        let bytes = tree.storage.bytes
        var k = token.start
        let negative = bytes[k] == 0x2D
        if negative { k += 1 }
        var whole: Double = 0
        while k < token.end, bytes[k] >= 0x30 && bytes[k] <= 0x39 {
            whole = whole * 10 + Double(bytes[k] - 0x30)
            k += 1
        }
        var value = whole
        if k < token.end && bytes[k] == 0x2E {
            k += 1
            var fraction: Double = 0, scale: Double = 1
            var digits = 0
            while k < token.end, bytes[k] >= 0x30 && bytes[k] <= 0x39 {
                fraction = fraction * 10 + Double(bytes[k] - 0x30)
                scale *= 10
                digits += 1
                k += 1
            }
            // Beyond 15 digits the quick sum can round differently: defer to the standard parser.
            if digits > 15 || whole >= 1e15 {
                guard let exact = Double(tree.text(of: ByteRange(start: token.start + (negative ? 1 : 0), end: k))) else { return nil }
                value = exact
            } else {
                value = whole + fraction / scale
            }
        }
        if negative { value = -value }
        let unit: String? = k < token.end ? tree.text(of: ByteRange(start: k, end: token.end)) : nil
        return (value, unit)
    }

    /// A hex colour as 0xRRGGBBAA (short forms expanded), or nil.
    public var hexColor: UInt32? {
        guard token.kind == .color, !token.flags.contains(.malformed) else { return nil }
        let bytes = tree.storage.bytes
        let count = token.end - token.start - 1
        guard count == 3 || count == 4 || count == 6 || count == 8 else { return nil }
        var v: UInt32 = 0
        for k in (token.start + 1)..<token.end {
            guard let d = AtomSyntax.hex(bytes[k]) else { return nil }
            v = count <= 4 ? v << 8 | (d << 4 | d) : v << 4 | d
        }
        return count == 3 || count == 6 ? v << 8 | 0xFF : v
    }

    static func hex(_ b: UInt8) -> UInt32? {
        switch b {
        case 0x30...0x39: return UInt32(b - 0x30)
        case 0x41...0x46: return UInt32(b - 0x41 + 10)
        case 0x61...0x66: return UInt32(b - 0x61 + 10)
        default: return nil
        }
    }
}
