import XCTest
@testable import TemplateFormat
import TestSupport

/// The parser's fixtures: each `Fixtures/parser/**/NAME.tdl` parses to the tree written in
/// `NAME.tree` beside it (`SyntaxTree.dump()`, what `template-fmt debug tree` prints), and
/// prints back to its bytes. To add a case, write the `.tdl` file and run
/// `UPDATE_FIXTURES=1 swift test --filter ParserFixtureTests`, then review the new `.tree`.
final class ParserFixtureTests: XCTestCase {
    static let folder = FixtureFolder("Fixtures/parser")
    static let update = "UPDATE_FIXTURES=1 swift test --filter ParserFixtureTests"

    static func fixtures() throws -> [(name: String, bytes: [UInt8])] {
        try folder.files(withExtension: "tdl").map { ($0, try folder.read($0)) }
    }

    func testEveryFixtureParsesToItsTree() throws {
        let fixtures = try Self.fixtures()
        XCTAssertGreaterThanOrEqual(fixtures.count, 40, "fixtures not found in \(Self.folder.path)")
        for (name, bytes) in fixtures {
            let (problem, tree) = losslessProblem(bytes)
            XCTAssertNil(problem, name)
            let expected = String(name.dropLast(4)) + ".tree"
            if let difference = Self.folder.compare(Array(tree.dump().utf8), with: expected, updating: "UPDATE_FIXTURES", command: Self.update) {
                XCTFail(difference)
            }
        }
        // A tree whose input is gone is a leftover.
        let inputs = Set(fixtures.map { $0.name.dropLast(4) })
        let orphans = Self.folder.files(withExtension: "tree").filter { !inputs.contains($0.dropLast(5)) }
        XCTAssertEqual(orphans, [], "trees without their .tdl")
    }

    /// Every fix the parser offers in a fixture removes its diagnostic and adds no error.
    func testEveryFixInTheFixturesRemovesItsDiagnostic() throws {
        var applied = 0
        for (name, bytes) in try Self.fixtures() {
            let tree = SyntaxTree.parse(bytes)
            for d in tree.diagnostics {
                for fix in d.fixes {
                    let after = SyntaxTree.parse(applying(fix.edits, to: bytes))
                    let context = "\(name): \(d.code)@\(d.range.start) fix \"\(fix.title)\"; after:\n\(after.dump())"
                    XCTAssertLessThan(after.diagnostics(SyntaxCode(rawValue: d.code) ?? .unexpectedToken).count,
                                      tree.diagnostics.filter { $0.code == d.code }.count, context)
                    XCTAssertLessThan(after.diagnostics.count, tree.diagnostics.count, context)
                    applied += 1
                }
            }
        }
        XCTAssertGreaterThanOrEqual(applied, 4, "the fixtures show the fixes of TDL008, TDL011 and TDL012")
    }
}
