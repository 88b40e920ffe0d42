import JSONText
import LSPProtocol

/// Something the server sends: a message, or a payload already written as JSON bytes (a
/// diagnostics report can be megabytes; building a `JSONValue` tree for it and serializing
/// that would cost more than validating).
public enum Outgoing: Sendable {
    case message(Message)
    case payload([UInt8])

    /// The JSON bytes, unframed.
    public var serialized: [UInt8] {
        switch self {
        case .message(let message): return message.json.serialized()
        case .payload(let bytes): return bytes
        }
    }

    /// The message, read back from the bytes when it was written as bytes (tests and the
    /// in-process API, which deal in messages).
    public var message: Message? {
        switch self {
        case .message(let message): return message
        case .payload(let bytes): return (try? JSONParser.parse(bytes)).flatMap { try? Message(json: $0) }
        }
    }

    /// A response whose result is JSON written elsewhere.
    static func response(id: RequestID, rawResult: [UInt8]) -> Outgoing {
        var out = JSONWriter(capacity: rawResult.count + 48)
        out.raw(#"{"jsonrpc":"2.0","id":"#)
        out.value(id.json)
        out.raw(#","result":"#)
        out.raw(rawResult)
        out.raw(UInt8(ascii: "}"))
        return .payload(out.bytes)
    }
}
