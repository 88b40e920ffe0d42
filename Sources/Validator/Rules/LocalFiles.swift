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
        let project = context.project, file = context.file
        var paths: [String] = []
        var answers: [(path: String, exists: Bool)?] = []
        var pathByHash: [UInt64: Int] = [:]
        var nextWithHash: [Int] = []
        func group(of relative: String) -> Int {
            var relative = relative
            let hash = relative.withUTF8 { fingerprint(UnsafeRawBufferPointer($0)) }
            var candidate = pathByHash[hash] ?? -1
            while candidate >= 0 {
                if paths[candidate] == relative { return candidate }
                candidate = nextWithHash[candidate]
            }
            let index = paths.count
            nextWithHash.append(pathByHash[hash] ?? -1)
            pathByHash[hash] = index
            paths.append(relative)
            answers.append(project.localFilePath(relative, from: file).map { path in
                (path, cache?.fileExists(path) { project.fileExists(path) } ?? project.fileExists(path))
            })
            return index
        }
        // Per use, its group (-1: names no local file).
        var groups: [Int] = []
        groups.reserveCapacity(localFileTokens.count)
        let bytes = raw.bytes
        var tokenByHash: [UInt64: Int] = [:]
        var seenTokens: [(range: ByteRange, group: Int, next: Int)] = []
        for (token, _) in localFileTokens {
            let r = token.range
            let hash = fingerprint(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[r.start..<r.end])))
            var candidate = tokenByHash[hash] ?? -1
            while candidate >= 0 && !Checker.sameBytes(bytes, seenTokens[candidate].range, r) { candidate = seenTokens[candidate].next }
            if candidate >= 0 {
                groups.append(seenTokens[candidate].group)
                continue
            }
            let relative = Checker.localPath(of: token, in: bytes) ?? Checker.localPath(AtomSyntax.stringValue(of: token, in: bytes))
            let g = relative.map(group) ?? -1
            groups.append(g)
            seenTokens.append((r, g, tokenByHash[hash] ?? -1))
            tokenByHash[hash] = seenTokens.count - 1
        }
        if answers.contains(where: { $0.map { !$0.exists } ?? false }) {
            let folder = file.location.map { location -> String in
                guard let slash = location.lastIndex(of: "/") else { return "" }
                return String(location[..<slash]) + "/"
            } ?? ""
            let names = SchemaIndex.properties.names
            // A missing file is usually named by the same property each time: its message is
            // written once and shared by its reports.
            var messages: [(keyID: Int, text: MessageText)?] = Array(repeating: nil, count: paths.count)
            for (i, g) in groups.enumerated() where g >= 0 {
                guard let found = answers[g], !found.exists else { continue }
                let use = localFileTokens[i]
                if let made = messages[g], made.keyID == use.keyID {
                    findings.report(.missingLocalFile, use.token.range, made.text)
                    continue
                }
                // Named relative to the document, as the author wrote it (`a/../b.png` reads
                // `b.png`): a path with no `.` or empty segment is that already.
                let written = paths[g]
                let path = Checker.isLexicallyNormal(written) || folder.isEmpty || !found.path.hasPrefix(folder)
                    ? written : String(found.path.dropFirst(folder.count))
                let key = use.keyID >= 0 && use.keyID < names.count ? names[use.keyID] : "this URL"
                let text: MessageText = "`\(key)` names `\(path)`, which does not exist (relative to this document's folder); the exported page will not find it"
                messages[g] = (use.keyID, text)
                findings.report(.missingLocalFile, use.token.range, text)
            }
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
        guard let first = p.first else { return .some(nil) }
        if first == UInt8(ascii: "/") || first == UInt8(ascii: "\\") || first == UInt8(ascii: "?") || first == UInt8(ascii: "#") { return .some(nil) }
        var end = p.count, percent = false, schemeSoFar = true
        var i = 0
        while i < p.count {
            let b = p[i]
            if !decoded && (b <= 0x20 || b == 0x7F || b == UInt8(ascii: "\\")) { return nil }
            if end == p.count {
                if b == UInt8(ascii: "?") || b == UInt8(ascii: "#") { end = i }
                if b == UInt8(ascii: "%") { percent = true }
                // A scheme is ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) before a `:`.
                if schemeSoFar {
                    let letter = (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z")
                    let other = (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")
                    if b == UInt8(ascii: ":") { return .some(nil) }
                    schemeSoFar = letter || (i > 0 && other)
                }
            }
            i += 1
        }
        let path = UnsafeBufferPointer(rebasing: p[0..<end])
        guard percent else { return .some(String(decoding: path, as: UTF8.self)) }
        return .some(URLPolicy.percentDecoded(Substring(String(decoding: path, as: UTF8.self))))
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
