// Whether output goes to a person or to a program, which decides whether to emit colour.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// True when `fd` is open on a terminal.
public func isTerminal(_ fd: Int32) -> Bool {
    isatty(fd) == 1
}

/// True only when standard output is a terminal and `NO_COLOR` is unset or empty
/// (https://no-color.org). Read on each access, so it follows redirection and the environment.
public var colorEnabled: Bool {
    let noColor = getenv("NO_COLOR").map { String(cString: $0) }
    return shouldUseColor(outputIsTerminal: isTerminal(STDOUT_FILENO), noColor: noColor)
}

/// The decision itself, separate from the process state so tests can cover every case.
func shouldUseColor(outputIsTerminal: Bool, noColor: String?) -> Bool {
    outputIsTerminal && (noColor ?? "").isEmpty
}
