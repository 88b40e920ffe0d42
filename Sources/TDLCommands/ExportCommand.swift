import HTMLGen
import JSONText
import ProjectModel
import TemplateFormat
import ToolSupport
import Validator

/// `template-fmt export`: a template to a standalone HTML page, an annotation set to an HTML
/// figure or a standalone SVG, or either to the resolved JSON model.
struct ExportCommand {
    static let help = """
    Usage: template-fmt export [--to html|svg|json] [--template NAME] [--data FILE]
                               [-o OUT] FILE

    Exports the templates and annotation sets of one .tdl file. A template becomes a
    standalone HTML5 page; an annotation set becomes an HTML page with the image and an SVG
    overlay, or with --to svg a standalone SVG. --to json writes the resolved model (styles,
    defaults and parameters applied), for other programs. `-` reads standard input.

    Options:
      --to FORMAT       html (default), svg (annotation sets only) or json.
      --template NAME   Export only the template or annotation set NAME.
      --data FILE       A JSON object of parameter values, such as {"user": "Ada"}.
                        A key no exported template declares is a warning; a value whose
                        type differs from the parameter's default is an error. In URLs,
                        values are percent-encoded; a URL they make a script URL is an
                        error, one with another refused scheme is left out.
      -o, --output OUT  Write to OUT instead of standard output. OUT is a folder (created
                        if needed) when it exists as one, ends with `/`, or several items
                        are exported: each item goes to NAME.html, NAME.svg or NAME.json
                        there. Otherwise OUT is the file for the one exported item.
      -h, --help        Show this help.

    Without -o the document must hold one item (or --template must name one), which is
    written to standard output. A document with errors is not exported: its diagnostics are
    printed as `check` prints them. Files are written atomically.

    Exit status: 0 exported; 1 errors in the document or in the data; 2 usage error,
    unreadable or unwritable file.

    """

    let env: CommandEnvironment

    func run(_ arguments: [String]) throws -> Int32 {
        let args = try ParsedArguments(arguments, flags: ["--help", "-h"],
                                       options: ["--to", "--template", "--data", "-o", "--output"])
        if args.flags.contains("--help") || args.flags.contains("-h") {
            env.out(ExportCommand.help)
            return 0
        }
        let formatName = args.options["--to"] ?? "html"
        guard let format = ExportFormat(rawValue: formatName) else {
            throw UsageError(message: "unknown export format '\(formatName)'; expected html, svg or json")
        }
        if args.options["-o"] != nil && args.options["--output"] != nil {
            throw UsageError(message: "-o and --output cannot both be given")
        }
        let output = args.options["-o"] ?? args.options["--output"]
        guard args.operands.count == 1, let input = args.operands.first else {
            throw UsageError(message: args.operands.isEmpty ? "no input: pass one .tdl file, or `-` for standard input"
                             : "export takes one file; got \(args.operands.count)")
        }

        // The document, validated as `check` validates it.
        let path: String? = input == "-" ? nil : input
        let label = path ?? "<stdin>"
        let bytes: [UInt8]
        if input == "-" {
            bytes = env.readInput()
            if let refusal = standardInputRefusal(bytes) {
                env.err("\(label): error: \(refusal)\n")
                return 2
            }
        } else {
            do {
                bytes = try readFileBytes(input)
            } catch {
                env.err("\(input): error: \(describe(error, path: input))\n")
                return 2
            }
        }
        let file = commandFile(path: path, bytes: bytes)
        let tree = file.tree
        let project = Project(files: [file], loader: diskLoader)
        let diagnostics = Validator.validate(file, in: project)
        let shown = diagnostics.filter { $0.severity == .error || $0.severity == .warning }
        if !shown.isEmpty {
            let checked = CheckedFile(path: label, bytes: bytes, diagnostics: shown)
            env.err(DiagnosticRenderer(color: false).text([checked]))
        }
        if diagnostics.contains(where: { $0.severity == .error }) {
            env.err("\(label): not exported: fix the errors above first\n")
            return 1
        }

        // Which items.
        let all = ResolvedDocument.items(in: tree)
        let candidates = all.filter { format.supports($0.kind) }
        var selected: [String]
        if let wanted = args.options["--template"] {
            guard let found = all.first(where: { $0.name == wanted }) else {
                let names = all.map { "`\($0.name)`" }.joined(separator: ", ")
                throw UsageError(message: "\(label) has no template or annotation set named '\(wanted)'"
                                 + (names.isEmpty ? "" : "; it has \(names)"))
            }
            guard format.supports(found.kind) else {
                throw UsageError(message: "`\(wanted)` is a template; --to svg exports annotation sets only (use --to html)")
            }
            selected = [wanted]
        } else {
            selected = candidates.map(\.name)
        }
        if selected.isEmpty {
            let what = format == .svg ? "no annotation set to export as SVG" : "no template or annotation set to export"
            throw UsageError(message: "\(label) has \(what)")
        }

        // Where to.
        enum Destination { case standardOutput, file(String), folder(String) }
        let destination: Destination
        if let output {
            let kind = pathKind(output)
            if kind == .directory || output.hasSuffix("/") || selected.count > 1 {
                if kind == .other {
                    throw UsageError(message: "'\(output)' is a file, but \(selected.count) items are exported; give a folder, or --template NAME")
                }
                destination = .folder(output)
            } else {
                destination = .file(output)
            }
        } else if selected.count == 1 {
            destination = .standardOutput
        } else {
            // A few names are enough to choose from; a document of thousands lists ten.
            let names = selected.prefix(10).map { "`\($0)`" }.joined(separator: ", ")
                + (selected.count > 10 ? ", … \(selected.count - 10) more" : "")
            throw UsageError(message: "\(label) holds \(selected.count) items (\(names)); choose one with --template NAME, or write them all with -o FOLDER")
        }

        // Parameter data.
        var data: [String: ParamValue] = [:]
        if let dataPath = args.options["--data"] {
            switch ParameterData.read(dataPath) {
            case .success(let values): data = values
            case .failure(let problem):
                env.err(problem.report(for: dataPath))
                return problem.exitStatus
            }
        }

        let document = ResolvedDocument.resolve(file, in: project, data: data, only: selected)
        let dataSource = args.options["--data"] ?? "data"
        for issue in document.issues where issue.kind != .droppedURL {
            env.err("\(dataSource): \(issue.severity.rawValue): \(issue.message)\n")
        }
        if document.hasErrors {
            env.err("\(label): not exported: fix the data first\n")
            return 1
        }

        var outputs: [(name: String, bytes: [UInt8])] = []
        for item in document.items {
            guard let rendered = Exporter.render(item, as: format) else { continue }
            outputs.append((item.name, rendered))
        }
        switch destination {
        case .standardOutput:
            for o in outputs { env.writeOutput(o.bytes) }
        case .file(let file):
            do {
                try writeAtomically(outputs[0].bytes, to: file, expectedOriginal: nil)
            } catch {
                env.err("\(file): error: \(describe(error, path: file))\n")
                return 2
            }
        case .folder(let folder):
            do {
                try createDirectories(folder)
            } catch {
                env.err("\(folder): error: cannot create the folder: \(error.message)\n")
                return 2
            }
            let base = folder.hasSuffix("/") ? folder : folder + "/"
            for o in outputs {
                let file = base + o.name + "." + format.fileExtension
                do {
                    try writeAtomically(o.bytes, to: file, expectedOriginal: nil)
                } catch {
                    env.err("\(file): error: \(describe(error, path: file))\n")
                    return 2
                }
            }
        }
        return 0
    }
}
