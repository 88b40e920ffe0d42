import TemplateFormat
@testable import Validator
import TestSupport
import XCTest

/// TDL312's estimate (`TextMeasure`) against a plain reading of its definition in
/// docs/LANGUAGE.md, and the rule's room, line height and `max-lines`.
final class TextFitTests: XCTestCase {
    /// The documented width of a scalar in hundredths of an em, and how lines may break there.
    enum Reference {
        case width(Int), breakAfter(Int), wide, zero, breakHere, space, lineFeed

        init(_ s: Unicode.Scalar) {
            switch s.value {
            case 0x20, 0x09, 0x0D: self = .space
            case 0x0A: self = .lineFeed
            case 0x2D, 0x2F, 0x3F, 0x21: self = .breakAfter(20)
            case _ where "fijlrtI.,:;'!|()[]".unicodeScalars.contains(s): self = .width(20)
            case 0x21...0x7E: self = .width(40)
            case 0x00...0x1F, 0x7F: self = .zero
            case 0x0300...0x036F, 0x200C...0x200F, 0x2060...0x2064, 0x20D0...0x20FF, 0xFE00...0xFE0F, 0xFEFF: self = .zero
            case 0x200B, 0x00AD: self = .breakHere
            case 0x2010, 0x2013, 0x2014: self = .breakAfter(25)
            case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
                 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x10000...: self = .wide
            case 0x80...0x7FF: self = .width(30)
            default: self = .width(25)
            }
        }
    }

    /// Greedy filling written out on words: (lines, widest word), for a string's content as
    /// written (`source`). Its pieces are read as every reader of strings reads them
    /// (`StringPieces`): `{{name}}`, and a closed `{{` that is not one, count as nothing and
    /// are a place to break, as is the lone `{` of `{{{name}}`; nothing after another `{{`
    /// is measured (TDL122 reports it); escapes are the characters they stand for.
    static func reference(_ source: String, room: Int, breaksLines: Bool) -> (lines: Int, widest: Int) {
        let bytes = Array(source.utf8)
        var scalars: [Unicode.Scalar] = []
        bytes.withUnsafeBufferPointer { buf in
            var pieces = StringPieces(buf, ByteRange(start: 0, end: buf.count))
            reading: while let piece = pieces.next() {
                switch piece {
                case .text(let r): scalars += String(decoding: UnsafeBufferPointer(rebasing: buf[r.start..<r.end]), as: UTF8.self).unicodeScalars
                case .escape(_, let scalar): scalars.append(scalar)
                case .invalidEscape: scalars.append("\\")
                case .interpolation: scalars.append("\u{200B}")
                case .malformed(let r, let what):
                    if what.form == .unclosed && r.end - r.start > 1 { break reading }
                    scalars.append("\u{200B}")
                }
            }
        }
        var cleaned = ""
        cleaned.unicodeScalars.append(contentsOf: scalars)
        // Paragraphs (forced breaks), then words with the space before each.
        var lines = 0, widest = 0
        var pendingParagraphs = 0
        for paragraph in (breaksLines ? cleaned.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) : [cleaned]) {
            var words: [(width: Int, spaceBefore: Bool)] = []
            var word = 0, sawSpace = false
            func end() {
                if word > 0 { words.append((word, sawSpace)); sawSpace = false }
                word = 0
            }
            for s in paragraph.unicodeScalars {
                switch Reference(s) {
                case .space, .lineFeed: end(); sawSpace = true
                case .width(let w): word += w
                case .breakAfter(let w): word += w; end()
                case .wide: end(); word = 100; end()
                case .zero: break
                case .breakHere: end()
                }
            }
            end()
            pendingParagraphs += 1
            guard !words.isEmpty else { continue }
            // Empty paragraphs before this one are lines of their own; trailing ones are not.
            lines += pendingParagraphs - 1
            pendingParagraphs = 0
            var line = 0
            lines += 1
            for (n, w) in words.enumerated() {
                widest = max(widest, w.width)
                let space = n > 0 && w.spaceBefore ? 20 : 0
                if line == 0 {
                    line = w.width
                } else if line + space + w.width <= room {
                    line += space + w.width
                } else {
                    lines += 1
                    line = w.width
                }
            }
        }
        return (max(lines, 1), widest)
    }

    /// `text` as the content of a TDL string: `"`, `\\`, line feeds and tabs escaped, other
    /// characters at random as `\u{HEX}`, `{{` kept (an interpolation).
    static func escaped(_ text: String) -> String {
        var out = ""
        for (i, s) in text.unicodeScalars.enumerated() {
            switch s {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "{", "}": out.unicodeScalars.append(s)
            default:
                if i % 3 == 0 || s.value < 0x20 { out += "\\u{" + String(s.value, radix: 16) + "}" } else { out.unicodeScalars.append(s) }
            }
        }
        return out
    }

    /// The measure of a string's content as written.
    static func measure(_ source: String, room: Int, breaksLines: Bool) -> TextFit {
        var source = source
        return source.withUTF8 { TextMeasure.measure($0, 0, $0.count, room: room, breaksLines: breaksLines) }
    }

    static let pieces: [String] = [
        "a", "m", "W", "i", "l", "t", ".", ",", "0", "7", "#", "%", "\"", "\\", "{", " ", "  ", "\t", "\n", "-", "/", "?", "!",
        "é", "ж", "λ", "ש", "ب", "क", "ไ", "日", "本", "한", "ｱ", "🚀", "\u{301}", "\u{200B}", "\u{AD}", "—", "–",
        "{{p}}", "word", "longerword", "Internationalisation",
    ]

    /// The measure agrees with the definition on random texts of every kind of character,
    /// for random rooms, with and without line feeds breaking lines.
    func testTheMeasureFollowsItsDefinition() {
        var random = SeededRandom(seed: 1329)
        let seed = random.seed
        for _ in 0..<3000 {
            let chosen = (0..<random.below(24)).map { _ in Self.pieces[random.below(Self.pieces.count)] }
            // As written in a string: escaped at random, so an escape and the character it
            // stands for must measure alike.
            let text = chosen.map { $0 == "{{p}}" || random.below(2) == 0 ? $0 : Self.escaped($0) }.joined()
            let room = random.below(3000)
            let breaksLines = random.below(2) == 0
            let m = Self.measure(text, room: room, breaksLines: breaksLines)
            let r = Self.reference(text, room: room, breaksLines: breaksLines)
            XCTAssertEqual(m.lines, r.lines, "seed \(seed): lines of \(text.debugDescription) in \(room), breaks \(breaksLines)")
            XCTAssertEqual(m.widest, r.widest, "seed \(seed): widest word of \(text.debugDescription)")
            // The widest word's bytes are a piece of the text.
            var bytes = Array(text.utf8)
            XCTAssertLessThanOrEqual(m.widestEnd, bytes.count)
            XCTAssertLessThanOrEqual(m.widestStart, m.widestEnd)
            // More room never needs more lines.
            let wider = Self.measure(text, room: room + 1 + random.below(500), breaksLines: breaksLines)
            XCTAssertLessThanOrEqual(wider.lines, m.lines, "seed \(seed): \(text.debugDescription)")
            // Bytes past `end` are never read.
            let cut = random.below(bytes.count + 1)
            bytes.append(contentsOf: Array("{{\u{FF}é".utf8))
            let prefix = bytes.withUnsafeBufferPointer { TextMeasure.measure($0, 0, cut, room: room, breaksLines: breaksLines) }
            let alone = Array(bytes[..<cut]).withUnsafeBufferPointer { TextMeasure.measure($0, 0, cut, room: room, breaksLines: breaksLines) }
            XCTAssertEqual(prefix.lines, alone.lines, "seed \(seed)")
            XCTAssertEqual(prefix.widest, alone.widest, "seed \(seed)")
        }
    }

    /// The quick accept is sound: the longest run without a space is exact at every
    /// alignment, and whenever `surelyFits` says a text fits, measuring it finds no word wider
    /// than the room and no more lines than the height holds.
    func testTheQuickAcceptNeverHidesAProblem() {
        var random = SeededRandom(seed: 1346)
        let seed = random.seed
        var accepted = 0
        for _ in 0..<4000 {
            let chosen = (0..<random.below(30)).map { _ in Self.pieces[random.below(Self.pieces.count)] }
            var text = chosen.map { $0 == "{{p}}" ? $0 : Self.escaped($0) }.joined()
            let pad = random.below(9)
            let bytes = Array(repeating: UInt8(ascii: "x"), count: pad) + Array(text.utf8) + Array(repeating: 0x20, count: random.below(9))
            let end = pad + text.utf8.count
            var naive = 0, run = 0
            for b in bytes[pad..<end] { if b == 0x20 { naive = max(naive, run); run = 0 } else { run += 1 } }
            naive = max(naive, run)
            let fast = bytes.withUnsafeBufferPointer { TextMeasure.longestRun($0, pad, end) }
            XCTAssertEqual(fast, naive, "seed \(seed): \(text.debugDescription)")
            let room = random.below(2000)
            let lines: Double? = random.below(3) == 0 ? nil : Double(1 + random.below(8)) + Double(random.below(10)) / 10
            guard TextMeasure.surelyFits(length: end - pad, run: fast, room: room, lines: lines) else { continue }
            accepted += 1
            let m = text.withUTF8 { TextMeasure.measure($0, 0, $0.count, room: room, breaksLines: false) }
            XCTAssertLessThanOrEqual(m.widest, room, "seed \(seed): \(text.debugDescription) in \(room)")
            if let lines { XCTAssertLessThanOrEqual(Double(m.lines), lines, "seed \(seed): \(text.debugDescription) in \(room)") }
        }
        XCTAssertGreaterThan(accepted, 200)
    }

    func testExamplesOfTheEstimate() {
        // "Hello world" is H e l l o = 40 40 20 20 40, space 20, w o r l d = 40 40 20 20 40.
        XCTAssertEqual(Self.measure("Hello world", room: 1000, breaksLines: false).lines, 1)
        XCTAssertEqual(Self.measure("Hello world", room: 339, breaksLines: false).lines, 2)
        XCTAssertEqual(Self.measure("Hello world", room: 340, breaksLines: false).lines, 1)
        XCTAssertEqual(Self.measure("Hello world", room: 100, breaksLines: false).widest, 160)
        // CJK breaks anywhere; a hyphen after itself.
        XCTAssertEqual(Self.measure("日本語", room: 100, breaksLines: false).lines, 3)
        XCTAssertEqual(Self.measure("well-known", room: 100, breaksLines: false).widest, 200)
        // Line feeds: lines of their own in a textarea, spaces elsewhere; trailing ones add none.
        XCTAssertEqual(Self.measure("a\n\nb\n", room: 1000, breaksLines: true).lines, 3)
        XCTAssertEqual(Self.measure("a\n\nb\n", room: 1000, breaksLines: false).lines, 1)
        // A parameter counts as nothing.
        XCTAssertEqual(Self.measure("{{name}}", room: 0, breaksLines: false).widest, 0)
    }

    func validate(_ element: String, canvas: String = "400 x 300") -> [Diagnostic] {
        Validator.validate(SyntaxTree.parse("format 1\ntemplate t {\n  size: \(canvas)\n\(element)\n}\n")).filter { $0.code == "TDL312" }
    }

    /// The room, line height and lines as the docs define them.
    func testRoomLineHeightAndMaxLines() {
        // 12 words of at least 1.8 em each in 100 px at 16 px (6.25 em): at least 4 lines.
        let long = "text t { text: \"one two three four five six seven eight nine ten eleven twelve\"; size: 100 x %H; %X }"
        func count(_ height: Int, _ extra: String = "") -> Int {
            validate(long.replacingOccurrences(of: "%H", with: String(height)).replacingOccurrences(of: "%X", with: extra)).count
        }
        let lines = TextFitTests.measure("one two three four five six seven eight nine ten eleven twelve", room: 625, breaksLines: false).lines
        XCTAssertGreaterThanOrEqual(lines, 4)
        XCTAssertEqual(count(16 * lines), 0, "exactly the lines' height fits")
        XCTAssertEqual(count(16 * lines - 5), 1)
        XCTAssertEqual(count(16 * lines - 4), 0, "within a quarter of a line")
        XCTAssertEqual(count(Int(24 * Double(lines)), "line-height: 1.5"), 0)
        XCTAssertEqual(count(Int(24 * Double(lines)) - 7, "line-height: 150%"), 1)
        XCTAssertEqual(count(32, "max-lines: 2"), 0, "max-lines caps the lines")
        XCTAssertEqual(count(27, "max-lines: 2"), 1)
        // The border takes room on both sides; padding does not (text may eat into it).
        XCTAssertEqual(count(16 * lines, "padding: 4"), 0)
        XCTAssertEqual(count(16 * lines - 5, "padding: 4"), 1)
        XCTAssertEqual(count(16 * lines + 4, "border-width: 2"), 0)
        XCTAssertEqual(count(16 * lines - 1, "padding: 3; border-width: 2"), 1)
        // The font size may come from a style, in pt.
        let styled = Validator.validate(SyntaxTree.parse("""
            format 1
            style big { font-size: 24pt }
            template t {
              size: 400 x 300
              text a { style: big; text: "Internationalisation"; size: 150 x 60 }
            }
            """)).filter { $0.code == "TDL312" }
        XCTAssertEqual(styled.count, 1)
        XCTAssertTrue(styled.first?.message.contains("at font size 32") ?? false, styled.first?.message ?? "")
    }

    func testKindsAndQuietCases() {
        // A button's label, an annotation label (lines 1.2 em).
        XCTAssertEqual(validate("button b { label: \"Internationalisation\"; size: 80 x 40 }").count, 1)
        let set = "format 1\nannotations s {\n  image: \"s.png\"\n  size: 400 x 300\n  label l { text: \"a b c d e f\"; size: 200 x %H; background: white }\n}\n"
        func labelWarnings(_ h: Int) -> Int {
            Validator.validate(SyntaxTree.parse(set.replacingOccurrences(of: "%H", with: String(h)))).filter { $0.code == "TDL312" }.count
        }
        XCTAssertEqual(labelWarnings(15), 0, "one line of 19.2 px, within a quarter of it")
        XCTAssertEqual(labelWarnings(14), 1)
        // Quiet: no size and no room problem, a text of parameters only, an empty text, a
        // zero-size box (TDL308 says so), a label without a size.
        XCTAssertEqual(validate("text a { text: \"A long sentence that wraps at the canvas edge\" }").count, 0)
        XCTAssertEqual(validate("params { p: \"x\" }\n text a { text: \"{{p}}{{p}}{{p}}\"; size: 1 x 1 }").count, 0)
        XCTAssertEqual(validate("text a { text: \" \"; size: 10 x 10 }").count, 0)
        XCTAssertEqual(validate("text a { text: \"Hello\"; size: 0 x 10 }").count, 0)
        // Escapes are decoded first: `\\u{65E5}` is one 1-em character.
        XCTAssertEqual(validate("text a { text: \"\\u{65E5}\\u{65E5}\\u{65E5}\"; size: 40 x 16; font-size: 16 }").count, 1)
        XCTAssertEqual(validate("text a { text: \"\\u{65E5}\\u{65E5}\\u{65E5}\"; size: 48 x 16; font-size: 16 }").count, 0)
        // A line feed in a `text` starts a new line, as the page keeps it (`pre-line`): escaped
        // in a one-line string or kept by a `"""` string. Elsewhere in a button it is a space.
        XCTAssertEqual(validate("text a { text: \"One\\nTwo\"; size: 200 x 20 }").count, 1)
        XCTAssertEqual(validate("text a { text: \"One Two\"; size: 200 x 20 }").count, 0)
        XCTAssertEqual(validate("text a { text: \"One\\\\nTwo\"; size: 200 x 20 }").count, 0, "an escaped backslash, then n")
        XCTAssertEqual(validate("text a {\n    text: \"\"\"\n      One\n      Two\n      \"\"\"\n    size: 200 x 20\n  }").count, 1)
        XCTAssertEqual(validate("button b { label: \"One\\nTwo\"; size: 200 x 20 }").count, 0)
        // Wherever it is read: measured as a textarea is when it holds one, for any text.
        var random = SeededRandom(seed: 117)
        for _ in 0..<300 {
            let words = (0..<(1 + random.below(6))).map { _ in ["a", "bb", "Hello", "world", "x y"][random.below(5)] }
            let joined = words.joined(separator: random.below(2) == 0 ? " " : "\\n")
            let height = 10 + random.below(60)
            let asText = validate("text a { text: \"\(joined)\"; size: 300 x \(height) }").count
            let asArea = validate("textarea a { text: \"\(joined)\"; size: 300 x \(height) }").count
            XCTAssertEqual(asText, asArea, "\(joined) in a box \(height) px tall")
        }
        // A word longer than 40 characters is cut in the message.
        let word = String(repeating: "x", count: 60)
        let cut = validate("text a { text: \"\(word)\"; size: 40 x 40 }")
        XCTAssertTrue(cut.first?.message.contains("`" + String(repeating: "x", count: 40) + "…`") ?? false, cut.first?.message ?? "")
    }
}
