import Basics
import TemplateFormat
import ToolSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `template-fmt format`: canonical layout in place, or `--check` / `--diff` without writing.
struct FormatCommand {
    static let help = """
    Usage: template-fmt format [--check | --diff] [--stdin-filename NAME] [PATH...]

    Rewrites .tdl files in the canonical layout. Directories are searched recursively for
    *.tdl files (hidden files and folders are skipped). With no PATH and piped input, or
    with `-`, reads standard input and writes the result to standard output.

    Options:
      --check                 Change nothing; list the files that would change (exit 1 if any).
      --diff                  Change nothing; print a unified diff of the changes (exit 1 if any).
      --stdin-filename NAME   Path used for .editorconfig lookup and messages when reading stdin.
      -h, --help              Show this help.

    Layout follows .editorconfig (indent_style, indent_size, end_of_line,
    insert_final_newline) when present; otherwise two spaces, the file's own line
    endings and a final newline. A value or line with a syntax error (`327x1`, `.5`) is
    kept as written and the rest formatted; a file whose structure is broken (unbalanced
    braces, an unterminated string or comment) is left untouched, with its errors printed.

    Exit status: 0 done or nothing to change; 1 --check/--diff found changes;
    2 usage error, unreadable file or a broken structure.

    """

    enum Mode { case write, check, diff }

    let env: CommandEnvironment

    func run(_ arguments: [String]) throws -> Int32 {
        let args = try ParsedArguments(arguments, flags: ["--check", "--diff", "--help", "-h"], options: ["--stdin-filename"])
        if args.flags.contains("--help") || args.flags.contains("-h") {
            env.out(FormatCommand.help)
            return 0
        }
        if args.flags.contains("--check") && args.flags.contains("--diff") {
            throw UsageError(message: "--check and --diff cannot be used together")
        }
        let mode: Mode = args.flags.contains("--check") ? .check : args.flags.contains("--diff") ? .diff : .write
        var operands = args.operands
        if operands.isEmpty {
            if env.inputIsTerminal {
                throw UsageError(message: "no input: pass files or directories, or pipe a document to standard input")
            }
            operands = ["-"]
        }
        if operands.contains("-") && operands.count > 1 {
            throw UsageError(message: "'-' (standard input) cannot be combined with paths")
        }
        if operands == ["-"] {
            return formatStandardInput(mode: mode, name: args.options["--stdin-filename"])
        }
        return formatFiles(operands, mode: mode)
    }

    func options(for path: String?, resolver: inout EditorConfigResolver) -> FormatOptions {
        guard let path else { return FormatOptions() }
        return FormatCommand.formatOptions(from: resolver.settings(forFile: path))
    }

    static func formatOptions(from settings: EditorConfigSettings) -> FormatOptions {
        var options = FormatOptions()
        if settings.indentStyle == .tab {
            options.indent = .tabs
        } else if let size = settings.indentSize, size > 0 {
            options.indent = .spaces(size)
        }
        switch settings.endOfLine {
        case .lf: options.lineEnding = .lf
        case .crlf: options.lineEnding = .crlf
        case .cr: options.lineEnding = .cr
        case nil: options.lineEnding = nil
        }
        if let final = settings.insertFinalNewline { options.insertFinalNewline = final }
        return options
    }

    func formatStandardInput(mode: Mode, name: String?) -> Int32 {
        let input = env.readInput()
        var resolver = EditorConfigResolver()
        let label = name ?? "<stdin>"
        if let refusal = standardInputRefusal(input) {
            env.err("\(label): error: \(refusal)\n")
            return 2
        }
        let tree = SyntaxTree.parse(input)
        switch Formatter.format(tree, options: options(for: name, resolver: &resolver)) {
        case .refused(let errors):
            env.err(DiagnosticText.oneLine(errors, path: label, tree: tree) + FormatCommand.refusal(errors, path: nil, label: label))
            return 2
        case .formatted(let output):
            switch mode {
            case .write:
                env.writeOutput(output)
                return 0
            case .check:
                if sameBytes(output, input) { return 0 }
                env.out(label + "\n")
                return 1
            case .diff:
                if sameBytes(output, input) { return 0 }
                env.writeOutput(unifiedDiffBytes(old: input, new: output, oldLabel: "a/" + label, newLabel: "b/" + label))
                return 1
            }
        }
    }

    enum FileOutcome: Sendable {
        case unchanged
        case changed(diff: [UInt8]?)
        case failed(message: String)
    }

    func formatFiles(_ paths: [String], mode: Mode) -> Int32 {
        let (files, errors) = discoverFiles(paths)
        for e in errors { env.err("\(e.path): error: \(e.message)\n") }
        var resolver = EditorConfigResolver()
        let jobs = files.map { ($0, options(for: $0, resolver: &resolver)) }
        let outcomes = parallelMap(jobs, workers: env.parallelism) { job in
            FormatCommand.formatFile(job.0, options: job.1, mode: mode)
        }
        var changed = 0, failed = errors.count
        for (file, outcome) in zip(files, outcomes) {
            switch outcome {
            case .unchanged:
                break
            case .changed(let diff):
                changed += 1
                switch mode {
                case .check: env.out(file + "\n")
                case .diff: if let diff { env.writeOutput(diff) }
                case .write: break
                }
            case .failed(let message):
                failed += 1
                env.err(message)
            }
        }
        if mode == .write {
            let unchanged = files.count - changed - (failed - errors.count)
            env.err("\(plural(changed, "file")) reformatted, \(plural(unchanged, "file")) unchanged"
                    + (failed > 0 ? ", \(plural(failed, "error"))" : "") + "\n")
        } else if mode == .check && changed > 0 {
            env.err("\(plural(changed, "file")) would be reformatted\n")
        }
        if failed > 0 { return 2 }
        return mode != .write && changed > 0 ? 1 : 0
    }

    static func formatFile(_ path: String, options: FormatOptions, mode: Mode) -> FileOutcome {
        let original: [UInt8]
        do {
            original = try readFileBytes(path)
        } catch {
            return .failed(message: "\(path): error: \(describe(error, path: path))\n")
        }
        let tree = SyntaxTree.parse(original)
        switch Formatter.format(tree, options: options) {
        case .refused(let errors):
            return .failed(message: DiagnosticText.oneLine(errors, path: path, tree: tree) + refusal(errors, path: path, label: path))
        case .formatted(let output):
            if sameBytes(output, original) { return .unchanged }
            switch mode {
            case .check:
                return .changed(diff: nil)
            case .diff:
                return .changed(diff: unifiedDiffBytes(old: original, new: output, oldLabel: "a/" + path, newLabel: "b/" + path))
            case .write:
                do {
                    try writeAtomically(output, to: path, expectedOriginal: original)
                    return .changed(diff: nil)
                } catch {
                    return .failed(message: "\(path): error: \(describe(error, path: path))\n")
                }
            }
        }
    }
}

extension FormatCommand {
    /// The line after the structural errors of a file the formatter refused: what unblocks
    /// it. `check --fix` when every error has a certain fix (it writes the file only once
    /// none is left), else fixing by hand with the first error's explanation. `path` is nil
    /// for standard input, which `check --fix` cannot rewrite.
    static func refusal(_ errors: [Diagnostic], path: String?, label: String) -> String {
        let one = errors.count == 1
        let what = "\(label): not formatted: the \(one ? "error above breaks" : "errors above break") its structure"
        if let path, !errors.isEmpty, errors.allSatisfy({ $0.fixes.contains(where: \.isCertain) }) {
            return "\(what); `template-fmt check --fix \(shellQuoted(path))` repairs \(one ? "it" : "them"), then format again\n"
        }
        let code = errors.first.map { " (`template-fmt explain \($0.code)` shows how)" } ?? ""
        return "\(what); fix \(one ? "it" : "them"), then format again\(code)\n"
    }

    /// A path as one shell word that no command reads as an option: as is when it holds
    /// only characters no shell treats specially, else in single quotes.
    static func shellQuoted(_ path: String) -> String {
        let word = path.hasPrefix("-") ? "./" + path : path
        let plain = !word.isEmpty && word.utf8.allSatisfy { b in
            (b >= 0x30 && b <= 0x39) || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A)
                || b == UInt8(ascii: "/") || b == UInt8(ascii: ".") || b == UInt8(ascii: "_") || b == UInt8(ascii: "-")
        }
        if plain { return word }
        var quoted = "'"
        for c in word.unicodeScalars {
            if c == "'" { quoted += "'\\''" } else { quoted.unicodeScalars.append(c) }
        }
        return quoted + "'"
    }
}

/// An error's message without a leading "path: " (the caller prints the path first).
func describe(_ error: Error, path: String) -> String {
    let text = String(describing: error)
    return text.hasPrefix(path + ": ") ? String(text.dropFirst(path.count + 2)) : text
}

/// "1 error", "2 errors"; `pluralForm` for a word not made plural by an `s` ("fixes").
func plural(_ n: Int, _ word: String, _ pluralForm: String? = nil) -> String {
    n == 1 ? "1 \(word)" : "\(n) \(pluralForm ?? word + "s")"
}

/// Byte equality with memcmp (Array's `==` compares element by element).
func sameBytes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    return a.withUnsafeBytes { x in b.withUnsafeBytes { y in x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 } }
}
