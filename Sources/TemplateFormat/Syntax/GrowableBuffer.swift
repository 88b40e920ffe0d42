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
/// its memory to the tree without a final copy.
///
/// Noncopyable, so its memory has one owner: `finish()` (an array) and `takeMemory()` (the
/// raw memory, then the caller's to free) consume the buffer, and one dropped without
/// either frees its memory (`deinit`). The compiler rejects any use after those.
/// Internal to this module: elsewhere its generic methods were calls, not inlined, so the
/// report (`TextOutput`) and messages (`MessageText`) keep buffers of their own.
struct GrowableBuffer<Element: BitwiseCopyable>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>
    private(set) var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = GrowableBuffer.allocate(self.capacity)
    }

    deinit { free(base) }

    // The two traps below are out of memory, not bad input: a buffer holds the tokens, nodes
    // or lines of one document, at most one element per byte of it, and a document is at
    // most `DocumentLimits.maximumBytes` (128 MiB), refused with a message before it is read.
    // Where malloc fails, Swift's own arrays trap the same way.
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
        guard let raw = realloc(base, bigger * MemoryLayout<Element>.stride) else { fatalError("out of memory growing to \(bigger) elements") }
        adviseHugePages(raw, byteCount: bigger * MemoryLayout<Element>.stride)
        base = raw.bindMemory(to: Element.self, capacity: bigger)
        capacity = bigger
    }

    /// The elements as an array; the buffer's memory is freed.
    consuming func finish() -> [Element] {
        Array(UnsafeBufferPointer(start: base, count: count))
    }

    /// The memory, trimmed to `count` (at least one element); the caller frees it with `free`.
    consuming func takeMemory() -> (UnsafeMutablePointer<Element>, Int) {
        var memory = base
        if let raw = realloc(base, max(count, 1) * MemoryLayout<Element>.stride) {
            memory = raw.bindMemory(to: Element.self, capacity: max(count, 1))
        }
        let result = (memory, count)
        // The memory is the caller's now: no `deinit`.
        discard self
        return result
    }
}
