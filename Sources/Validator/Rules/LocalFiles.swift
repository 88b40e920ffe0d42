import Basics
import ProjectModel
import TemplateFormat

/// TDL313: a relative URL (`src`, `poster`, `captions`, an annotation set's `image`) that
/// names no file, looked for relative to the document's folder.
///
/// `checkURL` only notes the string tokens (`noteLocalFile`: an append, on a path that runs
/// for most URLs); after the walk each distinct value is read once and the project asked
/// once per distinct path: one file-system look per path, not per element. Nothing is noted
/// when the project cannot tell (an in-memory loader, a document with no folder).
extension Checker {
    /// `token`: a URL string with no parameters (`hasParameters`): its value is known now.
    @inline(__always)
    mutating func noteLocalFile(_ token: Token, node: Int) {
        let id = nodes.id(node)
        // A link target (`action`) may be a page the site serves, not a file beside the document.
        if looksForLocalFiles && !inSandbox && id != key.action { localFileTokens.append((token, id)) }
    }

    /// Reports every value noted since the last call whose file is not there. Called once per
    /// document, or (with a validation cache) once per set, so that a set's TDL313 findings
    /// are kept with the rest of its findings; the cache remembers what was looked up
    /// (`ValidationCache.fileExists`), so an edit looks again only at what it changed.
    mutating func checkLocalFiles() {
        guard looksForLocalFiles, !localFileTokens.isEmpty else { return }
        defer { localFileTokens.removeAll(keepingCapacity: true) }
        // Every step below runs once per distinct value, not per use: tokens are grouped by
        // their bytes (a fingerprint, then a comparison), and values that differ only in their
        // query or fragment by the path they name, which the project is asked about once.
        let bytes = raw.bytes
        var paths = LocalPaths(project: context.project, file: context.file, cache: cache, bytes: bytes)
        // Per use, its path (-1: names no local file).
        var groups: [Int] = []
        groups.reserveCapacity(localFileTokens.count)
        // Sized for every use at once: growing them rehashes and copies what is in them.
        var tokenByHash: [UInt64: Int] = Dictionary(minimumCapacity: localFileTokens.count)
        var seenTokens: [(range: ByteRange, group: Int, next: Int)] = []
        seenTokens.reserveCapacity(localFileTokens.count)
        paths.reserveCapacity(localFileTokens.count)
        for (token, _) in localFileTokens {
            let r = token.range
            let hash = fingerprint(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[r.start..<r.end])))
            var candidate = tokenByHash[hash] ?? -1
            while candidate >= 0 && !Checker.sameBytes(bytes, seenTokens[candidate].range, r) { candidate = seenTokens[candidate].next }
            if candidate >= 0 {
                groups.append(seenTokens[candidate].group)
                continue
            }
            let g: Int
            // A value written plainly (no escape, no `%`) names the bytes before its query:
            // no `String` is made for it unless the project must be asked about it by name.
            if token.kind == .string, case let content = AtomSyntax.contentRange(of: token),
               case .path(let count, percent: false) = Checker.scanLocalPath(UnsafeBufferPointer(rebasing: bytes[content.start..<content.end]), decoded: false) {
                g = paths.group(ofPathAt: ByteRange(start: content.start, end: content.start + count))
            } else {
                let relative = Checker.localPath(of: token, in: bytes) ?? Checker.localPath(AtomSyntax.stringValue(of: token, in: bytes))
                g = relative.map { paths.group(of: $0) } ?? -1
            }
            groups.append(g)
            seenTokens.append((r, g, tokenByHash[hash] ?? -1))
            tokenByHash[hash] = seenTokens.count - 1
        }
        guard paths.anyMissing else { return }
        let names = SchemaIndex.properties.names
        // A missing file is usually named by the same property each time: its message is
        // written once and shared by its reports.
        var messages: [(keyID: Int, text: MessageText)?] = Array(repeating: nil, count: paths.count)
        for (i, g) in groups.enumerated() where g >= 0 && paths.isMissing(g) {
            let use = localFileTokens[i]
            if let made = messages[g], made.keyID == use.keyID {
                findings.report(.missingLocalFile, use.token.range, made.text)
                continue
            }
            let key = use.keyID >= 0 && use.keyID < names.count ? names[use.keyID] : "this URL"
            let text: MessageText
            switch paths.shown(g) {
            case .bytes(let r):
                text = "`\(key)` names `\(bytes: UnsafeBufferPointer(rebasing: bytes[r.start..<r.end]))`, which does not exist (relative to this document's folder); the exported page will not find it"
            case .text(let path):
                text = "`\(key)` names `\(path)`, which does not exist (relative to this document's folder); the exported page will not find it"
            }
            messages[g] = (use.keyID, text)
            findings.report(.missingLocalFile, use.token.range, text)
        }
    }

    /// Whether a string token holds a `{{` (an interpolation, or one TDL122 reports): its
    /// URL is known only at export, so it names no file to look for now.
    static func hasParameters(_ token: Token, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var pieces = StringPieces(bytes, AtomSyntax.contentRange(of: token))
        while let piece = pieces.next() {
            switch piece {
            case .interpolation, .malformed: return true
            case .text, .escape, .invalidEscape: continue
            }
        }
        return false
    }

    /// The file a URL value (noted without parameters, `hasParameters`) names relative to the
    /// document, as the file system spells it: nil for a URL with a scheme, a network path
    /// (`//host`), an absolute path (`/x`, from the site's root, not the disk), a fragment or
    /// query only, or a malformed `%` escape. The query and fragment are dropped and `%XX`
    /// escapes decoded.
    static func localPath(_ url: String) -> String? {
        guard URLPolicy.scheme(of: url) == nil else { return nil }
        let utf8 = Array(url.utf8)
        return utf8.withUnsafeBufferPointer { localPath($0, decoded: true) } ?? nil
    }

    /// `localPath` read from a string token's bytes, for the common value written plainly
    /// (a one-line string with no escape and no whitespace or control character); nil for any
    /// other, which is then decoded and read as a `String`.
    static func localPath(of token: Token, in bytes: UnsafeBufferPointer<UInt8>) -> String?? {
        guard token.kind == .string else { return nil }
        let r = AtomSyntax.contentRange(of: token)
        return localPath(UnsafeBufferPointer(rebasing: bytes[r.start..<r.end]), decoded: false)
    }

    /// The work of both `localPath`s on bytes: the outer nil means "read the value decoded"
    /// (`decoded`: false, and the bytes hold an escape, whitespace or a control character,
    /// which a scheme may hide); the inner one, "names no local file".
    static func localPath(_ p: UnsafeBufferPointer<UInt8>, decoded: Bool) -> String?? {
        switch scanLocalPath(p, decoded: decoded) {
        case .readDecoded: return nil
        case .noLocalFile: return .some(nil)
        case .path(let count, let percent):
            let path = UnsafeBufferPointer(rebasing: p[0..<count])
            guard percent else { return .some(String(decoding: path, as: UTF8.self)) }
            return .some(URLPolicy.percentDecoded(Substring(String(decoding: path, as: UTF8.self))))
        }
    }

    /// What the bytes of a URL say of the file it names (`localPath`).
    enum LocalPathScan: Equatable {
        /// Read the value decoded: `decoded` was false and the bytes hold an escape,
        /// whitespace or a control character.
        case readDecoded
        /// A scheme, a site-root or network path, a query or fragment only.
        case noLocalFile
        /// The first `count` bytes (the query and fragment dropped), `%XX` escapes not yet
        /// decoded when `percent`.
        case path(count: Int, percent: Bool)
    }

    static func scanLocalPath(_ p: UnsafeBufferPointer<UInt8>, decoded: Bool) -> LocalPathScan {
        guard let first = p.first else { return .noLocalFile }
        if first == UInt8(ascii: "/") || first == UInt8(ascii: "\\") || first == UInt8(ascii: "?") || first == UInt8(ascii: "#") { return .noLocalFile }
        var end = p.count, percent = false, schemeSoFar = true
        var i = 0
        while i < p.count {
            let b = p[i]
            if !decoded && (b <= 0x20 || b == 0x7F || b == UInt8(ascii: "\\")) { return .readDecoded }
            if end == p.count {
                if b == UInt8(ascii: "?") || b == UInt8(ascii: "#") { end = i }
                if b == UInt8(ascii: "%") { percent = true }
                // A scheme is ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) before a `:`.
                if schemeSoFar {
                    let letter = (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z")
                    let other = (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")
                    if b == UInt8(ascii: ":") { return .noLocalFile }
                    schemeSoFar = letter || (i > 0 && other)
                }
            }
            i += 1
        }
        return .path(count: end, percent: percent)
    }

    /// Whether a relative path has no `.` or `..` segment and no empty one (`a//b`, a
    /// trailing `/`): then normalising it changes nothing.
    static func isLexicallyNormal(_ path: String) -> Bool {
        var path = path
        return path.withUTF8(isLexicallyNormal)
    }

    static func isLexicallyNormal(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var length = 0, onlyDots = true  // of the segment being read
        for b in bytes {
            if b == UInt8(ascii: "/") {
                if length == 0 || (onlyDots && length <= 2) { return false }
                length = 0
                onlyDots = true
            } else {
                length += 1
                if b != UInt8(ascii: ".") { onlyDots = false }
            }
        }
        return length > 0 && !(onlyDots && length <= 2)
    }

    static func sameBytes(_ bytes: UnsafeBufferPointer<UInt8>, _ a: ByteRange, _ b: ByteRange) -> Bool {
        guard a.end - a.start == b.end - b.start else { return false }
        for i in 0..<(a.end - a.start) where bytes[a.start + i] != bytes[b.start + i] { return false }
        return true
    }
}

/// The distinct paths a document's URL values name, each asked about once when first seen
/// (`checkLocalFiles`): by bytes, with no `String` made for a path written plainly unless
/// the project must be asked about it by name.
///
/// Files named in one folder: once two of them are missing, the project is asked whether
/// the folder itself is known missing (`Project.folderKnownMissing`: the command line's
/// loader remembers the folders it found missing); if so, the other files in it are
/// missing without being resolved and looked up one by one, which is the answer the
/// loader would give each of them. Only for paths that need no normalising, which a report
/// names as written, and never with a validation cache, which remembers each path it
/// looked up (`ValidationCache.fileExists`).
struct LocalPaths {
    /// How a report names a missing path: its bytes in the document, or a text.
    enum Shown {
        case bytes(ByteRange)
        case text(String)
    }

    private struct Path {
        /// The path's bytes in the document, when `text` is nil (a value written plainly).
        var range: ByteRange
        /// The path decoded from a value with escapes.
        var text: String?
        /// The next path with the same fingerprint, or -1.
        var next: Int
        /// Whether the file is missing; nil when the project cannot tell.
        var missing: Bool? = nil
        /// How a report names it when not as written: relative to the document's folder,
        /// once normalised (`a/../b.png` reads `b.png`).
        var shownAs: String? = nil
    }

    private struct Folder {
        /// The folder's bytes in the document (a path's, before its last `/`).
        var range: ByteRange
        var next: Int
        var missingFiles = 0
        var knownMissing = false
    }

    let project: Project
    let file: ProjectFile
    let cache: ValidationCache?
    let bytes: UnsafeBufferPointer<UInt8>
    /// Whether files in a folder known missing are answered without asking (see above).
    private let answersByFolder: Bool
    private var paths: [Path] = []
    private var pathByHash: [UInt64: Int] = [:]
    private var folders: [Folder] = []
    private var folderByHash: [UInt64: Int] = [:]
    private var lastFolder = -1
    /// The document's folder with its `/`, as the paths the project resolves begin ("" when none).
    private var documentFolder: String? = nil
    private(set) var anyMissing = false

    init(project: Project, file: ProjectFile, cache: ValidationCache?, bytes: UnsafeBufferPointer<UInt8>) {
        self.project = project
        self.file = file
        self.cache = cache
        self.bytes = bytes
        answersByFolder = cache == nil && project.loader?.folderKnownMissing != nil
    }

    var count: Int { paths.count }

    /// Room for `n` paths.
    mutating func reserveCapacity(_ n: Int) {
        paths.reserveCapacity(n)
        pathByHash.reserveCapacity(n)
    }

    func isMissing(_ g: Int) -> Bool { paths[g].missing == true }

    func shown(_ g: Int) -> Shown {
        if let shown = paths[g].shownAs ?? paths[g].text { return .text(shown) }
        return .bytes(paths[g].range)
    }

    /// The path whose bytes are `r` in the document (a value written plainly).
    mutating func group(ofPathAt r: ByteRange) -> Int {
        let written = UnsafeBufferPointer(rebasing: bytes[r.start..<r.end])
        let hash = fingerprint(UnsafeRawBufferPointer(written))
        if let found = find(written, hash: hash) { return found }
        return add(Path(range: r, text: nil, next: pathByHash[hash] ?? -1), hash: hash)
    }

    /// A path decoded from a value with escapes.
    mutating func group(of relative: String) -> Int {
        var relative = relative
        let (hash, found) = relative.withUTF8 { written in
            let hash = fingerprint(UnsafeRawBufferPointer(written))
            return (hash, find(written, hash: hash))
        }
        if let found { return found }
        return add(Path(range: ByteRange(start: 0, end: 0), text: relative, next: pathByHash[hash] ?? -1), hash: hash)
    }

    private func find(_ written: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? {
        var candidate = pathByHash[hash] ?? -1
        while candidate >= 0 {
            let path = paths[candidate]
            if var text = path.text {
                if text.withUTF8({ $0.elementsEqual(written) }) { return candidate }
            } else if path.range.end - path.range.start == written.count,
                      UnsafeBufferPointer(rebasing: bytes[path.range.start..<path.range.end]).elementsEqual(written) {
                return candidate
            }
            candidate = path.next
        }
        return nil
    }

    private mutating func add(_ path: Path, hash: UInt64) -> Int {
        let index = paths.count
        paths.append(path)
        pathByHash[hash] = index
        answer(index)
        return index
    }

    /// Whether the file at path `index` is missing, through its folder when that is known missing.
    private mutating func answer(_ index: Int) {
        let r = paths[index].range
        guard answersByFolder, paths[index].text == nil,
              let slash = UnsafeBufferPointer(rebasing: bytes[r.start..<r.end]).lastIndex(of: UInt8(ascii: "/")),
              Checker.isLexicallyNormal(UnsafeBufferPointer(rebasing: bytes[r.start..<r.end])) else {
            ask(index)
            return
        }
        let f = folder(ByteRange(start: r.start, end: r.start + slash))
        if folders[f].knownMissing {
            paths[index].missing = true
            anyMissing = true
            return
        }
        ask(index)
        guard paths[index].missing == true else { return }
        folders[f].missingFiles += 1
        // The second missing file: a folder of one missing file costs no question more.
        if folders[f].missingFiles == 2 {
            let range = folders[f].range
            let relative = String(decoding: UnsafeBufferPointer(rebasing: bytes[range.start..<range.end]), as: UTF8.self)
            folders[f].knownMissing = project.localFilePath(relative, from: file).map(project.folderKnownMissing) ?? false
        }
    }

    /// The folder whose bytes are `r` in the document.
    private mutating func folder(_ r: ByteRange) -> Int {
        // Paths in one folder tend to follow each other: the last one found is tried first.
        if lastFolder >= 0 && Checker.sameBytes(bytes, folders[lastFolder].range, r) { return lastFolder }
        lastFolder = findFolder(r)
        return lastFolder
    }

    private mutating func findFolder(_ r: ByteRange) -> Int {
        let hash = fingerprint(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[r.start..<r.end])))
        var candidate = folderByHash[hash] ?? -1
        while candidate >= 0 {
            if Checker.sameBytes(bytes, folders[candidate].range, r) { return candidate }
            candidate = folders[candidate].next
        }
        folders.append(Folder(range: r, next: folderByHash[hash] ?? -1))
        folderByHash[hash] = folders.count - 1
        return folders.count - 1
    }

    /// Asks the project whether the file at path `index` is there (the cache remembering the answer).
    private mutating func ask(_ index: Int) {
        let r = paths[index].range
        let relative = paths[index].text ?? String(decoding: UnsafeBufferPointer(rebasing: bytes[r.start..<r.end]), as: UTF8.self)
        let project = self.project
        guard let path = project.localFilePath(relative, from: file) else { return }
        let there = cache?.fileExists(path) { project.fileExists(path) } ?? project.fileExists(path)
        paths[index].missing = !there
        guard !there else { return }
        anyMissing = true
        if documentFolder == nil {
            documentFolder = file.location.map { location -> String in
                guard let slash = location.lastIndex(of: "/") else { return "" }
                return String(location[..<slash]) + "/"
            } ?? ""
        }
        let folder = documentFolder ?? ""
        if !(Checker.isLexicallyNormal(relative) || folder.isEmpty || !path.hasPrefix(folder)) {
            paths[index].shownAs = String(path.dropFirst(folder.count))
        }
    }
}
