import Foundation
import TestSupport
import XCTest
@testable import HTMLGen

final class LabelWrapTests: XCTestCase {
    /// A zero font size, an enormous width or NaN must not trap, nor loop: every character
    /// is placed on some line.
    func testDegenerateSizesDoNotTrap() {
        XCTAssertEqual(AnnotationGeometry.wrap("one two", width: 1e300, fontSize: 12), ["one two"])
        XCTAssertEqual(AnnotationGeometry.wrap("one two", width: 100, fontSize: 0), ["one two"])
        XCTAssertEqual(AnnotationGeometry.wrap("one two", width: 100, fontSize: .infinity), ["one two"])
        // Nothing fits a width of 0 (or NaN): one character a line.
        XCTAssertEqual(AnnotationGeometry.wrap("one two", width: .nan, fontSize: 12), ["o", "n", "e", "t", "w", "o"])
        XCTAssertEqual(AnnotationGeometry.wrap("one two", width: 0, fontSize: 12), ["o", "n", "e", "t", "w", "o"])
        XCTAssertEqual(AnnotationGeometry.wrap("", width: 10, fontSize: 12), [""])
        XCTAssertEqual(AnnotationGeometry.wrap("   ", width: 10, fontSize: 12), [""])
    }

    /// Pieces of text of the kinds that overflowed the old estimate of half the font size per
    /// character: capitals, URLs, CJK, digits, accented and combining letters, emoji.
    static let pieces: [[String]] = [
        ["WWW", "MOMENTUM", "HEADLINE", "ALL", "CAPS", "QA", "OK"],
        ["https://example.com/a/very/long/path/to/some/resource?query=1&other=2#fragment",
         "www.example.org/docs/index.html", "user@example.com", "a-long-hyphenated-compound-word"],
        ["日本語のテキストは空白なしで折り返す必要があります。", "中文文本没有空格", "한국어 텍스트", "ｆｕｌｌｗｉｄｔｈ"],
        ["mill", "illicit", "the", "and", "iiii", "lll", "1234567890"],
        ["Ça", "Ärger", "naïve", "e\u{301}te\u{301}", "Ωμέγα", "Привет"],
        ["👍🏽", "👨‍👩‍👧", "🇫🇷", "✓"],
    ]

    static func randomText(_ random: inout SeededRandom) -> String {
        let words = Int.random(in: 0...14, using: &random)
        var text: [String] = []
        for _ in 0..<words {
            let kind = pieces[Int.random(in: 0..<pieces.count, using: &random)]
            var word = kind[Int.random(in: 0..<kind.count, using: &random)]
            // Sometimes glued to the previous word, sometimes cut short.
            if Bool.random(using: &random) {
                let scalars = Array(word.unicodeScalars)
                var view = String.UnicodeScalarView()
                view.append(contentsOf: scalars[0..<Int.random(in: 1...scalars.count, using: &random)])
                word = String(view)
            }
            text.append(word)
        }
        return text.joined(separator: Bool.random(using: &random) ? " " : ["", "  ", " "][Int.random(in: 0..<3, using: &random)])
    }

    /// The property: no wrapped line is wider, measured, than the box (but for a line of one
    /// character that alone is wider), and no character is lost or invented.
    func testNoLineIsWiderThanItsBox() {
        var random = SeededRandom(seed: 2024)
        let fonts: [(String?, Int)] = [(nil, 400), ("Inter", 600), ("Georgia", 400), ("Times New Roman", 700),
                                       ("Menlo", 400), ("serif", 400), ("monospace", 700)]
        var wrapped = 0
        for _ in 0..<3000 {
            let text = LabelWrapTests.randomText(&random)
            let fontSize = Double(Int.random(in: 8...48, using: &random))
            let width = Double(Int.random(in: 0...600, using: &random))
            let font = fonts[Int.random(in: 0..<fonts.count, using: &random)]
            let metrics = LabelMetrics.forFont(font.0, weight: font.1)
            let lines = AnnotationGeometry.wrap(text, width: width, fontSize: fontSize, metrics: metrics)
            if lines.count > 1 { wrapped += 1 }
            for line in lines {
                let measured = metrics.width(line.unicodeScalars) * fontSize
                let oneCharacter = isOneCluster(line)
                XCTAssertTrue(measured <= width + 1e-9 || oneCharacter,
                              "\(line.debugDescription) is \(measured) wide in \(width) (\(font), \(fontSize)) from \(text.debugDescription)")
                XCTAssertFalse(line.hasPrefix(" ") || line.hasSuffix(" "), line.debugDescription)
            }
            let kept = lines.joined().unicodeScalars.filter { $0 != " " }
            let given = text.unicodeScalars.filter { $0 != " " }
            XCTAssertEqual(String(String.UnicodeScalarView(kept)), String(String.UnicodeScalarView(given)))
        }
        XCTAssertGreaterThan(wrapped, 1000, "the texts do wrap")
    }

    /// Whether a line is one character as wrapping sees it (a scalar with the zero-width
    /// scalars after it, and whatever a joiner joins to it: an emoji sequence), which may be
    /// wider than the box alone.
    func isOneCluster(_ line: String) -> Bool {
        var previous: UInt32? = nil
        for (i, s) in line.unicodeScalars.enumerated() {
            if i > 0 && !LabelMetrics.isZeroWidth(s.value) && previous != 0x200D { return false }
            previous = s.value
        }
        return true
    }

    /// Capitals are wider than half the font size, so a label sized to its text measures them.
    func testCapitalsAndCJKBreakWhereTheOldEstimateOverflowed() {
        let metrics = LabelMetrics.sansBold
        // A W is 0.944 em in Helvetica Bold: two words of five take 194 px of 200. The old
        // estimate (0.5 em) put 17 characters, 293 px, on the line.
        let lines = AnnotationGeometry.wrap("WWWWW WWWWW WWWWW WWWWW", width: 200, fontSize: 20, metrics: metrics)
        XCTAssertEqual(lines, ["WWWWW WWWWW", "WWWWW WWWWW"])
        // CJK breaks between any two characters, not before closing punctuation.
        XCTAssertEqual(AnnotationGeometry.wrap("日本語です。", width: 40, fontSize: 20, metrics: .sans), ["日本", "語で", "す。"])
        // A URL breaks after its separators when it can.
        XCTAssertEqual(AnnotationGeometry.wrap("https://example.com/path", width: 100, fontSize: 10, metrics: .sans),
                       ["https://example.com/", "path"])
    }

    func testBase64MatchesFoundation() {
        var random = SeededRandom(seed: 64)
        for _ in 0..<300 {
            let bytes = (0..<Int.random(in: 0...70, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            XCTAssertEqual(EmbeddedImage.base64(bytes), Data(bytes).base64EncodedString())
        }
    }
}
