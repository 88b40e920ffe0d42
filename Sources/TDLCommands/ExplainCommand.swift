import Validator

/// `template-fmt explain CODE`: the long explanation of a diagnostic code.
struct ExplainCommand {
    static let help = """
    Usage: template-fmt explain CODE
           template-fmt explain --list

    Prints what a diagnostic code means, with a bad and a good example.

    """

    let env: CommandEnvironment

    func run(_ arguments: [String]) throws -> Int32 {
        let args = try ParsedArguments(arguments, flags: ["--list", "--help", "-h"], options: [])
        if args.flags.contains("--help") || args.flags.contains("-h") {
            env.out(ExplainCommand.help)
            return 0
        }
        if args.flags.contains("--list") || args.operands.isEmpty {
            if args.operands.isEmpty && !args.flags.contains("--list") {
                throw UsageError(message: "explain needs a code, such as `template-fmt explain TDL101` (or --list)")
            }
            for c in DiagnosticCode.all { env.out("\(c.code)  \(c.severity)\t\(c.title)\n") }
            return 0
        }
        guard args.operands.count == 1 else { throw UsageError(message: "explain takes one code") }
        guard let code = DiagnosticCode.lookup(args.operands[0]) else {
            env.err("template-fmt: error: unknown code '\(args.operands[0])'; `template-fmt explain --list` lists them\n")
            return 2
        }
        var text = code.explanation
        if !text.hasSuffix("\n") { text += "\n" }
        env.out(text)
        return 0
    }
}
