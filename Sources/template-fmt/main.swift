import TDLCommands

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// Thin by design: every behaviour lives in TDLCommands, where tests can reach it.
exit(TemplateFmt.run(Array(CommandLine.arguments.dropFirst()), environment: .process))
