#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import JSONText
import LSPProtocol
import Basics
import ToolSupport
import Validator

/// Runs a `LanguageServer` over file descriptors: one thread reads and frames stdin,
/// another processes messages in order. The split lets a `$/cancelRequest` overtake the
/// request it cancels while that request still waits in the queue.
public final class StdioServer: @unchecked Sendable {
    private let server: LanguageServer
    private let input: Int32
    private let output: Int32
    /// Messages read but not processed yet, and whether input has ended; `available` counts
    /// the wake-ups owed to the processing thread (one per message, one for the end).
    private let queue = Locked<(messages: [[UInt8]], head: Int, ended: Bool)>(([], 0, false))
    /// Held while one message is written: the reader thread writes logs for bad headers
    /// while the processing thread writes answers, and a header and its payload are two
    /// writes that must not be split by the other thread's.
    private let writing = Locked<Void>(())
    private let available = DispatchSemaphore(value: 0)

    public init(server: LanguageServer = LanguageServer(), input: Int32 = 0, output: Int32 = 1) {
        self.server = server
        self.input = input
        self.output = output
    }

    /// Serves until `exit` or end of input; returns the process exit code (0 only after shutdown).
    public func run() -> Int32 {
        widenPipe(output)
        DispatchQueue(label: "template-lsp.reader").async { [self] in readLoop() }
        return processLoop()
    }

    private func readLoop() {
        var reader = MessageReader()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            reader.append(chunk[0..<count])
            while let item = reader.next() {
                switch item {
                case .message(let payload):
                    noteCancellation(in: payload)
                    enqueue(payload)
                case .badHeader(let reason):
                    let note = server.logMessage(.error, "bad message header: \(reason)")
                    write(note.json.serialized())
                }
            }
        }
        queue.withLock { $0.ended = true }
        available.signal()
    }

    /// Registers a cancellation right away; the notification is still queued (a no-op then).
    private func noteCancellation(in payload: [UInt8]) {
        // Cheap pre-check so ordinary messages are not parsed twice.
        guard payload.count < 512, let text = String(validating: payload, as: UTF8.self),
              text.contains("$/cancelRequest"),
              let json = try? JSONParser.parse(payload), json["method"].stringValue == "$/cancelRequest",
              let id = RequestID(json["params"]["id"]) else { return }
        server.cancel(id)
    }

    private func enqueue(_ payload: [UInt8]) {
        queue.withLock { $0.messages.append(payload) }
        available.signal()
    }

    /// The next payload and whether more are already waiting; `.ended` at end of input;
    /// `.empty` when nothing waits and `wait` is false.
    private enum Next {
        case payload([UInt8], moreWaiting: Bool)
        case empty
        case ended
    }

    private func dequeue(wait: Bool) -> Next {
        while true {
            let next = queue.withLock { q -> Next? in
                guard q.head < q.messages.count else { return q.ended ? .ended : nil }
                let payload = q.messages[q.head]
                q.head += 1
                if q.head == q.messages.count {
                    q.messages.removeAll(keepingCapacity: true)
                    q.head = 0
                }
                return .payload(payload, moreWaiting: q.head < q.messages.count)
            }
            if let next { return next }
            guard wait else { return .empty }
            // Wake-ups left over from messages taken without waiting only cost a look at the queue.
            available.wait()
        }
    }

    private func processLoop() -> Int32 {
        while true {
            switch dequeue(wait: !server.hasBackgroundWork) {
            case .payload(let payload, let moreWaiting):
                // While more messages wait, pushed diagnostics are deferred: the next may be an
                // edit that makes them stale. They go out once the queue is drained.
                for outgoing in server.respond(toPayload: payload, publishDiagnostics: false) {
                    write(outgoing.serialized)
                }
                if !moreWaiting {
                    for payload in server.publishPendingDiagnosticsPayloads() { write(payload) }
                }
                if let code = server.exitCode { return code }
            case .empty:
                // Nothing waits: index a few workspace files, then look at the queue again.
                for outgoing in server.backgroundStep() { write(outgoing.serialized) }
                for payload in server.publishPendingDiagnosticsPayloads() { write(payload) }
            case .ended:
                // End of input without `exit`: the client went away.
                return server.state == .shutDown ? 0 : 1
            }
        }
    }

    /// Writes one framed message: the header, then the payload as it is (a diagnostics
    /// payload can be megabytes; framing it into a new buffer would copy it once more).
    private func write(_ payload: [UInt8]) {
        writing.withLock { _ in
            writeAll(MessageWriter.header(forPayloadOf: payload.count))
            writeAll(payload)
        }
    }

    private func writeAll(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                guard let base = buffer.baseAddress else { return }
                let n = systemWrite(output, base + offset, buffer.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return }
                offset += n
            }
        }
    }
}

/// `write(2)`, named apart from `StdioServer.write`.
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, buffer, count)
}
