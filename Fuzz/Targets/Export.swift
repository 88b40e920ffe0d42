// Fuzz target `export`: every template and annotation set of any document renders to HTML
// (and SVG, and email) without a `<script`, without an `on…` event attribute, and with no URL whose
// scheme is other than http, https or mailto, in attributes or CSS `url(…)`. The CLI and the
// preview export only documents without errors, but HTMLGen promises this without
// validation (`SecurityTests.testDisallowedURLsAreDroppedWithoutValidation`), so the target
// does not validate: any tree is rendered, syntax errors and all.
import HTMLGen
@testable import TemplateFormat

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExport(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let tree = SyntaxTree.parse(input)
    let items = ResolvedDocument.items(in: tree)
    guard !items.isEmpty else { return 0 }
    let document = ResolvedDocument.resolve(tree, path: "/fuzz/input.tdl")
    for (name, kind) in items {
        guard let item = document.item(named: name) else { continue }
        for format in [ExportFormat.html, .svg, .email] where format.supports(kind) {
            guard let output = Exporter.render(item, as: format) else { continue }
            if let problem = unsafeMarkup(in: output) { fuzzFailure("export", "\(format) of \(name): \(problem)", input) }
        }
    }
    return 0
}

/// The first thing in HTML or SVG output that could run script or load another scheme.
func unsafeMarkup(in output: [UInt8]) -> String? {
    let lower = output.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
    if contains(lower, Array("<script".utf8)) { return "a <script element" }
    // Tags and their attributes, outside quoted values.
    var i = 0
    while i < lower.count {
        guard lower[i] == UInt8(ascii: "<") else { i += 1; continue }
        i += 1
        if i < lower.count && (lower[i] == UInt8(ascii: "!") || lower[i] == UInt8(ascii: "/")) { continue }
        // Skip the tag name.
        while i < lower.count && !isSpace(lower[i]) && lower[i] != UInt8(ascii: ">") { i += 1 }
        while i < lower.count && lower[i] != UInt8(ascii: ">") {
            while i < lower.count && (isSpace(lower[i]) || lower[i] == UInt8(ascii: "/")) { i += 1 }
            let nameStart = i
            while i < lower.count && !isSpace(lower[i]) && lower[i] != UInt8(ascii: "=") && lower[i] != UInt8(ascii: ">") { i += 1 }
            let name = String(decoding: lower[nameStart..<i], as: UTF8.self)
            var value: [UInt8] = []
            if i < lower.count && lower[i] == UInt8(ascii: "=") {
                i += 1
                if i < lower.count && (lower[i] == UInt8(ascii: "\"") || lower[i] == UInt8(ascii: "'")) {
                    let quote = lower[i]
                    i += 1
                    let valueStart = i
                    while i < lower.count && lower[i] != quote { i += 1 }
                    value = Array(output[valueStart..<min(i, output.count)])
                    i += 1
                } else {
                    let valueStart = i
                    while i < lower.count && !isSpace(lower[i]) && lower[i] != UInt8(ascii: ">") { i += 1 }
                    value = Array(output[valueStart..<i])
                }
            }
            if name.hasPrefix("on") && name.count > 2 { return "an event attribute `\(name)`" }
            if ["href", "src", "poster", "action", "xlink:href", "formaction", "data", "srcset", "background"].contains(name),
               let scheme = scheme(of: decodeReferences(value)), !["http", "https", "mailto"].contains(scheme) {
                return "a `\(scheme):` URL in `\(name)`"
            }
            if name == "style", let problem = unsafeCSS(decodeReferences(value)) { return problem }
        }
    }
    // CSS in <style> elements (text elsewhere may say `url(` harmlessly).
    var rest = lower[...]
    while let open = firstRange(of: Array("<style".utf8), in: rest) {
        let contentStart = rest[open.upperBound...].firstIndex(of: UInt8(ascii: ">")).map { $0 + 1 } ?? lower.count
        let close = firstRange(of: Array("</style".utf8), in: lower[contentStart...])
        let contentEnd = close?.lowerBound ?? lower.count
        if let problem = unsafeCSS(Array(output[contentStart..<contentEnd])) { return problem }
        rest = lower[(close?.upperBound ?? lower.count)...]
    }
    return nil
}

func firstRange(of needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Range<Int>? {
    guard needle.count <= haystack.count else { return nil }
    var i = haystack.startIndex
    while i + needle.count <= haystack.endIndex {
        if haystack[i] == needle[0] && haystack[i..<(i + needle.count)].elementsEqual(needle) { return i..<(i + needle.count) }
        i += 1
    }
    return nil
}

func unsafeCSS(_ css: [UInt8]) -> String? {
    let lower = css.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
    let needle = Array("url(".utf8)
    var i = 0
    while i + needle.count <= lower.count {
        if Array(lower[i..<(i + needle.count)]) == needle {
            var j = i + needle.count
            while j < lower.count && (isSpace(lower[j]) || lower[j] == UInt8(ascii: "\"") || lower[j] == UInt8(ascii: "'")) { j += 1 }
            var end = j
            while end < lower.count && lower[end] != UInt8(ascii: ")") { end += 1 }
            if let s = scheme(of: Array(lower[j..<end])), s != "http" && s != "https" { return "a `\(s):` URL in CSS" }
            i = end
        } else {
            i += 1
        }
    }
    return nil
}

/// The scheme a browser would read: C0 controls and spaces around skipped, tabs and line
/// breaks ignored anywhere (WHATWG URL parsing); nil for a relative URL.
func scheme(of value: [UInt8]) -> String? {
    var letters: [UInt8] = []
    for b in value {
        if b <= 0x20 { if letters.isEmpty || b == 0x09 || b == 0x0A || b == 0x0D { continue } else { return nil } }
        if b == UInt8(ascii: ":") { return letters.isEmpty ? nil : String(decoding: letters, as: UTF8.self).lowercased() }
        let isLetter = (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A
        let isOther = (b >= 0x30 && b <= 0x39) || b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")
        if !(isLetter || (isOther && !letters.isEmpty)) { return nil }
        letters.append(b)
    }
    return nil
}

/// Character references a browser decodes in attribute values: numeric ones and the named
/// ones that could spell a scheme.
func decodeReferences(_ value: [UInt8]) -> [UInt8] {
    let text = String(decoding: value, as: UTF8.self)
    guard text.contains("&") else { return value }
    var out = ""
    var rest = Substring(text)
    let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "colon": ":", "tab": "\t", "newline": "\n"]
    while let amp = rest.firstIndex(of: "&") {
        out += rest[..<amp]
        let after = rest[rest.index(after: amp)...]
        if let semi = after.firstIndex(of: ";"), after.distance(from: after.startIndex, to: semi) <= 10 {
            let name = String(after[..<semi])
            var decoded: String?
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                decoded = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
            } else if name.hasPrefix("#") {
                decoded = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
            } else {
                decoded = named[name.lowercased()]
            }
            if let decoded {
                out += decoded
                rest = after[after.index(after: semi)...]
                continue
            }
        }
        out += "&"
        rest = after
    }
    out += rest
    return Array(out.utf8)
}

func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C }

func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard needle.count <= haystack.count else { return false }
    for i in 0...(haystack.count - needle.count) where haystack[i] == needle[0] {
        if Array(haystack[i..<(i + needle.count)]) == needle { return true }
    }
    return false
}
