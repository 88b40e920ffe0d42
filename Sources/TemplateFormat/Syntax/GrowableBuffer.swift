#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Growable storage for the lexer's tokens and the parser's nodes, for plain-data elements
/// only. It skips the uniqueness check `Array.append` pays on every call, grows with
/// `realloc` (large blocks move by remapping pages, not copying), and hands its memory to
/// the tree without a final copy. The owner calls exactly one of `finish()` (an array),
/// `takeMemory()` (the raw memory, now the caller's to free) or `discard()`.
struct GrowableBuffer<Element: BitwiseCopyable> {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
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
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
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

    private mutating func grow() {
        let bigger = capacity * 2
        guard let raw = realloc(base, bigger * MemoryLayout<Element>.stride) else { fatalError("out of memory growing to \(bigger) elements") }
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
        if let raw = realloc(base, max(n, 1) * MemoryLayout<Element>.stride) {
            base = raw.bindMemory(to: Element.self, capacity: max(n, 1))
        }
        let result = (base, n)
        base = GrowableBuffer.allocate(1)
        count = 0
        capacity = 1
        return result
    }

    mutating func discard() {
        free(base)
        base = GrowableBuffer.allocate(1)
        count = 0
        capacity = 1
    }
}
