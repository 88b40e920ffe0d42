import XCTest
@testable import LanguageFeatures

final class LanguageFeaturesPlaceholderTests: XCTestCase {
    func testModuleBuilds() { XCTAssertTrue(true) }
}
