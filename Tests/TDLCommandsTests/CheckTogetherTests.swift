import Foundation
import XCTest
@testable import TDLCommands

/// `check` over several files reads them as one project: a style used from any of them is
/// used; a file checked alone counts its own uses only; imports outside the paths given are
/// read for their styles, once, and not reported on.
final class CheckTogetherTests: XCTestCase {
    /// The shared benchmark's shape, small: one styles file and screens, some of which import
    /// it and use one of its two styles.
    func makeWorkspace(users: Int, screens: Int) -> Scratch {
        let dir = Scratch()
        _ = dir.write("shared/styles.tdl", """
            format 1

            style brand-card {
              font-size: 16
              color: #1E1E1E
            }

            style brand-title {
              style: brand-card
              font-size: 28
            }

            """)
        for k in 0..<screens {
            let user = k < users
            _ = dir.write("screens/screen-\(k).tdl", """
                format 1
                \(user ? "import \"../shared/styles.tdl\"" : "")

                template screen-\(k) {
                  size: 375 x 667
                  text line {
                    \(user ? "style: brand-card" : "color: #1E1E1E")
                    text: "Screen \(k)"
                    at: 16, 16
                    size: 343 x 24
                  }
                }

                """)
        }
        return dir
    }

    func codes(_ result: RunResult) throws -> [String] {
        let json = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [[String: Any]] ?? []
        return json.map { "\(($0["file"] as? String).map { ($0 as NSString).lastPathComponent } ?? ""):\($0["code"] as? String ?? ""):\($0["message"] as? String ?? "")" }
    }

    func testAFolderCheckedTogetherCountsUsesFromEveryFile() throws {
        let dir = makeWorkspace(users: 3, screens: 6)
        defer { dir.remove() }
        let together = runTool(["check", "--format", "json", "--strict", dir.path])
        XCTAssertEqual(try codes(together), ["styles.tdl:TDL304:style `brand-title` is never used"],
                       "checked together, the only finding is the style nobody uses")
        XCTAssertEqual(together.status, 1, "--strict fails on that warning")

        let alone = runTool(["check", "--format", "json", dir.path + "/shared/styles.tdl"])
        XCTAssertEqual(try codes(alone), ["styles.tdl:TDL304:style `brand-card` is never used",
                                          "styles.tdl:TDL304:style `brand-title` is never used"],
                       "alone, a file counts its own uses: today's meaning")

        let screensOnly = runTool(["check", "--format", "json", dir.path + "/screens"])
        XCTAssertEqual(try codes(screensOnly), [], "an import outside the paths given is read, not reported on")
        XCTAssertEqual(screensOnly.status, 0)
    }

    func testEveryFileOfTheProjectSeesTheSameDefinitions() throws {
        // Many files checked together in parallel give what each gives checked with the rest,
        // one at a time: the project is built once and read concurrently.
        let dir = makeWorkspace(users: 40, screens: 60)
        defer { dir.remove() }
        _ = dir.write("screens/uses-title.tdl", "format 1\nimport \"../shared/styles.tdl\"\ntemplate t {\n  size: 100 x 100\n  text a {\n    style: brand-title\n    text: \"x\"\n    at: 0, 0\n    size: 100 x 40\n  }\n}\n")
        let all = runTool(["check", "--format", "json", dir.path])
        XCTAssertEqual(try codes(all), [], "brand-title is used by one file, brand-card through it and directly")
        XCTAssertEqual(all.status, 0)
    }

    func testFixesAreSeenByTheOtherFilesOfTheRun() throws {
        let dir = Scratch()
        defer { dir.remove() }
        let styles = dir.write("styles.tdl", "format 1\n\nstyle used-later {\n  font-size: 12\n}\n")
        // A missing `format` line has a certain fix; the run applies it and reports the rest.
        _ = dir.write("user.tdl", "import \"styles.tdl\"\ntemplate t {\n  size: 100 x 100\n  text a {\n    style: used-later\n    text: \"x\"\n    at: 0, 0\n    size: 100 x 40\n  }\n}\n")
        let result = runTool(["check", "--fix", "--format", "json", dir.path])
        XCTAssertEqual(try codes(result), [])
        XCTAssertTrue(dir.read("user.tdl").hasPrefix("format 1\n"), dir.read("user.tdl"))
        XCTAssertEqual(try String(contentsOfFile: styles, encoding: .utf8), "format 1\n\nstyle used-later {\n  font-size: 12\n}\n")
    }
}
