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
    public var contentRange: ByteRange { AtomSyntax.contentRange(of: token) }

    /// Byte range of a string token's contents, without the quotes.
    public static func contentRange(of token: Token) -> ByteRange {
        guard token.kind == .string || token.kind == .multilineString else { return token.range }
        let quote = token.kind == .string ? 1 : 3
        let start = min(token.start + quote, token.end)
        let closed = !token.flags.contains(.unterminated)
        let end = closed ? max(start, token.end - quote) : token.end
        return ByteRange(start: start, end: end)
    }

    /// A string's value with escapes decoded (invalid escapes are kept as written).
    public var stringValue: String {
        if token.kind == .multilineString {
            let raw = AtomSyntax.multilineLayout(Array(tree.bytes[contentRange.start..<contentRange.end]))
            return AtomSyntax.decodeEscapes(raw, ByteRange(start: 0, end: raw.count))
        }
        return AtomSyntax.decodeEscapes(tree.bytes, contentRange)
    }

    /// `stringValue` of a string token read from raw bytes (see `RawSyntaxView`).
    public static func stringValue(of token: Token, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard token.kind == .string || token.kind == .multilineString, token.end <= bytes.count else {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[min(token.start, bytes.count)..<min(token.end, bytes.count)]), as: UTF8.self)
        }
        let r = contentRange(of: token)
        var content = Array(bytes[r.start..<r.end])
        if token.kind == .multilineString { content = multilineLayout(content) }
        return decodeEscapes(content, ByteRange(start: 0, end: content.count))
    }

    /// The layout rules of `"""` strings (docs/LANGUAGE.md, Strings): line breaks become LF;
    /// a line break right after the opening `"""` is dropped; when the closing `"""` stands
    /// on its own line, that last line break goes and its indentation is removed from the
    /// start of every line.
    public static func multilineLayout(_ content: [UInt8]) -> [UInt8] {
        var lines: [[UInt8]] = [[]]
        var k = 0
        while k < content.count {
            let b = content[k]
            if b == 0x0D || b == 0x0A {
                if b == 0x0D && k + 1 < content.count && content[k + 1] == 0x0A { k += 1 }
                lines.append([])
            } else {
                lines[lines.count - 1].append(b)
            }
            k += 1
        }
        if lines.count > 1 && lines[0].isEmpty { lines.removeFirst() }
        if lines.count > 1, let last = lines.last, last.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
            let indent = last
            lines.removeLast()
            lines = lines.map { line in
                var i = 0
                while i < indent.count && i < line.count && line[i] == indent[i] { i += 1 }
                if i < indent.count {  // indented less: drop what whitespace it has
                    while i < line.count && (line[i] == 0x20 || line[i] == 0x09) { i += 1 }
                }
                return Array(line[i...])
            }
        }
        var out: [UInt8] = []
        for (n, line) in lines.enumerated() {
            if n > 0 { out.append(0x0A) }
            out.append(contentsOf: line)
        }
        return out
    }

    /// Decodes the escapes of `bytes[r]` (`StringPieces`); invalid escapes, `{{name}}` and
    /// malformed `{{` are kept as written.
    static func decodeEscapes(_ bytes: [UInt8], _ r: ByteRange) -> String {
        bytes.withUnsafeBufferPointer { buf in
            var out: [UInt8] = []
            out.reserveCapacity(r.length)
            StringPieces.decode(buf, r, into: &out) { whole, _, out in
                out.append(contentsOf: UnsafeBufferPointer(rebasing: buf[whole.start..<whole.end]))
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// The pieces of a string's contents as written (`StringPieces`), at document offsets;
    /// none for other atoms.
    public var pieces: [StringPiece] {
        guard kind == .string else { return [] }
        return StringPieces.pieces(of: tree.bytes, in: contentRange)
    }

    /// The `{{name}}` interpolations of a string: each parameter name and the byte range of
    /// the whole `{{name}}`. Malformed ones (`{{ name }}`, `{{name}`) are not among them.
    public var interpolations: [(name: String, range: ByteRange)] {
        pieces.compactMap { piece in
            guard case .interpolation(let range, let name) = piece else { return nil }
            return (tree.text(of: name), range)
        }
    }

    /// The parameters a string names for the editor (references, rename, highlighting): each
    /// `{{name}}`, and each `{{ name }}`, malformed (TDL122) but plainly meaning `name`. The
    /// range of the whole and of the name.
    public var parameterReferences: [(range: ByteRange, name: ByteRange)] {
        pieces.compactMap { piece in
            switch piece {
            case .interpolation(let range, let name): return (range, name)
            case .malformed(let range, let m) where m.form == .spaced: return m.meant.map { (range, $0) }
            default: return nil
            }
        }
    }

    /// The value with each `{{name}}` replaced by `replacement(name)`, or kept as written
    /// where that is nil.
    public func stringValue(replacingInterpolations replacement: (String) -> String?) -> String {
        guard kind == .string else { return text }
        var content = Array(tree.bytes[contentRange.start..<contentRange.end])
        if token.kind == .multilineString { content = AtomSyntax.multilineLayout(content) }
        return content.withUnsafeBufferPointer { buf in
            var out: [UInt8] = []
            out.reserveCapacity(buf.count)
            StringPieces.decode(buf, ByteRange(start: 0, end: buf.count), into: &out) { whole, name, out in
                if let value = replacement(String(decoding: UnsafeBufferPointer(rebasing: buf[name.start..<name.end]), as: UTF8.self)) {
                    out.append(contentsOf: value.utf8)
                } else {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: buf[whole.start..<whole.end]))
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// A number's value and its unit (nil when unitless), or nil for non-numbers and
    /// malformed numbers. Read from the bytes: the validator and exporter call this for
    /// every coordinate. Exact: up to 15 significant digits the value is one correctly
    /// rounded division of two exactly representable numbers (the classic fast path of
    /// decimal conversion); longer numbers go through the standard parser.
    public var number: (value: Double, unit: String?)? {
        tree.storage.bytes.withUnsafeBufferPointer { bytes in
            guard let n = AtomSyntax.numberLiteral(token, bytes) else { return nil }
            let unit: String? = n.unitStart < token.end
                ? String(decoding: UnsafeBufferPointer(rebasing: bytes[n.unitStart..<token.end]), as: UTF8.self) : nil
            return (n.value, unit)
        }
    }

    /// The number's value and where its unit starts (`token.end` when unitless); no allocation.
    public var numberLiteral: (value: Double, unitStart: Int)? {
        tree.storage.bytes.withUnsafeBufferPointer { AtomSyntax.numberLiteral(token, $0) }
    }

    /// A number token's value and where its unit starts (`token.end` when unitless), or nil
    /// for non-numbers and malformed numbers. Allocates nothing: the validator reads every
    /// coordinate of large documents through this.
    public static func numberLiteral(_ token: Token, _ bytes: UnsafeBufferPointer<UInt8>) -> (value: Double, unitStart: Int)? {
        guard token.kind == .number, !token.flags.contains(.malformed), token.end <= bytes.count, token.start < token.end else { return nil }
        // Nearly every number has at most 15 digits in all: then the mantissa is exact and
        // no digit needs counting as significant or not; longer ones take `longNumberLiteral`.
        let end = token.end
        var k = token.start
        let negative = bytes[k] == 0x2D
        if negative { k += 1 }
        let digitsStart = k
        var mantissa = 0
        while k < end {
            let d = bytes[k] &- 0x30
            if d > 9 { break }
            mantissa = mantissa &* 10 &+ Int(d)
            k += 1
        }
        var digits = k - digitsStart
        var fractionDigits = 0
        if k < end && bytes[k] == 0x2E {
            k += 1
            let fractionStart = k
            while k < end {
                let d = bytes[k] &- 0x30
                if d > 9 { break }
                mantissa = mantissa &* 10 &+ Int(d)
                k += 1
            }
            fractionDigits = k - fractionStart
            digits += fractionDigits
        }
        guard digits <= 15 else { return longNumberLiteral(token, bytes) }
        let value = fractionDigits == 0 ? Double(mantissa) : Double(mantissa) / AtomSyntax.powersOfTen[fractionDigits]
        return (negative ? -value : value, k)
    }

    /// `numberLiteral` for numbers of more than 15 digits. Exact: up to 15 significant digits
    /// the value is one correctly rounded division of two exactly representable numbers (the
    /// classic fast path of decimal conversion); longer numbers go through the standard parser.
    static func longNumberLiteral(_ token: Token, _ bytes: UnsafeBufferPointer<UInt8>) -> (value: Double, unitStart: Int)? {
        var k = token.start
        let negative = bytes[k] == 0x2D
        if negative { k += 1 }
        let digitsStart = k
        var mantissa: UInt64 = 0
        var significant = 0
        var fractionDigits = 0
        var inFraction = false
        while k < token.end {
            let b = bytes[k]
            if b >= 0x30 && b <= 0x39 {
                if significant > 0 || b != 0x30 { significant += 1 }
                if significant <= 18 { mantissa = mantissa &* 10 &+ UInt64(b - 0x30) }
                if inFraction { fractionDigits += 1 }
            } else if b == 0x2E && !inFraction {
                inFraction = true
            } else {
                break
            }
            k += 1
        }
        let value: Double
        if fractionDigits == 0 && significant <= 15 {
            value = Double(mantissa)
        } else if significant <= 15 && fractionDigits <= 22 {
            value = Double(mantissa) / AtomSyntax.powersOfTen[fractionDigits]
        } else {
            guard let exact = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[digitsStart..<k]), as: UTF8.self)) else { return nil }
            value = exact
        }
        return (negative ? -value : value, k)
    }

    /// 10^0 … 10^22: every one is exactly representable as a Double.
    static let powersOfTen: [Double] = (0...22).map { n in (0..<n).reduce(1.0) { r, _ in r * 10 } }

    /// A hex colour as 0xRRGGBBAA (short forms expanded), or nil.
    public var hexColor: UInt32? {
        tree.storage.bytes.withUnsafeBufferPointer { AtomSyntax.hexColor(token, $0) }
    }

    /// `hexColor` of a colour token read from raw bytes.
    public static func hexColor(_ token: Token, _ bytes: UnsafeBufferPointer<UInt8>) -> UInt32? {
        guard token.kind == .color, !token.flags.contains(.malformed), token.end <= bytes.count else { return nil }
        let count = token.end - token.start - 1
        guard count == 3 || count == 4 || count == 6 || count == 8 else { return nil }
        // Digits are checked all at once at the end: `hexDigit` sets bit 4 for a non-digit.
        var v: UInt32 = 0
        var seen: UInt32 = 0
        var k = token.start + 1
        if count <= 4 {
            while k < token.end {
                let d = hexDigit(bytes[k])
                seen |= d
                v = v << 8 | d &* 0x11
                k += 1
            }
        } else {
            while k < token.end {
                let d = hexDigit(bytes[k])
                seen |= d
                v = v << 4 | d
                k += 1
            }
        }
        guard seen < 16 else { return nil }
        return count == 3 || count == 6 ? v << 8 | 0xFF : v
    }

    /// A hex digit's value, or 16 for any other byte.
    @inline(__always) static func hexDigit(_ b: UInt8) -> UInt32 {
        let digit = UInt32(b) &- 0x30
        if digit < 10 { return digit }
        let letter = UInt32(b | 0x20) &- 0x61
        return letter < 6 ? letter + 10 : 16
    }
}
