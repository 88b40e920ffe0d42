/// A JSON object that keeps insertion order. Lookups scan linearly, which beats hashing for
/// the handful of keys LSP messages carry; setting an existing key replaces it in place.
public struct JSONObject: Sendable, Equatable, Sequence {
    public private(set) var entries: [(key: String, value: JSONValue)]

    public init() { entries = [] }

    public init(_ entries: [(key: String, value: JSONValue)]) {
        self.entries = []
        self.entries.reserveCapacity(entries.count)
        for (k, v) in entries { self[k] = v }
    }

    public var count: Int { entries.count }
    public var isEmpty: Bool { entries.isEmpty }
    public var keys: [String] { entries.map(\.key) }

    /// The value for `key`; setting nil removes the key.
    public subscript(key: String) -> JSONValue? {
        get {
            for entry in entries where entry.key == key { return entry.value }
            return nil
        }
        set {
            if let index = entries.firstIndex(where: { $0.key == key }) {
                if let newValue { entries[index].value = newValue } else { entries.remove(at: index) }
            } else if let newValue {
                entries.append((key, newValue))
            }
        }
    }

    /// Appends without checking for an existing key: the parser's fast path. With a duplicate
    /// key in the input, lookups see the first value.
    mutating func appendUnchecked(_ key: String, _ value: JSONValue) {
        entries.append((key, value))
    }

    public func makeIterator() -> IndexingIterator<[(key: String, value: JSONValue)]> { entries.makeIterator() }

    public static func == (a: JSONObject, b: JSONObject) -> Bool {
        guard a.entries.count == b.entries.count else { return false }
        for (x, y) in zip(a.entries, b.entries) where x.key != y.key || x.value != y.value { return false }
        return true
    }
}
