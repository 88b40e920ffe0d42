import Dispatch

/// Maps `items` on up to `workers` threads, keeping the order of the results: the CLI's
/// files, and the parts of one large document the validator checks apart.
///
/// Each worker takes the next item not yet taken, so a slow item (a large file, a dense
/// part) holds up one worker while the others go on with the rest: cut into more items
/// than workers, uneven work still ends about together.
public func parallelMap<T: Sendable, R: Sendable>(_ items: [T], workers: Int, _ transform: @Sendable (T) -> R) -> [R] {
    if items.count < 2 || workers < 2 { return items.map(transform) }
    let slots = ResultSlots<R>(count: items.count)
    let next = Locked(0)
    DispatchQueue.concurrentPerform(iterations: min(workers, items.count)) { _ in
        while true {
            let i = next.withLock { taken -> Int in
                defer { taken += 1 }
                return taken
            }
            guard i < items.count else { return }
            slots.set(i, transform(items[i]))
        }
    }
    return slots.values()
}

/// Write-once slots filled at distinct indices by concurrent workers, read after all finish.
/// Raw memory rather than an array property, so no exclusivity check sees the writes overlap.
private final class ResultSlots<R>: @unchecked Sendable {
    private let base: UnsafeMutablePointer<R?>
    private let count: Int

    init(count: Int) {
        self.count = count
        base = UnsafeMutablePointer<R?>.allocate(capacity: count)
        base.initialize(repeating: nil, count: count)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// Each `i` is set by one worker only (parallelMap hands out each index once), within bounds.
    func set(_ i: Int, _ value: R) {
        assert(i >= 0 && i < count, "slot \(i) outside 0..<\(count)")
        base[i] = value
    }
    func values() -> [R] { (0..<count).compactMap { base[$0] } }
}

/// Runs `first` on this thread and `second` on another, and returns both results: two
/// independent steps of one job, such as parsing a large file while its line table is built.
public func inParallel<A: Sendable, B: Sendable>(_ first: @Sendable () -> A, _ second: @Sendable () -> B) -> (A, B) {
    let a = ResultSlots<A>(count: 1), b = ResultSlots<B>(count: 1)
    DispatchQueue.concurrentPerform(iterations: 2) { i in
        if i == 0 { a.set(0, first()) } else { b.set(0, second()) }
    }
    // concurrentPerform returns after both ran, so each slot is filled.
    guard let resultA = a.values().first, let resultB = b.values().first else { preconditionFailure("inParallel: a step did not run") }
    return (resultA, resultB)
}
