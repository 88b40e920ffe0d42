import ToolSupport
import Validator

/// Resolves `import "path"` against the importing file's folder and reads it from disk.
let fileImportLoader: ImportLoader = { path, importer in
    let resolved = resolvedImportPath(path, importer: importer, workingDirectory: { currentDirectoryPath() ?? "" })
    do {
        let bytes = try readFileBytes(resolved)
        return .loaded(path: resolved, bytes: bytes)
    } catch let error as ReadError {
        return .failed(message: describe(error, path: error.path))
    } catch {
        return .failed(message: "\(error)")
    }
}

/// The file an import names: `path` itself when absolute, else `path` in the importer's
/// folder (in the working directory for standard input), normalised lexically so that each
/// file has one spelling for the cycle check and in messages.
func resolvedImportPath(_ path: String, importer: String?, workingDirectory: () -> String) -> String {
    let base = importer.map(parentPath) ?? workingDirectory()
    let joined = path.hasPrefix("/") ? path : (base.isEmpty ? path : base + "/" + path)
    return normalizedPath(joined)
}
