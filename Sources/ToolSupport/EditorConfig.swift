// Formatting settings from .editorconfig files (https://spec.editorconfig.org), so the
// formatter honours the indentation and line endings a project already declares for its
// editors. Only the properties the formatter can use are interpreted; everything else in
// the file is ignored, and so is anything malformed — a bad line never stops formatting.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

public enum IndentStyle: String, Sendable, Equatable {
    case space
    case tab
}

public enum LineEnding: String, Sendable, Equatable {
    case lf
    case crlf
    case cr

    /// The bytes that end a line.
    public var bytes: [UInt8] {
        switch self {
        case .lf: return [0x0A]
        case .crlf: return [0x0D, 0x0A]
        case .cr: return [0x0D]
        }
    }
}

/// The resolved settings for one file; nil means "not specified", leaving the tool's default.
public struct EditorConfigSettings: Sendable, Equatable {
    public var indentStyle: IndentStyle?
    /// Columns per indentation level. `indent_size = tab` (or `indent_style = tab` with no
    /// size) resolves to `tabWidth`.
    public var indentSize: Int?
    /// Columns a tab occupies; defaults to a numeric `indent_size` as the spec says.
    public var tabWidth: Int?
    public var endOfLine: LineEnding?
    public var insertFinalNewline: Bool?

    public init(indentStyle: IndentStyle? = nil, indentSize: Int? = nil, tabWidth: Int? = nil,
                endOfLine: LineEnding? = nil, insertFinalNewline: Bool? = nil) {
        self.indentStyle = indentStyle
        self.indentSize = indentSize
        self.tabWidth = tabWidth
        self.endOfLine = endOfLine
        self.insertFinalNewline = insertFinalNewline
    }
}

/// Resolves settings for files, remembering each directory's parsed .editorconfig (or its
/// absence) so formatting a whole tree reads every .editorconfig once. A value type: hold
/// one per run (or per thread) as a `var`.
public struct EditorConfigResolver: Sendable {
    private var cache: [String: EditorConfigFile?] = [:]

    public init() {}

    /// Settings for `path` (relative paths are taken from the current directory). Walks up
    /// from the file's directory to the first `.editorconfig` with `root = true` or to "/";
    /// closer files override farther ones, later sections override earlier ones.
    public mutating func settings(forFile path: String) -> EditorConfigSettings {
        let absolute = absolutePath(path)
        var configs: [(directory: String, file: EditorConfigFile)] = []
        var directory = parentDirectory(absolute)
        while true {
            if let file = configFile(in: directory) {
                configs.append((directory, file))
                if file.isRoot { break }
            }
            guard directory != "/" else { break }
            directory = parentDirectory(directory)
        }

        var properties = RawProperties()
        for (directory, file) in configs.reversed() {
            let prefix = directory == "/" ? "/" : directory + "/"
            let relative = String(absolute.dropFirst(prefix.count))
            for section in file.sections where section.glob.matches(relative) {
                properties.apply(section.properties)
            }
        }
        return properties.resolved()
    }

    private mutating func configFile(in directory: String) -> EditorConfigFile? {
        if let cached = cache[directory] { return cached }
        let bytes = try? readFileBytes(joinPath(directory, ".editorconfig"))
        let file = bytes.map { EditorConfigFile(parsing: $0) }
        cache[directory] = .some(file)
        return file
    }
}

/// Settings for one file without keeping a cache (reads the .editorconfig files every call).
public func editorConfigSettings(forFile path: String) -> EditorConfigSettings {
    var resolver = EditorConfigResolver()
    return resolver.settings(forFile: path)
}

/// One parsed .editorconfig file.
struct EditorConfigFile: Sendable {
    struct Section: Sendable {
        var glob: EditorConfigGlob
        /// Lower-cased keys and values in file order.
        var properties: [(key: String, value: String)]
    }

    var isRoot = false
    var sections: [Section] = []

    /// INI-style parsing per the spec: whole-line `#`/`;` comments, `[glob]` headers,
    /// `key = value` pairs; `root` only counts before the first section. Lines that are
    /// none of these are skipped.
    init(parsing bytes: [UInt8]) {
        var text = String(decoding: bytes, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        for rawLine in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
            let line = trimmed(rawLine)
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
            if line.hasPrefix("[") {
                guard line.count >= 2, line.hasSuffix("]") else { continue }
                sections.append(Section(glob: EditorConfigGlob(String(line.dropFirst().dropLast())), properties: []))
                continue
            }
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = trimmed(line[..<equals]).lowercased()
            let value = trimmed(line[line.index(after: equals)...]).lowercased()
            guard !key.isEmpty else { continue }
            if sections.isEmpty {
                if key == "root" { isRoot = value == "true" }
            } else {
                sections[sections.count - 1].properties.append((key, value))
            }
        }
    }
}

/// Property values as written, merged in precedence order; interpreted only at the end
/// because `indent_size` and `tab_width` default from each other.
private struct RawProperties {
    private enum IndentSizeValue { case tab, columns(Int) }

    // Double optionals: nil = never set; .some(nil) = explicitly `unset`.
    private var indentStyle: IndentStyle??
    private var indentSize: IndentSizeValue??
    private var tabWidth: Int??
    private var endOfLine: LineEnding??
    private var insertFinalNewline: Bool??

    /// Applies pairs in order. An invalid value is ignored (an earlier valid one stands);
    /// `unset` removes the property as the spec says.
    mutating func apply(_ pairs: [(key: String, value: String)]) {
        for (key, value) in pairs {
            let unset = value == "unset"
            switch key {
            case "indent_style":
                if unset { indentStyle = .some(nil) } else if let style = IndentStyle(rawValue: value) { indentStyle = style }
            case "indent_size":
                if unset {
                    indentSize = .some(nil)
                } else if value == "tab" {
                    indentSize = .tab
                } else if let columns = columnCount(value) {
                    indentSize = .columns(columns)
                }
            case "tab_width":
                if unset { tabWidth = .some(nil) } else if let columns = columnCount(value) { tabWidth = columns }
            case "end_of_line":
                if unset { endOfLine = .some(nil) } else if let ending = LineEnding(rawValue: value) { endOfLine = ending }
            case "insert_final_newline":
                if unset {
                    insertFinalNewline = .some(nil)
                } else if value == "true" {
                    insertFinalNewline = true
                } else if value == "false" {
                    insertFinalNewline = false
                }
            default:
                break
            }
        }
    }

    func resolved() -> EditorConfigSettings {
        var settings = EditorConfigSettings()
        settings.indentStyle = indentStyle ?? nil
        settings.endOfLine = endOfLine ?? nil
        settings.insertFinalNewline = insertFinalNewline ?? nil
        let size = indentSize ?? nil
        var width = tabWidth ?? nil
        if width == nil, case .columns(let columns)? = size { width = columns }
        settings.tabWidth = width
        switch size {
        case .columns(let columns)?: settings.indentSize = columns
        case .tab?: settings.indentSize = width
        case nil: settings.indentSize = settings.indentStyle == .tab ? width : nil
        }
        return settings
    }
}

/// A positive column count. Values above 256 are treated as malformed: no real project
/// indents that far, and accepting them would let a typo make the formatter emit megabytes.
private func columnCount(_ text: String) -> Int? {
    guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text),
          (1...256).contains(value) else { return nil }
    return value
}

private func trimmed(_ text: Substring) -> Substring {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\u{FEFF}" }
    guard let start = text.firstIndex(where: { !isSpace($0) }) else { return "" }
    let end = text.lastIndex(where: { !isSpace($0) })!
    return text[start...end]
}

/// `path` made absolute against the current directory, with "." and ".." components and
/// repeated slashes removed lexically (symlinks are not resolved, matching the C core).
func absolutePath(_ path: String) -> String {
    var full = path
    if !path.hasPrefix("/") {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        if getcwd(&buffer, buffer.count) != nil {
            let cwd = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            full = joinPath(cwd, path)
        } else {
            full = "/" + path
        }
    }
    var components: [Substring] = []
    for component in full.split(separator: "/") {
        switch component {
        case ".": continue
        case "..": if !components.isEmpty { components.removeLast() }
        default: components.append(component)
        }
    }
    return "/" + components.joined(separator: "/")
}

/// The directory containing an absolute, normalised path ("/" for "/a" and for "/").
func parentDirectory(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
    return String(path[..<slash])
}
