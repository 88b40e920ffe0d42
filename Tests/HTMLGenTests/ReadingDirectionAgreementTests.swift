import HTMLGen
@testable import Validator
import XCTest

/// The reading-order rule (TDL317, in the validator, below HTMLGen) judges rows only for a
/// `lang` whose direction it is sure of, from short lists of its own: they must agree with
/// the direction the exported page gets (`TextDirection`, from the full tables).
final class ReadingDirectionAgreementTests: XCTestCase {
    func testTheValidatorsDirectionsAgreeWithThePages() {
        for language in Checker.rightToLeftLanguages {
            XCTAssertEqual(Checker.readsRightToLeft(lang: language), true, language)
            XCTAssertEqual(TextDirection(languageTag: language), .rightToLeft, language)
        }
        for language in Checker.leftToRightLanguages {
            XCTAssertEqual(Checker.readsRightToLeft(lang: language), false, language)
            XCTAssertEqual(TextDirection(languageTag: language), .leftToRight, language)
        }
        // No `lang`: the page's default, left to right. A subtag that may change the
        // direction, or a language not listed: not judged.
        XCTAssertEqual(Checker.readsRightToLeft(lang: nil), false)
        XCTAssertEqual(TextDirection(languageTag: ""), .leftToRight)
        for tag in ["az-Arab", "pa-PK", "en-US", "ar-Latn", "xx", "ks"] {
            XCTAssertNil(Checker.readsRightToLeft(lang: tag), tag)
        }
    }
}
