import XCTest
@testable import ToolSupport
import ProjectModel
import TestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

final class PathNormalizationTests: XCTestCase {
    func testCollapsesEmptyAndDotComponents() {
        XCTAssertEqual(normalizedPath("a//b"), "a/b")
        XCTAssertEqual(normalizedPath("a/./b"), "a/b")
        XCTAssertEqual(normalizedPath("a/b/."), "a/b")
        XCTAssertEqual(normalizedPath("a///././/b"), "a/b")
        XCTAssertEqual(normalizedPath("//a//b//"), "/a/b")
        XCTAssertEqual(normalizedPath("a/b.tdl"), "a/b.tdl", "a clean path is unchanged")
    }

    func testDropsATrailingSlash() {
        XCTAssertEqual(normalizedPath("a/b/"), "a/b")
        XCTAssertEqual(normalizedPath("a/b/./"), "a/b")
        XCTAssertEqual(normalizedPath("/a/"), "/a")
    }

    func testAppliesParentComponents() {
        XCTAssertEqual(normalizedPath("a/b/../c"), "a/c")
        XCTAssertEqual(normalizedPath("a/b/c/../../d"), "a/d")
        XCTAssertEqual(normalizedPath("/a/./b/../c/"), "/a/c")
        XCTAssertEqual(normalizedPath("x/./../y"), "y")
        XCTAssertEqual(normalizedPath("/tmp/../tmp/./x.tdl"), "/tmp/x.tdl")
    }

    func testKeepsTheRoot() {
        XCTAssertEqual(normalizedPath("/"), "/")
        XCTAssertEqual(normalizedPath("///"), "/")
        XCTAssertEqual(normalizedPath("/."), "/")
        XCTAssertEqual(normalizedPath("/.."), "/")
        XCTAssertEqual(normalizedPath("/../a"), "/a", "`..` at the root stays at the root")
        XCTAssertEqual(normalizedPath("/a/../.."), "/")
    }

    func testRelativeParentsBeyondTheStartAreKept() {
        XCTAssertEqual(normalizedPath(".."), "..")
        XCTAssertEqual(normalizedPath("../a"), "../a")
        XCTAssertEqual(normalizedPath("../../a/b/.."), "../../a")
        XCTAssertEqual(normalizedPath("a/../../b"), "../b")
        XCTAssertEqual(normalizedPath("a/../../../b/c"), "../../b/c")
        XCTAssertEqual(normalizedPath("../"), "..")
    }

    func testRelativePathThatCancelsOutIsDot() {
        XCTAssertEqual(normalizedPath("a/.."), ".")
        XCTAssertEqual(normalizedPath("a/b/../.."), ".")
        XCTAssertEqual(normalizedPath("."), ".")
        XCTAssertEqual(normalizedPath("./"), ".")
        XCTAssertEqual(normalizedPath(""), "", "the empty path stays empty")
    }

    func testALeadingDotSlashIsKept() {
        XCTAssertEqual(normalizedPath("./a"), "./a")
        XCTAssertEqual(normalizedPath("./a/./b"), "./a/b")
        XCTAssertEqual(normalizedPath(".//a"), "./a")
        XCTAssertEqual(normalizedPath("././a"), "./a")
        XCTAssertEqual(normalizedPath("./a/../b"), "./b")
        XCTAssertEqual(normalizedPath("./../a"), "./../a")
        XCTAssertEqual(normalizedPath("./a/.."), ".")
    }

    func testNamesThatOnlyLookLikeDots() {
        XCTAssertEqual(normalizedPath("a/.../b"), "a/.../b")
        XCTAssertEqual(normalizedPath("a/..b/c"), "a/..b/c")
        XCTAssertEqual(normalizedPath("a/.b/../c"), "a/c")
        XCTAssertEqual(normalizedPath("c d/./é.tdl"), "c d/é.tdl")
    }

    func testNormalizingIsIdempotent() {
        for path in ["a//b/../c/", "./../a/./b", "/../x/.", "../../a/b/..", "./a/..", "a/../../b", ""] {
            let once = normalizedPath(path)
            XCTAssertEqual(normalizedPath(once), once, path)
        }
    }

    func testParentPath() {
        XCTAssertEqual(parentPath("a/b.tdl"), "a")
        XCTAssertEqual(parentPath("a/b/c.tdl"), "a/b")
        XCTAssertEqual(parentPath("b.tdl"), "", "no folder given")
        XCTAssertEqual(parentPath("/b.tdl"), "/")
        XCTAssertEqual(parentPath("/"), "/")
        XCTAssertEqual(parentPath("a/b/"), "a", "a trailing slash does not make another component")
        XCTAssertEqual(parentPath("a//b"), "a")
        XCTAssertEqual(parentPath("//a"), "/")
        XCTAssertEqual(parentPath("./a.tdl"), ".")
        XCTAssertEqual(parentPath("../a.tdl"), "..")
        XCTAssertEqual(parentPath("."), "")
        XCTAssertEqual(parentPath(""), "")
    }
}

final class DirectoryTests: XCTestCase {
    func testCurrentDirectoryIsTheWorkingDirectory() throws {
        let dir = try makeTemporaryDirectory()
        let saved = try XCTUnwrap(currentDirectoryPath())
        XCTAssertTrue(saved.hasPrefix("/"), saved)
        XCTAssertEqual(chdir(dir), 0)
        defer { XCTAssertEqual(chdir(saved), 0) }
        XCTAssertEqual(currentDirectoryPath(), dir)
    }

    func testPathKind() throws {
        let dir = try makeTemporaryDirectory()
        try writeFile("\(dir)/file.tdl", "format 1\n")
        XCTAssertEqual(symlink("\(dir)/sub", "\(dir)/link-to-dir"), 0)
        XCTAssertEqual(symlink("\(dir)/missing", "\(dir)/dangling"), 0)
        try makeDirectory("\(dir)/sub")
        XCTAssertEqual(pathKind(dir), .directory)
        XCTAssertEqual(pathKind(dir + "/"), .directory)
        XCTAssertEqual(pathKind("\(dir)/sub"), .directory)
        XCTAssertEqual(pathKind("\(dir)/link-to-dir"), .directory, "links are followed")
        XCTAssertEqual(pathKind("\(dir)/file.tdl"), .other)
        XCTAssertEqual(pathKind("/dev/null"), .other)
        XCTAssertEqual(pathKind("\(dir)/missing"), .missing)
        XCTAssertEqual(pathKind("\(dir)/dangling"), .missing)
        XCTAssertEqual(pathKind("\(dir)/file.tdl/"), .missing, "a file with a trailing slash is not found")
        XCTAssertEqual(pathKind(""), .missing)
    }

    func testCreatesNestedFolders() throws {
        let dir = try makeTemporaryDirectory()
        XCTAssertNoThrow(try createDirectories("\(dir)/a/b/c"))
        XCTAssertEqual(pathKind("\(dir)/a/b/c"), .directory)
        XCTAssertEqual(try directoryListing(dir), ["a"])
        XCTAssertEqual(try directoryListing("\(dir)/a"), ["b"])

        // Trailing and doubled slashes, `.` and `..` are taken as the kernel takes them.
        XCTAssertNoThrow(try createDirectories("\(dir)//d//e/"))
        XCTAssertEqual(pathKind("\(dir)/d/e"), .directory)
        XCTAssertNoThrow(try createDirectories("\(dir)/./f/../g"))
        XCTAssertEqual(pathKind("\(dir)/f"), .directory)
        XCTAssertEqual(pathKind("\(dir)/g"), .directory)
    }

    func testAnExistingFolderIsFine() throws {
        let dir = try makeTemporaryDirectory()
        try writeFile("\(dir)/a/keep.txt", "kept")
        XCTAssertNoThrow(try createDirectories("\(dir)/a"))
        XCTAssertNoThrow(try createDirectories(dir))
        XCTAssertNoThrow(try createDirectories("/"))
        XCTAssertEqual(try readFile("\(dir)/a/keep.txt"), Array("kept".utf8))
        XCTAssertEqual(symlink("\(dir)/a", "\(dir)/link"), 0)
        XCTAssertNoThrow(try createDirectories("\(dir)/link"), "a link to a folder is a folder")
        XCTAssertNoThrow(try createDirectories("\(dir)/link/new"))
        XCTAssertEqual(pathKind("\(dir)/a/new"), .directory)
    }

    func testAFileInTheWayIsAnError() throws {
        let dir = try makeTemporaryDirectory()
        try writeFile("\(dir)/file", "x")
        XCTAssertThrowsError(try createDirectories("\(dir)/file")) { error in
            XCTAssertEqual(error as? FileError, FileError(path: "\(dir)/file", message: "file exists"))
        }
        XCTAssertThrowsError(try createDirectories("\(dir)/file/")) { error in
            XCTAssertEqual((error as? FileError)?.message, "file exists")
        }
        XCTAssertThrowsError(try createDirectories("\(dir)/file/sub/deeper")) { error in
            XCTAssertEqual(error as? FileError, FileError(path: "\(dir)/file/sub/deeper", message: "not a directory"))
            XCTAssertEqual("\(error)", "\(dir)/file/sub/deeper: not a directory")
        }
        XCTAssertEqual(try readFile("\(dir)/file"), Array("x".utf8), "the file is left alone")
    }

    func testEmptyPathAndUnwritableParent() throws {
        XCTAssertThrowsError(try createDirectories("")) { error in
            XCTAssertEqual((error as? FileError)?.message, "no such file or directory")
        }
        let dir = try makeTemporaryDirectory()
        try makeDirectory("\(dir)/locked")
        XCTAssertEqual(chmod("\(dir)/locked", 0o555), 0)
        try withoutRootPrivileges(opening: dir) {
            XCTAssertThrowsError(try createDirectories("\(dir)/locked/a/b")) { error in
                XCTAssertEqual((error as? FileError)?.message, "permission denied")
            }
        }
        XCTAssertEqual(pathKind("\(dir)/locked/a"), .missing)
    }
}

final class ProcessorCountTests: XCTestCase {
    func testAtLeastOneAndNoMoreThanOnline() {
        let count = availableProcessorCount()
        XCTAssertGreaterThanOrEqual(count, 1)
        let online = onlineProcessorCount()
        if online > 0 { XCTAssertLessThanOrEqual(count, online) }
    }

    #if os(Linux)
    /// The kernel's own account of the affinity mask, "Cpus_allowed_list: 0-3,6", counted.
    func testMatchesTheAllowedListInProcStatus() throws {
        guard let status = try? readFileBytes("/proc/self/status") else { throw XCTSkip("no /proc/self/status") }
        let line = try XCTUnwrap(String(decoding: status, as: UTF8.self)
            .split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") })
        var expected = 0
        for range in line.dropFirst("Cpus_allowed_list:".count).split(separator: ",") {
            let ends = range.split(separator: "-").map { Int($0.trimmingSpaces)! }
            expected += ends.count == 2 ? ends[1] - ends[0] + 1 : 1
        }
        // /proc/self/status describes the main thread; this test thread inherited its mask.
        XCTAssertEqual(affinityProcessorCount(), expected)
        XCTAssertEqual(availableProcessorCount(), expected)
    }

    /// Pinning this thread to one CPU makes the count 1.
    func testFollowsTheAffinityMask() throws {
        typealias SetAffinity = @convention(c) (pid_t, Int, UnsafePointer<cpu_set_t>) -> Int32
        guard let symbol = dlsym(nil, "sched_setaffinity") else { throw XCTSkip("no sched_setaffinity") }
        let setAffinity = unsafeBitCast(symbol, to: SetAffinity.self)
        let before = try XCTUnwrap(affinityProcessorCount())

        // Keep the mask as it is, to restore it; pin to the first CPU in it.
        var saved = cpu_set_t()
        XCTAssertEqual(readMask(&saved), 0)
        var pinned = cpu_set_t()
        withUnsafeBytes(of: &saved) { from in
            withUnsafeMutableBytes(of: &pinned) { to in
                if let i = from.firstIndex(where: { $0 != 0 }) {
                    to[i] = from[i] & (~from[i] &+ 1)  // lowest set bit only
                }
            }
        }
        XCTAssertEqual(setAffinity(0, MemoryLayout<cpu_set_t>.size, &pinned), 0)
        defer { XCTAssertEqual(setAffinity(0, MemoryLayout<cpu_set_t>.size, &saved), 0) }
        XCTAssertEqual(availableProcessorCount(), 1)
        XCTAssertEqual(setAffinity(0, MemoryLayout<cpu_set_t>.size, &saved), 0)
        XCTAssertEqual(availableProcessorCount(), before)
    }

    private func readMask(_ set: inout cpu_set_t) -> Int32 {
        typealias GetAffinity = @convention(c) (pid_t, Int, UnsafeMutablePointer<cpu_set_t>) -> Int32
        guard let symbol = dlsym(nil, "sched_getaffinity") else { return -1 }
        return unsafeBitCast(symbol, to: GetAffinity.self)(0, MemoryLayout<cpu_set_t>.size, &set)
    }
    #endif
}

private extension Substring {
    var trimmingSpaces: Substring {
        var s = self
        while let c = s.first, c == " " || c == "\t" { s.removeFirst() }
        while let c = s.last, c == " " || c == "\t" { s.removeLast() }
        return s
    }
}

/// `resolveImportPath`: the one place an import becomes a path, for the CLI and the server.
final class ImportPathTests: XCTestCase {
    func testImportsResolveAgainstTheImportersFolder() {
        XCTAssertEqual(resolveImportPath("styles.tdl", importer: "/w/a/main.tdl", workingDirectory: nil), "/w/a/styles.tdl")
        XCTAssertEqual(resolveImportPath("../shared/./s.tdl", importer: "/w/a/main.tdl", workingDirectory: nil), "/w/shared/s.tdl")
        XCTAssertEqual(resolveImportPath("/abs//x/../y.tdl", importer: "/w/a/main.tdl", workingDirectory: nil), "/abs/y.tdl")
        XCTAssertEqual(resolveImportPath("../../../x.tdl", importer: "/w/main.tdl", workingDirectory: nil), "/x.tdl")
        XCTAssertEqual(resolveImportPath("x.tdl", importer: "/main.tdl", workingDirectory: nil), "/x.tdl")
        XCTAssertEqual(resolveImportPath("s.tdl", importer: "Examples/a.tdl", workingDirectory: nil), "Examples/s.tdl")
        XCTAssertEqual(resolveImportPath("s.tdl", importer: "./a.tdl", workingDirectory: nil), "./s.tdl")
        XCTAssertEqual(resolveImportPath("../s.tdl", importer: "a.tdl", workingDirectory: nil), "../s.tdl")
    }

    /// Over random importers and paths (slashes doubled and trailing, dots, non-ASCII), a
    /// relative import is the importer's folder and the path joined, then normalised.
    func testResolvingJoinsTheImportersFolderAndThePath() {
        var generator = SeededRandom(seed: 115)
        let pieces = ["a", "bc", "/", "//", ".", "..", "é", "日本", "x.tdl", " "]
        func randomPath() -> String {
            (0..<Int.random(in: 0...6, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "a" }.joined()
        }
        for _ in 0..<5_000 {
            let importer = randomPath(), path = randomPath()
            guard !path.hasPrefix("/") else { continue }
            let folder = parentPath(importer)
            let expected = normalizedPath(folder.isEmpty ? path : folder + "/" + path)
            XCTAssertEqual(resolveImportPath(path, importer: importer, workingDirectory: nil), expected, "importer \(importer), path \(path)")
        }
    }

    func testADocumentWithoutAPathUsesTheWorkingDirectoryOrNothing() {
        XCTAssertEqual(resolveImportPath("s.tdl", importer: nil, workingDirectory: "/w"), "/w/s.tdl")
        XCTAssertEqual(resolveImportPath("/x.tdl", importer: nil, workingDirectory: nil), "/x.tdl")
        // An unsaved editor buffer has no folder: a relative import names nothing.
        XCTAssertNil(resolveImportPath("x.tdl", importer: nil, workingDirectory: nil))
    }

    func testTheDiskLoaderSaysWhyAFileCannotBeRead() throws {
        let loader = ProjectLoader.disk()
        XCTAssertEqual(try loader.resolve("b.tdl", "/nowhere/a.tdl").get(), "/nowhere/b.tdl")
        guard case .failure(let failure) = loader.read("/nowhere/b.tdl") else { return XCTFail("read a missing file") }
        XCTAssertEqual(failure.message, "no such file or directory")
        guard case .failure(let relative) = loader.resolve("b.tdl", nil) else { return XCTFail("resolved without a folder") }
        XCTAssertTrue(relative.message.contains("saved in a folder"))
    }
}

/// `normalizedPath` returns a path already in normal form as it is, without splitting it,
/// and `parentPath` reads bytes: both against the plain split-and-join reading, for every
/// path of up to five characters from `a`, `.`, `/` and `é`.
final class PathFastPathTests: XCTestCase {
    static func referenceNormalized(_ path: String) -> String {
        if path.isEmpty { return path }
        let absolute = path.hasPrefix("/")
        let leadingDot = !absolute && (path == "." || path.hasPrefix("./"))
        var kept: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..": if let last = kept.last, last != ".." { kept.removeLast() } else if !absolute { kept.append(component) }
            default: kept.append(component)
            }
        }
        let joined = kept.joined(separator: "/")
        if absolute { return "/" + joined }
        if leadingDot { return joined.isEmpty ? "." : "./" + joined }
        return joined.isEmpty ? "." : joined
    }

    static func referenceParent(_ path: String) -> String {
        var rest = Substring(path)
        while rest.count > 1 && rest.hasSuffix("/") { rest.removeLast() }
        guard let slash = rest.lastIndex(of: "/") else { return "" }
        var head = rest[..<slash]
        while head.count > 1 && head.hasSuffix("/") { head.removeLast() }
        return head.isEmpty ? "/" : String(head)
    }

    func testEveryShortPathAgreesWithTheReference() {
        var paths = [""]
        var frontier = [""]
        for _ in 0..<5 {
            frontier = frontier.flatMap { p in ["a", ".", "/", "é"].map { p + $0 } }
            paths += frontier
        }
        XCTAssertEqual(paths.count, 1365)
        for path in paths {
            XCTAssertEqual(normalizedPath(path), Self.referenceNormalized(path), path)
            XCTAssertEqual(parentPath(path), Self.referenceParent(path), path)
        }
    }
}
