import JSONText
import LSPProtocol

/// Answers one request method: (context, params) → result, or throws a `ResponseError`
/// (any other error becomes -32603). Runs on the server's processing thread.
public typealias RequestHandler = (RequestContext, JSONValue) throws -> JSONValue

/// A handler that writes its result as JSON bytes, for answers of thousands of items.
public typealias RawRequestHandler = (RequestContext, JSONValue) throws -> [UInt8]

/// One request method with the server capabilities it contributes to `initialize`.
public struct Feature {
    public var method: String
    /// Members merged into `ServerCapabilities` (objects merged key by key).
    public var capabilities: [(key: String, value: JSONValue)]
    public var handler: RequestHandler
    /// When set, answers instead of `handler` with bytes written directly (`handler` then
    /// parses them back, for callers that want values).
    public var rawHandler: RawRequestHandler?

    public init(method: String, capabilities: [(key: String, value: JSONValue)], handler: @escaping RequestHandler) {
        self.method = method
        self.capabilities = capabilities
        self.handler = handler
    }

    public init(method: String, capabilities: [(key: String, value: JSONValue)], rawHandler: @escaping RawRequestHandler) {
        self.method = method
        self.capabilities = capabilities
        self.rawHandler = rawHandler
        self.handler = { context, params throws -> JSONValue in
            (try? JSONParser.parse(try rawHandler(context, params))) ?? .null
        }
    }
}

/// The request methods the server answers beyond the lifecycle and text sync. Only
/// registered features are advertised.
public struct FeatureRegistry {
    public private(set) var features: [String: Feature] = [:]
    private var order: [String] = []

    public init() {}

    /// Registers `handler` for `method`, advertising `capability: value` (nil: advertises
    /// nothing, e.g. for `completionItem/resolve` or custom requests). Registering a method
    /// again replaces the handler.
    public mutating func register(_ method: String, capability: String?, _ value: JSONValue = true,
                                  handler: @escaping RequestHandler) {
        register(Feature(method: method, capabilities: capability.map { [($0, value)] } ?? [], handler: handler))
    }

    public mutating func register(_ feature: Feature) {
        if features[feature.method] == nil { order.append(feature.method) }
        features[feature.method] = feature
    }

    public func handler(for method: String) -> RequestHandler? { features[method]?.handler }

    public func rawHandler(for method: String) -> RawRequestHandler? { features[method]?.rawHandler }

    /// The merged capability members of every registered feature, in registration order.
    public var capabilities: JSONObject {
        var merged = JSONObject()
        for method in order {
            guard let feature = features[method] else { continue }
            for (key, value) in feature.capabilities {
                merged[key] = Self.merge(merged[key], value)
            }
        }
        return merged
    }

    private static func merge(_ old: JSONValue?, _ new: JSONValue) -> JSONValue {
        guard let old, case .object(var a) = old, case .object(let b) = new else { return new }
        for (k, v) in b { a[k] = merge(a[k], v) }
        return .object(a)
    }

    /// Formatting (server core) plus every feature from LanguageFeatures.
    public static var standard: FeatureRegistry {
        var registry = FeatureRegistry()
        FormattingHandlers.register(into: &registry)
        NavFeatures.register(into: &registry)
        EditFeatures.register(into: &registry)
        return registry
    }
}
