import XCTest
import TemplateFormat
@testable import ProjectModel
import TestSupport

/// `StyleScope.chainNamesOfEveryStyle` (each chain built from its parent's) equals
/// `chainIDs(from:)` (one walk per style) for every style, over random style graphs: chains
/// longer than the limit, cycles, chains leading into cycles, parents that are not defined.
final class StyleChainTests: XCTestCase {
    func testEveryChainAtOnceEqualsOneWalkPerStyle() {
        var random = SeededRandom(seed: 2026)
        for round in 0..<60 {
            let count = random.int(1...(round < 50 ? 40 : 300))
            var text = "format 1\n"
            for i in 0..<count {
                text += "style s\(i) {\n"
                switch random.below(10) {
                case 0: break                                             // a root
                case 1: text += "  style: missing\(i)\n"                  // a parent not defined
                case 2, 3: text += "  style: s\(random.below(count))\n"   // anywhere: cycles too
                default: text += "  style: s\(min(i + 1, count - 1))\n"   // a long chain
                }
                text += "  font-size: 12\n}\n"
            }
            let project = Project(files: [ProjectFile(path: "/w/a.tdl", bytes: Array(text.utf8))], loader: nil)
            let scope = project.scope(of: "/w/a.tdl")
            let all = scope.chainNamesOfEveryStyle()
            XCTAssertEqual(Set(all.keys), Set(scope.names), "round \(round)")
            for name in scope.names {
                XCTAssertEqual(all[name], scope.chainIDs(from: name).map(\.name), "round \(round), style \(name)")
            }
        }
    }

    func testALongChainIsCutAtTheLimit() {
        let n = 500
        var text = "format 1\n"
        for i in 0..<n { text += "style s\(i) { style: s\(i + 1) }\n" }
        text += "style s\(n) { font-size: 12 }\n"
        let project = Project(files: [ProjectFile(path: "/w/a.tdl", bytes: Array(text.utf8))], loader: nil)
        let all = project.scope(of: "/w/a.tdl").chainNamesOfEveryStyle()
        XCTAssertEqual(all["s0"]?.count, ProjectLimits.maximumStyleChain)
        XCTAssertEqual(all["s0"]?.last, "s\(ProjectLimits.maximumStyleChain - 1)")
        XCTAssertEqual(all["s\(n)"], ["s\(n)"])
    }
}
