import TDLCommands
import ToolSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// A run allocates and frees buffers of megabytes: keep freed memory for reuse rather than
// fault in fresh pages for each (see the function for figures).
keepFreedMemoryForReuse()

// Thin by design: every behaviour lives in TDLCommands, where tests can reach it.
exit(TemplateFmt.run(Array(CommandLine.arguments.dropFirst()), environment: .process))
