import TemplateFormat

/// A text with the values `check --data` gives in place of its `{{name}}`s, for TDL312: a
/// text that fits with its parameter left out (a `{{name}}` alone counts as nothing) may not
/// fit with the value it will be filled with.
struct TextWithData {
    /// The string's body with each value written in as string content (its `\` and `{`
    /// escaped, a line feed as `\n`), so that `TextMeasure` reads it as it reads any string.
    var bytes: [UInt8]
    /// The parameters put in, in order of first use, and their values.
    var used: [(name: String, value: String)]
    /// Whether the text holds a line feed (after the values are in).
    var holdsLineFeed: Bool

    /// The text of the one-string value at `node` with `data` in place; nil when the value
    /// is not one string or holds no `{{name}}` that `data` gives.
    static func read(_ raw: RawSyntaxView, _ node: Int, data: [String: String]) -> TextWithData? {
        let list = raw.atoms(of: node)
        guard list.count == 1, list[0].kind == .string || list[0].kind == .multilineString else { return nil }
        let t = list[0]
        let content = AtomSyntax.contentRange(of: t)
        guard content.start <= content.end, content.end <= raw.bytes.count else { return nil }
        // Cheap refusal first: most texts hold no `{{` at all.
        guard raw.bytes[content.start..<content.end].contains(0x7B) else { return nil }
        let written = UnsafeBufferPointer(rebasing: raw.bytes[content.start..<content.end])
        let body = t.kind == .multilineString ? AtomSyntax.multilineLayout(Array(written)) : Array(written)
        return body.withUnsafeBufferPointer { body in
            var out: [UInt8] = []
            out.reserveCapacity(body.count)
            var used: [(name: String, value: String)] = []
            var lineFeed = false
            var pieces = StringPieces(body, ByteRange(start: 0, end: body.count))
            while let piece = pieces.next() {
                let r = piece.range
                switch piece {
                case .interpolation(_, let nameRange):
                    let name = String(decoding: UnsafeBufferPointer(rebasing: body[nameRange.start..<nameRange.end]), as: UTF8.self)
                    if let value = data[name] {
                        if !used.contains(where: { $0.name == name }) { used.append((name, value)) }
                        for b in value.utf8 {
                            switch b {
                            case 0x5C: out += [0x5C, 0x5C]
                            case 0x7B: out += [0x5C, 0x7B]
                            case 0x0A: out += [0x5C, 0x6E]; lineFeed = true
                            default: out.append(b)
                            }
                        }
                        continue
                    }
                case .escape(_, let scalar):
                    if scalar == "\n" { lineFeed = true }
                case .text:
                    if body[r.start..<r.end].contains(0x0A) { lineFeed = true }
                default:
                    break
                }
                out += body[r.start..<r.end]
            }
            guard !used.isEmpty else { return nil }
            return TextWithData(bytes: out, used: used, holdsLineFeed: lineFeed)
        }
    }

    /// The measure of the text in `room` (see `Checker.measure`, which reads the text as
    /// written; this one is only for texts the data changes, so it takes no shortcut).
    func measure(in room: TextRoom) -> TextFit {
        var room = room
        if room.keepsLineFeeds && !room.breaksLines && holdsLineFeed { room.breaksLines = true }
        let breaksLines = room.breaksLines
        let width = room.room
        return bytes.withUnsafeBufferPointer { TextMeasure.measure($0, 0, $0.count, room: width, breaksLines: breaksLines) }
    }

    /// What the message adds: `` with `title` = "…" from --data ``, values cut after 40 scalars.
    var said: String {
        let parts = used.map { name, value in
            let scalars = value.unicodeScalars
            let shown = scalars.count > 40 ? String(String.UnicodeScalarView(scalars.prefix(40))) + "…" : value
            return "`\(name)` = \"\(shown)\""
        }
        return " with " + parts.joined(separator: ", ") + " from --data"
    }
}
