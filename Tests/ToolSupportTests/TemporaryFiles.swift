// Shared helpers: every test works in its own real temporary directory, removed afterwards.

import Foundation
import TestSupport
import XCTest

extension XCTestCase {
    /// A fresh directory (a `TemporaryFolder`), deleted when the test ends.
    func makeTemporaryDirectory() throws -> String {
        let folder = try TemporaryFolder(prefix: "toolsupport")
        addTeardownBlock { withExtendedLifetime(folder) {} }
        return folder.path
    }
}

/// Writes `contents` at `path`, creating parent directories.
func writeFile(_ path: String, _ contents: String) throws {
    try writeFile(path, Array(contents.utf8))
}

func writeFile(_ path: String, _ bytes: [UInt8]) throws {
    let url = URL(fileURLWithPath: path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: url)
}

func readFile(_ path: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: path)))
}

func makeDirectory(_ path: String) throws {
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
}

func directoryListing(_ path: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: path).sorted()
}

var runningAsRoot: Bool { getuid() == 0 }

/// Runs `body` with permission checks that apply: as root (CI runs as root), the effective
/// user becomes `nobody` for its duration, so tests of unreadable and unwritable folders
/// assert the real behaviour instead of being skipped. `folder` is opened up for `nobody`.
func withoutRootPrivileges<T>(opening folder: String, _ body: () throws -> T) rethrows -> T {
    guard geteuid() == 0 else { return try body() }
    chmod(folder, 0o777)
    let nobody: uid_t = 65534
    precondition(setegid(nobody) == 0 && seteuid(nobody) == 0, "cannot drop privileges")
    defer {
        _ = seteuid(0)
        _ = setegid(0)
    }
    return try body()
}
