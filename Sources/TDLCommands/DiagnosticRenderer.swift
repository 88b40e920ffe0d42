import TemplateFormat
import Validator

/// Renders checked files in the four output formats of `check`.
struct DiagnosticRenderer {
    let color: Bool

    private func paint(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    private func severityColor(_ s: Severity) -> StaticString {
        switch s {
        case .error: return "1;31"
        case .warning: return "1;33"
        case .information: return "1;34"
        case .hint: return "1;36"
        }
    }

    // MARK: Text, in the manner of rustc and clang

    func text(_ files: [CheckedFile]) -> String {
        String(decoding: textBytes(files), as: UTF8.self)
    }

    /// The text report as UTF-8.
    func textBytes(_ files: [CheckedFile]) -> [UInt8] {
        var out = TextOutput(color: color)
        writeText(files, into: &out)
        return out.bytes
    }

    /// The text report, handed to `write` in chunks as it is made: a large file can have
    /// tens of thousands of diagnostics, each several lines.
    func writeText(_ files: [CheckedFile], to write: @escaping (UnsafeRawBufferPointer) -> Void) {
        var out = TextOutput(color: color, sink: write)
        writeText(files, into: &out)
        out.flush()
    }

    private func writeText(_ files: [CheckedFile], into out: inout TextOutput) {
        var counts: [Severity: Int] = [:]
        for file in files {
            if let e = file.ioError {
                out.painted("1") { $0.write(file.path); $0.write(": ") }
                out.painted(severityColor(.error)) { $0.write("error") }
                out.write(": "); out.write(e); out.write("\n")
                counts[.error, default: 0] += 1
                continue
            }
            if file.fixesApplied > 0 {
                out.write("\(file.path): applied \(plural(file.fixesApplied, "fix", "fixes"))\n")
            }
            if file.fixesWithheld > 0 {
                out.write("\(file.path): not rewritten: \(plural(file.fixesWithheld, "fix", "fixes")) "
                          + "would leave syntax errors that need a manual fix first\n")
            }
            var line = 1
            for d in file.diagnostics {
                counts[d.severity, default: 0] += 1
                line = render(d, in: file, after: line, into: &out)
                out.flushIfLarge()
            }
        }
        var parts: [String] = []
        for (s, word) in [(Severity.error, "error"), (.warning, "warning"), (.information, "info"), (.hint, "hint")] {
            if let n = counts[s], n > 0 { parts.append(plural(n, word)) }
        }
        let checked = files.count
        out.write(parts.isEmpty ? "no problems in \(plural(checked, "file"))\n"
            : parts.joined(separator: ", ") + " in \(plural(checked, "file"))\n")
    }

    func render(_ d: Diagnostic, in file: CheckedFile) -> String {
        var out = TextOutput(color: color)
        render(d, in: file, into: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// Writes one diagnostic; returns its 1-based line. `previousLine` is the line of the
    /// diagnostic before it (diagnostics come sorted), where the search for this one starts.
    @discardableResult
    func render(_ d: Diagnostic, in file: CheckedFile, after previousLine: Int = 1, into out: inout TextOutput) -> Int {
        let start = file.position(d.range.start, after: previousLine)
        let severity = severityColor(d.severity)
        out.painted("1") { o in
            o.write(file.path); o.write(":"); o.write(start.line); o.write(":"); o.write(start.column); o.write(": ")
        }
        out.painted(severity) { o in o.write(d.severity.description); o.write("["); o.write(d.code); o.write("]") }
        out.painted("1") { o in o.write(": "); o.write(d.message) }
        out.write("\n")
        // The first line of the range, with carets under the part of it in range. Long
        // lines show a window around the range, so output stays linear in the input.
        let line = start.line - 1
        let content = file.lineIndex.contentRange(ofLine: line)
        let gutterWidth = TextOutput.digits(start.line)
        let from = min(max(d.range.start, content.start), content.end)
        let to = min(max(d.range.end, from), content.end)
        let window = 60
        var shownStart = content.start, shownEnd = content.end
        var prefix = false, suffix = false
        if content.length > 3 * window {
            shownStart = max(content.start, from - window)
            shownEnd = min(content.end, max(to, from + 1) + window)
            while shownStart > content.start && file.bytes[shownStart] & 0xC0 == 0x80 { shownStart -= 1 }
            while shownEnd < content.end && file.bytes[shownEnd] & 0xC0 == 0x80 { shownEnd += 1 }
            prefix = shownStart > content.start
            suffix = shownEnd < content.end
        }
        let clippedTo = min(to, shownEnd)
        out.painted("1;34") { o in o.spaces(gutterWidth); o.write(" |") }
        out.write("\n")
        out.painted("1;34") { o in o.write(start.line); o.write(" |") }
        out.write(" ")
        if prefix { out.write("…") }
        out.writeText(file.bytes, shownStart, shownEnd)
        if suffix { out.write("…") }
        out.write("\n")
        out.painted("1;34") { o in o.spaces(gutterWidth); o.write(" |") }
        out.write(" ")
        // Tabs stay tabs so the carets line up under them in any terminal.
        if prefix { out.write(" ") }
        out.lead(file.bytes, shownStart, from)
        let carets = max(1, TextOutput.scalarCount(file.bytes, from, clippedTo))
        out.painted(severity) { o in o.repeated(0x5E, carets) }
        out.write("\n")
        for r in d.related {
            out.painted("1;34") { o in o.spaces(gutterWidth); o.write(" = ") }
            out.write("note: "); out.write(r.message); out.write(" (")
            if let path = r.path {
                out.write(path)
            } else {
                let p = file.position(r.range.start)
                out.write(file.path); out.write(":"); out.write(p.line); out.write(":"); out.write(p.column)
            }
            out.write(")\n")
        }
        if let fix = d.fixes.first {
            out.painted("1;34") { o in o.spaces(gutterWidth); o.write(" = ") }
            out.write("help: "); out.write(fix.title)
            if fix.isCertain { out.write(" (template-fmt check --fix applies it)") }
            out.write("\n")
        }
        return start.line
    }

    // MARK: JSON

    func jsonDiagnostic(_ d: Diagnostic, in file: CheckedFile) -> JSON {
        let start = file.position(d.range.start), end = file.position(d.range.end)
        let fixes: [JSON] = d.fixes.map { fix in
            .object([
                ("title", .string(fix.title)),
                ("certain", .bool(fix.isCertain)),
                ("edits", .array(fix.edits.map { e in
                    let s = file.position(e.range.start), t = file.position(e.range.end)
                    return .object([("line", .int(s.line)), ("column", .int(s.column)),
                                    ("endLine", .int(t.line)), ("endColumn", .int(t.column)),
                                    ("newText", .string(e.newText))])
                })),
            ])
        }
        return .object([
            ("file", .string(file.path)), ("line", .int(start.line)), ("column", .int(start.column)),
            ("endLine", .int(end.line)), ("endColumn", .int(end.column)),
            ("severity", .string(severityName(d.severity))), ("code", .string(d.code)),
            ("message", .string(d.message)), ("fixes", .array(fixes)),
        ])
    }

    func severityName(_ s: Severity) -> String {
        switch s {
        case .error: return "error"
        case .warning: return "warning"
        case .information: return "information"
        case .hint: return "hint"
        }
    }

    func json(_ files: [CheckedFile]) -> [UInt8] {
        JSON.array(files.flatMap { f in f.diagnostics.map { jsonDiagnostic($0, in: f) } }).bytes(pretty: true)
    }

    // MARK: GitHub Actions workflow commands

    func github(_ files: [CheckedFile]) -> String {
        func escapeData(_ s: String) -> String { workflowCommandEscaped(s, property: false) }
        func escapeProperty(_ s: String) -> String { workflowCommandEscaped(s, property: true) }
        var out = ""
        for file in files {
            for d in file.diagnostics {
                let s = file.position(d.range.start), e = file.position(d.range.end)
                let command = d.severity == .error ? "error" : d.severity == .warning ? "warning" : "notice"
                out += "::\(command) file=\(escapeProperty(file.path)),line=\(s.line),col=\(s.column),endLine=\(e.line),endColumn=\(e.column),title=\(escapeProperty(d.code))::\(escapeData(d.message))\n"
            }
        }
        return out
    }

    // MARK: SARIF 2.1.0

    func sarif(_ files: [CheckedFile], version: String) -> [UInt8] {
        let codes = DiagnosticCode.all
        let ruleIndex = Dictionary(uniqueKeysWithValues: codes.enumerated().map { ($1.code, $0) })
        func level(_ s: Severity) -> String { s == .error ? "error" : s == .warning ? "warning" : "note" }
        let rules: [JSON] = codes.map { c in
            .object([
                ("id", .string(c.code)),
                ("name", .string(c.title.filter { $0.isLetter || $0.isNumber })),
                ("shortDescription", .object([("text", .string(c.title))])),
                ("fullDescription", .object([("text", .string(c.title))])),
                ("help", .object([("text", .string(c.explanation))])),
                ("helpUri", .string(DocumentationLinks.url(for: c.code))),
                ("defaultConfiguration", .object([("level", .string(level(c.severity)))])),
            ])
        }
        var results: [JSON] = []
        for file in files {
            for d in file.diagnostics {
                let s = file.position(d.range.start), e = file.position(d.range.end)
                var result: [(String, JSON)] = [("ruleId", .string(d.code))]
                if let i = ruleIndex[d.code] { result.append(("ruleIndex", .int(i))) }
                result += [
                    ("level", .string(level(d.severity))),
                    ("message", .object([("text", .string(d.message))])),
                    ("locations", .array([.object([("physicalLocation", .object([
                        ("artifactLocation", .object([("uri", .string(sarifURI(file.path)))])),
                        ("region", .object([("startLine", .int(s.line)), ("startColumn", .int(s.column)),
                                            ("endLine", .int(e.line)), ("endColumn", .int(e.column))])),
                    ]))])])),
                ]
                if !d.related.isEmpty {
                    result.append(("relatedLocations", .array(d.related.enumerated().map { i, r in
                        let rs = file.position(r.range.start), re = file.position(r.range.end)
                        return .object([("id", .int(i)), ("message", .object([("text", .string(r.message))])),
                                        ("physicalLocation", .object([
                                            ("artifactLocation", .object([("uri", .string(sarifURI(r.path ?? file.path)))])),
                                            ("region", .object([("startLine", .int(rs.line)), ("startColumn", .int(rs.column)),
                                                                ("endLine", .int(re.line)), ("endColumn", .int(re.column))]))]))])
                    })))
                }
                results.append(.object(result))
            }
        }
        let run: JSON = .object([
            ("tool", .object([("driver", .object([
                ("name", .string("template-fmt")),
                ("version", .string(version)),
                ("informationUri", .string(DocumentationLinks.diagnosticsPage)),
                ("rules", .array(rules)),
            ]))])),
            ("columnKind", .string("unicodeCodePoints")),
            ("results", .array(results)),
        ])
        return JSON.object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([run])),
        ]).bytes(pretty: true)
    }

    /// A relative URI reference for a path (percent-encoding what URIs do not allow).
    func sarifURI(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            let c = Character(Unicode.Scalar(byte))
            if byte < 0x80 && (c.isLetter || c.isNumber || "/-._~".contains(c)) { out.append(c) }
            else { out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(2) }
        }
        return out
    }
}

extension String {
    func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}

/// Escapes text for a GitHub Actions workflow command: `%`, CR and LF in a message (the
/// `::error ...::message` part); in a property (`file=`, `title=`) also `:` and `,`. Every
/// occurrence is escaped, whatever follows it, so no raw line break can end the command early.
func workflowCommandEscaped(_ text: String, property: Bool) -> String {
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
        switch scalar {
        case "%": out.append(contentsOf: "%25".unicodeScalars)
        case "\r": out.append(contentsOf: "%0D".unicodeScalars)
        case "\n": out.append(contentsOf: "%0A".unicodeScalars)
        case ":" where property: out.append(contentsOf: "%3A".unicodeScalars)
        case "," where property: out.append(contentsOf: "%2C".unicodeScalars)
        default: out.append(scalar)
        }
    }
    return String(out)
}
