import HTMLGen
import ProjectModel
import TemplateFormat
import ToolSupport
import Validator

/// `template-fmt check`: every diagnostic, in one of four output formats, as a gate for
/// commits and CI.
struct CheckCommand {
    static let help = """
    Usage: template-fmt check [--format text|json|github|sarif] [--fix] [--strict]
                              [--data FILE] [--stdin-filename NAME] [PATH...]

    Reports syntax, structure and lint problems in .tdl files (docs/LANGUAGE.md lists them;
    among the lint: text contrast judged on the colours a reader sees, opacity included, and
    reading order, the source order of a container's members, that clearly differs from the
    layout, with a fix that reorders them). Directories are searched recursively for *.tdl
    files (hidden files and folders are skipped); `-` reads standard input. Files are
    checked in parallel; output is ordered by path, then position.

    The files given are checked together, as one project: a style counts as used when any
    of them uses it. A file checked alone counts only its own uses. Imported files outside
    the paths given are read for their styles but not reported on.

    Options:
      --format FORMAT         text (default), json, github (workflow commands) or sarif (2.1.0).
      --fix                   Apply the certain fixes in place, then report what remains.
      --strict                Exit 1 on warnings too.
      --data FILE             A JSON object of parameter values, as `export --data` takes:
                              a text that holds `{{name}}` is measured with its value in
                              place, and text that would not fit its box (TDL312) is
                              reported naming the parameter and the value.
      --stdin-filename NAME   Name used for standard input in messages and for imports.
      -h, --help              Show this help.

    Silence a diagnostic with `// tdl-ignore CODE` on the line above the element or
    property (or at the end of its line), or `// tdl-ignore-file CODE` for the whole file.
    `template-fmt explain CODE` explains a code with examples.

    Exit status: 0 no errors (warnings allowed); 1 errors found (or warnings with --strict);
    2 usage error, unreadable file or unusable --data file.

    """

    enum OutputFormat: String { case text, json, github, sarif }

    let env: CommandEnvironment

    func run(_ arguments: [String]) throws -> Int32 {
        let args = try ParsedArguments(arguments, flags: ["--fix", "--strict", "--help", "-h"],
                                       options: ["--format", "--stdin-filename", "--data"])
        if args.flags.contains("--help") || args.flags.contains("-h") {
            env.out(CheckCommand.help)
            return 0
        }
        let formatName = args.options["--format"] ?? "text"
        guard let format = OutputFormat(rawValue: formatName) else {
            throw UsageError(message: "unknown output format '\(formatName)'; expected text, json, github or sarif")
        }
        let fix = args.flags.contains("--fix")
        // Parameter values texts are measured with, as text by name.
        var parameterData: [String: String] = [:]
        if let dataPath = args.options["--data"] {
            switch ParameterData.read(dataPath) {
            case .success(let values): parameterData = values.mapValues(\.text)
            case .failure(let problem):
                env.err(problem.report(for: dataPath))
                return 2
            }
        }
        var operands = args.operands
        if operands.isEmpty {
            if env.inputIsTerminal { throw UsageError(message: "no input: pass files or directories, or `-` for standard input") }
            operands = ["-"]
        }
        if operands.contains("-") && operands.count > 1 {
            throw UsageError(message: "'-' (standard input) cannot be combined with paths")
        }
        var results: [CheckedFile]
        var usageProblems = 0
        if operands == ["-"] {
            if fix { throw UsageError(message: "--fix rewrites files in place and cannot be used with standard input") }
            let name = args.options["--stdin-filename"]
            let bytes = env.readInput()
            if let refusal = standardInputRefusal(bytes) {
                results = [CheckedFile(path: name ?? "<stdin>", ioError: refusal)]
            } else {
                let file = commandFile(path: name, bytes: bytes)
                let diagnostics = Validator.validate(file, in: Project(files: [file], loader: diskLoader),
                                                     parameterData: parameterData)
                results = [CheckedFile(path: name ?? "<stdin>", bytes: bytes, diagnostics: diagnostics)]
            }
        } else {
            let (files, errors) = discoverFiles(operands)
            usageProblems = errors.count
            results = ProjectCheck(paths: files, workers: env.parallelism, parameterData: parameterData).run(fix: fix)
            results += errors.map { CheckedFile(path: $0.path, ioError: $0.message) }
            results.sort { $0.path < $1.path }
        }
        var renderer = DiagnosticRenderer(color: env.colorOutput && format == .text)
        renderer.workers = env.parallelism
        // By severity, as the text report counted them (it reads every diagnostic anyway).
        var counts: [Int]? = nil
        switch format {
        case .text: counts = renderer.writeText(results, to: { env.writeOutput(buffer: $0) })
        case .json: env.writeOutput(renderer.json(results) + [0x0A])
        case .github: env.out(renderer.github(results))
        case .sarif: env.writeOutput(renderer.sarif(results, version: TemplateFmt.version) + [0x0A])
        }
        if format != .text {
            for r in results { if let e = r.ioError { env.err("\(r.path): error: \(e)\n") } }
        }
        let ioErrors = results.filter { $0.ioError != nil }.count
        if ioErrors > 0 || usageProblems > 0 { return 2 }
        if env.exitsAfterCommand { ExitTeardown.leave(results) }
        func any(_ severity: Severity) -> Bool {
            if let counts { return counts[severity.rawValue] > 0 }
            return results.contains { $0.diagnostics.contains { $0.severity == severity } }
        }
        if any(.error) { return 1 }
        if args.flags.contains("--strict") && any(.warning) { return 1 }
        return 0
    }
}
