import HTMLGen
import JSONText
import ProjectModel
import TemplateFormat
import ToolSupport
import Validator

/// `template-fmt export`: a template to a standalone HTML page, an annotation set to an HTML
/// figure or a standalone SVG, a template to an HTML email, or either to the resolved JSON model.
struct ExportCommand {
    static let help = """
    Usage: template-fmt export [--to html|svg|email|json] [--fragment [--prefix P]]
                               [--template NAME] [--data FILE] [--embed | --no-embed]
                               [-o OUT] FILE

    Exports the templates and annotation sets of one .tdl file. A template becomes a
    standalone HTML5 page; an annotation set becomes an HTML page with the image and an SVG
    overlay, or with --to svg a standalone SVG. --to email writes a template as an HTML
    email: nested tables and inline styles, as email clients show them. --to json writes
    the resolved model (styles, defaults and parameters applied), for other programs. `-`
    reads standard input.

    Options:
      --to FORMAT       html (default), svg (annotation sets only), email (templates
                        only) or json. An email refuses what email clients cannot show
                        (a video, elements drawn over one another, a box outside its
                        container): the message names the element, and nothing is
                        written. Rotation and opacity are dropped, with a warning.
      --fragment        With html, a template as one <div> to paste into another page
                        instead of a page of its own: no <style> block or global rule
                        (each element carries its own style attribute), every id
                        prefixed, the canvas scaled to the width of the column it is in.
      --prefix P        The fragment's id prefix (default: the template's name): ids
                        become P-NAME. Letters, digits, - and _, starting with a letter.
      --template NAME   Export only the template or annotation set NAME.
      --data FILE       A JSON object of parameter values, such as {"user": "Ada"}.
                        A key no exported template declares is a warning; a value whose
                        type differs from the parameter's default is an error. In URLs,
                        values are percent-encoded; a URL they make a script URL is an
                        error, one with another refused scheme is left out.
      --embed           With --to svg: write the image file into the SVG (as a data: URL),
                        so the SVG shows it where it may load nothing else (an <img>, a
                        Markdown file). This is the default for a relative `image` whose
                        file exists; with --embed, an image that cannot be embedded is an
                        error. PNG, JPEG, GIF and WebP files up to 20 MiB are embedded.
      --no-embed        With --to svg: link to the image (<image href>), as before.
      -o, --output OUT  Write to OUT instead of standard output. OUT is a folder (created
                        if needed) when it exists as one, ends with `/`, or several items
                        are exported: each item goes to NAME.html, NAME.svg,
                        NAME.email.html or NAME.json there. Otherwise OUT is the
                        file for the one exported item.
      -h, --help        Show this help.

    Without -o the document must hold one item (or --template must name one), which is
    written to standard output. A document with errors is not exported: its diagnostics are
    printed as `check` prints them. Files are written atomically.

    Exit status: 0 exported; 1 errors in the document or in the data, or an email that
    cannot show the template; 2 usage error, unreadable or unwritable file.

    """

    let env: CommandEnvironment

    func run(_ arguments: [String]) throws -> Int32 {
        let args = try ParsedArguments(arguments, flags: ["--help", "-h", "--fragment", "--embed", "--no-embed"],
                                       options: ["--to", "--template", "--data", "-o", "--output", "--prefix"])
        if args.flags.contains("--help") || args.flags.contains("-h") {
            env.out(ExportCommand.help)
            return 0
        }
        let formatName = args.options["--to"] ?? "html"
        guard let format = ExportFormat(rawValue: formatName) else {
            throw UsageError(message: "unknown export format '\(formatName)'; expected html, svg, email or json")
        }
        let fragment = args.flags.contains("--fragment")
        if fragment && format != .html {
            throw UsageError(message: "--fragment is a shape of HTML; it cannot be combined with --to \(format.rawValue)")
        }
        if let prefix = args.options["--prefix"] {
            guard fragment else { throw UsageError(message: "--prefix names a fragment's ids; give --fragment too") }
            guard TemplateHTML.isUsablePrefix(prefix) else {
                throw UsageError(message: "'\(prefix)' cannot start ids: use letters, digits, - and _, starting with a letter")
            }
        }
        let embedding = try ExportCommand.embedding(args.flags, format: format)
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
                throw UsageError(message: format == .email
                                 ? "`\(wanted)` is an annotation set; --to email exports templates only (use --to html or --to svg)"
                                 : "`\(wanted)` is a template; --to svg exports annotation sets only (use --to html)")
            }
            selected = [wanted]
        } else {
            selected = candidates.map(\.name)
        }
        if fragment {
            // A fragment is a template's shape; an annotation set pastes as its SVG.
            let sets = all.filter { $0.kind == .annotations && selected.contains($0.name) }.map(\.name)
            if let set = sets.first, args.options["--template"] != nil || sets.count == selected.count {
                throw UsageError(message: "`\(set)` is an annotation set; --fragment exports templates (an annotation set pastes into a page as its SVG: --to svg)")
            }
            selected.removeAll { sets.contains($0) }
            if args.options["--prefix"] != nil && selected.count > 1 {
                throw UsageError(message: "--prefix names one fragment's ids, but \(selected.count) templates are exported; choose one with --template NAME")
            }
        }
        if selected.isEmpty {
            let what = format == .svg ? "no annotation set to export as SVG"
                : format == .email ? "no template to export as email" : "no template or annotation set to export"
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

        // Every item is rendered before anything is written, so a refusal (an email that
        // cannot show its template) writes no file at all.
        var outputs: [(name: String, bytes: [UInt8])] = []
        var embeddingFailed = false, refused = false
        for item in document.items {
            if fragment {
                guard item.kind == .template else { continue }
                let prefix = args.options["--prefix"] ?? item.name
                guard TemplateHTML.isUsablePrefix(prefix) else {
                    throw UsageError(message: "the template's name `\(prefix)` cannot start ids; give one that can with --prefix P")
                }
                outputs.append((item.name, TemplateHTML.fragment(item, prefix: prefix)))
                continue
            }
            var embedded: EmbeddedImage? = nil
            if embedding != .off, item.kind == .annotations, let image = item[.image]?.string {
                switch ImageEmbedding.load(image, document: path) {
                case .embedded(let file):
                    embedded = file
                case .notLocal where embedding == .required:
                    env.err("\(label): error: `\(item.name)`'s image `\(image)` is not a file next to the document, so --embed cannot write it into the SVG; leave out --embed to link to it\n")
                    embeddingFailed = true
                case .missing(let file) where embedding == .required:
                    env.err("\(file): error: `\(item.name)`'s image: no such file, so --embed cannot write it into the SVG\n")
                    embeddingFailed = true
                case .notLocal, .missing:
                    // (A missing file is check's TDL313 warning, printed above.)
                    break
                case .failed(let file, let reason):
                    let severity = embedding == .required ? "error" : "warning"
                    let result = embedding == .required ? "" : "; the SVG links to it instead (--no-embed links without this warning)"
                    env.err("\(file): \(severity): `\(item.name)`'s image: \(reason)\(result)\n")
                    if embedding == .required { embeddingFailed = true }
                }
            }
            let rendered = Exporter.renderReporting(item, as: format, embedded: embedded)
            for issue in rendered.issues { env.err("\(label): \(issue.severity.rawValue): \(issue.message)\n") }
            if rendered.issues.contains(where: { $0.severity == .error }) { refused = true }
            guard let bytes = rendered.output else { continue }
            outputs.append((item.name, bytes))
        }
        if refused {
            env.err("\(label): not exported: an email cannot show what the errors above name\n")
            return 1
        }
        if embeddingFailed {
            env.err("\(label): not exported: the image could not be embedded\n")
            return 1
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

    /// Whether a standalone SVG carries its image: `required` with `--embed` (an image that
    /// cannot be is an error), `preferred` by default for SVG (it is a warning), `off` with
    /// `--no-embed` and for the formats that link to their image.
    enum Embedding { case off, preferred, required }

    static func embedding(_ flags: Set<String>, format: ExportFormat) throws -> Embedding {
        let on = flags.contains("--embed"), off = flags.contains("--no-embed")
        if on && off { throw UsageError(message: "--embed and --no-embed cannot both be given") }
        if on && format != .svg {
            throw UsageError(message: "--embed applies to --to svg only: an HTML page and the JSON model link to the image")
        }
        if off || format != .svg { return .off }
        return on ? .required : .preferred
    }
}
