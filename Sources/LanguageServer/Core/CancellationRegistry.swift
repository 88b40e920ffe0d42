import Foundation
import LSPProtocol

/// Ids of requests the client cancelled. Written by the reader thread as soon as a
/// `$/cancelRequest` arrives, read by the processing thread before (and, through
/// `RequestContext.checkCancelled`, during) each request.
final class CancellationRegistry: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled: Set<RequestID> = []

    func cancel(_ id: RequestID) { lock.lock(); cancelled.insert(id); lock.unlock() }
    func isCancelled(_ id: RequestID) -> Bool { lock.lock(); defer { lock.unlock() }; return cancelled.contains(id) }
    /// Forgets an id once its request is answered, so the set stays small.
    func finish(_ id: RequestID) { lock.lock(); cancelled.remove(id); lock.unlock() }
}
