import Validator

/// Conversions between `file://` URIs and paths. Other schemes (untitled:, ...) have no path.
public enum DocumentURI {
    /// The file system path of a `file://` URI, percent-decoded; nil for other schemes.
    public static func path(of uri: String) -> String? {
        guard uri.hasPrefix("file://") else { return nil }
        var rest = uri.dropFirst("file://".count)
        // `file://host/path`: keep only the path (hosts other than localhost are unusual here).
        if !rest.hasPrefix("/") {
            guard let slash = rest.firstIndex(of: "/") else { return nil }
            rest = rest[slash...]
        }
        if let query = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<query] }
        return URLPolicy.percentDecoded(rest)
    }

    /// A `file://` URI for an absolute path, percent-encoding what RFC 3986 requires. Built
    /// as bytes: workspace answers hold a URI for each of thousands of locations.
    public static func uri(forPath path: String) -> String {
        URLPolicy.percentEncoded(path, keepingSlashes: true, prefix: "file://")
    }
}
