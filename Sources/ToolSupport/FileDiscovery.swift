// Turning command-line path arguments into the list of files a tool should process.
// Explicit files are always honoured (the user named them); directories are searched for
// template files, the way `gofmt dir/` or `rustfmt` treat a directory argument.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A path the tool could not use, with a short lower-case reason ("no such file or directory").
public struct FileError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}

/// Expands `paths` into files to process.
///
/// - A path naming a file (or a symlink to one) is taken as given, whatever its extension.
/// - A directory is searched recursively for `*.<extension>` files, skipping entries whose
///   name starts with `.` (`.git`, editor backups). Symlinked directories are followed, but
///   no directory is entered twice in one walk, so link cycles terminate.
/// - A missing or unreadable path yields a `FileError` and the rest are still processed.
///
/// Files come back sorted and without duplicates; errors in the order they were found.
public func discoverFiles(_ paths: [String], extension: String = "tdl") -> (files: [String], errors: [FileError]) {
    var files: Set<String> = []
    var errors: [FileError] = []
    let suffix = "." + `extension`

    for path in paths {
        switch fileStatus(path) {
        case .failure(let error):
            errors.append(FileError(path: path, message: systemErrorText(error.code)))
        case .success(let status) where status.isDirectory:
            var walker = DirectoryWalker(suffix: suffix)
            walker.walk(path, status: status)
            files.formUnion(walker.files)
            errors.append(contentsOf: walker.errors)
        case .success:
            files.insert(path)
        }
    }
    return (files.sorted(), errors)
}

/// Depth-first walk of one directory argument. Tracks visited directories by (device, inode)
/// so a symlink pointing at an ancestor cannot make the walk loop forever.
private struct DirectoryWalker {
    let suffix: String
    var files: [String] = []
    var errors: [FileError] = []
    private var visited: Set<DirectoryIdentity> = []

    init(suffix: String) {
        self.suffix = suffix
    }

    private struct DirectoryIdentity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    mutating func walk(_ directory: String, status: FileStatus) {
        guard visited.insert(DirectoryIdentity(device: status.device, inode: status.inode)).inserted else {
            return
        }
        let names: [String]
        switch directoryEntries(directory) {
        case .failure(let error):
            errors.append(FileError(path: directory, message: systemErrorText(error.code)))
            return
        case .success(let entries):
            names = entries.sorted()
        }
        for name in names where !name.hasPrefix(".") {
            let path = joinPath(directory, name)
            switch fileStatus(path) {
            case .success(let child) where child.isDirectory:
                walk(path, status: child)
            case .success(let child):
                if child.isRegularFile && isTemplateName(name) { files.append(path) }
            case .failure(let error):
                // A dangling symlink named like a template is worth reporting; any other
                // unreadable entry is not something the user asked for.
                if isTemplateName(name) {
                    errors.append(FileError(path: path, message: systemErrorText(error.code)))
                }
            }
        }
    }

    private func isTemplateName(_ name: String) -> Bool {
        name.hasSuffix(suffix) && name.count > suffix.count
    }
}
