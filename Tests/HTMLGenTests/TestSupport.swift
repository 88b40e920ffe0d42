import ProjectModel
import Foundation
import HTMLGen
import TemplateFormat
import TestSupport
import Validator
import XCTest

/// The repository's root.
let repositoryRoot = URL(fileURLWithPath: Repository.root)

/// A loader over an in-memory table of files, for imports.
func memoryLoader(_ files: [String: String]) -> ImportLoader {
    let table = files.mapValues { Array($0.utf8) }
    return { path, _ in
        if let bytes = table[path] { return .loaded(path: path, bytes: bytes) }
        return .failed(message: "no such file")
    }
}

/// Resolves a document given as text (no validation).
func resolve(_ source: String, data: [String: ParamValue] = [:], files: [String: String] = [:]) -> ResolvedDocument {
    ResolvedDocument.resolve(SyntaxTree.parse(source), path: "main.tdl", loader: memoryLoader(files), data: data)
}

/// The first item of a document in one format, as text.
func export(_ source: String, as format: ExportFormat = .html, data: [String: ParamValue] = [:],
            file: StaticString = #filePath, line: UInt = #line) -> String {
    let document = resolve(source, data: data)
    guard let item = document.items.first, let bytes = Exporter.render(item, as: format) else {
        XCTFail("nothing to export", file: file, line: line)
        return ""
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// The text between the first `start` and the next `end`.
func section(_ text: String, from start: String, to end: String) -> String {
    guard let a = text.range(of: start), let b = text.range(of: end, range: a.upperBound..<text.endIndex) else { return "" }
    return String(text[a.upperBound..<b.lowerBound])
}

/// A CSS track list (`grid-template-columns`' value) as its tracks, each `repeat(N,…)`
/// written out N times: `a repeat(2,b c)` is `a b c b c`. Tracks hold no spaces at their top
/// level (`minmax(x,auto)`, `calc(…)`).
func expandedTracks(_ list: String) -> [String] {
    var out: [String] = [], depth = 0, current = ""
    var repeats: [(times: Int, start: Int)] = []
    func end() { if !current.isEmpty { out.append(current); current = "" } }
    var i = list.startIndex
    while i < list.endIndex {
        if depth == 0, list[i...].hasPrefix("repeat("), let comma = list[i...].firstIndex(of: ",") {
            repeats.append((Int(list[list.index(i, offsetBy: 7)..<comma]) ?? 1, out.count))
            i = list.index(after: comma)
            continue
        }
        let c = list[i]
        if c == "(" { depth += 1 }
        if c == ")" {
            if depth == 0, let r = repeats.popLast() {
                end()
                let period = Array(out[r.start...])
                for _ in 1..<max(1, r.times) { out += period }
                i = list.index(after: i)
                continue
            }
            depth -= 1
        }
        if c == " " && depth == 0 { end() } else { current.append(c) }
        i = list.index(after: i)
    }
    end()
    return out
}

/// The selectors of a page's `#id` rules (`#a`, `#text\.1`, `#b>span`), each rule's
/// selector list (`#a,#b{…}`) taken apart.
func idRuleSelectors(_ page: String) -> Set<String> {
    var out: Set<String> = []
    for line in page.split(separator: "\n") where line.hasPrefix("#") && line.hasSuffix("}") {
        guard let brace = line.firstIndex(of: "{") else { continue }
        for selector in line[..<brace].split(separator: ",") { out.insert(String(selector)) }
    }
    return out
}

/// Per element of a page, its declarations as one list: its `#id{…}` rule's (which it may
/// share with others, `#a,#b{…}`), then its appearance class's (`.tdl-canvas .tdl-aN`), then
/// `display:none` when it is hidden.
func pageDeclarations(_ page: String) -> [String: String] {
    var idRules: [String: String] = [:], classRules: [String: String] = [:]
    for line in page.split(separator: "\n") where line.hasSuffix("}") && !line.contains(">span") {
        guard let brace = line.firstIndex(of: "{") else { continue }
        let selector = String(line[..<brace]), declarations = String(line[line.index(after: brace)..<line.index(before: line.endIndex)])
        if selector.hasPrefix("#") {
            for one in selector.split(separator: ",") {
                idRules[String(one.dropFirst()).replacingOccurrences(of: "\\", with: "")] = declarations
            }
        } else if selector.hasPrefix(".tdl-canvas .tdl-a") {
            classRules[String(selector.dropFirst(".tdl-canvas .".count))] = declarations
        }
    }
    var classOf: [String: String] = [:]
    let pattern = try? NSRegularExpression(pattern: #" id="([^"]*)" class="([^"]*)""#)
    let ns = page as NSString
    for m in pattern?.matches(in: page, range: NSRange(location: 0, length: ns.length)) ?? [] {
        classOf[ns.substring(with: m.range(at: 1))] = ns.substring(with: m.range(at: 2)).split(separator: " ")
            .first { $0.hasPrefix("tdl-a") }.map(String.init)
    }
    var out: [String: String] = [:]
    for (id, rule) in idRules {
        let hidden = rule.hasSuffix(";display:none")
        var list = hidden ? String(rule.dropLast(";display:none".count)) : rule
        if let c = classOf[id], let declarations = classRules[c] { list += ";" + declarations }
        out[id] = list + (hidden ? ";display:none" : "")
    }
    return out
}

/// One element's declarations on a page (`pageDeclarations`), "" when it has none.
func declarations(of id: String, in page: String) -> String { pageDeclarations(page)[id] ?? "" }

/// The page's markup without its appearance classes (` class="tdl-aN"`, and the `tdl-aN` of
/// a button's classes), for tests of the markup alone.
func withoutAppearanceClasses(_ page: String) -> String {
    let pattern = try? NSRegularExpression(pattern: #"( class="tdl-a[0-9]+")|( tdl-a[0-9]+(?="))"#)
    let ns = page as NSString
    return pattern?.stringByReplacingMatches(in: page, range: NSRange(location: 0, length: ns.length), withTemplate: "") ?? page
}
