/// A usage mistake: exit status 2 with the message and a pointer to `--help`.
struct UsageError: Error {
    var message: String
}

/// Arguments after the subcommand, split into flags, options with values and operands.
/// Conventional rules: `--name=value` or `--name value`; `--` ends options; `-` alone is
/// an operand (standard input); any other unknown `-x` is a usage error naming it.
struct ParsedArguments {
    var flags: Set<String> = []
    var options: [String: String] = [:]
    var operands: [String] = []

    init(_ arguments: [String], flags allowedFlags: Set<String>, options allowedOptions: Set<String>) throws {
        var i = 0
        var onlyOperands = false
        while i < arguments.count {
            let arg = arguments[i]
            i += 1
            if onlyOperands || arg == "-" || !arg.hasPrefix("-") {
                operands.append(arg)
                continue
            }
            if arg == "--" { onlyOperands = true; continue }
            var name = arg
            var inlineValue: String? = nil
            if let eq = arg.firstIndex(of: "="), arg.hasPrefix("--") {
                name = String(arg[..<eq])
                inlineValue = String(arg[arg.index(after: eq)...])
            }
            if allowedFlags.contains(name) {
                if inlineValue != nil { throw UsageError(message: "option '\(name)' takes no value") }
                flags.insert(name)
            } else if allowedOptions.contains(name) {
                if let v = inlineValue {
                    options[name] = v
                } else if i < arguments.count {
                    options[name] = arguments[i]
                    i += 1
                } else {
                    throw UsageError(message: "option '\(name)' needs a value")
                }
            } else {
                throw UsageError(message: "unknown option '\(name)'")
            }
        }
    }
}
