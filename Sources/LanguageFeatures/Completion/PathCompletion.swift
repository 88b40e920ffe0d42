import ProjectModel
import TemplateFormat
import Validator

/// What files a path being typed may name, and in which folder to look. Features do no
/// I/O: the server lists `folder` (relative to the document's folder) and passes the
/// entries back to `Completion.items(…, paths:)`.
public struct PathQuery: Sendable, Hashable {
    /// The files a property or directive takes.
    public enum Files: Sendable, Hashable {
        case tdl, images, videos, captions

        /// Lower-case file name extensions, without the dot.
        public var extensions: [String] {
            switch self {
            case .tdl: return ["tdl"]
            case .images: return ["png", "jpg", "jpeg", "gif", "webp", "svg", "avif"]
            case .videos: return ["mp4", "webm", "ogv", "mov", "m4v"]
            case .captions: return ["vtt"]
            }
        }
    }

    /// The folder typed so far, relative to the document's folder: `""` or ends with `/`
    /// (`img/`, `../shared/`).
    public let folder: String
    public let files: Files
    /// The bytes a proposal replaces: the last path component typed so far.
    let replaceRange: ByteRange
}

extension Completion {
    /// The folder to list when the cursor is in the path of an `import` or of a file-valued
    /// property (`src`, `poster`, `image`, `captions`); nil elsewhere, and for URLs and
    /// absolute paths.
    public static func pathQuery(in file: ProjectFile, at offset: Int) -> PathQuery? {
        let tree = file.tree
        let offset = SyntaxLookup.clamp(offset, in: tree)
        guard let i = SyntaxLookup.tokenIndex(at: offset, in: tree) else { return nil }
        let token = tree.tokens[i]
        guard token.kind == .string, token.start < offset,
              offset < token.end || token.flags.contains(.unterminated) || offset == AtomSyntax.contentRange(of: token).end,
              let files = pathFiles(for: token, in: file) else { return nil }
        let content = AtomSyntax.contentRange(of: token)
        guard offset >= content.start && offset <= content.end else { return nil }
        let bytes = tree.bytes
        let typed = tree.text(of: ByteRange(start: content.start, end: offset))
        // A URL, an absolute path or a parameter: nothing on disk to offer.
        if typed.hasPrefix("/") || typed.contains(":") || typed.contains("{{") || typed.contains("\\") { return nil }
        var segmentStart = offset
        while segmentStart > content.start && bytes[segmentStart - 1] != 0x2F { segmentStart -= 1 }
        var segmentEnd = offset
        while segmentEnd < content.end && bytes[segmentEnd] != 0x2F && bytes[segmentEnd] != 0x22 { segmentEnd += 1 }
        let folder = tree.text(of: ByteRange(start: content.start, end: segmentStart))
        return PathQuery(folder: folder, files: files, replaceRange: ByteRange(start: segmentStart, end: segmentEnd))
    }

    /// Which files the string `token` names: an `import` takes `.tdl` files; a URL-valued
    /// property takes images, videos or captions by its key and kind; other strings none.
    static func pathFiles(for token: Token, in file: ProjectFile) -> PathQuery.Files? {
        let tree = file.tree
        let line = tokensBefore(token.start, in: tree)
        if line.count == 1, tree.token(line[0], equals: "import"), SyntaxLookup.bodyBlock(at: token.start, in: tree) == nil {
            return .tdl
        }
        guard line.count == 2, line[0].kind == .identifier, line[1].kind == .colon,
              let block = SyntaxLookup.bodyBlock(at: token.start, in: tree) else { return nil }
        let key = tree.text(of: line[0])
        guard let property = SchemaDocs.property(key, inKind: block.kind), property.type == .url else { return nil }
        switch key {
        case "src": return block.kindID == .video ? .videos : .images
        case "poster", "image": return .images
        case "captions": return .captions
        default: return nil  // `action` leads to pages and sites, not to local files
        }
    }

    /// Proposals from the entries the server found for `query`: each a path relative to
    /// the document's folder, folders ending with `/`. Folders come first; files only with
    /// an extension `query.files` takes.
    static func pathItems(_ query: PathQuery, entries: [String]) -> [CompletionItem] {
        var folders: [String] = []
        var files: [String] = []
        for entry in entries where entry.hasPrefix(query.folder) {
            let name = String(entry.dropFirst(query.folder.count))
            guard !name.isEmpty, !name.hasPrefix(".") else { continue }
            if name.hasSuffix("/") {
                if !name.dropLast().contains("/") { folders.append(name) }
            } else if !name.contains("/"), let dot = name.lastIndex(of: "."),
                      query.files.extensions.contains(name[name.index(after: dot)...].lowercased()) {
                files.append(name)
            }
        }
        var items: [CompletionItem] = []
        for (n, name) in folders.sorted().enumerated() {
            items.append(CompletionItem(label: name, kind: .folder, detail: "folder", replaceRange: query.replaceRange,
                                        sortText: sortKey(0, n)))
        }
        for (n, name) in files.sorted().enumerated() {
            items.append(CompletionItem(label: name, kind: .file, detail: query.folder + name,
                                        insertText: StringLiteral.content(name), replaceRange: query.replaceRange,
                                        sortText: sortKey(1, n)))
        }
        return items
    }
}
