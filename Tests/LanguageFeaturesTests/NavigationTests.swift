import XCTest
import ProjectModel
import TemplateFormat
@testable import LanguageFeatures

final class NavigationTests: XCTestCase {
    private let shared = NavFixture.source("""
    /// The house title.
    style title { font-size: 28 }
    style unused { font-size: 1 }
    """, path: "/w/shared.tdl")

    private let mainText = """
    import "shared.tdl"
    style body {
      style: title
      font-size: 14
    }
    template t {
      params {
        user: "friend"
      }
      text a { style: body; text: "Hi {{user}}, {{user}}!" }
      text b { style: title; text: "x" }
    }
    annotations shot {
      image: "s.png"
      rect target { at: 1, 2 }
      arrow p { to: target; from: 1, 2 }
      line q { from: target; to: p }
    }
    """

    private func context(otherFiles: [ProjectFile] = []) -> NavigationContext {
        let (file, index, _) = NavFixture.file(mainText)
        return NavFixture.context(file, imports: [shared], others: otherFiles)
    }

    func testDefinitionOfLocalAndImportedStyle() {
        let c = context()
        let bodyUse = NavFixture.offset(of: "style: body", in: c.file) + 8
        XCTAssertEqual(Navigation.definition(at: bodyUse, in: c),
                       [SourceLocation(path: "/w/main.tdl", range: ByteRange(offset: NavFixture.offset(of: "body {", in: c.file), length: 4))])
        let titleUse = NavFixture.offset(of: "title", in: c.file) + 2
        let definition = Navigation.definition(at: titleUse, in: c)
        XCTAssertEqual(definition.first?.path, "/w/shared.tdl")
        XCTAssertEqual(definition.first.map { shared.tree.text(of: $0.range) }, "title")
    }

    func testDefinitionOfElementAndParameter() {
        let c = context()
        let use = NavFixture.offset(of: "to: target", in: c.file) + 5
        let target = Navigation.definition(at: use, in: c)
        XCTAssertEqual(target, [SourceLocation(path: "/w/main.tdl", range: ByteRange(offset: NavFixture.offset(of: "target {", in: c.file), length: 6))])
        let param = NavFixture.offset(of: "{{user}}", in: c.file) + 3
        XCTAssertEqual(Navigation.definition(at: param, in: c).map { NavFixture.text($0.range, in: c.file) }, ["user"])
        XCTAssertEqual(Navigation.definition(at: param, in: c).first?.range.start, NavFixture.offset(of: "user:", in: c.file))
        // Cursor just after a name still finds it; on a plain property key, nothing.
        XCTAssertFalse(Navigation.definition(at: use + 5, in: c).isEmpty)
        XCTAssertTrue(Navigation.definition(at: NavFixture.offset(of: "image:", in: c.file), in: c).isEmpty)
    }

    func testReferencesWithAndWithoutDeclaration() {
        let c = context()
        let use = NavFixture.offset(of: "target {", in: c.file)
        let all = Navigation.references(at: use, includeDeclaration: true, in: c)
        XCTAssertEqual(all.count, 3)
        XCTAssertTrue(all.allSatisfy { NavFixture.text($0.range, in: c.file) == "target" })
        XCTAssertEqual(Navigation.references(at: use, includeDeclaration: false, in: c).count, 2)
        let param = NavFixture.offset(of: "user:", in: c.file)
        XCTAssertEqual(Navigation.references(at: param, includeDeclaration: false, in: c).count, 2)
    }

    func testStyleReferencesAcrossImportsAndImporters() {
        // Another open document imports shared.tdl too and uses `title`.
        let other = NavFixture.source("import \"shared.tdl\"\ntemplate o {\n  text x { style: title; text: \"y\" }\n}\n", path: "/w/other.tdl")
        // A third one defines its own `title`: not the same symbol.
        let unrelated = NavFixture.source("style title { font-size: 3 }\ntemplate u {\n  text x { style: title; text: \"y\" }\n}\n", path: "/w/unrelated.tdl")
        let c = context(otherFiles: [other, unrelated])
        let titleUse = NavFixture.offset(of: "style: title", in: c.file) + 8
        let refs = Navigation.references(at: titleUse, includeDeclaration: true, in: c)
        let byPath = Dictionary(grouping: refs, by: \.path).mapValues(\.count)
        XCTAssertEqual(byPath, ["/w/main.tdl": 2, "/w/shared.tdl": 1, "/w/other.tdl": 1])
        XCTAssertEqual(Navigation.references(at: titleUse, includeDeclaration: false, in: c).count, 3)
    }

    func testHighlightsReadAndWrite() {
        let c = context()
        let highlights = Navigation.highlights(at: NavFixture.offset(of: "{{user}}", in: c.file) + 2, in: c)
        XCTAssertEqual(highlights.map(\.kind), [.write, .read, .read])
        XCTAssertTrue(Navigation.highlights(at: NavFixture.offset(of: "image", in: c.file), in: c).isEmpty)
    }

    func testElementsAreScopedToTheirContainer() {
        let (file, index, _) = NavFixture.file("""
        annotations a {
          image: "a.png"
          rect box { at: 1, 1 }
          arrow x { to: box }
        }
        annotations b {
          image: "b.png"
          rect box { at: 2, 2 }
          arrow y { to: box }
        }
        """)
        let c = NavFixture.context(file)
        let secondUse = NavFixture.offset(of: "to: box", in: file, occurrence: 1) + 4
        XCTAssertEqual(Navigation.definition(at: secondUse, in: c).first?.range.start, NavFixture.offset(of: "box {", in: file, occurrence: 1))
        XCTAssertEqual(Navigation.references(at: secondUse, includeDeclaration: true, in: c).count, 2)
    }

    func testUndefinedReferenceHasNoDefinitionButHighlights() {
        let (file, index, _) = NavFixture.file("template t {\n  text a { style: nope; text: \"x\" }\n  text b { style: nope; text: \"x\" }\n}\n")
        let c = NavFixture.context(file)
        let use = NavFixture.offset(of: "nope", in: file)
        XCTAssertTrue(Navigation.definition(at: use, in: c).isEmpty)
        XCTAssertEqual(Navigation.highlights(at: use, in: c).count, 2)
    }

    func testWholeDocumentIndexIsBuiltOnlyWhenNeeded() {
        let file = ProjectFile(path: "/w/main.tdl", tree: SyntaxTree.parse(mainText))
        let c = NavFixture.context(file, imports: [shared])
        let param = NavFixture.offset(of: "{{user}}", in: file) + 3
        XCTAssertEqual(Navigation.definition(at: param, in: c).count, 1)
        XCTAssertNotNil(Hover.hover(at: param, in: c))
        XCTAssertEqual(Navigation.highlights(at: param, in: c).count, 3)
        XCTAssertNil(file.symbolsIfBuilt, "element and parameter requests read the enclosing block only")
        XCTAssertEqual(Navigation.highlights(at: NavFixture.offset(of: "style: body", in: file) + 8, in: c).count, 2)
        XCTAssertNotNil(file.symbolsIfBuilt, "a style's uses are anywhere in the document")
    }
}
