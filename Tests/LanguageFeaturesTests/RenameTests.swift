import TestSupport
import XCTest
import ProjectModel
import TemplateFormat
@testable import LanguageFeatures

final class RenameTests: XCTestCase {
    private let shared = NavFixture.source("style title { font-size: 28 }\nstyle other { style: title }\n", path: "/w/shared.tdl")
    private let mainText = """
    import "shared.tdl"
    template t {
      params {
        user: "friend"
        days: 3
      }
      text a { style: title; text: "Hi {{user}}" }
      text b { text: "x" }
    }
    """

    private func context() -> NavigationContext {
        let (file, index, _) = NavFixture.file(mainText)
        return NavFixture.context(file, imports: [shared])
    }

    func testPrepareRenameOnSymbolsAndRefusalElsewhere() throws {
        let c = context()
        let target = try Rename.prepare(at: NavFixture.offset(of: "{{user}}", in: c.file) + 4, in: c).get()
        XCTAssertEqual(target.placeholder, "user")
        XCTAssertEqual(NavFixture.text(target.range, in: c.file), "user")
        guard case .failure(let error) = Rename.prepare(at: NavFixture.offset(of: "font", in: c.file) + 1, in: c) else {
            return XCTFail("a property key is not renamable")
        }
        XCTAssertTrue(error.message.contains("Only style, element and parameter names"))
    }

    func testRenameParameterRewritesDefinitionAndInterpolations() throws {
        let c = context()
        let edits = try Rename.edits(at: NavFixture.offset(of: "user:", in: c.file), newName: "name", in: c).get()
        XCTAssertEqual(Array(edits.keys), ["/w/main.tdl"])
        let result = applying(edits["/w/main.tdl"] ?? [], to: mainText)
        XCTAssertTrue(result.contains("name: \"friend\""))
        XCTAssertTrue(result.contains("\"Hi {{name}}\""))
        XCTAssertFalse(result.contains("user"))
    }

    func testRenameStyleAcrossImports() throws {
        let c = context()
        let edits = try Rename.edits(at: NavFixture.offset(of: "title", in: c.file), newName: "headline", in: c).get()
        XCTAssertEqual(edits["/w/main.tdl"]?.count, 1)
        XCTAssertEqual(edits["/w/shared.tdl"]?.count, 2, "the definition and the other style extending it")
        let sharedText = String(decoding: shared.tree.bytes, as: UTF8.self)
        XCTAssertEqual(applying(edits["/w/shared.tdl"] ?? [], to: sharedText),
                       "style headline { font-size: 28 }\nstyle other { style: headline }\n")
    }

    func testRefusesInvalidIdentifiers() {
        let c = context()
        let at = NavFixture.offset(of: "b {", in: c.file)
        for bad in ["", "1st", "has space", "émoji", "a.b", "-x"] {
            guard case .failure(let error) = Rename.edits(at: at, newName: bad, in: c) else {
                return XCTFail("`\(bad)` must be refused")
            }
            XCTAssertTrue(error.message.contains("not a valid name"), error.message)
        }
        XCTAssertNoThrow(try Rename.edits(at: at, newName: "_b-2", in: c).get())
    }

    func testRefusesClashes() {
        let c = context()
        let element = Rename.edits(at: NavFixture.offset(of: "b {", in: c.file), newName: "a", in: c)
        XCTAssertEqual(element, .failure(RenameError(message: "An element named `a` already exists here; names are unique across a template or annotation set.")))
        guard case .failure(let param) = Rename.edits(at: NavFixture.offset(of: "user:", in: c.file), newName: "days", in: c) else {
            return XCTFail("parameter clash")
        }
        XCTAssertTrue(param.message.contains("`days`"))
        guard case .failure(let style) = Rename.edits(at: NavFixture.offset(of: "title", in: c.file), newName: "other", in: c) else {
            return XCTFail("style clash")
        }
        XCTAssertTrue(style.message.contains("`other`"), style.message)
        guard case .failure(let topLevel) = Rename.edits(at: NavFixture.offset(of: "title", in: c.file), newName: "t", in: c) else {
            return XCTFail("clash with the template name")
        }
        XCTAssertTrue(topLevel.message.contains("`template`"), topLevel.message)
    }

    func testSameNameIsNoEdit() throws {
        let c = context()
        XCTAssertEqual(try Rename.edits(at: NavFixture.offset(of: "b {", in: c.file), newName: "b", in: c).get(), [:])
    }
}
