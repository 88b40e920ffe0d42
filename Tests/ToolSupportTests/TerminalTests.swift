import Foundation
import XCTest
@testable import ToolSupport

final class TerminalTests: XCTestCase {
    func testPipesAndFilesAreNotTerminals() throws {
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        defer { close(fds[0]); close(fds[1]) }
        XCTAssertFalse(isTerminal(fds[0]))
        XCTAssertFalse(isTerminal(fds[1]))
        XCTAssertFalse(isTerminal(-1))
        let devNull = open("/dev/null", O_RDONLY)
        defer { close(devNull) }
        XCTAssertFalse(isTerminal(devNull))
    }

    func testPseudoTerminalIsATerminal() throws {
        // The master side of a pseudo-terminal answers the terminal ioctls isatty uses.
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        try XCTSkipIf(master < 0, "no pseudo-terminals available")
        defer { close(master) }
        XCTAssertTrue(isTerminal(master))
    }

    func testColorDecision() {
        XCTAssertTrue(shouldUseColor(outputIsTerminal: true, noColor: nil))
        XCTAssertTrue(shouldUseColor(outputIsTerminal: true, noColor: ""))
        XCTAssertFalse(shouldUseColor(outputIsTerminal: true, noColor: "1"))
        XCTAssertFalse(shouldUseColor(outputIsTerminal: true, noColor: "0"))
        XCTAssertFalse(shouldUseColor(outputIsTerminal: false, noColor: nil))
        XCTAssertFalse(shouldUseColor(outputIsTerminal: false, noColor: ""))
    }

    func testColorEnabledFollowsNoColorAndStdout() {
        let saved = getenv("NO_COLOR").map { String(cString: $0) }
        defer {
            if let saved { setenv("NO_COLOR", saved, 1) } else { unsetenv("NO_COLOR") }
        }
        setenv("NO_COLOR", "1", 1)
        XCTAssertFalse(colorEnabled)
        unsetenv("NO_COLOR")
        XCTAssertEqual(colorEnabled, isatty(STDOUT_FILENO) == 1)
        setenv("NO_COLOR", "", 1)
        XCTAssertEqual(colorEnabled, isatty(STDOUT_FILENO) == 1)
    }
}
