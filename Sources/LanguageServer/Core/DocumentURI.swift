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
        let hex: StaticString = "0123456789ABCDEF"
        var out: [UInt8] = Array("file://".utf8)
        out.reserveCapacity(path.utf8.count + 8)
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.append(byte)
            default:
                out.append(UInt8(ascii: "%"))
                out.append(hex.utf8Start[Int(byte >> 4)])
                out.append(hex.utf8Start[Int(byte & 0xF)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
