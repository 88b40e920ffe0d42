import Basics

/// JSON text written as it is made, into a byte array: the one JSON writer of the toolchain,
/// for messages of the language server, its diagnostics reports, `check --format json` and
/// the exported model alike.
///
/// Values are written with `string`, `number`, `bool`, `null` and `value` (a whole
/// `JSONValue`). An object is `beginObject()`, then `key(_:)` and a value for each member,
/// then `endObject()`; an array is `beginArray()`, `item()` and a value for each element,
/// `endArray()`. `key` and `item` write the commas and, in the pretty layout, the line breaks
/// and indentation. `raw` appends bytes as they are: JSON written before (a diagnostic reused
/// from the last report), or, on a path that writes thousands of one shape, its punctuation
/// and keys at once (`{"range":`). Fragments are compact and bring their own commas; they
/// may hold whole values (after `key` or `item`) and objects and arrays begun and ended
/// inside them, as the language server's diagnostics do.
///
/// Strings escape only what JSON requires (`"`, `\`, control characters as `\n`, `\r`, `\t`
/// or `\u00XX`), so other text passes through as UTF-8. Numbers are written by `NumberText`:
/// whole numbers as integers, others as the shortest decimal that reads back as the same
/// `Double`, never in exponent notation; JSON has no infinity or NaN, so those are `null`.
public struct JSONWriter {
    public enum Layout: Sendable {
        /// No whitespace at all.
        case compact
        /// A member or element per line, indented two spaces a level, `": "` after a key;
        /// empty objects and arrays as `{}` and `[]`, and those begun `inline` on one line
        /// (`{"x": 1, "y": 2}`).
        case pretty
    }

    /// The text written so far.
    public private(set) var bytes: [UInt8]
    /// How many bytes that is (where the next value starts).
    public var count: Int { bytes.count }
    public let layout: Layout
    /// Objects and arrays open.
    private var depth = 0
    /// How many of the open ones are written on one line (begun inline, or inside one that was).
    private var inlineDepth = 0
    /// Whether the innermost open object or array has a member yet.
    private var hasMembers = false

    public init(layout: Layout = .compact, capacity: Int = 256) {
        self.layout = layout
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    // MARK: Values

    /// A quoted, escaped string.
    public mutating func string(_ s: String) {
        var s = s
        s.withUTF8 { string(utf8: $0) }
    }

    /// A string from its UTF-8 bytes (which must be valid UTF-8), quoted and escaped.
    public mutating func string(utf8: UnsafeBufferPointer<UInt8>) {
        bytes.append(0x22)
        var run = 0  // start of the bytes copied as they are
        for k in 0..<utf8.count {
            let b = utf8[k]
            guard b < 0x20 || b == 0x22 || b == 0x5C else { continue }
            if k > run { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<k])) }
            run = k + 1
            switch b {
            case 0x22: raw(#"\""#)
            case 0x5C: raw(#"\\"#)
            case 0x0A: raw(#"\n"#)
            case 0x0D: raw(#"\r"#)
            case 0x09: raw(#"\t"#)
            default:
                raw(#"\u00"#)
                bytes.append(JSONWriter.hexDigits[Int(b >> 4)])
                bytes.append(JSONWriter.hexDigits[Int(b & 0xF)])
            }
        }
        if utf8.count > run { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<utf8.count])) }
        bytes.append(0x22)
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    public mutating func number(_ n: Int) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: NumberText.maximumIntegerLength) { room in
            guard let base = room.baseAddress else { return }
            let count = NumberText.write(n, to: base)
            bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
        }
    }

    /// A number; `null` for infinity and NaN, which JSON cannot carry.
    public mutating func number(_ v: Double) {
        guard v.isFinite else { return null() }
        if let whole = NumberText.exactInteger(v) { return number(whole) }
        NumberText.withText(v, .shortest) { bytes.append(contentsOf: $0) }
    }

    public mutating func bool(_ b: Bool) { raw(b ? "true" : "false") }

    public mutating func null() { raw("null") }

    /// A whole value, in this writer's layout.
    public mutating func value(_ v: JSONValue) {
        switch v {
        case .null: null()
        case .bool(let b): bool(b)
        case .number(let d): number(d)
        case .string(let s): string(s)
        case .array(let items):
            beginArray()
            for element in items {
                item()
                value(element)
            }
            endArray()
        case .object(let object):
            beginObject()
            for (k, member) in object.entries {
                key(k)
                value(member)
            }
            endObject()
        }
    }

    // MARK: Objects and arrays

    /// `{`; with `inline`, the object and everything in it go on one line in the pretty layout.
    public mutating func beginObject(inline: Bool = false) { begin(0x7B, inline: inline) }

    public mutating func endObject() { end(0x7D) }

    public mutating func beginArray(inline: Bool = false) { begin(0x5B, inline: inline) }

    public mutating func endArray() { end(0x5D) }

    /// Starts a member of the open object: the comma before it, if any, and its key.
    @_disfavoredOverload
    public mutating func key(_ k: String) {
        separator()
        string(k)
        colon()
    }

    /// A key known when the program was written (`"line"`): copied, not scanned for escapes,
    /// so it must need none (no `"`, `\` or control character).
    public mutating func key(_ k: StaticString) {
        assert(k.withUTF8Buffer { !$0.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C } }, "a key that needs escapes")
        separator()
        bytes.append(0x22)
        raw(k)
        bytes.append(0x22)
        colon()
    }

    /// Starts an element of the open array: the comma before it, if any.
    public mutating func item() { separator() }

    private mutating func begin(_ bracket: UInt8, inline: Bool) {
        bytes.append(bracket)
        depth += 1
        if inline || inlineDepth > 0 { inlineDepth += 1 }
        hasMembers = false
    }

    private mutating func end(_ bracket: UInt8) {
        depth -= 1
        let wasInline = inlineDepth > 0
        if wasInline { inlineDepth -= 1 }
        if hasMembers && layout == .pretty && !wasInline { newline() }
        bytes.append(bracket)
        // Back in the container that holds this one, which has a member: this one.
        hasMembers = true
    }

    private mutating func separator() {
        if hasMembers { bytes.append(0x2C) }
        if layout == .pretty {
            if inlineDepth == 0 {
                newline()
            } else if hasMembers {
                bytes.append(0x20)
            }
        }
        hasMembers = true
    }

    private mutating func colon() {
        if layout == .pretty { raw(": ") } else { bytes.append(0x3A) }
    }

    private mutating func newline() {
        bytes.append(0x0A)
        var n = 2 * depth
        while n > 0 {
            let chunk = min(n, JSONWriter.spaces.utf8CodeUnitCount)
            bytes.append(contentsOf: UnsafeBufferPointer(start: JSONWriter.spaces.utf8Start, count: chunk))
            n -= chunk
        }
    }

    private static let spaces: StaticString = "                                                                "

    // MARK: Bytes as they are

    /// Bytes known when the program was written: punctuation, keys, `null`.
    public mutating func raw(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    public mutating func raw(_ byte: UInt8) { bytes.append(byte) }

    /// JSON written before, copied.
    public mutating func raw(_ json: [UInt8]) { bytes.append(contentsOf: json) }

    public mutating func raw(_ json: ArraySlice<UInt8>) { bytes.append(contentsOf: json) }

    public mutating func raw(_ json: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: json) }
}

extension JSONValue {
    /// The value as JSON text in `layout`.
    public func serialized(_ layout: JSONWriter.Layout = .compact) -> [UInt8] {
        var writer = JSONWriter(layout: layout)
        writer.value(self)
        return writer.bytes
    }
}
