import XCTest
import TemplateFormat
@testable import ProjectModel

/// Files that keep only their bytes get their trees back from `RecentTrees`: always the tree
/// of their own bytes, however files come and go (a freed file's address is reused at once).
final class RecentTreesTests: XCTestCase {
    func testAFileAlwaysGetsTheTreeOfItsOwnBytes() {
        let trees = RecentTrees(capacity: 4)
        var kept: [ProjectFile] = []
        for k in 0..<2_000 {
            let file = ProjectFile(path: "/w/f.tdl", bytes: Array("style s\(k) {}\n".utf8), trees: trees)
            XCTAssertEqual(file.tree.bytes, file.bytes, "file \(k)")
            XCTAssertEqual(file.tree.printed(), file.bytes)
            if k % 97 == 0 { kept.append(file) }
        }
        for file in kept { XCTAssertEqual(file.tree.bytes, file.bytes, "a kept file after many others") }
        XCTAssertEqual(kept.first?.summary.styles.first?.name, "s0")
    }
}
