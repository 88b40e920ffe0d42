import Dispatch
import Basics
import JSONText
import TemplateFormat
import Validator

/// Renders checked files in the four output formats of `check`.
struct DiagnosticRenderer {
    let color: Bool
    /// Threads the text report of a file with many diagnostics may be written on
    /// (`writeInHalves`).
    var workers = 1

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
    /// tens of thousands of diagnostics, each several lines. Returns how many diagnostics
    /// of each severity it reported (indexed by `Severity.rawValue`; unreadable files count
    /// as errors), so the exit status needs no second pass over them.
    @discardableResult
    func writeText(_ files: [CheckedFile], to write: @escaping (UnsafeRawBufferPointer) -> Void) -> [Int] {
        var out = TextOutput(color: color, sink: write)
        let counts = writeText(files, into: &out)
        out.flush()
        return counts
    }

    /// The severity's word in the report (`Severity.description`, without a call across modules).
    private func severityWord(_ s: Severity) -> StaticString {
        switch s {
        case .error: return "error"
        case .warning: return "warning"
        case .information: return "info"
        case .hint: return "hint"
        }
    }

    /// Where the search for the next diagnostic's lines starts: a file's diagnostics come
    /// sorted, and the places their notes point to cluster (the lines of one style, say).
    struct LineHints {
        /// The 1-based line of the diagnostic before.
        var line = 1
        /// The 1-based line the last note pointed to.
        var noteLine = 1
    }

    @discardableResult
    private func writeText(_ files: [CheckedFile], into out: inout TextOutput) -> [Int] {
        // Indexed by `Severity.rawValue` (1...4).
        var counts = [0, 0, 0, 0, 0]
        for file in files {
            if let e = file.ioError {
                out.paint("1"); out.write(file.path); out.write(": "); out.endPaint()
                out.paint(severityColor(.error)); out.write("error"); out.endPaint()
                out.write(": "); out.write(e); out.write("\n")
                counts[Severity.error.rawValue] += 1
                continue
            }
            if file.fixesApplied > 0 {
                out.write("\(file.path): applied \(plural(file.fixesApplied, "fix", "fixes"))\n")
            }
            if file.fixesWithheld > 0 {
                out.write("\(file.path): not rewritten: \(plural(file.fixesWithheld, "fix", "fixes")) "
                          + "would leave syntax errors that break its structure and need a manual fix first\n")
            }
            // Encoded once: every diagnostic's header starts with the path.
            let path = Array(file.path.utf8)
            if workers > 1 && file.diagnostics.count >= DiagnosticRenderer.diagnosticsWorthHalves {
                writeInHalves(file, path: path, counts: &counts, into: &out)
                continue
            }
            var hints = LineHints()
            for d in file.diagnostics {
                let severity = render(d, in: file, path: path, hints: &hints, into: &out)
                counts[severity.rawValue] += 1
                out.flushIfLarge()
            }
        }
        var parts: [String] = []
        for (s, word) in [(Severity.error, "error"), (.warning, "warning"), (.information, "info"), (.hint, "hint")] {
            let n = counts[s.rawValue]
            if n > 0 { parts.append(plural(n, word)) }
        }
        let checked = files.count
        out.write(parts.isEmpty ? "no problems in \(plural(checked, "file"))\n"
            : parts.joined(separator: ", ") + " in \(plural(checked, "file"))\n")
        return counts
    }

    /// Below this many diagnostics a file's report is written on one thread.
    static let diagnosticsWorthHalves = 4096

    /// A large report in two halves: the second is written into memory on another thread
    /// while the first goes out, then follows it. The same bytes as in one run: each
    /// diagnostic's text depends on it alone (the line hints only speed up the searches).
    private func writeInHalves(_ file: CheckedFile, path: [UInt8], counts: inout [Int], into out: inout TextOutput) {
        let diagnostics = file.diagnostics
        let half = diagnostics.count / 2
        let second = SecondHalf()
        let renderer = self
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            // One buffer with room for the usual size of a diagnostic's text, reserved at
            // once (in huge pages): grown by doubling, it would touch twice the memory, and
            // kept in chunks, every page would be a fresh one faulted in apart.
            var memory = TextOutput(color: renderer.color,
                                    capacity: (diagnostics.count - half) * DiagnosticRenderer.usualBytesPerDiagnostic)
            var hints = LineHints()
            var found = [0, 0, 0, 0, 0]
            for d in diagnostics[half...] {
                found[renderer.render(d, in: file, path: path, hints: &hints, into: &memory).rawValue] += 1
            }
            second.output = consume memory
            second.counts = found
            done.signal()
        }
        var hints = LineHints()
        for d in diagnostics[..<half] {
            counts[render(d, in: file, path: path, hints: &hints, into: &out).rawValue] += 1
            out.flushIfLarge()
        }
        done.wait()
        if let memory = second.output.take() { out.write(contentsOf: memory) }
        for s in counts.indices { counts[s] += second.counts[s] }
    }

    /// Room reserved per diagnostic for a report kept in memory: a header, the line shown
    /// and its carets come to about 230 bytes on the 10 MB corpus; a longer one grows the buffer.
    static let usualBytesPerDiagnostic = 320

    /// What the other thread wrote, read after it signals (the semaphore orders the two).
    private final class SecondHalf: @unchecked Sendable {
        var output: TextOutput? = nil
        var counts: [Int] = []
    }

    func render(_ d: Diagnostic, in file: CheckedFile) -> String {
        var out = TextOutput(color: color)
        var hints = LineHints()
        render(d, in: file, path: Array(file.path.utf8), hints: &hints, into: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// Writes one diagnostic and returns its severity. `path` is `file.path` as UTF-8;
    /// `hints` are where the searches for its lines start; they are moved to the lines found.
    @discardableResult
    func render(_ d: Diagnostic, in file: CheckedFile, path: [UInt8], hints: inout LineHints,
                into out: inout TextOutput) -> Severity {
        // The wording is read once: it lives in a box of its own, away from the array.
        let (code, severity, message) = d.wordingParts
        let start = file.location(d.range.start, after: hints.line)
        hints.line = start.line
        let severityCode = severityColor(severity)
        out.paint("1")
        out.write(path); out.write(":"); out.write(start.line); out.write(":"); out.write(start.column); out.write(": ")
        out.endPaint()
        out.paint(severityCode); out.write(severityWord(severity)); out.write("["); out.write(code); out.write("]"); out.endPaint()
        out.paint("1"); out.write(": "); out.write(message); out.endPaint()
        out.write("\n")
        // The first line of the range, with carets under the part of it in range. Long
        // lines show a window around the range, so output stays linear in the input.
        let content = start.content
        let ascii = start.isASCII
        let gutterWidth = NumberText.length(start.line)
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
        out.paint("1;34"); out.spaces(gutterWidth); out.write(" |"); out.endPaint()
        out.write("\n")
        out.paint("1;34"); out.write(start.line); out.write(" |"); out.endPaint()
        out.write(" ")
        if prefix { out.write("…") }
        out.writeText(file.bytes, shownStart, shownEnd, isASCII: ascii)
        if suffix { out.write("…") }
        out.write("\n")
        out.paint("1;34"); out.spaces(gutterWidth); out.write(" |"); out.endPaint()
        out.write(" ")
        // Tabs stay tabs so the carets line up under them in any terminal.
        if prefix { out.write(" ") }
        out.lead(file.bytes, shownStart, from, isASCII: ascii)
        let carets = max(1, TextOutput.scalarCount(file.bytes, from, clippedTo, isASCII: ascii))
        out.paint(severityCode); out.repeated(0x5E, carets); out.endPaint()
        out.write("\n")
        // Most diagnostics have no notes and no fixes: one question instead of two arrays.
        guard d.hasLocations else { return severity }
        for r in d.related {
            out.paint("1;34"); out.spaces(gutterWidth); out.write(" = "); out.endPaint()
            out.write("note: "); out.write(r.message); out.write(" (")
            if let path = r.path {
                out.write(path)
            } else {
                let p = file.position(r.range.start, near: hints.noteLine)
                hints.noteLine = p.line
                out.write(path); out.write(":"); out.write(p.line); out.write(":"); out.write(p.column)
            }
            out.write(")\n")
        }
        if let fix = d.fixes.first {
            out.paint("1;34"); out.spaces(gutterWidth); out.write(" = "); out.endPaint()
            out.write("help: "); out.write(fix.title)
            if fix.isCertain { out.write(" (template-fmt check --fix applies it)") }
            out.write("\n")
        }
        return severity
    }

    // MARK: JSON

    /// `check --format json`: every diagnostic of every file in one array, pretty-printed,
    /// written as it is made (a large file has tens of thousands).
    func json(_ files: [CheckedFile]) -> [UInt8] {
        var out = JSONWriter(layout: .pretty, capacity: 1 << 16)
        out.beginArray()
        for file in files {
            for d in file.diagnostics {
                out.item()
                writeJSON(d, in: file, into: &out)
            }
        }
        out.endArray()
        return out.bytes
    }

    /// One diagnostic: where (1-based lines, columns in characters), what, and its fixes.
    func writeJSON(_ d: Diagnostic, in file: CheckedFile, into out: inout JSONWriter) {
        let start = file.position(d.range.start), end = file.position(d.range.end)
        out.beginObject()
        out.key("file"); out.string(file.path)
        out.key("line"); out.number(start.line)
        out.key("column"); out.number(start.column)
        out.key("endLine"); out.number(end.line)
        out.key("endColumn"); out.number(end.column)
        out.key("severity"); out.string(severityName(d.severity))
        out.key("code"); out.string(d.code)
        out.key("message"); out.string(d.message)
        out.key("fixes")
        out.beginArray()
        for fix in d.fixes {
            out.item()
            out.beginObject()
            out.key("title"); out.string(fix.title)
            out.key("certain"); out.bool(fix.isCertain)
            out.key("edits")
            out.beginArray()
            for e in fix.edits {
                let s = file.position(e.range.start), t = file.position(e.range.end)
                out.item()
                out.beginObject()
                out.key("line"); out.number(s.line)
                out.key("column"); out.number(s.column)
                out.key("endLine"); out.number(t.line)
                out.key("endColumn"); out.number(t.column)
                out.key("newText"); out.string(e.newText)
                out.endObject()
            }
            out.endArray()
            out.endObject()
        }
        out.endArray()
        out.endObject()
    }

    func severityName(_ s: Severity) -> String {
        switch s {
        case .error: return "error"
        case .warning: return "warning"
        case .information: return "information"
        case .hint: return "hint"
        }
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
        func level(_ s: Severity) -> JSONValue { s == .error ? "error" : s == .warning ? "warning" : "note" }
        func region(_ s: (line: Int, column: Int), _ e: (line: Int, column: Int)) -> JSONValue {
            ["startLine": .int(s.line), "startColumn": .int(s.column), "endLine": .int(e.line), "endColumn": .int(e.column)]
        }
        let rules: [JSONValue] = codes.map { c in
            [
                "id": .string(c.code),
                "name": .string(c.title.filter { $0.isLetter || $0.isNumber }),
                "shortDescription": ["text": .string(c.title)],
                "fullDescription": ["text": .string(c.title)],
                "help": ["text": .string(c.explanation)],
                "helpUri": .string(DocumentationLinks.url(for: c.code)),
                "defaultConfiguration": ["level": level(c.severity)],
            ]
        }
        var results: [JSONValue] = []
        for file in files {
            for d in file.diagnostics {
                let s = file.position(d.range.start), e = file.position(d.range.end)
                var result = JSONObject()
                result["ruleId"] = .string(d.code)
                if let i = ruleIndex[d.code] { result["ruleIndex"] = .int(i) }
                result["level"] = level(d.severity)
                result["message"] = ["text": .string(d.message)]
                result["locations"] = [["physicalLocation": [
                    "artifactLocation": ["uri": .string(sarifURI(file.path))],
                    "region": region((s.line, s.column), (e.line, e.column)),
                ]]]
                if !d.related.isEmpty {
                    result["relatedLocations"] = .array(d.related.enumerated().map { i, r in
                        let rs = file.position(r.range.start), re = file.position(r.range.end)
                        return ["id": .int(i), "message": ["text": .string(r.message)],
                                "physicalLocation": [
                                    "artifactLocation": ["uri": .string(sarifURI(r.path ?? file.path))],
                                    "region": region((rs.line, rs.column), (re.line, re.column)),
                                ]]
                    })
                }
                results.append(.object(result))
            }
        }
        let run: JSONValue = [
            "tool": ["driver": [
                "name": "template-fmt",
                "version": .string(version),
                "informationUri": .string(DocumentationLinks.diagnosticsPage),
                "rules": .array(rules),
            ]],
            "columnKind": "unicodeCodePoints",
            "results": .array(results),
        ]
        let log: JSONValue = [
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [run],
        ]
        return log.serialized(.pretty)
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
