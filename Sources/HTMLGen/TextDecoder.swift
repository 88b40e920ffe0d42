import TemplateFormat

/// A piece of a string value: literal text, or a `{{name}}` to fill in.
public enum TextSegment: Sendable, Hashable {
    case literal(String)
    case parameter(String)
}

/// Decodes a string atom into its value as docs/LANGUAGE.md defines it (and as
/// `AtomSyntax.stringValue` does): escapes decoded, `"""` strings laid out, and well-formed
/// `{{name}}` interpolations (an escaped `\{` starts none) kept apart for substitution.
enum TextDecoder {
    /// The value without interpolation: `{{name}}` stays literal text. The same as
    /// `AtomSyntax.stringValue`, which the validator reads.
    static func plain(_ atom: AtomSyntax) -> String {
        if let simple = simple(atom) { return simple }
        return atom.stringValue
    }

    /// Literal runs and parameters, in order. Adjacent literals are merged.
    static func segments(_ atom: AtomSyntax, interpolate: Bool = true) -> [TextSegment] {
        if let simple = simple(atom) { return [.literal(simple)] }
        let content = atom.contentRange
        var decoder: Decoder
        if atom.token.kind == .multilineString {
            let laidOut = AtomSyntax.multilineLayout(Array(atom.tree.bytes[content.start..<content.end]))
            decoder = Decoder(bytes: laidOut, interpolate: interpolate)
            decoder.decode(0, laidOut.count)
        } else {
            decoder = Decoder(bytes: atom.tree.bytes, interpolate: interpolate)
            decoder.decode(content.start, content.end)
        }
        decoder.flush()
        return decoder.segments
    }

    /// A one-line string with no escape and no brace is its bytes as they are.
    private static func simple(_ atom: AtomSyntax) -> String? {
        guard atom.token.kind == .string else { return nil }
        let r = atom.contentRange
        let bytes = atom.tree.bytes
        for k in r.start..<r.end where bytes[k] == 0x5C || bytes[k] == 0x7B { return nil }
        return String(decoding: bytes[r.start..<r.end], as: UTF8.self)
    }

    private struct Decoder {
        let bytes: [UInt8]
        let interpolate: Bool
        var buffer: [UInt8] = []
        var segments: [TextSegment] = []

        init(bytes: [UInt8], interpolate: Bool) {
            self.bytes = bytes
            self.interpolate = interpolate
        }

        mutating func flush() {
            guard !buffer.isEmpty else { return }
            segments.append(.literal(String(decoding: buffer, as: UTF8.self)))
            buffer.removeAll(keepingCapacity: true)
        }

        mutating func decode(_ start: Int, _ end: Int) {
            var k = start
            var run = start  // bytes copied as they are, appended in one go
            while k < end {
                let b = bytes[k]
                if b != 0x5C && b != 0x7B {
                    k += 1
                    continue
                }
                if b == 0x5C && k + 1 < end {
                    buffer.append(contentsOf: bytes[run..<k])
                    k = escape(at: k, end: end)
                    run = k
                    continue
                }
                if interpolate && b == 0x7B && k + 1 < end && bytes[k + 1] == 0x7B, let (name, next) = interpolation(at: k, end: end) {
                    buffer.append(contentsOf: bytes[run..<k])
                    flush()
                    segments.append(.parameter(name))
                    k = next
                    run = k
                    continue
                }
                k += 1
            }
            buffer.append(contentsOf: bytes[run..<end])
        }

        /// `{{name}}` at `k`, the name written directly between the braces.
        func interpolation(at k: Int, end: Int) -> (String, Int)? {
            var j = k + 2
            guard j < end, isIdentifierStart(bytes[j]) else { return nil }
            j += 1
            while j < end && isIdentifierByte(bytes[j]) { j += 1 }
            guard j + 1 < end, bytes[j] == 0x7D, bytes[j + 1] == 0x7D else { return nil }
            return (String(decoding: bytes[(k + 2)..<j], as: UTF8.self), j + 2)
        }

        /// Decodes the escape at `k` (`EscapeSequence`) into the buffer and returns the index
        /// after it. An invalid escape is kept as written (it is a syntax error the validator
        /// reports): its backslash here, what follows it as text.
        mutating func escape(at k: Int, end: Int) -> Int {
            let (next, scalar) = bytes.withUnsafeBufferPointer { EscapeSequence.read($0, at: k, limit: end) }
            guard let scalar else {
                buffer.append(0x5C)
                return k + 1
            }
            UTF8.encode(scalar) { buffer.append($0) }
            return next
        }
    }
}

func isIdentifierStart(_ b: UInt8) -> Bool {
    (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F
}

func isIdentifierByte(_ b: UInt8) -> Bool {
    isIdentifierStart(b) || (b >= 0x30 && b <= 0x39) || b == 0x2D
}
