/// An image file's content as a `data:` URL, for a standalone SVG that carries its image
/// (`export --to svg`): an SVG shown through `<img>` or in Markdown may load nothing else.
///
/// Only the exporter makes one, from the bytes the command read from disk; the document
/// never supplies it, so `URLPolicy` still refuses every `data:` URL a user writes. The media
/// type comes from the file's first bytes, not its name, and only raster formats every
/// browser shows are taken: PNG, JPEG, GIF and WebP. An SVG is refused: drawn as an image it
/// would run no script in a browser, but other SVG readers are less careful.
public struct EmbeddedImage: Sendable {
    /// `image/png`, `image/jpeg`, `image/gif` or `image/webp`.
    public let mediaType: String
    /// `data:TYPE;base64,…`.
    let dataURL: String

    /// The largest file embedded: 20 MiB, whose URL is about 27 MB of text.
    public static let maximumBytes = 20 << 20

    public enum Refusal: Error, Equatable, Sendable {
        case tooLarge(bytes: Int)
        case svg
        case unknownType

        public var message: String {
            switch self {
            case .tooLarge(let bytes):
                return "too large to embed (\(bytes) bytes; the limit is \(EmbeddedImage.maximumBytes >> 20) MiB)"
            case .svg:
                return "an SVG image is not embedded (another SVG reader could run its scripts); convert it to PNG"
            case .unknownType:
                return "not a PNG, JPEG, GIF or WebP image (by its first bytes), so it is not embedded"
            }
        }
    }

    /// The image in `bytes`, or why it is not embedded.
    public static func make(_ bytes: [UInt8]) -> Result<EmbeddedImage, Refusal> {
        if bytes.count > maximumBytes { return .failure(.tooLarge(bytes: bytes.count)) }
        guard let type = mediaType(of: bytes) else {
            return .failure(looksLikeSVG(bytes) ? .svg : .unknownType)
        }
        var url = "data:" + type + ";base64,"
        url.reserveCapacity(url.utf8.count + (bytes.count + 2) / 3 * 4)
        url += base64(bytes)
        return .success(EmbeddedImage(mediaType: type, dataURL: url))
    }

    /// The media type a file's signature names, or nil.
    static func mediaType(of b: [UInt8]) -> String? {
        if b.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
        if b.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if b.starts(with: Array("GIF87a".utf8)) || b.starts(with: Array("GIF89a".utf8)) { return "image/gif" }
        if b.count >= 12 && b.starts(with: Array("RIFF".utf8)) && Array(b[8..<12]) == Array("WEBP".utf8) {
            return "image/webp"
        }
        return nil
    }

    /// Whether the first kilobyte holds `<svg`: text that is an SVG document.
    static func looksLikeSVG(_ b: [UInt8]) -> Bool {
        let head = b.prefix(1024)
        let pattern = Array("<svg".utf8)
        guard head.count >= pattern.count else { return false }
        for i in head.startIndex...(head.endIndex - pattern.count)
        where head[i] == 0x3C && head[i + 1] == 0x73 && head[i + 2] == 0x76 && head[i + 3] == 0x67 { return true }
        return false
    }

    /// RFC 4648 base64 with padding.
    static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out = [UInt8]()
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i + 3 <= bytes.count {
            let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
            out.append(alphabet[Int(n >> 18 & 63)]); out.append(alphabet[Int(n >> 12 & 63)])
            out.append(alphabet[Int(n >> 6 & 63)]); out.append(alphabet[Int(n & 63)])
            i += 3
        }
        let rest = bytes.count - i
        if rest > 0 {
            let n = UInt32(bytes[i]) << 16 | (rest == 2 ? UInt32(bytes[i + 1]) << 8 : 0)
            out.append(alphabet[Int(n >> 18 & 63)]); out.append(alphabet[Int(n >> 12 & 63)])
            out.append(rest == 2 ? alphabet[Int(n >> 6 & 63)] : 0x3D)
            out.append(0x3D)
        }
        return String(decoding: out, as: UTF8.self)
    }
}
