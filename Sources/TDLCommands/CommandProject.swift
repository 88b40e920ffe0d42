import ProjectModel
import TemplateFormat
import ToolSupport

/// How the commands reach imports: from disk, relative to the importing file, and for
/// standard input relative to the working directory.
let diskLoader = ProjectLoader.disk(workingDirectory: { currentDirectoryPath() ?? "" }, oneRun: true)

/// The project file of a document the commands read: a path on disk, or standard input
/// (`name` from `--stdin-filename`, if given, is then its path for messages and imports).
func commandFile(path: String?, bytes: [UInt8]) -> ProjectFile {
    let tree = SyntaxTree.parse(bytes)
    return path.map { ProjectFile(path: $0, tree: tree) } ?? ProjectFile(unsaved: "<stdin>", tree: tree)
}
