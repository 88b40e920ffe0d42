@testable import HTMLGen
import XCTest

/// Which language tags run right to left, and the first-strong-character rule that stands in
/// for HTML's `dir="auto"` in SVG labels.
final class TextDirectionTests: XCTestCase {
    /// Subtags that never change a tag's direction: regions that flip no language's script,
    /// variants, extensions and private use.
    static let neutralTails = ["", "-EG", "-001", "-1996", "-u-nu-latn", "-x-private", "-valencia-u-ca-gregory-x-a"]

    func testEveryRightToLeftLanguageInEveryForm() {
        XCTAssertGreaterThan(DirectionTables.rightToLeftLanguages.count, 200)
        for language in DirectionTables.rightToLeftLanguages {
            for tail in Self.neutralTails {
                for tag in [language + tail, language.uppercased() + tail.uppercased()] {
                    XCTAssertEqual(TextDirection(languageTag: tag), .rightToLeft, tag)
                }
            }
            // A script subtag wins over the language: romanised Arabic runs left to right.
            XCTAssertEqual(TextDirection(languageTag: language + "-Latn"), .leftToRight, language)
            XCTAssertEqual(TextDirection(languageTag: language + "-Cyrl-RU"), .leftToRight, language)
        }
    }

    func testLeftToRightLanguages() {
        for language in ["en", "fr", "de", "zh", "ja", "ko", "ru", "hi", "pt", "tr", "sw", "am", "el", "th", "vi", "az", "pa", "ms", "ku", "uz", "kk", "und"] {
            XCTAssertFalse(DirectionTables.rightToLeftLanguages.contains(language), language)
            for tail in Self.neutralTails {
                XCTAssertEqual(TextDirection(languageTag: language + tail), .leftToRight, language + tail)
            }
        }
    }

    func testEveryRightToLeftScriptDecides() {
        XCTAssertTrue(DirectionTables.rightToLeftScripts.isSuperset(of: ["arab", "hebr", "syrc", "thaa", "nkoo", "adlm", "rohg"]))
        for script in DirectionTables.rightToLeftScripts {
            let code = script.prefix(1).uppercased() + script.dropFirst()
            for language in ["und", "en", "az", "uz", "ms", "pa", "ar"] {
                XCTAssertEqual(TextDirection(languageTag: "\(language)-\(code)"), .rightToLeft, "\(language)-\(code)")
                XCTAssertEqual(TextDirection(languageTag: "\(language)-\(code)-IR-x-y"), .rightToLeft, "\(language)-\(code)")
            }
        }
        for tag in ["zh-Hant", "sr-Latn", "ar-Latn-EG", "he-Latn", "sd-Deva", "ks-Deva", "pa-Guru-PK"] {
            XCTAssertEqual(TextDirection(languageTag: tag), .leftToRight, tag)
        }
    }

    func testRegionsThatChangeTheLikelyScript() {
        for pair in DirectionTables.rightToLeftRegions {
            XCTAssertEqual(TextDirection(languageTag: pair), .rightToLeft, pair)
            let language = String(pair.split(separator: "-")[0])
            XCTAssertEqual(TextDirection(languageTag: language), .leftToRight, language)
            XCTAssertEqual(TextDirection(languageTag: pair.replacingOccurrences(of: "-", with: "-Latn-")), .leftToRight, pair)
        }
        for pair in DirectionTables.leftToRightRegions {
            XCTAssertEqual(TextDirection(languageTag: pair), .leftToRight, pair)
            XCTAssertEqual(TextDirection(languageTag: String(pair.split(separator: "-")[0])), .rightToLeft, pair)
            XCTAssertEqual(TextDirection(languageTag: pair.replacingOccurrences(of: "-", with: "-Arab-")), .rightToLeft, pair)
        }
        // Documented examples.
        XCTAssertEqual(TextDirection(languageTag: "pa-PK"), .rightToLeft)
        XCTAssertEqual(TextDirection(languageTag: "pa-IN"), .leftToRight)
        XCTAssertEqual(TextDirection(languageTag: "sd-IN"), .leftToRight)
        // A region after a variant or inside an extension is not the region.
        XCTAssertEqual(TextDirection(languageTag: "pa-x-pk"), .leftToRight)
    }

    func testWhatIsNotALanguageTagIsLeftToRight() {
        for tag in ["", "a", "ar_EG", "ar-", "-ar", "ar--EG", "عربي", "ar EG", "123"] {
            XCTAssertEqual(TextDirection(languageTag: tag), .leftToRight, tag)
        }
    }

    // MARK: First strong character

    func testTheStrongRangesAreOrderedAndMerged() {
        let table = DirectionTables.strongRanges
        XCTAssertEqual(table.count % 2, 0)
        var previousEnd: UInt32? = nil
        var previousRTL = false
        for i in stride(from: 0, to: table.count, by: 2) {
            let start = table[i], end = table[i + 1] >> 1, rtl = table[i + 1] & 1 == 1
            XCTAssertLessThanOrEqual(start, end, "range \(i / 2)")
            XCTAssertLessThanOrEqual(end, 0x10FFFF)
            if let previousEnd {
                XCTAssertGreaterThan(start, previousEnd, "ranges overlap or are out of order at \(i / 2)")
                XCTAssertFalse(start == previousEnd + 1 && rtl == previousRTL, "unmerged neighbours at \(i / 2)")
            }
            previousEnd = end
            previousRTL = rtl
        }
    }

    func testStrongDirectionOfCharacters() {
        let rtl: [UInt32] = [0x05D0, 0x0627, 0x0710, 0x0780, 0x07CA, 0x0800, 0x0840, 0x08A0, 0xFB1D, 0xFB50, 0xFE70,
                             0x10800, 0x10900, 0x10D00, 0x10F30, 0x1E900, 0x1EE00, 0x200F,
                             0x05FF, 0x10D40]  // the last two unassigned, in right-to-left blocks
        let ltr: [UInt32] = [0x41, 0x7A, 0xC0, 0x0391, 0x0410, 0x0905, 0x0E01, 0x4E2D, 0xAC00, 0x3042, 0x200E,
                             0xE000, 0x10FFFD, 0x1F1E6, 0x30000]
        let none: [UInt32] = [0x20, 0x30, 0x21, 0xA0, 0x0660, 0x06F0, 0x0300, 0x064B, 0x05B0, 0x2014, 0x1F600,
                              0x20AC, 0x20CF, 0xFDD0, 0xFFFE, 0x2066, 0xFEFF]
        for v in rtl { XCTAssertEqual(TextDirection.strong(v), .rightToLeft, String(v, radix: 16)) }
        for v in ltr { XCTAssertEqual(TextDirection.strong(v), .leftToRight, String(v, radix: 16)) }
        for v in none { XCTAssertNil(TextDirection.strong(v), String(v, radix: 16)) }
    }

    func testFirstStrongCharacterOfText() {
        XCTAssertEqual(TextDirection.firstStrong(in: "Hello"), .leftToRight)
        XCTAssertEqual(TextDirection.firstStrong(in: "שלום, world"), .rightToLeft)
        XCTAssertEqual(TextDirection.firstStrong(in: "123, «مرحبا» Hello"), .rightToLeft)
        XCTAssertEqual(TextDirection.firstStrong(in: "١٢٣ — Total"), .leftToRight, "Arabic-Indic digits have no strong direction")
        XCTAssertEqual(TextDirection.firstStrong(in: "\u{200F}Hello"), .rightToLeft, "a right-to-left mark counts")
        XCTAssertEqual(TextDirection.firstStrong(in: "😀 中文"), .leftToRight)
        XCTAssertNil(TextDirection.firstStrong(in: ""))
        XCTAssertNil(TextDirection.firstStrong(in: "123 — 4.5% (!)"))
        XCTAssertNil(TextDirection.firstStrong(in: "\u{064B}\u{0660}"))
    }
}
