// Fuzz target `server`: arbitrary bytes on the server's input, after an `initialize` and the
// opening of a document. The message reader frames them as the stdio loop does and the
// server handles every message as `StdioServer` would (a bad header is logged, a
// `$/cancelRequest` is registered before the queue reaches it, nothing is handled after
// `exit`); nothing may crash, and every message the server sends back must be valid JSON.
// The reader must also frame the bytes the same whether they arrive at once or in pieces.
import JSONText
import LSPProtocol
@testable import LanguageServer

let prelude: [UInt8] = {
    func frame(_ text: String) -> [UInt8] { MessageWriter.frame(Array(text.utf8)) }
    let document = #"format 1\n\nstyle title {\n  font-size: 24\n}\n\ntemplate card \"Card\" {\n  size: 320 x 200\n  params { name: \"you\" }\n  text hello { style: title; text: \"Hi {{name}}\"; at: 10, 10; size: 200 x 40 }\n  image pic { src: \"a.png\"; at: 0, 0; size: 10 x 10 }\n}\n"#
    return frame(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"capabilities":{"textDocument":{"diagnostic":{}}}}}"#)
        + frame(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
        + frame(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///fuzz/a.tdl","languageId":"tdl","version":1,"text":"\#(document)"}}}"#)
}()

/// Small enough that a mutated length cannot make every input allocate megabytes.
let maxContentLength = 1 << 20

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzServer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))

    // Framing does not depend on how the stream is split into reads.
    var whole = MessageReader(maxContentLength: maxContentLength)
    whole.append(input)
    let expected = Array(sequence(state: whole) { $0.next() })
    var pieces = MessageReader(maxContentLength: maxContentLength)
    var framed: [MessageReader.Item] = []
    var offset = 0
    var step = 0
    while offset < input.count {
        let count = min(input.count - offset, [1, 7, 64, 3, 1000][step % 5])
        pieces.append(input[offset..<(offset + count)])
        while let item = pieces.next() { framed.append(item) }
        offset += count
        step += 1
    }
    if framed != expected {
        fuzzFailure("server", "framing differs when the bytes come in pieces: \(framed.count) items, \(expected.count) at once", input)
    }

    let server = LanguageServer()
    var reader = MessageReader(maxContentLength: maxContentLength)
    reader.append(prelude)
    reader.append(input)
    var items: [MessageReader.Item] = []
    while let item = reader.next() { items.append(item) }
    // The reader thread registers cancellations as soon as they are read.
    for case .message(let payload) in items { noteCancellation(in: payload, server) }
    for item in items {
        var sent: [[UInt8]]
        switch item {
        case .badHeader(let reason):
            sent = [server.logMessage(.error, "bad message header: \(reason)").json.serialized()]
        case .message(let payload):
            sent = server.handle(payload: payload, publishDiagnostics: false).map { $0.json.serialized() }
            sent += server.publishPendingDiagnosticsPayloads()
        }
        for bytes in sent where (try? JSONParser.parse(bytes)) == nil {
            fuzzFailure("server", "the server sent invalid JSON: \(String(decoding: bytes.prefix(300), as: UTF8.self))", input)
        }
        if server.exitCode != nil { break }
    }
    return 0
}

/// What `StdioServer` does on reading a payload: a `$/cancelRequest` takes effect at once.
func noteCancellation(in payload: [UInt8], _ server: LanguageServer) {
    guard payload.count < 512, let text = String(validating: payload, as: UTF8.self), text.contains("$/cancelRequest"),
          let json = try? JSONParser.parse(payload), json["method"].stringValue == "$/cancelRequest",
          let id = RequestID(json["params"]["id"]) else { return }
    server.cancel(id)
}
