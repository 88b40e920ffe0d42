import TemplateFormat

/// One `font-face` block as the page uses it, read from the tree the same way by the
/// validator (what it reports) and the exporter (what it writes), so that a face the
/// validator accepts is the face the page loads.
///
/// A face reaches the page only when its family is one the page may name
/// (`FontFamilies.isWritable`) and its `src` is a font file the page may load
/// (`FontFaceDeclaration.format(of:)`): a relative path or an `https` URL whose path ends in
/// `.woff2`, `.woff`, `.ttf` or `.otf`. `data:` and script URLs never pass `URLPolicy`;
/// plain `http` is refused too, since a font fetched in clear text can be swapped on the way.
public struct FontFaceDeclaration: Sendable, Hashable {
    /// The family, as written in the header's string.
    public let family: String
    /// The `src` string as written (escapes decoded), or nil when the block has none.
    public let src: String?
    /// `regular`, `medium`, `semibold` or `bold`.
    public let weight: String
    public let italic: Bool
    /// The declared `fallback`, else nil (the table of `FontFamilies` decides).
    public let fallback: FontFamilies.Kind?
    /// CSS `font-display`.
    public let display: String

    public init(family: String, src: String?, weight: String = "regular", italic: Bool = false,
                fallback: FontFamilies.Kind? = nil, display: String = "swap") {
        self.family = family
        self.src = src
        self.weight = weight
        self.italic = italic
        self.fallback = fallback
        self.display = display
    }

    /// The face a `font-face` block declares; nil for another kind of block or one without
    /// its family string. Values of the wrong type are read as their defaults (the validator
    /// reports them).
    public init?(_ block: BlockSyntax) {
        guard block.kindID == .fontFace, let family = block.title else { return nil }
        func identifier(_ key: String) -> String? {
            guard let p = block.property(key), p.atoms.count == 1, let atom = p.firstAtom, atom.kind == .identifier else { return nil }
            return atom.text
        }
        var src: String? = nil
        if let p = block.property("src"), p.atoms.count == 1, let atom = p.firstAtom, atom.kind == .string {
            src = atom.stringValue
        }
        let weight = identifier("weight").flatMap { Schema.fontWeights.contains($0) ? $0 : nil } ?? "regular"
        let display = identifier("display").flatMap { FontFaceDeclaration.displays.contains($0) ? $0 : nil } ?? "swap"
        self.init(family: family, src: src, weight: weight, italic: identifier("italic") == "true",
                  fallback: identifier("fallback").flatMap(FontFamilies.Kind.init(rawValue:)), display: display)
    }

    /// The values of `display`.
    public static let displays: [String] = ["swap", "fallback", "optional", "block", "auto"]

    /// The faces a file declares, in source order.
    public static func declared(in tree: SyntaxTree) -> [FontFaceDeclaration] {
        tree.document.blocks.compactMap { $0.kindID == .fontFace ? FontFaceDeclaration($0) : nil }
    }

    /// Whether the page writes this face: a family it may name and a file it may load.
    public var isUsable: Bool {
        FontFamilies.isWritable(family) && src.map { FontFaceDeclaration.format(of: $0) != nil && FontFaceDeclaration.isLoadable($0) } == true
    }

    /// The generic family text in this family falls back to.
    public var fallbackKind: FontFamilies.Kind { fallback ?? FontFamilies.kind(of: family) }

    /// Whether two declarations draw the same face: the same family (in any case, as CSS
    /// matches families), weight and slant. The page would keep only the last.
    public func drawsSameFace(as other: FontFaceDeclaration) -> Bool {
        weight == other.weight && italic == other.italic && family.lowercased() == other.family.lowercased()
    }

    /// The CSS `format()` of a font file, from its path's extension (any case; the query and
    /// fragment are not part of the path): `woff2`, `woff`, `truetype`, `opentype`; nil for
    /// any other ending.
    public static func format(of url: String) -> String? {
        var path = Substring(url)
        if let cut = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<cut] }
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        switch path[path.index(after: dot)...].lowercased() {
        case "woff2": return "woff2"
        case "woff": return "woff"
        case "ttf": return "truetype"
        case "otf": return "opentype"
        default: return nil
        }
    }

    /// Whether the page may load a font from `url`: `URLPolicy` allows it as a `src`, and
    /// it is a path on the page's own site (relative, or from its root) or an `https` URL.
    /// Not plain `http`, nor `//host/…`, which takes the page's scheme and names another
    /// host: the page's policy can only admit the files it knows the host of.
    public static func isLoadable(_ url: String) -> Bool {
        guard URLPolicy.classify(url, forKey: "src") == .allowed, !URLPolicy.hasScheme(url, "http") else { return false }
        // As URL parsers read it: leading spaces and controls dropped, `\` taken as `/`.
        let start = url.utf8.drop { $0 <= 0x20 }.prefix(2)
        return !(start.count == 2 && start.allSatisfy { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") })
    }

    /// Whether `url` has a scheme (is absolute) rather than being a relative reference.
    public static func isAbsolute(_ url: String) -> Bool {
        URLPolicy.hasScheme(url, "https") || URLPolicy.hasScheme(url, "http")
    }
}
