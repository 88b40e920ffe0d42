/// A JSON value. Objects keep their keys in the order they were read or built, so output is
/// deterministic and round trips byte for byte. Numbers are `Double`; integers up to 2^53 are
/// exact and are written without a fraction (`JSONWriter`).
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The member `key` of an object, or `.null` when this is not an object or has no such member.
    public subscript(key: String) -> JSONValue {
        get {
            if case .object(let object) = self { return object[key] ?? .null }
            return .null
        }
        set {
            guard case .object(var object) = self else { return }
            self = .null  // release the storage so the set below does not copy it
            object[key] = newValue
            self = .object(object)
        }
    }

    /// The element at `index`, or `.null` when this is not an array or the index is out of range.
    public subscript(index: Int) -> JSONValue {
        if case .array(let items) = self, index >= 0, index < items.count { return items[index] }
        return .null
    }

    public var isNull: Bool { if case .null = self { return true } else { return false } }

    public var stringValue: String? { if case .string(let s) = self { return s } else { return nil } }
    public var boolValue: Bool? { if case .bool(let b) = self { return b } else { return nil } }
    public var doubleValue: Double? { if case .number(let d) = self { return d } else { return nil } }
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { return a } else { return nil } }
    public var objectValue: JSONObject? { if case .object(let o) = self { return o } else { return nil } }

    /// The number as an `Int` when it is integral and in range; nil otherwise.
    public var intValue: Int? {
        guard case .number(let d) = self, d.rounded(.towardZero) == d,
              d >= -9_007_199_254_740_992, d <= 9_007_199_254_740_992 else { return nil }
        return Int(d)
    }

    public static func int(_ value: Int) -> JSONValue { .number(Double(value)) }

    /// An object from key-value pairs, in this order.
    public static func object(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONValue {
        var object = JSONObject()
        for (k, v) in pairs { object[k] = v }
        return .object(object)
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        var object = JSONObject()
        for (k, v) in elements { object[k] = v }
        self = .object(object)
    }
}

extension JSONValue: CustomStringConvertible {
    /// Compact JSON text.
    public var description: String { String(decoding: serialized(), as: UTF8.self) }
}
