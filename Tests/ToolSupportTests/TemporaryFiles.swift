// Shared helpers: every test works in its own real temporary directory, removed afterwards.

import Foundation
import XCTest

extension XCTestCase {
    /// A fresh directory under the system temp dir, deleted when the test ends.
    /// Returned without symlinks so paths compare equal to what the code computes.
    func makeTemporaryDirectory() throws -> String {
        var template = Array((NSTemporaryDirectory() + "/toolsupport-XXXXXX").utf8CString)
        guard let created = mkdtemp(&template) else {
            throw NSError(domain: "mkdtemp", code: Int(errno))
        }
        let path = URL(fileURLWithPath: String(cString: created)).resolvingSymlinksInPath().path
        addTeardownBlock {
            // Restore permissions a test may have removed, so the tree can be deleted.
            _ = chmodRecursively(path)
            try? FileManager.default.removeItem(atPath: path)
        }
        return path
    }
}

private func chmodRecursively(_ path: String) -> Bool {
    chmod(path, 0o755)
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return false }
    for name in names {
        let child = path + "/" + name
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: child, isDirectory: &isDirectory), isDirectory.boolValue {
            var info = stat()
            if lstat(child, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
                _ = chmodRecursively(child)
            }
        }
    }
    return true
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
