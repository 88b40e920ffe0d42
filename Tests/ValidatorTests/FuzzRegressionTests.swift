import XCTest
import TemplateFormat
import Validator

/// Inputs the fuzz targets in `Fuzz/` found crashing, kept as tests of what broke.
final class FuzzRegressionTests: XCTestCase {
    /// `format` with a version too large for an Int trapped converting it (fuzz target
    /// `format`); it is simply newer than this toolchain.
    func testAHugeFormatVersionIsTooNewNotACrash() {
        for (text, code) in [("format 66666666666666666666666666666666661\n", "TDL115"), ("format -66666666666666666666666\n", "TDL116")] {
            let codes = Validator.validate(SyntaxTree.parse(text)).map(\.code)
            XCTAssertTrue(codes.contains(code), "\(text): \(codes)")
        }
        let newer = Validator.validate(SyntaxTree.parse("format 66666666666666666666666666666666661\n"))
        XCTAssertTrue(newer.contains { $0.message.contains("format 66666666666666666666666666666666661") }, "\(newer.map(\.message))")
    }
}
