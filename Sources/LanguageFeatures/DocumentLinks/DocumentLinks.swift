import TemplateFormat
import Validator

/// A path or URL in the document the editor can open.
public struct DocumentLink: Sendable, Hashable {
    public enum Target: Sendable, Hashable {
        /// An absolute file path (a relative path resolved against the document's folder).
        case file(path: String)
        /// An `http`, `https` or `mailto` URL, as written.
        case url(String)
    }

    /// The string's contents, without the quotes.
    public var range: ByteRange
    public var target: Target

    /// The target as a URI: `file://` plus the percent-encoded path, or the URL.
    public var uri: String {
        switch target {
        case .file(let path): return "file://" + URLPolicy.percentEncoded(path)
        case .url(let url): return url
        }
    }
}

public enum DocumentLinks {
    /// Links for every URL-typed property (`src`, `image`, `poster`, `action`, …) and every
    /// `import`. URLs the exporter would refuse (`javascript:`, `data:`, other schemes) get
    /// none; relative paths get one only when the document has a path. `documentPath` is
    /// the document's absolute file path (nil for an unsaved document).
    public static func links(in tree: SyntaxTree, documentPath: String?) -> [DocumentLink] {
        var result: [DocumentLink] = []
        let folder = documentPath.map(directory(of:))
        func add(_ atom: AtomSyntax, key: String) {
            guard atom.kind == .string, !atom.token.flags.contains(.unterminated) else { return }
            let value = trimmedSpaces(atom.stringValue)
            guard !value.isEmpty, let target = target(value, key: key, folder: folder) else { return }
            result.append(DocumentLink(range: atom.contentRange, target: target))
        }
        for directive in tree.document.directives where directive.keyword == "import" {
            if let atom = directive.atoms.first { add(atom, key: "import") }
        }
        for block in EditSyntax.allBlocks(tree) {
            var kind: String? = nil  // read only for blocks that have a URL-like key
            for property in block.properties {
                let key = property.key
                guard EditSyntax.urlKeys.contains(key), let atom = property.firstAtom, atom.kind == .string else { continue }
                if kind == nil { kind = block.kind }
                guard let kind, EditSyntax.valueType(key: key, inKind: kind) == .url else { continue }
                add(atom, key: key)
            }
        }
        result.sort { $0.range.start < $1.range.start }
        return result
    }

    static func target(_ value: String, key: String, folder: String?) -> DocumentLink.Target? {
        guard URLPolicy.classify(value, forKey: key) == .allowed else { return nil }
        if hasScheme(value) { return .url(value) }
        if value.hasPrefix("//") { return .url("https:" + value) }
        // A path: drop a query or fragment, which name no file.
        var path = value
        if let cut = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = String(path[..<cut]) }
        guard !path.isEmpty else { return nil }
        if path.hasPrefix("/") { return .file(path: normalized(path)) }
        guard let folder else { return nil }
        return .file(path: normalized(folder + "/" + path))
    }

    /// `http:`, `https:`, `mailto:`: the only schemes `URLPolicy` allows.
    static func hasScheme(_ value: String) -> Bool {
        let lower = value.lowercased()
        return lower.hasPrefix("http:") || lower.hasPrefix("https:") || lower.hasPrefix("mailto:")
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    /// Without leading and trailing spaces and tabs (browsers ignore them in URLs).
    static func trimmedSpaces(_ text: String) -> String {
        var rest = Substring(text)
        while let first = rest.first, first == " " || first == "\t" { rest.removeFirst() }
        while let last = rest.last, last == " " || last == "\t" { rest.removeLast() }
        return String(rest)
    }

    /// Removes `.` and `..` segments and doubled slashes (no file system access).
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." { if !parts.isEmpty && parts.last != ".." { parts.removeLast() } else if !path.hasPrefix("/") { parts.append(part) } ; continue }
            parts.append(part)
        }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }
}
