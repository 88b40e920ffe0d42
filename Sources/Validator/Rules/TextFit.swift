import TemplateFormat

/// A lower bound on the room a text takes, from its bytes alone: TDL312 warns only when even
/// that does not fit, so that it errs on the quiet side (docs/LANGUAGE.md, TDL312).
///
/// Widths are in hundredths of an em (the font size), below what common text fonts draw:
/// 0.2 em for a space and for narrow ASCII (`f i j l r t I . , : ; ' ! | ( ) [ ]`), 0.4 em
/// for other ASCII, 0.3 em for other two-byte scalars (accented Latin, Greek, Cyrillic,
/// Hebrew, Arabic), 0.25 em for other three-byte ones (Indic and Thai scripts hold many marks
/// that take no room), 1 em for CJK, Hangul, full-width forms and four-byte scalars (emoji),
/// and nothing for combining marks and zero-width characters. Lines break greedily (as
/// browsers do) after spaces, `-`, `/`, `?`, `!`, dashes, zero-width spaces and soft
/// hyphens, and around every wide character: more places than a browser uses, so the count
/// of lines is at most the real one. A `{{name}}` counts as nothing (its value is not known).
/// What `TextMeasure.measure` finds: small, as it is handed back through closures.
struct TextFit {
    /// Lines the text takes at least in a line `room` wide (hundredths of an em).
    var lines: Int
    /// The widest run that cannot break, and where its bytes are.
    var widest: Int
    var widestStart: Int, widestEnd: Int
}

/// The state of measuring one text (see `measure`).
struct TextMeasure {
    private var lines = 1
    private var widest = 0
    private var widestStart = 0, widestEnd = 0

    /// Greedy line filling state.
    private var word = 0, wordStart = 0, forcedBreaks = 0
    private var line = 0, pendingSpace = 0
    private let room: Int
    private let breaksLines: Bool

    private init(room: Int, breaksLines: Bool) {
        self.room = room
        self.breaksLines = breaksLines
    }

    /// Per byte, for the bytes that only add to the current word: `2` for narrow ASCII
    /// (0.2 em), `4` for the rest of ASCII from `"` to `~` (0.4 em); `0` for every byte that
    /// needs a closer look (controls, space, `-`, `/`, `?`, `!`, `{`, backslash, DEL, non-ASCII).
    /// A static string: its bytes are read in place, with no one-time initialisation check.
    private static let widthTable: StaticString = "0000000000000000000000000000000000444442224420204444444444224440444444444244444444444444444202444444442442242444442424444440244000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"

    @inline(__always) private static func narrow(_ b: UInt8) -> Bool { widthTable.utf8Start[Int(b)] == 0x32 }

    /// Measures `bytes[start..<end]`, a string's content as written (or as `"""` layout
    /// leaves it), read through `StringPieces` as every reader of strings reads it: an escape
    /// counts as the character it stands for, `{{name}}` as nothing (and a place to break),
    /// and nothing after a `{{` that is not closed is measured (TDL122's to report).
    /// `breaksLines`: a line feed starts a new line (`textarea`, labels), else it is a space.
    /// Never reads outside `start..<end`.
    static func measure(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, room: Int,
                        breaksLines: Bool) -> TextFit {
        var m = TextMeasure(room: room, breaksLines: breaksLines)
        var pieces = StringPieces(bytes, ByteRange(start: start, end: end))
        reading: while let piece = pieces.next() {
            switch piece {
            case .text(let r):
                m.text(bytes, r.start, r.end)
            case .escape(let r, let scalar):
                m.scalar(scalar.value, at: r.start, next: r.end)
            case .invalidEscape(let r):
                m.scalar(0x5C, at: r.start, next: r.end)
            case .interpolation(let r, _):
                m.endWord(at: r.start)
            case .malformed(let r, let what):
                m.endWord(at: r.start)
                // The `{` before a `{{name}}` (`{{{name}}`) is one brace; any other unclosed
                // `{{` ends what is measured.
                if what.form == .unclosed && r.end - r.start > 1 { break reading }
            }
        }
        m.endWord(at: end)
        return TextFit(lines: m.lines, widest: m.widest, widestStart: m.widestStart, widestEnd: m.widestEnd)
    }

    /// Bytes of a `.text` piece (no escape, no `{{`): a run of plain ASCII costs one table
    /// read a byte; anything else is read as a scalar.
    private mutating func text(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) {
        let table = TextMeasure.widthTable.utf8Start
        var k = start
        while k < end {
            let b = bytes[k]
            let t = table[Int(b)]
            if t != 0x30 {
                if word == 0 { startWord(k) }
                var w = Int(t) &- 0x30
                var j = k + 1
                while j < end {
                    let c = table[Int(bytes[j])]
                    if c == 0x30 { break }
                    w &+= Int(c) &- 0x30
                    j += 1
                }
                word &+= w &* 10
                k = j
                continue
            }
            if b == 0x20 {
                endWord(at: k)
                if line > 0 { pendingSpace = 20 }
                k += 1
                continue
            }
            if b < 0x80 {
                scalar(UInt32(b), at: k, next: k + 1)
                k += 1
                continue
            }
            // A scalar of 2 to 4 bytes (invalid UTF-8 is a syntax error elsewhere; it is read
            // as well as it can be).
            let length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1
            var v = UInt32(b) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
            var j = 1
            while j < length && k + j < end { v = v << 6 | UInt32(bytes[k + j] & 0x3F); j += 1 }
            scalar(v, at: k, next: k + j)
            k += j
        }
    }

    /// The longest run of bytes in `bytes[start..<end]` without an ASCII space: no word of
    /// the text is longer. Eight bytes at a time (exact per byte: no carry crosses bytes).
    static func longestRun(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        var best = 0, run = 0, k = start
        if let base = bytes.baseAddress {
            while k + 8 <= end {
                let x = UnsafeRawPointer(base + k).loadUnaligned(as: UInt64.self) ^ 0x2020_2020_2020_2020
                let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
                // The high bit of each byte that was a space.
                var spaces = ~(((x & low) &+ low) | x | low)
                if spaces == 0 {
                    run += 8
                } else {
                    var at = 0
                    while spaces != 0 {
                        let i = spaces.littleEndian.trailingZeroBitCount >> 3
                        run += i - at
                        best = max(best, run)
                        run = 0
                        at = i + 1
                        spaces &= spaces &- 1
                    }
                    run += 8 - at
                }
                k += 8
            }
        }
        while k < end {
            if bytes[k] == 0x20 {
                best = max(best, run)
                run = 0
            } else {
                run += 1
            }
            k += 1
        }
        return max(best, run)
    }

    /// Whether a text of `length` bytes whose longest run without a space is `run` bytes
    /// surely fits `room` (hundredths of an em) and, with a height, `lines` lines, without
    /// measuring it: at most 0.4 em a byte, no word is wider than 0.4 em × `run`; and every
    /// word fitting the line, greedy filling makes any two lines in a row wider than the room
    /// less a space, so there are at most 2 W / (room − 0.2 em) + 1 lines for a width W.
    /// (Line feeds that break lines are not counted: not for `textarea` or labels.)
    static func surelyFits(length: Int, run: Int, room: Int, lines: Double?) -> Bool {
        guard run &* 40 <= room else { return false }
        guard let lines else { return true }
        guard room > 20 else { return false }
        return Double(2 &* length &* 40 / (room - 20) + 1) <= lines
    }

    /// One scalar that is not plain ASCII, at `k`, `next` after it.
    private mutating func scalar(_ v: UInt32, at k: Int, next: Int) {
        switch v {
        case 0x20, 0x09, 0x0D:
            endWord(at: k)
            if line > 0 { pendingSpace = 20 }  // spaces collapse into one, none at a line's start
        case 0x0A:
            endWord(at: k)
            if breaksLines { forcedBreaks += 1 } else if line > 0 { pendingSpace = 20 }
        case 0x2D, 0x2F, 0x3F, 0x21:  // - / ? !: a break after them
            add(k, 20)
            endWord(at: next)
        case 0x00...0x1F, 0x7F:
            break
        case 0x21...0x7E:
            add(k, TextMeasure.narrow(UInt8(v)) ? 20 : 40)
        case 0x0300...0x036F, 0x200C...0x200F, 0x2060...0x2064, 0x20D0...0x20FF, 0xFE00...0xFE0F, 0xFEFF:
            break  // combining and zero-width
        case 0x200B, 0x00AD:
            endWord(at: k)
        case 0x2010, 0x2013, 0x2014:
            add(k, 25)
            endWord(at: next)
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
             0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x10000...:
            endWord(at: k)
            add(k, 100)
            endWord(at: next)
        case 0x0080...0x07FF:
            add(k, 30)
        default:
            add(k, 25)
        }
    }

    @inline(__always) private mutating func add(_ k: Int, _ w: Int) {
        if word == 0 { startWord(k) }
        word &+= w
    }

    /// A word begins at `k`, on a line of its own after line feeds that break lines.
    private mutating func startWord(_ k: Int) {
        if forcedBreaks > 0 {
            lines += forcedBreaks
            forcedBreaks = 0
            line = 0
            pendingSpace = 0
        }
        wordStart = k
    }

    /// A place to break: the word so far goes on the current line, or starts the next.
    private mutating func endWord(at k: Int) {
        guard word > 0 else { return }
        if line == 0 {
            line = word
        } else if line + pendingSpace + word <= room {
            line += pendingSpace + word
        } else {
            lines += 1
            line = word
        }
        pendingSpace = 0
        if word > widest {
            widest = word
            widestStart = wordStart
            widestEnd = k
        }
        word = 0
    }
}

/// What `checkText` learns of a text in one read.
struct TextReading {
    var blank: Bool
    /// Nil when there is nothing to check (see `Checker.measure`).
    var measure: TextFit?
}

/// The room an element gives its text (TDL312), worked out before the text is read.
struct TextRoom {
    var fontSize: Double
    /// The width in px, and in hundredths of an em.
    var width: Double
    var room: Int
    /// Nil when the box has no height: only words are checked then.
    var height: Double?
    var lineHeight: Double
    /// How much taller than the height the lines may be before they clearly do not fit: a
    /// quarter of a line, at least 1 px (a line a pixel too tall in a centred button shows
    /// nothing amiss).
    var slack: Double
    /// Whether every line feed starts a new line (`textarea`, labels).
    var breaksLines: Bool
    /// Whether a line feed the text holds starts a new line (`text`, which the page writes
    /// `white-space: pre-line`): the text is then measured as a textarea's is.
    var keepsLineFeeds: Bool
    /// Whether one line fits the height (or there is none), for the quick accept.
    var oneLineFits: Bool
    /// Whether the room runs to the canvas's right edge (the box has no width).
    var toCanvas: Bool
    var isLabel: Bool
}

extension Checker {
    /// The range `font-size` takes (the schema's; the same for every kind that has it).
    static let fontSizeRange: ValueRange = Schema.kind("text")?.property("font-size")?.range ?? .closed(1, 1000)

    /// The room the element in `slots` gives its text; nil when nothing can be checked. `box`
    /// is its outer box on the canvas; without a width, the room is what lies between its
    /// `at` and the canvas's right edge (a text wraps there at the latest). Inlined into
    /// `checkText`, its one caller (as `textLineHeight` into it): a call passes the checker.
    @inline(__always) func textRoom(kindID: Int, box: Box, canvas: (Double, Double)?, fontSize: Double) -> TextRoom? {
        // A box of zero width or height is TDL308 already.
        guard fontSize > 0, fontSize.isFinite, box.width != 0, box.height != 0 else { return nil }
        let isLabel = kindID == lintKinds.label
        // A label without a size fits its text.
        if isLabel && box.width == nil { return nil }
        // `size` beside `width` or `height` is TDL119: which box is meant is the mistake.
        if isSet(key.size) && (isSet(key.width) || isSet(key.height)) { return nil }
        // The room is the box inside its border: text that only eats into the padding (a
        // centred button label spills into it on both sides) has not left its box.
        // (`isSet` first: most elements set no border, and it is cheaper than reading one.)
        let inset = !isLabel && isSet(key.borderWidth) ? number(key.borderWidth) ?? 0 : 0
        let width: Double
        let toCanvas: Bool
        if let w = box.width {
            width = max(0, w - 2 * inset)
            toCanvas = false
        } else if let canvas, let x = box.x, x >= 0, x < canvas.0 {
            width = max(0, canvas.0 - x - 2 * inset)
            toCanvas = true
        } else {
            return nil
        }
        let height = box.height.map { max(0, $0 - 2 * inset) }
        // Clamped before converting: a huge box must not trap.
        let room = Int(min(width / fontSize * 100, 1e12))
        let breaksLines = isLabel || kindID == lintKinds.textarea
        // Read only when the box has a height: no line count is checked otherwise.
        let lineHeight = height == nil ? fontSize : textLineHeight(fontSize, isLabel: isLabel)
        let slack = max(1, lineHeight / 4)
        return TextRoom(fontSize: fontSize, width: width, room: room, height: height, lineHeight: lineHeight, slack: slack,
                        breaksLines: breaksLines, keepsLineFeeds: kindID == lintKinds.text,
                        oneLineFits: !breaksLines && height.map { lineHeight <= $0 + slack } ?? true,
                        toCanvas: toCanvas, isLabel: isLabel)
    }

    /// `checkText`'s one read of the one-string value at `node` (nil for any other value):
    /// whether it is blank, and its measure in `room` when there is one.
    static func readText(_ raw: RawSyntaxView, _ node: Int, room: TextRoom?) -> TextReading? {
        let list = raw.atoms(of: node)
        guard list.count == 1, list[0].kind == .string || list[0].kind == .multilineString else { return nil }
        let t = list[0]
        let content = AtomSyntax.contentRange(of: t)
        if isBlank(t, content, raw) { return TextReading(blank: true, measure: nil) }
        return TextReading(blank: false, measure: room.flatMap { measure(raw, t, content, in: $0) })
    }

    /// The measure of string token `t`, or nil when it surely fits: at most 0.4 em a byte, a
    /// text this short fits on one line.
    static func measure(_ raw: RawSyntaxView, _ t: Token, _ content: ByteRange, in room: TextRoom) -> TextFit? {
        var room = room
        if room.keepsLineFeeds && !room.breaksLines && StringPieces.holdsLineFeed(raw.bytes, t) {
            room.breaksLines = true
            room.oneLineFits = false
        }
        let length = content.end - content.start
        if room.oneLineFits && length &* 40 <= room.room { return nil }
        if t.kind == .string && !room.breaksLines {
            // Most texts are proved to fit from their length and longest word, at a fraction
            // of the cost of measuring them.
            let run = TextMeasure.longestRun(raw.bytes, content.start, content.end)
            let lines = room.height.map { ($0 + room.slack) / room.lineHeight }
            if TextMeasure.surelyFits(length: length, run: run, room: room.room, lines: lines) { return nil }
        }
        if t.kind == .string {
            return TextMeasure.measure(raw.bytes, content.start, content.end, room: room.room, breaksLines: room.breaksLines)
        }
        // A `"""` string: measured as its layout leaves it (rare).
        let laidOut = AtomSyntax.multilineLayout(Array(raw.bytes[content.start..<content.end]))
        return laidOut.withUnsafeBufferPointer { TextMeasure.measure($0, 0, $0.count, room: room.room, breaksLines: room.breaksLines) }
    }

    /// TDL312 from the text's measure: a word wider than the room, else more lines than the
    /// box's height holds (at most `max-lines` of them).
    /// `data`: the text was measured with the values `--data` gives, which the message names.
    mutating func checkTextFits(_ block: Int, textID: Int, _ r: TextRoom, _ m: TextFit, data: TextWithData? = nil) {
        guard m.widest > 0 else { return }  // nothing measured: `{{name}}` only
        func px(_ v: Double) -> Double { (v * 10).rounded() / 10 }
        let from = data?.said ?? ""
        if m.widest > r.room {
            // The word, for the message, from the bytes it was measured in.
            let word = data.map { data in data.bytes.withUnsafeBufferPointer { Checker.shortened($0, m.widestStart, m.widestEnd) } } ?? read(textID) { raw, node -> String? in
                let list = raw.atoms(of: node)
                guard list.count == 1 else { return nil }
                if list[0].kind == .string { return Checker.shortened(raw.bytes, m.widestStart, m.widestEnd) }
                let content = AtomSyntax.contentRange(of: list[0])
                let laidOut = AtomSyntax.multilineLayout(Array(raw.bytes[content.start..<content.end]))
                return laidOut.withUnsafeBufferPointer { Checker.shortened($0, m.widestStart, m.widestEnd) }
            } ?? ""
            let need = px(Double(m.widest) / 100 * r.fontSize)
            let message: MessageText = r.toCanvas
                ? "the word `\(word)` is at least \(number: need) px wide at font size \(number: px(r.fontSize)), but only \(number: px(r.width)) px lie between the `at` of `\(element: block, raw)` and the canvas's right edge\(from)"
                : "the word `\(word)` is at least \(number: need) px wide at font size \(number: px(r.fontSize)), wider than the \(number: px(r.width)) px the box of `\(element: block, raw)` leaves for text\(from)"
            findings.report(.textDoesNotFit, lintRange(block, textID), message)
            return
        }
        guard let height = r.height else { return }
        var shown = Double(m.lines)
        if !r.isLabel, let most = number(key.maxLines), most >= 1 { shown = min(shown, most.rounded(.down)) }
        let need = shown * r.lineHeight
        guard need > height + r.slack else { return }
        let message: MessageText = "`\(element: block, raw)` shows at least \(number: shown) line\(literal: shown == 1 ? "" : "s") of \(number: px(r.lineHeight)) px (\(number: px(need)) px) at font size \(number: px(r.fontSize)), but its box leaves \(number: px(height)) px of height for text\(from)"
        findings.report(.textDoesNotFit, lintRange(block, textID), message)
    }

    /// The line height in px of the element in `slots`: its `line-height` (a bare number a
    /// multiple of the font size, `150%` a percentage), else the font size, which "normal" is
    /// at least in common fonts; a label's lines are 1.2 em, as its export sets them.
    @inline(__always) func textLineHeight(_ fontSize: Double, isLabel: Bool) -> Double {
        if isLabel { return 1.2 * fontSize }
        guard isSet(key.lineHeight), let own = number(key.lineHeight), own > 0 else { return fontSize }
        let percent = read(key.lineHeight) { raw, node -> Bool? in
            raw.atoms(of: node).first.map { $0.end > $0.start && raw.bytes[$0.end - 1] == 0x25 }
        } ?? false
        return (percent ? own / 100 : own) * fontSize
    }

    /// The bytes (of a string's content, as written) as a string for a message, escapes
    /// read as the value they stand for, cut after 40 scalars.
    static func shortened(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
        var decoded: [UInt8] = []
        StringPieces.decode(bytes, ByteRange(start: start, end: end), into: &decoded) { whole, _, out in
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[whole.start..<whole.end]))
        }
        let text = String(decoding: decoded, as: UTF8.self)
        guard text.utf8.count > 40 else { return text }
        let scalars = text.unicodeScalars
        guard scalars.count > 40 else { return text }
        return String(String.UnicodeScalarView(scalars.prefix(40))) + "…"
    }
}
