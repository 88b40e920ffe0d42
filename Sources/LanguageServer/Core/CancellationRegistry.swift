import Basics
import LSPProtocol

/// Ids of requests the client cancelled. Written by the reader thread as soon as a
/// `$/cancelRequest` arrives, read by the processing thread before (and, through
/// `RequestContext.checkCancelled`, during) each request.
///
/// An id leaves when its request is answered, and at the latest when the processing thread
/// reaches the `$/cancelRequest` itself: every message before it has been handled then, so
/// a cancel for a request already answered, or never sent, is dropped rather than kept.
final class CancellationRegistry: Sendable {
    private let cancelled = Locked<Set<RequestID>>([])

    func cancel(_ id: RequestID) { cancelled.withLock { _ = $0.insert(id) } }
    func isCancelled(_ id: RequestID) -> Bool { cancelled.withLock { $0.contains(id) } }
    /// Forgets an id: its request is answered, or its cancel notification has been reached.
    func finish(_ id: RequestID) { cancelled.withLock { _ = $0.remove(id) } }
    /// How many ids are held (for tests: stale cancels must not pile up).
    var count: Int { cancelled.withLock { $0.count } }
}
