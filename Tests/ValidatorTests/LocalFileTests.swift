import Foundation
import ProjectModel
import TemplateFormat
@testable import Validator
import TestSupport
import XCTest

/// TDL313 over a fake disk: which URLs are looked up (every URL-valued property but `action`;
/// the path without query and fragment, escapes decoded), which are not (schemes, site-root
/// and network paths, fragments, parameters), that each distinct path is looked up once, and
/// that a loader which cannot tell (in memory) or a document with no folder reports nothing.
final class LocalFileTests: XCTestCase {
    /// Files that exist, and every path the validator asked about.
    final class FakeDisk: @unchecked Sendable {
        private let lock = NSLock()
        private var files: Set<String>
        private var asked: [String] = []
        init(_ files: Set<String>) { self.files = files }
        func exists(_ path: String) -> Bool { lock.withLock { asked.append(path); return files.contains(path) } }
        func add(_ path: String) { lock.withLock { _ = files.insert(path) } }
        func takeLooks() -> [String] { lock.withLock { defer { asked = [] }; return asked } }

        /// Resolves relative to the importer's folder (the fake is lexical: no `..`).
        var loader: ProjectLoader {
            ProjectLoader(resolve: { path, importer in
                guard let importer, let slash = importer.lastIndex(of: "/") else { return .failure(ImportFailure("no folder")) }
                return .success(String(importer[..<slash]) + "/" + path)
            }, read: { _ in .failure(ImportFailure("no imports here")) }, exists: { [self] in exists($0) })
        }
    }

    static let path = "/site/docs/page.tdl"

    func validate(_ text: String, _ disk: FakeDisk, path: String? = LocalFileTests.path, cache: ValidationCache? = nil) -> [Diagnostic] {
        let tree = SyntaxTree.parse(text)
        let file = path.map { ProjectFile(path: $0, tree: tree) } ?? ProjectFile(unsaved: "untitled:1", tree: tree)
        return Validator.validate(file, in: Project(files: [file], loader: disk.loader), cache: cache)
    }

    /// A template holding each element with `lines` as its URL properties.
    static func document(image: String = "a.png", video: String = "v.mp4", poster: String = "p.png", captions: String = "c.vtt",
                         action: String = "next.html", screenshot: String = "s.png", extra: String = "") -> String {
        """
        format 1

        annotations review {
          image: "\(screenshot)"
        }

        template card {
          size: 375 x 400
        \(extra)  image photo {
            src: "\(image)"
            alt: "A photo"
            size: 100 x 100
          }
          video clip {
            src: "\(video)"
            poster: "\(poster)"
            captions: "\(captions)"
            at: 0, 120
            size: 100 x 100
          }
          button go {
            label: "Go"
            action: "\(action)"
            at: 0, 240
            size: 100 x 40
          }
        }

        """
    }

    func missing(_ found: [Diagnostic]) -> [Diagnostic] { found.filter { $0.code == "TDL313" } }

    /// The properties looked up are exactly the schema's URL properties but `action`: a URL
    /// property added to the schema must be decided on here.
    func testEveryURLPropertyButActionIsLookedUp() {
        let disk = FakeDisk([])
        let found = missing(validate(LocalFileTests.document(), disk))
        let keys = Set(found.compactMap { $0.message.split(separator: "`").first.map(String.init) })
        var expected: Set<String> = []
        for kind in Schema.kinds { for p in kind.properties where p.type == .url && p.name != "action" { expected.insert(p.name) } }
        XCTAssertEqual(keys, expected, found.map(\.message).joined(separator: "\n"))
        XCTAssertEqual(Set(disk.takeLooks()), Set(["a.png", "v.mp4", "p.png", "c.vtt", "s.png"].map { "/site/docs/" + $0 }))
        XCTAssertEqual(found.count, 5)
        XCTAssertTrue(found.allSatisfy { $0.severity == .warning })
    }

    func testFilesThatExistAreNotReported() {
        let disk = FakeDisk(Set(["a.png", "v.mp4", "p.png", "c.vtt", "s.png"].map { "/site/docs/" + $0 }))
        XCTAssertEqual(validate(LocalFileTests.document(), disk).map(\.code), [])
    }

    func testTheQueryAndFragmentAreNotPartOfTheName() {
        let disk = FakeDisk(["/site/docs/img/a.png"])
        let text = LocalFileTests.document(image: "img/a.png?v=2#top", video: "img/a.png#t=5")
        let found = missing(validate(text, disk))
        XCTAssertFalse(found.contains { $0.message.contains("img/a.png") }, found.map(\.message).joined(separator: "\n"))
        XCTAssertFalse(disk.takeLooks().contains { $0.contains("?") || $0.contains("#") })
        let gone = missing(validate(LocalFileTests.document(image: "img/b.png?v=2"), FakeDisk([])))
        XCTAssertTrue(gone.contains { $0.message.hasPrefix("`src` names `img/b.png`,") }, gone.map(\.message).joined(separator: "\n"))
    }

    func testPercentEscapesAreDecodedAndAMalformedEscapeIsNotLookedUp() {
        let disk = FakeDisk(["/site/docs/my photo.png", "/site/docs/café.png"])
        let text = LocalFileTests.document(image: "my%20photo.png", poster: "caf%C3%A9.png", captions: "100%.vtt")
        let found = missing(validate(text, disk))
        XCTAssertEqual(found.count, 2, found.map(\.message).joined(separator: "\n"))  // v.mp4 and s.png, nothing for the three above
        let looks = disk.takeLooks()
        XCTAssertTrue(looks.contains("/site/docs/my photo.png") && looks.contains("/site/docs/café.png"), "\(looks)")
        XCTAssertFalse(looks.contains { $0.contains("100") }, "a `%` that starts no escape names no file we can tell: \(looks)")
    }

    func testURLsThatNameNoFileBesideTheDocumentAreNotLookedUp() {
        for url in ["https://example.com/a.png", "HTTP://example.com/a.png", "ftp://example.com/a.png", "data:image/png;base64,AAAA",
                    "/images/a.png", "//cdn.example.com/a.png", "#top", "?page=2", "\\\\\\\\host\\\\a.png"] {
            let disk = FakeDisk([])
            let found = missing(validate(LocalFileTests.document(image: url, video: url, poster: url, captions: url, screenshot: url), disk))
            XCTAssertEqual(found.map(\.message), [], url)
            XCTAssertEqual(disk.takeLooks(), [], url)
        }
    }

    func testAURLWithParametersIsNotLookedUp() {
        let disk = FakeDisk([])
        let text = LocalFileTests.document(image: "img/{{id}}.png", video: "{{clip}}", poster: "p/{{id}}.png", captions: "c/{{id}}.vtt",
                                           extra: "  params {\n    id: \"1\"\n    clip: \"v.mp4\"\n  }\n")
        let found = missing(validate(text, disk))
        XCTAssertEqual(found.map(\.message), ["`image` names `s.png`, which does not exist (relative to this document's folder); the exported page will not find it"])
        XCTAssertEqual(disk.takeLooks(), ["/site/docs/s.png"])
    }

    /// Parameters are what the one string scanner says they are: a malformed `{{` (TDL122)
    /// is not looked up either, and an escaped `\{{` is a brace in the file's name.
    func testAMalformedBraceIsNotLookedUpAndAnEscapedOneIsPartOfTheName() {
        let disk = FakeDisk([])
        let text = LocalFileTests.document(image: "img/{{ id }}.png", video: "v/{{.mp4", poster: #"p/\{{id}}.png"#, captions: #"c\u{2F}x.vtt"#)
        _ = validate(text, disk)
        XCTAssertEqual(Set(disk.takeLooks()), ["/site/docs/p/{{id}}.png", "/site/docs/c/x.vtt", "/site/docs/s.png"])
    }

    /// A missing file is named as written when normalising the path would not change it
    /// (`isLexicallyNormal`), else as normalised: the two agree over random paths of names,
    /// dots and slashes.
    func testAPathIsLexicallyNormalExactlyWhenNormalisingKeepsIt() {
        var random = SeededRandom(seed: 116)
        let parts = ["a", "b.png", ".", "..", "...", ".x", "/", "/", "//"]
        for _ in 0..<5000 {
            let path = (0..<Int.random(in: 1...6, using: &random)).map { _ in parts.randomElement(using: &random) ?? "a" }.joined()
            let kept = CheckInPartsTests.normalizedLexically("/root/folder/" + path) == "/root/folder/" + path
            XCTAssertEqual(Checker.isLexicallyNormal(path), kept, path)
        }
    }

    func testALinkTargetIsNotLookedUp() {
        let disk = FakeDisk([])
        _ = validate(LocalFileTests.document(action: "pages/next.html"), disk)
        XCTAssertFalse(disk.takeLooks().contains { $0.contains("next") })
    }

    /// Each distinct path is looked up once, however many elements name it (written the same
    /// or differently), and every element naming a missing one is reported.
    func testEachDistinctPathIsLookedUpOnce() {
        var elements = ""
        for i in 0..<60 {
            let src = ["shared.png", "shared.png?v=\(i % 2)", "missing-\(i / 3 % 3).png"][i % 3]
            elements += "  image i\(i) {\n    src: \"\(src)\"\n    alt: \"\"\n    at: 0, \(i * 5)\n    size: 10 x 5\n  }\n"
        }
        let text = "format 1\n\ntemplate t {\n  size: 375 x 400\n\(elements)}\n"
        let disk = FakeDisk(["/site/docs/shared.png"])
        let found = missing(validate(text, disk))
        let looks = disk.takeLooks()
        XCTAssertEqual(looks.count, Set(looks).count, "a path looked up twice: \(looks)")
        XCTAssertEqual(Set(looks), ["/site/docs/shared.png", "/site/docs/missing-0.png", "/site/docs/missing-1.png", "/site/docs/missing-2.png"])
        XCTAssertEqual(found.count, 20)
        let bytes = Array(text.utf8)
        for d in found {
            XCTAssertEqual(String(decoding: bytes[d.range.start..<d.range.end], as: UTF8.self).hasPrefix("\"missing-"), true)
        }
    }

    /// A loader that remembers the folders it found missing (`folderKnownMissing`, as the
    /// command line's does): the files named in such a folder are reported as when each is
    /// looked up, but the folder costs two looks, not one per file. Paths that need
    /// normalising, and folders that are there, are still looked up one by one.
    func testFilesInAFolderKnownMissingAreNotLookedUpOneByOne() {
        final class RememberingDisk: @unchecked Sendable {
            let disk: FakeDisk
            let folders: Set<String>
            private let lock = NSLock()
            private var missingFolders: Set<String> = []
            init(files: Set<String>, folders: Set<String>) {
                disk = FakeDisk(files)
                self.folders = folders
            }
            func exists(_ path: String) -> Bool {
                let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
                if !folders.contains(folder) { lock.withLock { _ = missingFolders.insert(folder) } }
                return disk.exists(path)
            }
            func knownMissing(_ folder: String) -> Bool { lock.withLock { missingFolders.contains(folder) } }
            var loader: ProjectLoader {
                let plain = disk.loader
                return ProjectLoader(resolve: plain.resolve, read: plain.read, exists: { [self] in exists($0) },
                                     folderKnownMissing: { [self] in knownMissing($0) })
            }
        }
        var elements = ""
        let sources = (0..<40).map { "gone/g\($0).png" } + (0..<6).map { "img/i\($0).png" } + ["img/a.png", "gone/./x.png", "solo/s.png"]
        for (i, src) in sources.enumerated() {
            elements += "  image i\(i) {\n    src: \"\(src)\"\n    alt: \"\"\n    at: 0, \(i * 5)\n    size: 10 x 5\n  }\n"
        }
        let text = "format 1\n\ntemplate t {\n  size: 375 x 900\n\(elements)}\n"
        let files: Set<String> = ["/site/docs/img/a.png"]
        let folders: Set<String> = ["/site/docs", "/site/docs/img"]
        let plain = FakeDisk(files)
        let expected = missing(validate(text, plain))
        XCTAssertEqual(expected.count, sources.count - 1)
        let remembering = RememberingDisk(files: files, folders: folders)
        let tree = SyntaxTree.parse(text)
        let file = ProjectFile(path: LocalFileTests.path, tree: tree)
        let found = missing(Validator.validate(file, in: Project(files: [file], loader: remembering.loader)))
        XCTAssertEqual(found, expected)
        let looks = remembering.disk.takeLooks()
        XCTAssertEqual(looks.filter { $0.hasPrefix("/site/docs/gone/g") }.count, 2, "\(looks)")
        XCTAssertTrue(looks.contains { $0.hasSuffix("/x.png") }, "a path that needs normalising is looked up: \(looks)")
        XCTAssertTrue(looks.contains("/site/docs/solo/s.png"))
        XCTAssertEqual(looks.filter { $0.hasPrefix("/site/docs/img/") }.count, 7, "a folder that is there: \(looks)")
        // A validation cache remembers each path it looked up: every one is looked up.
        let again = RememberingDisk(files: files, folders: folders)
        let cached = missing(Validator.validate(file, in: Project(files: [file], loader: again.loader), cache: ValidationCache()))
        XCTAssertEqual(cached, expected)
        XCTAssertEqual(again.disk.takeLooks().count, sources.count)
    }

    func testALoaderThatCannotTellAndADocumentWithNoFolderReportNothing() {
        let text = LocalFileTests.document()
        XCTAssertEqual(missing(Validator.validate(Array(text.utf8), path: LocalFileTests.path, loader: { _, _ in .failed(message: "none") })), [])
        XCTAssertEqual(missing(Validator.validate(Array(text.utf8), path: LocalFileTests.path)), [])
        let disk = FakeDisk([])
        XCTAssertEqual(missing(validate(text, disk, path: nil)), [])
        XCTAssertEqual(disk.takeLooks(), [])
    }

    func testASuppressionSilencesIt() {
        let text = LocalFileTests.document(image: "gone.png").replacingOccurrences(of: "    src: \"gone.png\"", with: "    src: \"gone.png\" // tdl-ignore TDL313")
        let found = missing(validate(text, FakeDisk([])))
        XCTAssertFalse(found.contains { $0.message.contains("gone.png") })
        XCTAssertEqual(found.count, 4)
    }

    /// With a validation cache (the language server), a reused set keeps its TDL313
    /// findings without looking again (an edit elsewhere costs no look at the disk); the
    /// cache says which files it looked up, and once told that one came (`forgetSets`, as the
    /// server does on a watched-file event) the warning goes; a set that moved reports at its
    /// new place.
    func testACachedSetKeepsItsFindingsUntilItsFilesChange() {
        let cache = ValidationCache()
        let disk = FakeDisk([])
        let text = LocalFileTests.document()
        XCTAssertEqual(missing(validate(text, disk, cache: cache)).count, 5)
        _ = disk.takeLooks()
        XCTAssertTrue(cache.looksUp("/site/docs/a.png"))
        let unchanged = missing(validate(text, disk, cache: cache))
        XCTAssertEqual(unchanged.count, 5)
        XCTAssertEqual(disk.takeLooks(), [], "a reused set does not look at the disk again")
        disk.add("/site/docs/a.png")
        cache.forgetSets()
        let again = missing(validate(text, disk, cache: cache))
        XCTAssertEqual(again.count, 4)
        XCTAssertFalse(again.contains { $0.message.contains("`a.png`") })
        let moved = "// a comment that moves every set\n" + text
        let shifted = missing(validate(moved, disk, cache: cache))
        XCTAssertGreaterThan(cache.lastReused, 0)
        XCTAssertEqual(shifted.count, 4)
        let bytes = Array(moved.utf8)
        for d in shifted {
            let written = String(decoding: bytes[d.range.start..<d.range.end], as: UTF8.self)
            XCTAssertTrue(d.message.contains("`\(written.dropFirst().dropLast())`"), "\(written): \(d.message)")
        }
    }
}
