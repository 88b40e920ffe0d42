#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LanguageServer
import ToolSupport

// `template-lsp [--stdio]`: the TDL language server over stdin/stdout.
let usage = """
    template-lsp \(LanguageServer.version): the TDL language server (LSP 3.17 over stdio).

    USAGE: template-lsp [--stdio]

    Editors start it and talk JSON-RPC on stdin/stdout; it never reads files other than
    the documents' imports and workspace .tdl files.

    OPTIONS:
      --stdio        Use stdin/stdout (the default and only transport).
      -V, --version  Print the version.
      -h, --help     Print this help.

    """

for argument in CommandLine.arguments.dropFirst() {
    switch argument {
    case "--stdio":
        continue
    case "-V", "--version":
        print("template-lsp \(LanguageServer.version)")
        exit(0)
    case "-h", "--help":
        print(usage, terminator: "")
        exit(0)
    default:
        let message = Array("template-lsp: unknown argument '\(argument)'\n\n\(usage)".utf8)
        _ = message.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        exit(2)
    }
}

// A client that closes the pipe early must not kill the server with SIGPIPE mid-write.
signal(SIGPIPE, SIG_IGN)

// Each edit parses into fresh buffers of a megabyte or more: keep freed memory for reuse
// rather than fault in new pages every time (see the function for figures).
keepFreedMemoryForReuse()
exit(StdioServer().run())
