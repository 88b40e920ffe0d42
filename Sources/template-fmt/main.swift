import Foundation
import TDLCommands

// Thin by design: every behaviour lives in TDLCommands, where tests can reach it.
exit(TemplateFmt.run(Array(CommandLine.arguments.dropFirst()), environment: .process))
