import HTMLGen
import ToolSupport

/// Reading an annotation set's image for `export --to svg`, which writes it into the SVG as
/// a `data:` URL (`EmbeddedImage`): the reading is the command's, the exporter only encodes.
///
/// The image is the set's `image` URL when it is relative (no scheme, not `/…` or `//…`):
/// a file in the document's folder (standard input's: the working folder), its `%XX`
/// escapes decoded and any `?query` or `#fragment` left off. A URL with a scheme, or one
/// from the site's root, names no file here and stays a link.
enum ImageEmbedding {
    enum Outcome {
        case embedded(EmbeddedImage)
        /// The image is not a local file: it stays a link.
        case notLocal
        /// No file is there (check's TDL313 has said so already).
        case missing(path: String)
        /// The file could not be embedded: why, ready to follow "PATH: ".
        case failed(path: String, reason: String)
    }

    static func load(_ url: String, document: String?) -> Outcome {
        guard let relative = localPath(url),
              let path = resolveImportPath(relative, importer: document, workingDirectory: currentDirectoryPath()) else {
            return .notLocal
        }
        if pathKind(path) == .missing { return .missing(path: path) }
        let bytes: [UInt8]
        do {
            bytes = try readFileBytes(path, maximumBytes: EmbeddedImage.maximumBytes)
        } catch ReadError.tooLarge(_, let size) {
            return .failed(path: path, reason: EmbeddedImage.Refusal.tooLarge(bytes: size).message)
        } catch {
            let text = describe(error, path: path)
            return .failed(path: path, reason: text.hasPrefix(path + ": ") ? String(text.dropFirst(path.count + 2)) : text)
        }
        switch EmbeddedImage.make(bytes) {
        case .success(let image): return .embedded(image)
        case .failure(let refusal): return .failed(path: path, reason: refusal.message)
        }
    }

    /// The file path a relative URL names, or nil for a URL with a scheme, from the root, or
    /// whose escapes do not decode to UTF-8 text without NUL.
    static func localPath(_ url: String) -> String? {
        var bytes: [UInt8] = []
        for b in url.utf8 {
            if b == 0x3F || b == 0x23 { break }  // ? #
            // A `:` before any `/` makes the URL's start a scheme.
            if b == 0x3A && !bytes.contains(0x2F) { return nil }
            bytes.append(b)
        }
        if bytes.isEmpty || bytes.first == 0x2F { return nil }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x25, i + 2 < bytes.count, let high = hexValue(bytes[i + 1]), let low = hexValue(bytes[i + 2]) {
                decoded.append(high << 4 | low)
                i += 3
            } else {
                decoded.append(bytes[i])
                i += 1
            }
        }
        let text = String(decoding: decoded, as: UTF8.self)
        guard !decoded.contains(0), text.utf8.elementsEqual(decoded) else { return nil }
        return text
    }

    static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: return b - 0x30
        case 0x41...0x46: return b - 0x41 + 10
        case 0x61...0x66: return b - 0x61 + 10
        default: return nil
        }
    }
}
