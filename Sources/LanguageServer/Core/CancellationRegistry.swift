import Validator
import LSPProtocol

/// Ids of requests the client cancelled. Written by the reader thread as soon as a
/// `$/cancelRequest` arrives, read by the processing thread before (and, through
/// `RequestContext.checkCancelled`, during) each request.
final class CancellationRegistry: Sendable {
    private let cancelled = Locked<Set<RequestID>>([])

    func cancel(_ id: RequestID) { cancelled.withLock { _ = $0.insert(id) } }
    func isCancelled(_ id: RequestID) -> Bool { cancelled.withLock { $0.contains(id) } }
    /// Forgets an id once its request is answered, so the set stays small.
    func finish(_ id: RequestID) { cancelled.withLock { _ = $0.remove(id) } }
}
