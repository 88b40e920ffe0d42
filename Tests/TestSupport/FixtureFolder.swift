import Foundation

/// A folder of fixture files in the repository: inputs a test reads, and expected outputs
/// it compares with, which an environment variable tells it to rewrite instead (as
/// `UPDATE_FIXTURES=1` or `UPDATE_GOLDEN=1`).
public struct FixtureFolder: Sendable {
    /// Absolute, without symbolic links (the tests also run from a scratch package that
    /// links `Tests/`).
    public let path: String

    /// The folder at `relative` from the folder of the test source `file` (a path that
    /// starts with `/` is taken as it is).
    public init(_ relative: String, besides file: StaticString = #filePath) {
        let base = URL(fileURLWithPath: "\(file)").resolvingSymlinksInPath().deletingLastPathComponent()
        let url = relative.hasPrefix("/") ? URL(fileURLWithPath: relative) : base.appendingPathComponent(relative)
        path = url.standardizedFileURL.path
    }

    /// Paths relative to this folder of the files whose name ends in `.ext`, in this folder
    /// and the folders below it, sorted. Hidden files and folders are skipped.
    public func files(withExtension ext: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: path) else { return [] }
        var found: [String] = []
        while let relative = walker.nextObject() as? String {
            if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            if relative.hasSuffix("." + ext) { found.append(relative) }
        }
        return found.sorted()
    }

    public func read(_ relative: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path + "/" + relative)))
    }

    public func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: path + "/" + relative) }

    /// Whether `variable` is set to 1: the expected files are to be rewritten.
    public static func updating(_ variable: String) -> Bool {
        ProcessInfo.processInfo.environment[variable] == "1"
    }

    /// Compares `actual` with the expected file `relative`. When `variable` is 1 the file is
    /// written instead (only if it differs) and the answer is nil; otherwise the answer is
    /// nil when they are equal, else a message naming the first differing line and the
    /// command that rewrites the file.
    public func compare(_ actual: [UInt8], with relative: String, updating variable: String, command: String) -> String? {
        let url = URL(fileURLWithPath: path + "/" + relative)
        let expected = (try? Data(contentsOf: url)).map(Array.init)
        if FixtureFolder.updating(variable) {
            if expected != actual {
                do {
                    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try Data(actual).write(to: url, options: .atomic)
                } catch {
                    return "cannot write \(relative): \(error)"
                }
            }
            return nil
        }
        guard let expected else { return "\(relative) is missing: run \(command)" }
        if expected == actual { return nil }
        let a = String(decoding: expected, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let b = String(decoding: actual, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let line = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
        return """
            \(relative) differs at line \(line + 1):
              expected: \(line < a.count ? String(a[line]) : "<end>")
              now:      \(line < b.count ? String(b[line]) : "<end>")
            Run \(command) if the change is intended, and review the diff.
            """
    }
}
