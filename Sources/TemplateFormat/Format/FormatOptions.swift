/// A line terminator.
public enum LineEnding: String, Sendable, CaseIterable {
    case lf, crlf, cr

    public var bytes: [UInt8] {
        switch self {
        case .lf: return [0x0A]
        case .crlf: return [0x0D, 0x0A]
        case .cr: return [0x0D]
        }
    }

    /// The terminator most lines of `tree` use; LF for ties and for files without any.
    public static func majority(in tree: SyntaxTree) -> LineEnding {
        tree.storage.lineEnding
    }
}

/// How formatted output is laid out. The defaults are the canonical style; the CLI and
/// the language server fill these from `.editorconfig` or the editor's settings.
public struct FormatOptions: Sendable, Hashable {
    public enum Indent: Sendable, Hashable {
        case spaces(Int)
        case tabs
    }

    public var indent: Indent
    /// nil: keep the document's own (majority) line ending.
    public var lineEnding: LineEnding?
    public var insertFinalNewline: Bool

    public init(indent: Indent = .spaces(2), lineEnding: LineEnding? = nil, insertFinalNewline: Bool = true) {
        self.indent = indent
        self.lineEnding = lineEnding
        self.insertFinalNewline = insertFinalNewline
    }

    var indentUnit: [UInt8] {
        switch indent {
        case .spaces(let n): return [UInt8](repeating: 0x20, count: max(0, min(n, 16)))
        case .tabs: return [0x09]
        }
    }
}
