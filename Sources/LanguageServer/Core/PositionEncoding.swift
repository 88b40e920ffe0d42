import JSONText

/// How LSP `character` offsets count: UTF-16 code units (the LSP default) or UTF-8 bytes
/// (when the client offers it, which makes conversion a subtraction).
public enum PositionEncoding: String, Sendable {
    case utf16 = "utf-16"
    case utf8 = "utf-8"

    /// The encoding to use given the client's `general.positionEncodings`: utf-8 when offered.
    public static func negotiate(clientCapabilities: JSONValue) -> PositionEncoding {
        let offered = clientCapabilities["general"]["positionEncodings"].arrayValue ?? []
        return offered.contains(.string("utf-8")) ? .utf8 : .utf16
    }
}

/// An LSP `Position`: 0-based line and character in the negotiated encoding.
public struct LSPPosition: Sendable, Hashable {
    public var line: Int
    public var character: Int

    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    /// nil unless `json` is `{line, character}` with non-negative integers.
    public init?(json: JSONValue) {
        guard let line = json["line"].intValue, let character = json["character"].intValue,
              line >= 0, character >= 0 else { return nil }
        self.init(line: line, character: character)
    }

    public var json: JSONValue { ["line": .int(line), "character": .int(character)] }
}

/// An LSP `Range`.
public struct LSPRange: Sendable, Hashable {
    public var start: LSPPosition
    public var end: LSPPosition

    public init(start: LSPPosition, end: LSPPosition) {
        self.start = start
        self.end = end
    }

    public init?(json: JSONValue) {
        guard let start = LSPPosition(json: json["start"]), let end = LSPPosition(json: json["end"]) else { return nil }
        self.init(start: start, end: end)
    }

    public var json: JSONValue { ["start": start.json, "end": end.json] }
}
