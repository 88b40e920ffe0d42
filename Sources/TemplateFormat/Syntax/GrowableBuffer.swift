#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Growable storage for the lexer's tokens, the parser's nodes and the line table, for
/// plain-data elements only. It skips the uniqueness check `Array.append` pays on every
/// call, grows with `realloc` (large blocks move by remapping pages, not copying), and hands
/// its memory to the tree without a final copy. The owner calls exactly one of `finish()`
/// (an array), `takeMemory()` (the raw memory, now the caller's to free) or `discard()`.
/// Internal to this module: elsewhere its generic methods were calls, not inlined, so the
/// report (`TextOutput`) and messages (`MessageText`) keep buffers of their own.
struct GrowableBuffer<Element: BitwiseCopyable> {
    private var base: UnsafeMutablePointer<Element>
    private(set) var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = GrowableBuffer.allocate(self.capacity)
    }

    private static func allocate(_ n: Int) -> UnsafeMutablePointer<Element> {
        guard let raw = malloc(n * MemoryLayout<Element>.stride) else { fatalError("out of memory allocating \(n) elements") }
        adviseHugePages(raw, byteCount: n * MemoryLayout<Element>.stride)
        return raw.bindMemory(to: Element.self, capacity: n)
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow(to: count + 1) }
        (base + count).initialize(to: element)
        count += 1
    }

    /// For a writer that appends in place through its own cursor (the lexer, which writes a
    /// token every few bytes and keeps the count in a register rather than in this struct):
    /// makes room for `n` elements after the first `count` and returns `base`. The writer
    /// initialises elements from `base + count` on and then reports them with `setCount`.
    @inline(__always)
    mutating func reserve(_ n: Int) -> UnsafeMutablePointer<Element> {
        if count + n > capacity { grow(to: count + n) }
        return base
    }

    /// Records that the first `newCount` elements are initialised (see `reserve`).
    @inline(__always)
    mutating func setCount(_ newCount: Int) {
        precondition(newCount >= 0 && newCount <= capacity, "GrowableBuffer count beyond its capacity")
        count = newCount
    }

    /// The elements, valid only inside `body`.
    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    @inline(__always)
    subscript(index: Int) -> Element {
        get {
            precondition(index >= 0 && index < count, "GrowableBuffer index out of range")
            return base[index]
        }
        set {
            precondition(index >= 0 && index < count, "GrowableBuffer index out of range")
            base[index] = newValue
        }
    }

    mutating func grow(to needed: Int) {
        var bigger = max(capacity * 2, 16)
        while bigger < needed { bigger *= 2 }
        // A discarded buffer owns no memory (`capacity == 0`): its `base` is not malloc's.
        let old: UnsafeMutableRawPointer? = capacity > 0 ? UnsafeMutableRawPointer(base) : nil
        guard let raw = realloc(old, bigger * MemoryLayout<Element>.stride) else { fatalError("out of memory growing to \(bigger) elements") }
        adviseHugePages(raw, byteCount: bigger * MemoryLayout<Element>.stride)
        base = raw.bindMemory(to: Element.self, capacity: bigger)
        capacity = bigger
    }

    /// The elements as an array; the buffer is freed.
    mutating func finish() -> [Element] {
        let result = Array(UnsafeBufferPointer(start: base, count: count))
        discard()
        return result
    }

    /// The memory, trimmed to `count`; the caller frees it with `free`.
    mutating func takeMemory() -> (UnsafeMutablePointer<Element>, Int) {
        let n = count
        if capacity == 0 { grow(to: 1) }
        if let raw = realloc(base, max(n, 1) * MemoryLayout<Element>.stride) {
            base = raw.bindMemory(to: Element.self, capacity: max(n, 1))
        }
        let result = (base, n)
        forget()
        return result
    }

    /// Frees the memory; the buffer is then empty and allocates again on its next append.
    mutating func discard() {
        if capacity > 0 { free(base) }
        forget()
    }

    /// Empty, owning no memory: `base` is a non-null placeholder that is never read or
    /// freed while `capacity` is 0 (so a discard need not allocate).
    private mutating func forget() {
        base = UnsafeMutablePointer(bitPattern: MemoryLayout<Element>.alignment) ?? base
        count = 0
        capacity = 0
    }
}
