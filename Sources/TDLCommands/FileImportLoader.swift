import Foundation
import ToolSupport
import Validator

/// Resolves `import "path"` against the importing file's folder and reads it from disk.
let fileImportLoader: ImportLoader = { path, importer in
    let base = importer.map { ($0 as NSString).deletingLastPathComponent } ?? FileManager.default.currentDirectoryPath
    let joined = path.hasPrefix("/") ? path : (base.isEmpty ? path : base + "/" + path)
    let resolved = (joined as NSString).standardizingPath
    do {
        let bytes = try readFileBytes(resolved)
        return .loaded(path: resolved, bytes: bytes)
    } catch let error as ReadError {
        return .failed(message: describe(error, path: error.path))
    } catch {
        return .failed(message: "\(error)")
    }
}
