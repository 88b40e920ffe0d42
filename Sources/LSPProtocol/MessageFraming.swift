import JSONText

/// Splits a byte stream into LSP messages: `Content-Length: N\r\n` (other headers ignored),
/// a blank line, then N bytes of payload. Feed it chunks as they arrive; it handles
/// messages split across reads and many messages in one read.
public struct MessageReader: Sendable {
    /// What the reader produced from the bytes so far.
    public enum Item: Sendable, Equatable {
        /// One message payload (the JSON bytes, not yet parsed).
        case message([UInt8])
        /// A header block that could not be understood; its bytes were skipped.
        case badHeader(String)
    }

    /// Payloads larger than this are refused (the header is reported bad and the reader
    /// skips to the next header), so a corrupt length cannot make the server allocate gigabytes.
    public var maxContentLength: Int

    /// A header block longer than this is reported bad and skipped in pieces of this size, so
    /// a stream that never has a blank line neither grows the buffer without bound nor is
    /// searched again from its start on every read.
    public static let maxHeaderLength = 64 * 1024

    private var buffer: [UInt8] = []
    private var start = 0
    /// Where the search for the end of the header block at `start` goes on (bytes before it
    /// were searched already).
    private var scanned = 0

    public init(maxContentLength: Int = 256 << 20) {
        self.maxContentLength = maxContentLength
    }

    /// Bytes buffered but not yet returned as a message.
    public var pendingByteCount: Int { buffer.count - start }

    public mutating func append(_ bytes: some Collection<UInt8>) {
        if start > 0 && start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            scanned = 0
            start = 0
        } else if start > 65_536 && start > buffer.count / 2 {
            buffer.removeSubrange(0..<start)
            scanned = max(0, scanned - start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next complete message or header problem, or nil when more bytes are needed.
    public mutating func next() -> Item? {
        while true {
            guard let headerEnd = findHeaderEnd() else {
                guard buffer.count - start >= Self.maxHeaderLength + 2 else { return nil }
                start += Self.maxHeaderLength
                return .badHeader("header longer than \(Self.maxHeaderLength) bytes without a blank line")
            }
            let headerBytes = buffer[start..<headerEnd.headerStop]
            let bodyStart = headerEnd.bodyStart
            switch Self.contentLength(in: headerBytes) {
            case .failure(let reason):
                start = bodyStart
                return .badHeader(reason)
            case .success(let length):
                guard length <= maxContentLength else {
                    start = bodyStart
                    return .badHeader("Content-Length \(length) exceeds the limit of \(maxContentLength) bytes")
                }
                guard buffer.count - bodyStart >= length else { return nil }
                let payload = Array(buffer[bodyStart..<(bodyStart + length)])
                start = bodyStart + length
                return .message(payload)
            }
        }
    }

    /// Locates the blank line ending the header block at `start`: a line feed within the
    /// first `maxHeaderLength` bytes followed by `\r\n` or, leniently, `\n`.
    private mutating func findHeaderEnd() -> (headerStop: Int, bodyStart: Int)? {
        var k = max(start, scanned)
        let n = buffer.count
        let last = min(n, start + Self.maxHeaderLength)
        while k < last {
            if buffer[k] == 0x0A {
                if k + 1 < n && buffer[k + 1] == 0x0A { scanned = 0; return (k, k + 2) }
                if k + 2 < n && buffer[k + 1] == 0x0D && buffer[k + 2] == 0x0A { scanned = 0; return (k, k + 3) }
                // Not decidable until more bytes come: look at this line feed again then.
                if k + 2 >= n { break }
            }
            k += 1
        }
        scanned = k
        return nil
    }

    private enum LengthResult { case success(Int), failure(String) }

    private static func contentLength(in header: ArraySlice<UInt8>) -> LengthResult {
        var length: Int?
        // Split on bytes: as Characters, "\r\n" is one grapheme equal to neither "\r" nor "\n".
        for rawLine in header.split(whereSeparator: { $0 == 0x0A || $0 == 0x0D }) {
            let line = String(decoding: rawLine, as: UTF8.self).trimmingCharacters(in: " \t")
            if line.isEmpty { continue }
            guard let colon = line.firstIndex(of: ":") else { return .failure("malformed header line '\(line.prefix(80))'") }
            let name = line[..<colon].trimmingCharacters(in: " \t").lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: " \t")
            if name == "content-length" {
                guard let n = Int(value), n >= 0 else { return .failure("invalid Content-Length '\(value.prefix(40))'") }
                length = n
            }
        }
        guard let length else { return .failure("header without Content-Length") }
        return .success(length)
    }
}

extension StringProtocol {
    fileprivate func trimmingCharacters(in set: String) -> String {
        var s = self[...]
        while let f = s.first, set.contains(f) { s = s.dropFirst() }
        while let l = s.last, set.contains(l) { s = s.dropLast() }
        return String(s)
    }
}

/// Frames outgoing payloads.
public enum MessageWriter {
    /// The header that goes before a payload of `count` bytes.
    public static func header(forPayloadOf count: Int) -> [UInt8] {
        Array("Content-Length: \(count)\r\n\r\n".utf8)
    }

    public static func frame(_ payload: [UInt8]) -> [UInt8] {
        var out = header(forPayloadOf: payload.count)
        out.reserveCapacity(out.count + payload.count)
        out.append(contentsOf: payload)
        return out
    }

    public static func frame(_ value: JSONValue) -> [UInt8] {
        frame(value.serialized())
    }
}
