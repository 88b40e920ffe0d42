import Dispatch
import Foundation
import JSONText
import LanguageServer

/// The language server's own cost per keystroke, in process (no pipes, no client): open
/// FILE, then alternately insert and delete one character at the end of its middle line,
/// each time handling the change and writing the diagnostics payload, as `StdioServer` does.
func serverEditReport(path: String, edits: Int = 300) {
    guard let data = FileManager.default.contents(atPath: path) else {
        print("tdl-bench: cannot read \(path)")
        exit(2)
    }
    let text = String(decoding: data, as: UTF8.self)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let middle = lines.count / 2
    let column = lines[middle].utf16.count
    let server = LanguageServer()
    func send(_ json: JSONValue) -> Int {
        var bytes = 0
        for message in server.handle(payload: json.serialized(), publishDiagnostics: false) {
            bytes += message.json.serialized().count
        }
        for payload in server.publishPendingDiagnosticsPayloads() { bytes += payload.count }
        return bytes
    }
    let uri = "file:///bench/corpus.tdl"
    _ = send(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [:], "processId": .null, "rootUri": .null]])
    _ = send(["jsonrpc": "2.0", "method": "initialized", "params": [:]])
    _ = send(["jsonrpc": "2.0", "method": "textDocument/didOpen",
              "params": ["textDocument": ["uri": .string(uri), "languageId": "tdl", "version": 1, "text": .string(text)]]])
    var times: [Double] = []
    var payload = 0
    for k in 0..<edits {
        let insert = k % 2 == 0
        let start: JSONValue = ["line": .number(Double(middle)), "character": .number(Double(column))]
        let end: JSONValue = ["line": .number(Double(middle)), "character": .number(Double(column + (insert ? 0 : 1)))]
        let change: JSONValue = ["range": ["start": start, "end": end], "text": .string(insert ? "x" : "")]
        let message: JSONValue = ["jsonrpc": "2.0", "method": "textDocument/didChange",
                                  "params": ["textDocument": ["uri": .string(uri), "version": .number(Double(k + 2))],
                                             "contentChanges": [change]]]
        let t = DispatchTime.now().uptimeNanoseconds
        payload = send(message)
        times.append(Double(DispatchTime.now().uptimeNanoseconds - t) / 1e6)
    }
    // The first edit after opening is timed apart too: it is the one a user meets first.
    let first = times.first ?? 0
    times.sort()
    func pct(_ p: Double) -> Double { times[min(times.count - 1, Int(Double(times.count - 1) * p))] }
    print(String(format: "%@: %d edits, server time per edit p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, first %.2f ms; %d bytes of diagnostics each",
                 path as NSString, edits, pct(0.5), pct(0.9), pct(0.99), first, payload))
}
