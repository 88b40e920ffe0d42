import Dispatch
import Foundation
import JSONText
import LSPProtocol
import LanguageServer

/// The server's own time for project-scale requests, in process (no pipes, no client): a
/// workspace folder (`shared/bench/gen_workspace.py`) indexed, then workspace symbols,
/// references to and rename of `brand-card` in `shared/styles.tdl`, and an edit of that file
/// with `dependents` of its users open, each timed over repeated runs.
func workspaceReport(root: String, dependents: Int = 50) {
    let server = LanguageServer()
    var nextID = 10
    /// Timed up to the bytes the stdio loop would write; the answer is read back afterwards.
    func request(_ method: String, _ params: JSONValue) -> (ms: Double, result: JSONValue) {
        nextID += 1
        let t = DispatchTime.now().uptimeNanoseconds
        let written = server.respond(to: .request(id: .int(nextID), method: method, params: params), publishDiagnostics: false)
            .map(\.serialized)
        let ms = Double(DispatchTime.now().uptimeNanoseconds - t) / 1e6
        var result: JSONValue = .null
        for bytes in written {
            if case .response(_, .success(let value))? = (try? JSONParser.parse(bytes)).flatMap({ try? Message(json: $0) }) { result = value }
        }
        return (ms, result)
    }
    func notify(_ method: String, _ params: JSONValue) -> Double {
        let t = DispatchTime.now().uptimeNanoseconds
        var bytes = 0
        for out in server.respond(to: .notification(method: method, params: params), publishDiagnostics: false) { bytes += out.serialized.count }
        for payload in server.publishPendingDiagnosticsPayloads() { bytes += payload.count }
        return Double(DispatchTime.now().uptimeNanoseconds - t) / 1e6
    }
    func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }
    let rootURI = DocumentURI.uri(forPath: root)
    _ = request("initialize", ["capabilities": [:], "processId": .null, "rootUri": .string(rootURI)])
    let t0 = DispatchTime.now().uptimeNanoseconds
    _ = notify("initialized", [:])
    _ = server.finishBackgroundWork()
    let indexMS = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6
    _ = request("workspace/symbol", ["query": "warm"])
    var symbols: [Double] = []
    var byQuery: [String: [Double]] = [:]
    for _ in 0..<5 {
        for q in ["brand", "screen-0042", "line", "go", "art-5", "zzz", "inner", "local-01", "Screen", "b"] {
            let ms = request("workspace/symbol", ["query": .string(q)]).ms
            symbols.append(ms)
            byQuery[q, default: []].append(ms)
        }
    }
    if ProcessInfo.processInfo.environment["TDL_BENCH_VERBOSE"] != nil {
        for (q, times) in byQuery.sorted(by: { $0.key < $1.key }) { print(String(format: "  symbol %@: %.2f ms", q, median(times))) }
    }
    let shared = root + "/shared/styles.tdl"
    let sharedURI = DocumentURI.uri(forPath: shared)
    guard let data = FileManager.default.contents(atPath: shared) else { print("no \(shared)"); return }
    let text = String(decoding: data, as: UTF8.self)
    _ = notify("textDocument/didOpen", ["textDocument": ["uri": .string(sharedURI), "languageId": "tdl", "version": 1, "text": .string(text)]])
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let line = lines.firstIndex { $0.hasPrefix("style brand-card") } ?? 0
    let position: JSONValue = ["textDocument": ["uri": .string(sharedURI)], "position": ["line": .int(line), "character": 8]]
    var references: [Double] = [], renames: [Double] = []
    var found = 0, files = 0
    for _ in 0..<10 {
        var params = position
        params["context"] = ["includeDeclaration": true]
        let r = request("textDocument/references", params)
        references.append(r.ms)
        found = r.result.arrayValue?.count ?? 0
        params = position
        params["newName"] = "brand-box"
        let e = request("textDocument/rename", params)
        renames.append(e.ms)
        files = e.result["changes"].objectValue?.count ?? 0
    }
    let users = ((try? FileManager.default.contentsOfDirectory(atPath: root + "/screens")) ?? []).sorted().prefix(dependents)
    for name in users {
        let path = root + "/screens/" + name
        let body = String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
        _ = notify("textDocument/didOpen", ["textDocument": ["uri": .string(DocumentURI.uri(forPath: path)), "languageId": "tdl",
                                                              "version": 1, "text": .string(body)]])
    }
    let size = lines.firstIndex { $0.contains("font-size: 16") } ?? 0
    var edits: [Double] = []
    for k in 0..<40 {
        let change: JSONValue = ["range": ["start": ["line": .int(size), "character": 13], "end": ["line": .int(size), "character": 15]],
                                 "text": .string(k % 2 == 0 ? "17" : "16")]
        edits.append(notify("textDocument/didChange", ["textDocument": ["uri": .string(sharedURI), "version": .int(k + 2)],
                                                        "contentChanges": [change]]))
    }
    print(String(format: "%@: index %.0f ms; workspace/symbol p50 %.2f ms; references p50 %.2f ms (%d); rename p50 %.2f ms (%d files); "
                 + "edit of the shared file -> %d dependents' diagnostics p50 %.2f ms; peak RSS %.1f MiB",
                 root as NSString, indexMS, median(symbols), median(references), found, median(renames), files,
                 users.count, median(edits), Double(peakMemoryBytes()) / 1_048_576))
}
