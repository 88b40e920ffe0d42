import XCTest
@testable import HTMLGen

final class LabelWrapTests: XCTestCase {
    /// Wrapping estimates characters per line from width and font size; a zero font size or
    /// an enormous width must not trap converting that estimate to an Int.
    func testDegenerateSizesDoNotTrap() {
        XCTAssertEqual(AnnotationGeometry.wrap("one two", width: 1e300, fontSize: 12), ["one two"])
        XCTAssertEqual(AnnotationGeometry.wrap("one two", width: 100, fontSize: 0), ["one two"])
        XCTAssertEqual(AnnotationGeometry.wrap("one two", width: .nan, fontSize: 12), ["one", "two"])
        XCTAssertEqual(AnnotationGeometry.wrap("one two", width: 0, fontSize: 12), ["one", "two"])
    }
}
