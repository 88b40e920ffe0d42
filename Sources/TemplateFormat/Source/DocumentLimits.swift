/// The largest document the tools read. Token offsets are 32-bit and the parse of a
/// document takes about ten times its size in memory (tokens, nodes, diagnostics), so a
/// bound keeps a stray multi-gigabyte file from exhausting memory: larger files are
/// refused with a clear error by the CLI and the language server.
public enum DocumentLimits {
    /// 128 MiB.
    public static let maximumBytes = 128 << 20

    /// Why a document of this size is refused, or nil when it is not.
    public static func refusal(size: Int) -> String? {
        size > maximumBytes ? "\(size) bytes; a TDL document may have at most \(maximumBytes) bytes (128 MiB)" : nil
    }
}
