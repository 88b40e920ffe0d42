import XCTest
@testable import LanguageServer

final class LanguageServerPlaceholderTests: XCTestCase {
    func testModuleBuilds() { XCTAssertTrue(true) }
}
