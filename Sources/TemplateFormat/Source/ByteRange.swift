/// A half-open range of byte offsets into a document's UTF-8 bytes.
///
/// Offsets are `Int` in the API for convenience; the tree stores them as `UInt32`
/// internally, which caps a document at 4 GiB (far beyond the documented limit).
public struct ByteRange: Hashable, Sendable, CustomStringConvertible {
    public var start: Int
    public var end: Int

    @inlinable public init(start: Int, end: Int) {
        self.start = start
        self.end = max(start, end)
    }

    public init(offset: Int, length: Int) {
        self.init(start: offset, end: offset + length)
    }

    public var length: Int { end - start }
    public var isEmpty: Bool { start == end }

    public func contains(_ offset: Int) -> Bool { offset >= start && offset < end }

    /// True when the ranges overlap, or when an empty range sits inside or at an edge of the other.
    public func intersects(_ other: ByteRange) -> Bool {
        if isEmpty || other.isEmpty {
            return other.start <= end && start <= other.end
        }
        return other.start < end && start < other.end
    }

    public var description: String { "\(start)..<\(end)" }
}
