import XCTest
import Basics
import TemplateFormat
@testable import ProjectModel
import TestSupport

/// The project model updated file by file equals the project built from scratch, over random
/// projects (styles that shadow, extend and cycle; imports that nest, cycle, diamond and miss)
/// and random edits, additions and removals. And every file whose observable meaning changed
/// is among the paths an update says changed.
final class ProjectIncrementalTests: XCTestCase {
    /// Files on a pretend disk: imports of files that are not members are read from here.
    final class Disk: @unchecked Sendable {
        let files = Locked<[String: [UInt8]]>([:])
        var loader: ProjectLoader {
            let files = self.files
            return ProjectLoader(
                resolve: { path, importer in
                    if path.hasPrefix("/") { return .success(path) }
                    guard importer != nil else { return .failure(ImportFailure("no folder")) }
                    return .success("/w/" + path)
                },
                read: { path in files.withLock { $0[path] }.map { .success($0) } ?? .failure(ImportFailure("no such file")) })
        }
    }

    static let styleNames = ["a", "b", "c", "d", "e"]

    /// A random file: a few styles (some extending others), imports of other files (some
    /// missing, some outside the members), and elements naming styles.
    static func randomText(_ random: inout SeededRandom, fileCount: Int) -> String {
        var text = "format 1\n"
        for _ in 0..<Int.random(in: 0...3, using: &random) {
            let target: String
            switch Int.random(in: 0..<10, using: &random) {
            case 0: target = "missing.tdl"
            case 1: target = "/lib/l\(Int.random(in: 0..<2, using: &random)).tdl"
            default: target = "f\(Int.random(in: 0..<fileCount, using: &random)).tdl"
            }
            text += "import \"\(target)\"\n"
        }
        for _ in 0..<Int.random(in: 0...3, using: &random) {
            let name = styleNames.randomElement(using: &random)!
            text += "style \(name) {\n  font-size: \(Int.random(in: 8...40, using: &random))\n"
            if Bool.random(using: &random) { text += "  style: \(styleNames.randomElement(using: &random)!)\n" }
            text += "}\n"
        }
        if Int.random(in: 0..<4, using: &random) == 0 { text += "template \(styleNames.randomElement(using: &random)!) {}\n" }
        text += "template t {\n"
        for e in 0..<Int.random(in: 0...3, using: &random) {
            text += "  text e\(e) { style: \(styleNames.randomElement(using: &random)!); text: \"x\" }\n"
        }
        if Int.random(in: 0..<5, using: &random) == 0 { text += "  params { style: \"not a use\" }\n" }
        text += "}\n"
        if Int.random(in: 0..<8, using: &random) == 0 { text += "style broken {\n" }
        return text
    }

    /// What a project says about one file, in plain values.
    struct Observed: Equatable {
        var styles: [String: String]
        var problems: [String]
        var used: [String: Bool]
        var references: [String: [String]]
        var importers: [String]
    }

    static func observe(_ path: String, in project: Project) -> Observed {
        let scope = project.scope(of: path)
        var styles: [String: String] = [:]
        for name in scope.names { styles[name] = scope.style(named: name)?.path }
        var used: [String: Bool] = [:]
        var references: [String: [String]] = [:]
        for style in project.file(path)?.summary.styles ?? [] {
            let id = StyleID(path: path, name: style.name)
            used[style.name] = project.isUsed(id)
            references[style.name] = project.references(to: id).map { "\($0.path)@\($0.range.start)\($0.isDefinition ? "d" : "")" }
        }
        return Observed(styles: styles, problems: scope.problems.map { "\($0.range.start):\($0.description)" },
                        used: used, references: references, importers: project.importers(of: path))
    }

    /// What a file's diagnostics depend on: the styles it sees (and the files they are read
    /// from, by identity: an edited file is a new one), its import problems, and whether its
    /// styles are used.
    struct Meaning: Equatable {
        var styles: [String: String]
        var files: [ObjectIdentifier]
        var problems: [String]
        var used: [String: Bool]
    }

    static func meaning(_ path: String, in project: Project) -> Meaning {
        let observed = observe(path, in: project)
        return Meaning(styles: observed.styles, files: project.scope(of: path).files.map { ObjectIdentifier($0) },
                       problems: observed.problems, used: observed.used)
    }

    /// Used, computed from scopes alone: some element anywhere names a style whose chain, in
    /// that file's scope, holds the definition.
    static func naiveUsed(_ id: StyleID, in project: Project) -> Bool {
        for path in project.paths {
            guard let file = project.file(path) else { continue }
            let scope = project.scope(of: path)
            for use in file.styleUses where !use.extends {
                if scope.chain(from: use.name).contains(where: { $0.id == id }) { return true }
            }
        }
        return false
    }

    /// The styles a file sees, by the old rule every tool used to repeat: its own, then each
    /// import depth first (at most 32 deep, no file twice on one path), the first name winning.
    static func naiveStyles(_ path: String, in project: Project) -> [String: String] {
        var styles: [String: String] = [:]
        func add(_ file: ProjectFile) {
            for style in file.summary.styles where styles[style.name] == nil { styles[style.name] = file.path }
        }
        func follow(_ file: ProjectFile, visiting: [String], depth: Int) {
            for target in project.importTargets(of: file.path) {
                guard let target, let imported = project.file(target), !visiting.contains(target),
                      depth < ProjectLimits.maximumImportDepth else { continue }
                add(imported)
                follow(imported, visiting: visiting + [target], depth: depth + 1)
            }
        }
        guard let root = project.file(path) else { return [:] }
        add(root)
        // A file's own import lines are followed only when well formed; the generator writes
        // nothing else.
        follow(root, visiting: [path], depth: 0)
        return styles
    }

    func testUpdatesEqualAFromScratchProject() {
        var random = SeededRandom(seed: 1125)
        for round in 0..<12 {
            let disk = Disk()
            let fileCount = Int.random(in: 2...7, using: &random)
            disk.files.withLock { files in
                for k in 0..<2 { files["/lib/l\(k).tdl"] = Array("style \(Self.styleNames[k]) { color: red }\nstyle e { style: a }\n".utf8) }
            }
            var members: [String: ProjectFile] = [:]
            for k in 0..<fileCount {
                let path = "/w/f\(k).tdl"
                members[path] = ProjectFile(path: path, bytes: Array(Self.randomText(&random, fileCount: fileCount).utf8))
            }
            var project = Project(files: members.values.sorted { $0.path < $1.path }, loader: disk.loader)
            for step in 0..<40 {
                let before = Dictionary(uniqueKeysWithValues: project.paths.map { ($0, Self.meaning($0, in: project)) })
                let path = "/w/f\(Int.random(in: 0..<(fileCount + 1), using: &random)).tdl"
                let changed: Set<String>
                switch Int.random(in: 0..<10, using: &random) {
                case 0 where members[path] != nil:
                    members[path] = nil
                    changed = project.remove(path)
                case 1:
                    // A file outside the members changes on disk; the project hears of it.
                    let lib = "/lib/l\(Int.random(in: 0..<2, using: &random)).tdl"
                    let text = Self.randomText(&random, fileCount: fileCount)
                    disk.files.withLock { $0[lib] = Array(text.utf8) }
                    changed = project.file(lib) == nil ? [] : project.update(ProjectFile(path: lib, bytes: Array(text.utf8)), role: .dependency)
                default:
                    let file = ProjectFile(path: path, bytes: Array(Self.randomText(&random, fileCount: fileCount).utf8))
                    members[path] = file
                    changed = project.update(file)
                }
                let scratch = Project(files: members.values.sorted { $0.path < $1.path }, loader: disk.loader)
                let context = "round \(round), step \(step)"
                XCTAssertEqual(project.paths, scratch.paths, context)
                XCTAssertEqual(project.memberPaths, scratch.memberPaths, context)
                for p in scratch.paths {
                    let now = Self.observe(p, in: project)
                    XCTAssertEqual(now, Self.observe(p, in: scratch), "\(context), \(p)")
                    XCTAssertEqual(now.styles, Self.naiveStyles(p, in: scratch), "\(context), \(p): the import walk")
                    for name in Self.styleNames {
                        XCTAssertEqual(project.resolveStyle(named: name, in: p)?.id, project.scope(of: p).style(named: name)?.id,
                                       "\(context), \(p): resolving `\(name)` alone")
                    }
                    for (name, used) in now.used {
                        XCTAssertEqual(used, Self.naiveUsed(StyleID(path: p, name: name), in: scratch), "\(context), \(p): \(name) used")
                    }
                    if let old = before[p], old != Self.meaning(p, in: project), p != path {
                        XCTAssertTrue(changed.contains(p), "\(context): \(p) changed meaning but the update did not say so")
                    }
                }
            }
        }
    }

    func testDeepAndDiamondImportsStayBounded() {
        // 40 levels of diamonds: following every path would visit 2^40 files.
        let disk = Disk()
        var files: [ProjectFile] = []
        for level in 0..<40 {
            for side in ["l", "r"] {
                let text = level == 39 ? "style s\(level) {}\n" : "import \"a\(level + 1)l.tdl\"\nimport \"a\(level + 1)r.tdl\"\nstyle s\(level)\(side) {}\n"
                files.append(ProjectFile(path: "/w/a\(level)\(side).tdl", bytes: Array(text.utf8)))
            }
        }
        let root = ProjectFile(path: "/w/root.tdl", bytes: Array("import \"a0l.tdl\"\nimport \"a0r.tdl\"\n".utf8))
        let project = Project(files: [root] + files, loader: disk.loader)
        let scope = project.scope(of: root.path)
        XCTAssertEqual(scope.files.count, 65, "the root and two files on each of 32 levels of imports")
        XCTAssertTrue(scope.problems.contains { $0.description == "imports are nested more than 32 files deep" })
        XCTAssertNotNil(scope.style(named: "s31l"))
        XCTAssertNil(scope.style(named: "s32l"), "the 33rd level is past the limit")
    }

    func testProblemsAreReportedAtTheFilesOwnImportLine() {
        let disk = Disk()
        let a = ProjectFile(path: "/w/a.tdl", bytes: Array("import \"b.tdl\"\nimport \"gone.tdl\"\n".utf8))
        let b = ProjectFile(path: "/w/b.tdl", bytes: Array("import \"a.tdl\"\nimport \"c.tdl\"\nstyle x {}\n".utf8))
        let c = ProjectFile(path: "/w/c.tdl", bytes: Array("style y {\n".utf8))
        let project = Project(files: [a, b, c], loader: disk.loader)
        let problems = project.scope(of: a.path).problems.map { "\($0.range.start): \($0.description)" }
        XCTAssertEqual(problems, [
            "7: import cycle: `/w/a.tdl` → `/w/b.tdl` → `/w/a.tdl`",
            "7: `c.tdl` has syntax errors; check it on its own",
            "22: cannot import `gone.tdl`: no such file",
        ])
        XCTAssertEqual(project.scope(of: a.path).names, ["x", "y"])
    }

    func testAStyleUsedFromAnotherFileIsUsed() {
        let disk = Disk()
        let shared = ProjectFile(path: "/w/shared.tdl", bytes: Array("style card {}\nstyle title { style: card }\nstyle lonely {}\n".utf8))
        let user = ProjectFile(path: "/w/user.tdl", bytes: Array("import \"shared.tdl\"\ntemplate t { text x { style: title; text: \"x\" } }\n".utf8))
        var project = Project(files: [shared, user], loader: disk.loader)
        XCTAssertTrue(project.isUsed(StyleID(path: shared.path, name: "card")), "through the chain of `title`")
        XCTAssertTrue(project.isUsed(StyleID(path: shared.path, name: "title")))
        XCTAssertFalse(project.isUsed(StyleID(path: shared.path, name: "lonely")))
        let alone = Project(files: [shared], loader: disk.loader)
        XCTAssertFalse(alone.isUsed(StyleID(path: shared.path, name: "title")), "a file on its own counts its own uses only")
        let changed = project.update(ProjectFile(path: user.path, bytes: Array("import \"shared.tdl\"\n".utf8)))
        XCTAssertEqual(changed, [user.path, shared.path], "the styles' file changes meaning: they became unused")
        XCTAssertFalse(project.isUsed(StyleID(path: shared.path, name: "title")))
    }

    func testDependenciesComeAndGo() {
        let disk = Disk()
        disk.files.withLock { $0["/lib/l0.tdl"] = Array("style a {}\n".utf8) }
        var project = Project(files: [ProjectFile(path: "/w/f.tdl", bytes: Array("import \"/lib/l0.tdl\"\n".utf8))], loader: disk.loader)
        XCTAssertEqual(project.role(of: "/lib/l0.tdl"), .dependency)
        project.update(ProjectFile(path: "/w/f.tdl", bytes: Array("format 1\n".utf8)))
        XCTAssertNil(project.file("/lib/l0.tdl"), "nothing imports it any more")
        project.update(ProjectFile(path: "/w/f.tdl", bytes: Array("import \"/lib/l0.tdl\"\n".utf8)))
        XCTAssertEqual(project.role(of: "/lib/l0.tdl"), .dependency, "read again when imported again")
    }
}
