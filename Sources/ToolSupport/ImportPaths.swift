import Basics
import ProjectModel

/// The one place an `import "path"` becomes a file path, for every tool.
///
/// `path` itself when absolute, else `path` in the importer's folder; with no importer (a
/// document that has no path), in `workingDirectory`, or nothing when that is nil too (the
/// language server: an unsaved buffer's relative import names no file). Normalised
/// lexically (`normalizedPath`), so each file has one spelling for the project's keys, the
/// cycle check and messages.
public func resolveImportPath(_ path: String, importer: String?, workingDirectory: String?) -> String? {
    if path.hasPrefix("/") { return normalizedPath(path) }
    guard let base = importer.map(parentPath) ?? workingDirectory else { return nil }
    return normalizedPath(base.isEmpty ? path : base + "/" + path)
}

extension ProjectLoader {
    /// Imports resolved with `resolveImportPath` and read from disk (`readFileBytes`: regular
    /// files only, at most `DocumentLimits.maximumBytes`). `workingDirectory` is asked only
    /// when a document with no path imports a relative path; nil refuses such imports.
    ///
    /// `oneRun`: the loader serves one run of a command, during which folders do not come
    /// and go, so a folder found missing is remembered and the files named in it are not
    /// looked for one by one (a document naming thousands of images in a folder that is not
    /// there costs one look, not thousands). The language server, which runs while files
    /// are created, looks every time.
    public static func disk(workingDirectory: (@Sendable () -> String?)? = nil, oneRun: Bool = false) -> ProjectLoader {
        let folders = Locked<[String: Bool]>([:])
        // What `exists` remembers: a folder found missing (its key is `parentPath` of a file
        // in it, which is how `resolveImportPath` spells the folder itself).
        let folderKnownMissing: (@Sendable (String) -> Bool)? = oneRun ? { @Sendable folder in folders.withLock { $0[folder] == false } } : nil
        return ProjectLoader(
            resolve: { path, importer in
                guard let resolved = resolveImportPath(path, importer: importer, workingDirectory: importer == nil ? workingDirectory?() : nil) else {
                    return .failure(ImportFailure("a relative import needs the document to be saved in a folder first"))
                }
                return .success(resolved)
            },
            read: { path in
                do {
                    return .success(try readFileBytes(path))
                } catch let error as ReadError {
                    let text = error.description
                    return .failure(ImportFailure(text.hasPrefix(path + ": ") ? String(text.dropFirst(path.count + 2)) : text))
                } catch {
                    return .failure(ImportFailure("\(error)"))
                }
            },
            exists: { path in
                guard oneRun else { return pathKind(path) == .other }
                let folder = parentPath(path)
                let known = folders.withLock { $0[folder] }
                if known == false { return false }
                switch pathKind(path) {
                case .other: return true
                case .directory: return false
                case .missing:
                    if known == nil {
                        let there = pathKind(folder) == .directory
                        folders.withLock { $0[folder] = there }
                    }
                    return false
                }
            },
            folderKnownMissing: folderKnownMissing)
    }
}
