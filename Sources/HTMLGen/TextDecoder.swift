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

    /// Literal runs and parameters, in order (`StringPieces`). Adjacent literals are merged.
    static func segments(_ atom: AtomSyntax, interpolate: Bool = true) -> [TextSegment] {
        if let simple = simple(atom) { return [.literal(simple)] }
        let content = atom.contentRange
        let bytes = atom.token.kind == .multilineString
            ? AtomSyntax.multilineLayout(Array(atom.tree.bytes[content.start..<content.end]))
            : Array(atom.tree.bytes[content.start..<content.end])
        return bytes.withUnsafeBufferPointer { buf in
            var segments: [TextSegment] = []
            var text: [UInt8] = []
            StringPieces.decode(buf, ByteRange(start: 0, end: buf.count), into: &text) { whole, name, text in
                guard interpolate else {
                    text.append(contentsOf: UnsafeBufferPointer(rebasing: buf[whole.start..<whole.end]))
                    return
                }
                if !text.isEmpty { segments.append(.literal(String(decoding: text, as: UTF8.self))) }
                text.removeAll(keepingCapacity: true)
                segments.append(.parameter(String(decoding: UnsafeBufferPointer(rebasing: buf[name.start..<name.end]), as: UTF8.self)))
            }
            if !text.isEmpty { segments.append(.literal(String(decoding: text, as: UTF8.self))) }
            return segments
        }
    }

    /// A one-line string with no escape and no brace is its bytes as they are.
    private static func simple(_ atom: AtomSyntax) -> String? {
        guard atom.token.kind == .string else { return nil }
        let r = atom.contentRange
        let bytes = atom.tree.bytes
        for k in r.start..<r.end where bytes[k] == 0x5C || bytes[k] == 0x7B { return nil }
        return String(decoding: bytes[r.start..<r.end], as: UTF8.self)
    }
}
