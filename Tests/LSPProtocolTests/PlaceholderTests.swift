import XCTest
@testable import LSPProtocol

final class LSPProtocolPlaceholderTests: XCTestCase {
    func testModuleBuilds() { XCTAssertTrue(true) }
}
