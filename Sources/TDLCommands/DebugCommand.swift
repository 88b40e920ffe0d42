import TemplateFormat
import ToolSupport

/// `template-fmt debug tree [FILE | -]`: the syntax tree of one document as the parser built
/// it (`SyntaxTree.dump()`), the text of the parser's fixture files. A subcommand of its own
/// rather than a flag of `format`: `format` refuses files with syntax errors and rewrites
/// files, while the tree is wanted most for broken input and changes nothing. Hidden from
/// `template-fmt --help`: it is for contributors, and its output is no stable interface.
struct DebugCommand {
    static let help = """
    Usage: template-fmt debug tree [FILE | -]

    Prints the lossless syntax tree of one document as the parser built it: one node
    per line, indented by depth, as kind@start..end (byte offsets); each token with
    its text (escaped) and the lexer's flags; then the syntax diagnostics and their
    fixes. It is the text of the parser's fixture files
    (Tests/TemplateFormatTests/Fixtures/parser/*.tree), for contributors; it may
    change between versions. With no FILE and piped input, or with `-`, reads
    standard input.

    Exit status: 0 printed (whether or not the document has syntax errors);
    2 usage error or unreadable file.

    """

    let env: CommandEnvironment

    func run(_ arguments: [String]) throws -> Int32 {
        let args = try ParsedArguments(arguments, flags: ["--help", "-h"], options: [])
        if args.flags.contains("--help") || args.flags.contains("-h") {
            env.out(DebugCommand.help)
            return 0
        }
        guard let what = args.operands.first else { throw UsageError(message: "debug needs what to show: `template-fmt debug tree FILE`") }
        guard what == "tree" else { throw UsageError(message: "debug shows `tree` only, not '\(what)'") }
        var operands = Array(args.operands.dropFirst())
        if operands.isEmpty {
            if env.inputIsTerminal { throw UsageError(message: "no input: pass a file, or pipe a document to standard input") }
            operands = ["-"]
        }
        guard operands.count == 1 else { throw UsageError(message: "debug tree takes one file") }
        let bytes: [UInt8]
        if operands[0] == "-" {
            bytes = env.readInput()
            if let refusal = standardInputRefusal(bytes) {
                env.err("<stdin>: error: \(refusal)\n")
                return 2
            }
        } else {
            do {
                bytes = try readFileBytes(operands[0])
            } catch {
                env.err("\(operands[0]): error: \(describe(error, path: operands[0]))\n")
                return 2
            }
        }
        env.out(SyntaxTree.parse(bytes).dump())
        return 0
    }
}
