import Basics

/// Why an import could not be followed. The message is shown to the user as written.
public struct ImportFailure: Error, Sendable, Hashable {
    public let message: String
    public init(_ message: String) { self.message = message }
}

/// How the project model reaches files it does not hold yet: the only way it touches the
/// outside world. The command line gives one that reads the disk (`ToolSupport`), the
/// language server one that reads open documents first; tests give one over a dictionary.
///
/// Resolving and reading are apart so that a file imported by a thousand others is read
/// once: the model keys files by the canonical path `resolve` gives and reads only paths it
/// does not hold.
public struct ProjectLoader: Sendable {
    /// The canonical path that `import "path"` names when written in `importer` (nil: a
    /// document with no path, such as standard input), or why it names none.
    public let resolve: @Sendable (_ path: String, _ importer: String?) -> Result<String, ImportFailure>
    /// The bytes of the file at a canonical path.
    public let read: @Sendable (_ path: String) -> Result<[UInt8], ImportFailure>
    /// Whether a file (an image, a video, captions) is at a canonical path; nil when this
    /// loader cannot tell (tests, documents in memory), and nothing is reported then.
    public let exists: (@Sendable (_ path: String) -> Bool)?
    /// Whether `exists` is sure to answer false for every file in the folder at a canonical
    /// path (`resolve` of a relative folder names the folder its files resolve into),
    /// because it found the folder missing earlier and remembers that: a loader serving one
    /// run. Nil when the loader remembers no folders. A caller with thousands of files to
    /// ask about in one folder asks this once instead of resolving each (`LocalFiles`).
    public let folderKnownMissing: (@Sendable (_ folder: String) -> Bool)?

    public init(resolve: @escaping @Sendable (_ path: String, _ importer: String?) -> Result<String, ImportFailure>,
                read: @escaping @Sendable (_ path: String) -> Result<[UInt8], ImportFailure>,
                exists: (@Sendable (_ path: String) -> Bool)? = nil,
                folderKnownMissing: (@Sendable (_ folder: String) -> Bool)? = nil) {
        self.resolve = resolve
        self.read = read
        self.exists = exists
        self.folderKnownMissing = folderKnownMissing
    }

    /// A loader from the one-step form (resolve and read at once), which tests and small
    /// callers find easier to write: the bytes of each resolved path are kept for `read`.
    public init(_ loader: @escaping ImportLoader) {
        let loaded = Locked<[String: [UInt8]]>([:])
        resolve = { path, importer in
            switch loader(path, importer) {
            case .loaded(let resolved, let bytes):
                loaded.withLock { $0[resolved] = bytes }
                return .success(resolved)
            case .failed(let message):
                return .failure(ImportFailure(message))
            }
        }
        read = { path in
            loaded.withLock { $0[path] }.map { .success($0) } ?? .failure(ImportFailure("cannot read '\(path)'"))
        }
        exists = nil
        folderKnownMissing = nil
    }
}

/// What a one-step loader gives back for an `import`: the file's canonical path and bytes,
/// or why it could not be read.
public enum ImportResult: Sendable {
    case loaded(path: String, bytes: [UInt8])
    case failed(message: String)
}

/// Resolves and reads an import path written in `importer` (nil for a document with no path).
public typealias ImportLoader = @Sendable (_ path: String, _ importer: String?) -> ImportResult
