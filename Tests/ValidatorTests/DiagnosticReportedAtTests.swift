import XCTest
import TemplateFormat
@testable import Validator

/// The shortcuts the rules report through: `Diagnostic.reported(at:)` (a style finding at
/// each use) and the initialiser without related locations, fixes or tags.
final class DiagnosticReportedAtTests: XCTestCase {
    func testReportedAtMovesTheDiagnosticAndGivesItItsOwnWording() {
        let related = [RelatedLocation(path: "other.tdl", range: ByteRange(start: 3, end: 9), message: "`fill` is set here")]
        let finding = Diagnostic(code: "TDL120", severity: .warning, range: ByteRange(start: 0, end: 0),
                                 message: "style `s` sets `fill`, which `text` does not use", related: related)
        let use = ByteRange(start: 40, end: 45)
        let moved = finding.reported(at: use)
        XCTAssertEqual(moved, Diagnostic(code: "TDL120", severity: .warning, range: use,
                                         message: "style `s` sets `fill`, which `text` does not use", related: related))
        XCTAssertEqual(moved.range, use)
        XCTAssertEqual(moved.related, related)
        XCTAssertTrue(moved.fixes.isEmpty && moved.tags.isEmpty && moved.hasLocations)
        // Each use is a diagnostic of its own to the server.
        XCTAssertNotEqual(moved.wordingIdentity, finding.wordingIdentity)
        XCTAssertNotEqual(moved.wordingIdentity, finding.reported(at: use).wordingIdentity)
        XCTAssertEqual(finding.range, ByteRange(start: 0, end: 0))
    }

    func testPlainInitialiserEqualsThePublicOneWithEmptyArrays() {
        let range = ByteRange(start: 5, end: 12)
        let plain = Diagnostic(code: "TDL302", severity: .warning, range: range, message: "text colour #777777 on #FFFFFF")
        let full = Diagnostic(code: "TDL302", severity: .warning, range: range, message: "text colour #777777 on #FFFFFF",
                              related: [], fixes: [], tags: [])
        XCTAssertEqual(plain, full)
        XCTAssertEqual(plain.hashValue, full.hashValue)
        XCTAssertFalse(plain.hasLocations)
        XCTAssertTrue(plain.tags.isEmpty && plain.related.isEmpty && plain.fixes.isEmpty)
    }

    /// A style whose property a kind does not use is reported at its first use by that kind
    /// in each template (one line of a style is one mistake, however often it is used); each
    /// report has its own wording box and the use's range.
    func testStyleFindingsOncePerTemplate() {
        let source = """
        format 1

        style cover {
          fit: cover
        }

        template card {
          size: 400 x 300
          text title {
            text: "x"
            style: cover
          }
          text subtitle {
            text: "y"
            style: cover
          }
        }

        template other {
          size: 400 x 300
          text title {
            text: "x"
            style: cover
          }
        }
        """
        let found = Validator.validate(Array(source.utf8)).filter { $0.code == "TDL120" }
        guard found.count == 2 else { return XCTFail("\(found)") }
        let lines = found.map { LineIndex(Array(source.utf8)).scalarPosition(of: $0.range.start).line + 1 }
        XCTAssertEqual(lines, [11, 23], "the first use in each template")
        XCTAssertNotEqual(found[0].range, found[1].range)
        XCTAssertEqual(found[0].message, found[1].message)
        XCTAssertEqual(found[0].related, found[1].related)
        XCTAssertNotEqual(found[0].wordingIdentity, found[1].wordingIdentity)
    }
}
