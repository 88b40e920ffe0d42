import Foundation

/// A fresh folder under the system's temporary directory, deleted with everything in it
/// when the last reference goes (permissions a test took away are given back first). Its
/// path has no symbolic links, so it compares equal to paths the tools compute.
public final class TemporaryFolder: @unchecked Sendable {
    public let path: String

    /// `prefix` names the folder, to tell leftovers apart.
    public init(prefix: String = "tdl-test") throws {
        var template = Array((NSTemporaryDirectory() + "/\(prefix)-XXXXXX").utf8CString)
        guard let created = mkdtemp(&template) else {
            throw NSError(domain: "mkdtemp", code: Int(errno), userInfo: [NSLocalizedDescriptionKey: "cannot create a temporary folder"])
        }
        path = URL(fileURLWithPath: String(cString: created)).resolvingSymlinksInPath().path
    }

    deinit {
        TemporaryFolder.openUp(path)
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The absolute path of `relative` in this folder.
    public func path(_ relative: String) -> String { path + "/" + relative }

    /// Writes a file (creating its folders) and returns its absolute path.
    @discardableResult
    public func write(_ relative: String, _ text: String) throws -> String {
        try write(relative, bytes: Array(text.utf8))
    }

    @discardableResult
    public func write(_ relative: String, bytes: [UInt8]) throws -> String {
        let url = URL(fileURLWithPath: path(relative))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
        return url.path
    }

    public func read(_ relative: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path(relative))))
    }

    /// The file's text, or `<missing>` when it cannot be read (for assertions on output).
    public func text(_ relative: String) -> String {
        (try? read(relative)).map { String(decoding: $0, as: UTF8.self) } ?? "<missing>"
    }

    @discardableResult
    public func makeFolder(_ relative: String) throws -> String {
        try FileManager.default.createDirectory(atPath: path(relative), withIntermediateDirectories: true)
        return path(relative)
    }

    public func remove(_ relative: String) { try? FileManager.default.removeItem(atPath: path(relative)) }

    /// Gives the owner every permission on the folders below `path` (tests take them away
    /// to check unreadable folders), so the tree can be deleted. Symbolic links are not followed.
    private static func openUp(_ path: String) {
        chmod(path, 0o755)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
        for name in names {
            var info = stat()
            let child = path + "/" + name
            if lstat(child, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR { openUp(child) }
        }
    }
}
