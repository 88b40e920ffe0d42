import Foundation
import JSONText
import LSPProtocol
import ProjectModel
import TemplateFormat
import ToolSupport
import Validator
import XCTest
@testable import LanguageServer
import TestSupport

/// Cross-file answers of the server against a from-scratch computation over every file of
/// the workspace, open or not: references, rename, workspace symbols and workspace
/// diagnostics, after random edits of open documents and random changes on disk (files
/// created, changed, deleted and renamed, reported through `didChangeWatchedFiles`).
final class WorkspaceModelTests: XCTestCase {
    /// A workspace on disk, written by the test.
    final class Folder {
        let temporary: TemporaryFolder
        var root: String { temporary.path }
        init() throws {
            temporary = try TemporaryFolder(prefix: "tdl-ws")
            try temporary.makeFolder("shared")
            try temporary.makeFolder("screens")
        }

        func write(_ relative: String, _ text: String) {
            FileManager.default.createFile(atPath: root + "/" + relative, contents: Data(text.utf8))
        }
        func remove(_ relative: String) { try? FileManager.default.removeItem(atPath: root + "/" + relative) }
        func path(_ relative: String) -> String { root + "/" + relative }
        func uri(_ relative: String) -> String { DocumentURI.uri(forPath: path(relative)) }
        var files: [String] {
            discoverFiles([root]).files.map(normalizedPath).sorted()
        }
    }

    static let styles = ["brand", "title", "muted", "card", "x1"]

    /// Random screen text: imports of the shared files, a local style or two, elements naming
    /// styles (some unknown), sometimes a duplicate or a broken line.
    static func screen(_ random: inout SeededRandom, sharedCount: Int) -> String {
        var text = "format 1\n"
        for k in 0..<sharedCount where Int.random(in: 0..<3, using: &random) > 0 {
            text += "import \"../shared/s\(k).tdl\"\n"
        }
        if Int.random(in: 0..<6, using: &random) == 0 { text += "import \"../shared/missing.tdl\"\n" }
        for _ in 0..<Int.random(in: 0...2, using: &random) {
            text += "\nstyle \(styles.randomElement(using: &random)!) {\n  font-size: \(Int.random(in: 10...30, using: &random))\n}\n"
        }
        text += "\ntemplate screen-\(Int.random(in: 0..<99, using: &random)) {\n  size: 375 x 667\n"
        for e in 0..<Int.random(in: 1...4, using: &random) {
            text += "  text t\(e) {\n    style: \(styles.randomElement(using: &random)!)\n    text: \"Line \(e)\"\n    at: 16, \(16 + 30 * e)\n    size: 200 x 24\n  }\n"
        }
        text += "}\n"
        return text
    }

    static func shared(_ random: inout SeededRandom, index: Int, sharedCount: Int) -> String {
        var text = "format 1\n"
        if index + 1 < sharedCount && Bool.random(using: &random) { text += "import \"s\(index + 1).tdl\"\n" }
        for name in styles.shuffled(using: &random).prefix(Int.random(in: 1...3, using: &random)) {
            text += "\nstyle \(name) {\n  color: #333333\n"
            if Bool.random(using: &random) { text += "  style: \(styles.randomElement(using: &random)!)\n" }
            text += "}\n"
        }
        return text
    }

    /// The server under test and the contents it should see: the disk, with open documents'
    /// text in place of their files.
    struct World {
        let folder: Folder
        let h: ServerHarness
        var open: [String: (text: String, version: Int)] = [:]  // by path

        func contents() -> [String: String] {
            var files: [String: String] = [:]
            for path in folder.files { files[path] = (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
            for (path, doc) in open { files[path] = doc.text }
            return files
        }

        /// The project a from-scratch computation sees.
        func scratch() -> Project {
            let files = contents().sorted { $0.key < $1.key }.map { ProjectFile(path: $0.key, bytes: Array($0.value.utf8)) }
            return Project(files: files, loader: .disk())
        }
    }

    /// `uri@line:character` of a byte range in a from-scratch file.
    static func place(_ path: String, _ range: ByteRange, in project: Project) -> String {
        guard let file = project.file(path) else { return "?" }
        let p = file.lineIndex.utf16Position(of: range.start)
        let q = file.lineIndex.utf16Position(of: range.end)
        return "\(DocumentURI.uri(forPath: path))@\(p.line):\(p.column)-\(q.line):\(q.column)"
    }

    static func place(_ location: JSONValue) -> String {
        let r = location["range"]
        return "\(location["uri"].stringValue ?? "")@\(r["start"]["line"].intValue ?? -1):\(r["start"]["character"].intValue ?? -1)-\(r["end"]["line"].intValue ?? -1):\(r["end"]["character"].intValue ?? -1)"
    }

    func testCrossFileAnswersEqualAFromScratchComputation() throws {
        var random = SeededRandom(seed: 2026_1125)
        let folder = try Folder()
        let sharedCount = 3
        for k in 0..<sharedCount { folder.write("shared/s\(k).tdl", Self.shared(&random, index: k, sharedCount: sharedCount)) }
        for k in 0..<14 { folder.write("screens/screen-\(k).tdl", Self.screen(&random, sharedCount: sharedCount)) }
        let h = try ServerHarness(capabilities: ServerHarness.pullCapabilities, rootPath: folder.root)
        _ = h.server.finishBackgroundWork()
        var world = World(folder: folder, h: h)
        var nextScreen = 14
        var renames = 0

        for step in 0..<70 {
            let context = "step \(step)"
            // One random change.
            let files = folder.files
            let path = files.randomElement(using: &random)!
            let relative = String(path.dropFirst(folder.root.count + 1))
            switch Int.random(in: 0..<9, using: &random) {
            case 0, 1:
                if var doc = world.open[path] {
                    doc.version += 1
                    doc.text = path.contains("/shared/") ? Self.shared(&random, index: 0, sharedCount: sharedCount)
                        : Self.screen(&random, sharedCount: sharedCount)
                    world.open[path] = doc
                    h.replaceAll(DocumentURI.uri(forPath: path), version: doc.version, text: doc.text)
                } else {
                    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
                    world.open[path] = (text, 1)
                    h.open(DocumentURI.uri(forPath: path), text)
                }
            case 2:
                if world.open.removeValue(forKey: path) != nil {
                    h.notify("textDocument/didClose", ["textDocument": ["uri": .string(DocumentURI.uri(forPath: path))]])
                }
            case 3:
                let text = path.contains("/shared/") ? Self.shared(&random, index: 1, sharedCount: sharedCount)
                    : Self.screen(&random, sharedCount: sharedCount)
                folder.write(relative, text)
                watched([(folder.uri(relative), 2)], h)
            case 4:
                let name = "screens/screen-\(nextScreen).tdl"
                nextScreen += 1
                folder.write(name, Self.screen(&random, sharedCount: sharedCount))
                watched([(folder.uri(name), 1)], h)
            case 5 where world.open[path] == nil && files.count > 4:
                folder.remove(relative)
                watched([(folder.uri(relative), 3)], h)
            case 6 where world.open[path] == nil:
                // Renamed on disk: a delete and a create.
                let name = relative.contains("shared/") ? "shared/s\(Int.random(in: 0..<sharedCount + 1, using: &random)).tdl"
                    : "screens/moved-\(step).tdl"
                guard name != relative, !FileManager.default.fileExists(atPath: folder.path(name)) else { break }
                try FileManager.default.moveItem(atPath: path, toPath: folder.path(name))
                watched([(folder.uri(relative), 3), (folder.uri(name), 1)], h)
            case 7:
                // A rename through the server, checked by what it does to meaning (below).
                renames += try renameAndCheck(world: &world, random: &random, context: context) ? 1 : 0
            default:
                break
            }

            let scratch = world.scratch()
            try checkReferences(world, scratch, &random, context)
            try checkSymbols(world, scratch, &random, context)
            try checkWorkspaceDiagnostics(world, scratch, context)
        }
        XCTAssertGreaterThan(renames, 0, "some renames were made and checked")
    }

    func watched(_ changes: [(String, Int)], _ h: ServerHarness) {
        h.notify("workspace/didChangeWatchedFiles", ["changes": .array(changes.map { ["uri": .string($0.0), "type": .int($0.1)] })])
    }

    /// Every style written anywhere (definition or use) as (path, offset of the name).
    static func styleSites(_ project: Project) -> [(path: String, offset: Int, name: String)] {
        var sites: [(String, Int, String)] = []
        for path in project.memberPaths {
            guard let file = project.file(path) else { continue }
            for style in file.summary.styles { sites.append((path, style.nameRange.start, style.name)) }
            for use in file.styleUses { sites.append((path, use.range.start, use.name)) }
        }
        return sites
    }

    /// References from the server, for random style sites, against every file's own scope.
    func checkReferences(_ world: World, _ scratch: Project, _ random: inout SeededRandom, _ context: String) throws {
        let sites = Self.styleSites(scratch)
        for _ in 0..<3 {
            guard let site = sites.randomElement(using: &random), let file = scratch.file(site.path) else { return }
            let p = file.lineIndex.utf16Position(of: site.offset + 1)
            let answer = try world.h.request("textDocument/references", [
                "textDocument": ["uri": .string(DocumentURI.uri(forPath: site.path))],
                "position": ["line": .int(p.line), "character": .int(p.column)], "context": ["includeDeclaration": true]]).get()
            let got = (answer.arrayValue ?? []).map(Self.place).sorted()
            // From scratch: the definition the name means at the site, then every file whose
            // scope gives the same definition for that name.
            let isDefinition = file.summary.style(named: site.name)?.nameRange.start == site.offset
            let definition = isDefinition ? StyleID(path: site.path, name: site.name)
                : scratch.scope(of: site.path).style(named: site.name)?.id
            var expected: [String] = []
            if let definition {
                for path in scratch.paths {
                    guard let other = scratch.file(path), scratch.scope(of: path).style(named: site.name)?.id == definition else { continue }
                    if path == definition.path, let style = other.summary.style(named: site.name) {
                        expected.append(Self.place(path, style.nameRange, in: scratch))
                    }
                    for use in other.styleUses where use.name == site.name {
                        expected.append(Self.place(path, use.range, in: scratch))
                    }
                }
            } else {
                // An unknown name (or a duplicate definition): its places in this file only.
                for use in file.styleUses where use.name == site.name { expected.append(Self.place(site.path, use.range, in: scratch)) }
                if !isDefinition && file.summary.styles.contains(where: { $0.name == site.name }) { expected = got }
            }
            if definition == nil && got.isEmpty { continue }
            XCTAssertEqual(got, expected.sorted(), "\(context): references to `\(site.name)` from \(site.path)")
        }
    }

    func checkSymbols(_ world: World, _ scratch: Project, _ random: inout SeededRandom, _ context: String) throws {
        for query in ["", "scr", Self.styles.randomElement(using: &random)!, "t1", "zz"] {
            let answer = try world.h.request("workspace/symbol", ["query": .string(query)]).get()
            let got = (answer.arrayValue ?? []).map { "\($0["name"].stringValue ?? ""):\(Self.place($0["location"]))" }
            let expected = scratch.searchSymbols(query, limit: SymbolsHandlers.limit).map { "\($0.name):\(Self.place($0.path, $0.range, in: scratch))" }
            XCTAssertEqual(got, expected, "\(context): workspace/symbol \(query)")
        }
    }

    /// Every workspace file's pulled report against validating it from scratch; a second pull
    /// with the result ids is all `unchanged`.
    func checkWorkspaceDiagnostics(_ world: World, _ scratch: Project, _ context: String) throws {
        let answer = try world.h.request("workspace/diagnostic", ["previousResultIds": []]).get()
        var got: [String: [String]] = [:]
        var ids: [JSONValue] = []
        for report in answer["items"].arrayValue ?? [] {
            guard let uri = report["uri"].stringValue else { continue }
            let items = report["items"].arrayValue ?? []
            if items.isEmpty && report["resultId"] == "gone" { continue }
            got[uri] = items.map { "\($0["code"].stringValue ?? ""):\($0["range"]["start"]["line"].intValue ?? -1):\($0["message"].stringValue ?? "")" }.sorted()
            ids.append(["uri": .string(uri), "value": report["resultId"]])
            if let path = DocumentURI.path(of: uri), let doc = world.open[path] {
                XCTAssertEqual(report["version"].intValue, doc.version, "\(context): \(uri) version")
            }
        }
        var expected: [String: [String]] = [:]
        for path in scratch.memberPaths {
            guard let file = scratch.file(path) else { continue }
            expected[DocumentURI.uri(forPath: path)] = Validator.validate(file, in: scratch).map {
                "\($0.code):\(file.lineIndex.utf16Position(of: $0.range.start).line):\($0.message)"
            }.sorted()
        }
        XCTAssertEqual(got, expected, "\(context): workspace diagnostics")
        let again = try world.h.request("workspace/diagnostic", ["previousResultIds": .array(ids)]).get()
        XCTAssertTrue((again["items"].arrayValue ?? []).allSatisfy { $0["kind"] == "unchanged" }, "\(context): nothing changed")
    }

    /// Renames a random style through the server (from a file that may not be open), applies
    /// the edits to the files, and checks that meaning is kept: every use that meant the style
    /// means the renamed one, no other name resolves differently, and no file gains a
    /// diagnostic. A refused rename must be one that would break that.
    func renameAndCheck(world: inout World, random: inout SeededRandom, context: String) throws -> Bool {
        let before = world.scratch()
        let definitions = Self.styleSites(before).filter { site in
            before.file(site.path)?.summary.style(named: site.name)?.nameRange.start == site.offset
        }
        guard let site = definitions.randomElement(using: &random), let file = before.file(site.path) else { return false }
        let newName = Bool.random(using: &random) ? "renamed-\(Int.random(in: 0..<3, using: &random))" : Self.styles.randomElement(using: &random)!
        let p = file.lineIndex.utf16Position(of: site.offset)
        let result = world.h.request("textDocument/rename", [
            "textDocument": ["uri": .string(DocumentURI.uri(forPath: site.path))],
            "position": ["line": .int(p.line), "character": .int(p.column)], "newName": .string(newName)])
        let id = StyleID(path: site.path, name: site.name)
        guard case .success(let edit) = result else {
            // Refused: some file that sees the style already knows the new name.
            let knows = before.filesSeeing(site.path).contains { path in
                guard let f = before.file(path) else { return false }
                return f.summary.topLevelNames.contains(newName) || before.scope(of: path).style(named: newName) != nil
                    || f.summary.writtenStyleNames.contains(newName)
            }
            XCTAssertTrue(knows || newName == site.name, "\(context): rename of \(site.name) to \(newName) refused without a clash")
            return false
        }
        // Apply the edits: open documents through didChange, other files on disk.
        var contents = world.contents()
        for (uri, edits) in edit["changes"].objectValue ?? JSONObject() {
            guard let path = DocumentURI.path(of: uri), let text = contents[path] else {
                XCTFail("\(context): an edit for \(uri), which is no file of the workspace")
                continue
            }
            let newText = applying(edits.arrayValue ?? [], to: text)
            contents[path] = newText
            if var doc = world.open[path] {
                doc.version += 1
                doc.text = newText
                world.open[path] = doc
                world.h.replaceAll(uri, version: doc.version, text: newText)
            } else {
                try newText.write(toFile: path, atomically: true, encoding: .utf8)
                watched([(uri, 2)], world.h)
            }
        }
        let after = world.scratch()
        // Meaning kept: each use resolves to the same definition as before, renamed where it was `id`.
        for path in before.memberPaths {
            guard let old = before.file(path), let new = after.file(path) else { continue }
            XCTAssertEqual(old.styleUses.count, new.styleUses.count, "\(context): \(path)")
            for (u, v) in zip(old.styleUses, new.styleUses) {
                let was = before.scope(of: path).style(named: u.name)?.id
                let now = after.scope(of: path).style(named: v.name)?.id
                if was == id {
                    XCTAssertEqual(now, StyleID(path: id.path, name: newName), "\(context): \(path) use of \(u.name)")
                } else {
                    XCTAssertEqual(now, was, "\(context): \(path) use of \(u.name) changed meaning")
                }
            }
            let errorsBefore = Validator.validate(old, in: before).filter { $0.severity == .error }.count
            let errorsAfter = Validator.validate(new, in: after).filter { $0.severity == .error }.count
            XCTAssertLessThanOrEqual(errorsAfter, errorsBefore, "\(context): \(path) gained errors")
        }
        return true
    }

    /// Cancels for requests already answered, or never sent, are not kept.
    func testStaleCancelsAreDropped() throws {
        let h = try ServerHarness()
        for n in 0..<100_000 {
            h.notify("$/cancelRequest", ["id": .int(n % 2 == 0 ? n : -n)])
            h.server.cancel(.int(1_000_000 + n))  // as the reader thread registers one on arrival
            h.notify("$/cancelRequest", ["id": .int(1_000_000 + n)])
        }
        XCTAssertEqual(h.server.cancellation.count, 0)
        // A cancel that overtakes its queued request still cancels it.
        h.server.cancel(.int(77))
        let answer = h.send(.request(id: .int(77), method: "textDocument/hover", params: ServerHarness.position("file:///x.tdl", 0, 0)), id: .int(77))
        XCTAssertEqual(answer, .failure(ResponseError(code: ErrorCode.requestCancelled, message: "request cancelled")))
        XCTAssertEqual(h.server.cancellation.count, 0)
    }
}

/// Indexing in the background: progress when it is long, file watchers registered, requests
/// answered meanwhile, workspace folders added and removed.
final class WorkspaceIndexingTests: XCTestCase {
    func testIndexingShowsProgressAndLeavesRequestsAnswered() throws {
        let folder = try WorkspaceModelTests.Folder()
        folder.write("shared/s.tdl", "format 1\n\nstyle brand {\n  font-size: 12\n}\n")
        for k in 0..<250 {
            folder.write("screens/x\(k).tdl", "format 1\nimport \"../shared/s.tdl\"\n\ntemplate x\(k) {\n  size: 10 x 10\n  text t {\n    style: brand\n    text: \"x\"\n  }\n}\n")
        }
        let capabilities: JSONValue = ["window": ["workDoneProgress": true],
                                       "workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]]
        let h = try ServerHarness(capabilities: capabilities, rootPath: folder.root)
        XCTAssertTrue(h.server.hasBackgroundWork, "indexing waits for the background")
        let registration = try XCTUnwrap(h.serverRequests.first { $0.method == "client/registerCapability" })
        XCTAssertEqual(registration.params["registrations"][0]["method"], "workspace/didChangeWatchedFiles")
        XCTAssertEqual(registration.params["registrations"][0]["registerOptions"]["watchers"][0]["globPattern"], "**/*.tdl")
        // Any other file only when created or deleted: an open document may name it (TDL313).
        XCTAssertEqual(registration.params["registrations"][0]["registerOptions"]["watchers"][1], ["globPattern": "**/*", "kind": 5])
        XCTAssertTrue(h.serverRequests.contains { $0.method == "window/workDoneProgress/create" })

        // The client accepts the token: progress begins.
        let uri = folder.uri("shared/s.tdl")
        let out = h.server.handle(.response(id: .string("tdl-2"), result: .success(.null)))
        let begun = out.contains { message in
            if case .notification("$/progress", let p) = message { return p["value"]["kind"] == "begin" }
            return false
        }
        XCTAssertTrue(begun, "\(out)")
        // A request about an open document is answered without waiting for the index.
        h.open(uri, "format 1\n\nstyle brand {\n  font-size: 12\n}\n")
        _ = try h.request("textDocument/hover", ServerHarness.position(uri, 2, 8)).get()
        XCTAssertTrue(h.server.hasBackgroundWork, "a hover does not wait for the index")
        XCTAssertTrue(h.server.workspace.analysis(uri: uri)?.diagnostics.contains { $0.code == "TDL304" } ?? false,
                      "no screen is indexed yet, so nothing uses the style")

        var kinds: [String] = []
        while h.server.hasBackgroundWork {
            for outgoing in h.server.backgroundStep(budget: 200_000) {
                if case .notification("$/progress", let p)? = outgoing.message { kinds.append(p["value"]["kind"].stringValue ?? "") }
            }
        }
        XCTAssertEqual(kinds.last, "end")
        XCTAssertTrue(kinds.dropLast().allSatisfy { $0 == "report" } && kinds.count >= 3, "\(kinds)")
        // The style is used by 250 unopened files: its diagnostics say so once indexing is done.
        XCTAssertFalse(h.server.workspace.analysis(uri: uri)?.diagnostics.contains { $0.code == "TDL304" } ?? true)
    }

    func testWorkspaceFoldersComeAndGo() throws {
        let a = try WorkspaceModelTests.Folder(), b = try WorkspaceModelTests.Folder()
        a.write("screens/one.tdl", "format 1\ntemplate alpha-card {\n  size: 1 x 1\n}\n")
        b.write("screens/two.tdl", "format 1\ntemplate beta-card {\n  size: 1 x 1\n}\n")
        let h = try ServerHarness(rootPath: a.root)
        func names() throws -> Set<String> {
            Set(try h.request("workspace/symbol", ["query": "card"]).get().arrayValue?.compactMap { $0["name"].stringValue } ?? [])
        }
        XCTAssertEqual(try names(), ["alpha-card"])
        h.notify("workspace/didChangeWorkspaceFolders", ["event": ["added": [["uri": .string(DocumentURI.uri(forPath: b.root)), "name": "b"]], "removed": []]])
        XCTAssertEqual(try names(), ["alpha-card", "beta-card"])
        h.notify("workspace/didChangeWorkspaceFolders", ["event": ["added": [], "removed": [["uri": .string(DocumentURI.uri(forPath: a.root)), "name": "a"]]]])
        XCTAssertEqual(try names(), ["beta-card"])
    }
}
