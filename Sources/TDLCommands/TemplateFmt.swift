import TemplateFormat

/// The `template-fmt` command line: subcommand dispatch, `--help` and `--version`.
public enum TemplateFmt {
    public static let version = "0.1.0"

    static let help = """
    template-fmt \(version): the TDL toolchain's command-line tool.

    Usage: template-fmt <command> [options] [PATH...]

    Commands:
      format    Rewrite .tdl files in the canonical layout (or --check / --diff).
      check     Report syntax, structure and lint problems (text, json, github, sarif).
      explain   Explain a diagnostic code with examples: template-fmt explain TDL101
      export    Write templates as HTML, annotation sets as HTML or SVG, or either as JSON.
      help      Show help for a command: template-fmt help format

    Options:
      -h, --help     Show this help.
      -V, --version  Print the version.

    Run `template-fmt <command> --help` for a command's options and exit status.

    """

    /// Runs one invocation (arguments without the program name) and returns the exit status.
    public static func run(_ arguments: [String], environment env: CommandEnvironment) -> Int32 {
        guard let command = arguments.first else {
            env.err(help)
            return 2
        }
        let rest = Array(arguments.dropFirst())
        do {
            switch command {
            case "-h", "--help":
                env.out(help)
                return 0
            case "-V", "--version":
                env.out("template-fmt \(version)\n")
                return 0
            case "help":
                switch rest.first {
                case nil: env.out(help)
                case "format": env.out(FormatCommand.help)
                case "check": env.out(CheckCommand.help)
                case "explain": env.out(ExplainCommand.help)
                case "export": env.out(ExportCommand.help)
                case "debug": env.out(DebugCommand.help)
                case let other?: throw UsageError(message: "no such command '\(other)'")
                }
                return 0
            case "format":
                return try FormatCommand(env: env).run(rest)
            case "check":
                return try CheckCommand(env: env).run(rest)
            case "explain":
                return try ExplainCommand(env: env).run(rest)
            case "export":
                return try ExportCommand(env: env).run(rest)
            case "debug":  // hidden: the parser's tree, for contributors (see DebugCommand)
                return try DebugCommand(env: env).run(rest)
            default:
                throw UsageError(message: command.hasPrefix("-") ? "unknown option '\(command)'" : "no such command '\(command)'")
            }
        } catch let usage as UsageError {
            env.err("template-fmt: error: \(usage.message)\nRun 'template-fmt --help' for usage.\n")
            return 2
        } catch {
            env.err("template-fmt: error: \(error)\n")
            return 2
        }
    }
}
