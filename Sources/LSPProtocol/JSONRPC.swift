import JSONText

/// A JSON-RPC request id: an integer or a string.
public enum RequestID: Sendable, Hashable, CustomStringConvertible {
    case int(Int)
    case string(String)

    public init?(_ json: JSONValue) {
        if let n = json.intValue { self = .int(n) } else if let s = json.stringValue { self = .string(s) } else { return nil }
    }

    public var json: JSONValue {
        switch self {
        case .int(let n): return .int(n)
        case .string(let s): return .string(s)
        }
    }

    public var description: String {
        switch self {
        case .int(let n): return String(n)
        case .string(let s): return "\"\(s)\""
        }
    }
}

/// JSON-RPC and LSP error codes.
public enum ErrorCode {
    public static let parseError = -32700
    public static let invalidRequest = -32600
    public static let methodNotFound = -32601
    public static let invalidParams = -32602
    public static let internalError = -32603
    public static let serverNotInitialized = -32002
    public static let unknownErrorCode = -32001
    public static let requestFailed = -32803
    public static let serverCancelled = -32802
    public static let contentModified = -32801
    public static let requestCancelled = -32800
}

/// The `error` member of a response. Handlers throw it to answer with that error.
public struct ResponseError: Error, Sendable, Equatable {
    public var code: Int
    public var message: String
    public var data: JSONValue?

    public init(code: Int, message: String, data: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    public static func invalidParams(_ message: String) -> ResponseError { ResponseError(code: ErrorCode.invalidParams, message: message) }
    public static func methodNotFound(_ method: String) -> ResponseError {
        ResponseError(code: ErrorCode.methodNotFound, message: "unknown method '\(method)'")
    }
    public static func internalError(_ message: String) -> ResponseError { ResponseError(code: ErrorCode.internalError, message: message) }
    public static func requestFailed(_ message: String) -> ResponseError { ResponseError(code: ErrorCode.requestFailed, message: message) }

    public var json: JSONValue {
        var object = JSONObject()
        object["code"] = .int(code)
        object["message"] = .string(message)
        if let data { object["data"] = data }
        return .object(object)
    }
}

/// One JSON-RPC 2.0 message.
public enum Message: Sendable, Equatable {
    case request(id: RequestID, method: String, params: JSONValue)
    case notification(method: String, params: JSONValue)
    case response(id: RequestID?, result: Result<JSONValue, ResponseError>)

    /// Why a JSON value is not a message; `id` is set when one could be read, so the
    /// receiver can answer -32600 to it.
    public struct DecodingError: Error, Sendable, Equatable {
        public var id: RequestID?
        public var reason: String
    }

    /// Reads a message from a parsed JSON value. `params` is `.null` when absent.
    public init(json: JSONValue) throws(DecodingError) {
        guard case .object(let object) = json else { throw DecodingError(id: nil, reason: "a message must be a JSON object") }
        let idValue = object["id"]
        let id = idValue.flatMap(RequestID.init)
        guard object["jsonrpc"]?.stringValue == "2.0" else { throw DecodingError(id: id, reason: "missing \"jsonrpc\": \"2.0\"") }
        if let methodValue = object["method"] {
            guard let method = methodValue.stringValue else { throw DecodingError(id: id, reason: "\"method\" must be a string") }
            let params = object["params"] ?? .null
            switch params {
            case .null, .array, .object: break
            default: throw DecodingError(id: id, reason: "\"params\" must be an object or an array")
            }
            if let idValue, !idValue.isNull {
                guard let id else { throw DecodingError(id: nil, reason: "\"id\" must be an integer or a string") }
                self = .request(id: id, method: method, params: params)
            } else if idValue?.isNull == true {
                throw DecodingError(id: nil, reason: "a request id must not be null")
            } else {
                self = .notification(method: method, params: params)
            }
            return
        }
        if let error = object["error"] {
            guard let code = error["code"].intValue, let message = error["message"].stringValue else {
                throw DecodingError(id: id, reason: "malformed \"error\" member")
            }
            self = .response(id: id, result: .failure(ResponseError(code: code, message: message, data: error.objectValue?["data"])))
            return
        }
        if let result = object["result"] {
            self = .response(id: id, result: .success(result))
            return
        }
        throw DecodingError(id: id, reason: "neither a request, a notification nor a response")
    }

    public var json: JSONValue {
        var object = JSONObject()
        object["jsonrpc"] = "2.0"
        switch self {
        case .request(let id, let method, let params):
            object["id"] = id.json
            object["method"] = .string(method)
            if !params.isNull { object["params"] = params }
        case .notification(let method, let params):
            object["method"] = .string(method)
            if !params.isNull { object["params"] = params }
        case .response(let id, let result):
            object["id"] = id?.json ?? .null
            switch result {
            case .success(let value): object["result"] = value
            case .failure(let error): object["error"] = error.json
            }
        }
        return .object(object)
    }

    /// The framed bytes of this message.
    public var framed: [UInt8] { MessageWriter.frame(json) }

    public var method: String? {
        switch self {
        case .request(_, let method, _), .notification(let method, _): return method
        case .response: return nil
        }
    }
}

extension Message {
    /// Best-effort id from bytes that are not valid JSON, so a parse error can still be
    /// answered: the first `"id"` key followed by an integer or a simple string.
    public static func salvageID(from bytes: [UInt8]) -> RequestID? {
        let key = Array("\"id\"".utf8)
        let n = bytes.count
        var k = 0
        while k + key.count <= n {
            if bytes[k] == key[0] && Array(bytes[k..<(k + key.count)]) == key {
                var j = k + key.count
                while j < n && (bytes[j] == 0x20 || bytes[j] == 0x09 || bytes[j] == 0x0A || bytes[j] == 0x0D) { j += 1 }
                guard j < n, bytes[j] == UInt8(ascii: ":") else { k += 1; continue }
                j += 1
                while j < n && (bytes[j] == 0x20 || bytes[j] == 0x09 || bytes[j] == 0x0A || bytes[j] == 0x0D) { j += 1 }
                guard j < n else { return nil }
                if bytes[j] == UInt8(ascii: "\"") {
                    var e = j + 1
                    while e < n && bytes[e] != UInt8(ascii: "\"") && bytes[e] != UInt8(ascii: "\\") && bytes[e] >= 0x20 { e += 1 }
                    guard e < n, bytes[e] == UInt8(ascii: "\"") else { return nil }
                    return .string(String(decoding: bytes[(j + 1)..<e], as: UTF8.self))
                }
                var e = j
                if e < n && bytes[e] == UInt8(ascii: "-") { e += 1 }
                let digitsStart = e
                while e < n && bytes[e] >= 0x30 && bytes[e] <= 0x39 && e - digitsStart < 16 { e += 1 }
                guard e > digitsStart, let value = Int(String(decoding: bytes[j..<e], as: UTF8.self)) else { return nil }
                return .int(value)
            }
            k += 1
        }
        return nil
    }
}
