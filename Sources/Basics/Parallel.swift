import Dispatch

/// Maps `items` on up to `workers` threads, keeping the order of the results: the CLI's
/// files, and the parts of one large document the validator checks apart.
public func parallelMap<T: Sendable, R: Sendable>(_ items: [T], workers: Int, _ transform: @Sendable (T) -> R) -> [R] {
    if items.count < 2 || workers < 2 { return items.map(transform) }
    let slots = ResultSlots<R>(count: items.count)
    let stride = min(workers, items.count)
    DispatchQueue.concurrentPerform(iterations: stride) { worker in
        var i = worker
        while i < items.count {
            slots.set(i, transform(items[i]))
            i += stride
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

    /// Each `i` is set by one worker only (parallelMap's strides never meet), within bounds.
    func set(_ i: Int, _ value: R) {
        assert(i >= 0 && i < count, "slot \(i) outside 0..<\(count)")
        base[i] = value
    }
    func values() -> [R] { (0..<count).compactMap { base[$0] } }
}
