import XCTest
import TemplateFormat
@testable import ProjectModel
import TestSupport

final class SymbolSearchTests: XCTestCase {
    private let project = Project(files: [
        ProjectFile(path: "/w/styles.tdl", bytes: Array("style heading { font-size: 28 }\nstyle body-text { font-size: 14 }\n".utf8)),
        ProjectFile(path: "/w/card.tdl", bytes: Array("template card {\n  params { user: \"x\" }\n  text heading-copy { text: \"{{user}}\" }\n  text { text: \"unnamed\" }\n  text text { text: \"named text\" }\n  group g { text inner { text: \"i\" } }\n}\n".utf8)),
    ], loader: nil)

    func testExactThenPrefixThenSubstringThenFuzzy() {
        let found = project.searchSymbols("head")
        XCTAssertEqual(found.map(\.name), ["heading", "heading-copy"])
        XCTAssertEqual(found.map(\.path), ["/w/styles.tdl", "/w/card.tdl"])
        XCTAssertEqual(found.last?.containerName, "card")
        XCTAssertEqual(found.first.map { project.file("/w/styles.tdl")?.tree.text(of: $0.range) }, "heading")
        XCTAssertEqual(project.searchSymbols("BDT").map(\.name), ["body-text"], "case-insensitive subsequence")
        XCTAssertEqual(project.searchSymbols("text").map(\.name), ["text", "body-text"], "exact before substring")
        XCTAssertEqual(project.searchSymbols("inner").first?.containerName, "g", "the nearest named block holds it")
    }

    func testEmptyQueryListsEverythingNamedAndLimitApplies() {
        let all = project.searchSymbols("")
        XCTAssertEqual(Set(all.map(\.name)), ["heading", "body-text", "card", "user", "heading-copy", "text", "g", "inner"],
                       "unnamed blocks are left out")
        XCTAssertEqual(all.first { $0.name == "user" }?.kind, "parameter")
        XCTAssertEqual(all.first { $0.name == "user" }?.containerName, "card")
        XCTAssertEqual(project.searchSymbols("", limit: 2).count, 2)
        XCTAssertTrue(project.searchSymbols("zzz").isEmpty)
    }

    /// The cut keeps the best matches whatever the order of files: over random projects and
    /// queries, the result with a limit is the first `limit` of the full, ranked result, and
    /// the full result is the order rank, length, name, path, position says.
    func testALimitKeepsTheBestMatchesNotTheFirstFiles() {
        var random = SeededRandom(seed: 20261125)
        let words = ["card", "cart", "title", "tile", "header", "head", "ahead", "body", "btn", "button", "a", "ca"]
        for round in 0..<40 {
            var files: [ProjectFile] = []
            for f in 0..<Int.random(in: 1...6, using: &random) {
                var text = "format 1\n"
                for b in 0..<Int.random(in: 1...5, using: &random) {
                    let name = words.randomElement(using: &random)! + (Bool.random(using: &random) ? "" : "-\(b)")
                    text += "template \(name) {\n"
                    for e in 0..<Int.random(in: 0...4, using: &random) {
                        text += "  text \(words.randomElement(using: &random)!)\(e) { text: \"x\" }\n"
                    }
                    text += "}\n"
                }
                files.append(ProjectFile(path: "/w/\(round)-\(f).tdl", bytes: Array(text.utf8)))
            }
            let project = Project(files: files.shuffled(using: &random), loader: nil)
            for query in ["", "ca", "t", "head", "BTN", "x"] {
                let full = project.searchSymbols(query, limit: 100_000)
                for limit in [1, 3, 7] {
                    XCTAssertEqual(project.searchSymbols(query, limit: limit).map(\.name), Array(full.prefix(limit)).map(\.name),
                                   "round \(round), query \(query), limit \(limit)")
                }
                let needle = Array(query.lowercased().utf8)
                let keys = full.map { s -> (Int, Int, String, String, String, Int) in
                    (SymbolSearch.rank(needle, Array(s.name.lowercased().utf8)) ?? 9, s.name.utf8.count, s.name.lowercased(), s.name, s.path, s.range.start)
                }
                XCTAssertTrue(zip(keys, keys.dropFirst()).allSatisfy { $0 <= $1 }, "ranked order, query \(query)")
            }
        }
    }
}
