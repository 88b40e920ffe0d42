// Fuzz target `server`: arbitrary bytes on the server's input, after an `initialize` and the
// opening of a document. The message reader frames them as the stdio loop does and the
// server handles every message; nothing may crash, and every message the server sends back
// must be valid JSON (a JSON-RPC response or notification).
import LSPProtocol
import LanguageServer

let prelude: [UInt8] = {
    func frame(_ text: String) -> [UInt8] { MessageWriter.frame(Array(text.utf8)) }
    let document = #"format 1\n\nstyle title {\n  font-size: 24\n}\n\ntemplate card \"Card\" {\n  size: 320 x 200\n  params { name: \"you\" }\n  text hello { style: title; text: \"Hi {{name}}\"; at: 10, 10; size: 200 x 40 }\n  image pic { src: \"a.png\"; at: 0, 0; size: 10 x 10 }\n}\n"#
    return frame(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"capabilities":{"textDocument":{"diagnostic":{}}}}}"#)
        + frame(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
        + frame(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///fuzz/a.tdl","languageId":"tdl","version":1,"text":"\#(document)"}}}"#)
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzServer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let server = LanguageServer()
    var reader = MessageReader(maxContentLength: 1 << 20)
    reader.append(prelude)
    reader.append(UnsafeBufferPointer(start: data, count: size))
    while let item = reader.next() {
        guard case .message(let payload) = item else { continue }
        var sent = server.handle(payload: payload, publishDiagnostics: false).map { JSONSerializer.serialize($0.json) }
        sent += server.publishPendingDiagnosticsPayloads()
        for bytes in sent where (try? JSONParser.parse(bytes)) == nil {
            fuzzFailure("server", "the server sent invalid JSON: \(String(decoding: bytes.prefix(300), as: UTF8.self))",
                        Array(UnsafeBufferPointer(start: data, count: size)))
        }
    }
    return 0
}
