import Foundation
import TestSupport
import Validator
import XCTest

/// `FontFamilies`: what a `font` value's list becomes in the page, and what TDL314 reports.
final class FontFamiliesTests: XCTestCase {
    func testAListKeepsItsOrderAndFallsBackByTheFirstKnownKind() {
        XCTAssertEqual(FontFamilies.cssValue("Inter"), "\"Inter\",sans-serif")
        XCTAssertEqual(FontFamilies.cssValue("Georgia"), "\"Georgia\",serif")
        XCTAssertEqual(FontFamilies.cssValue("times new roman"), "\"times new roman\",serif")
        XCTAssertEqual(FontFamilies.cssValue("Helvetica Neue, Arial"), "\"Helvetica Neue\",\"Arial\",sans-serif")
        XCTAssertEqual(FontFamilies.cssValue("JetBrains Mono, Menlo"), "\"JetBrains Mono\",\"Menlo\",monospace")
        // The first family decides, whatever follows.
        XCTAssertEqual(FontFamilies.cssValue("Inter, Georgia"), "\"Inter\",\"Georgia\",sans-serif")
        // A list that ends in a generic family gets no other.
        XCTAssertEqual(FontFamilies.cssValue("Source Serif 4, Georgia, Serif"), "\"Source Serif 4\",\"Georgia\",serif")
        XCTAssertEqual(FontFamilies.cssValue("system-ui"), "system-ui")
        // A generic family in the middle is kept where it is, and the fallback still follows.
        XCTAssertEqual(FontFamilies.cssValue("Inter, system-ui, Arial"), "\"Inter\",system-ui,\"Arial\",sans-serif")
        // Nothing usable: the generic alone.
        XCTAssertEqual(FontFamilies.cssValue("ヒラギノ角ゴ"), "sans-serif")
        XCTAssertEqual(FontFamilies.cssValue(""), "sans-serif")
        XCTAssertEqual(FontFamilies.cssValue("Menlo, Consolas", separator: ", "), "\"Menlo\", \"Consolas\", monospace")
    }

    func testEntriesAreTrimmedAndClassified() {
        XCTAssertEqual(FontFamilies.entries(" Inter ,, Serif,Émoji "),
                       [.family("Inter"), .unusable(""), .generic("serif"), .unusable("Émoji")])
        XCTAssertEqual(FontFamilies.entries(""), [.unusable("")])
    }

    /// Over random lists of names, good and bad: the CSS value holds every usable family
    /// quoted, in order, no unusable name and no character outside the pattern's, and always
    /// ends in a generic family; the unusable entries are exactly what TDL314 would report.
    func testNoUnusableNameReachesTheValue() {
        var generator = SeededRandom(seed: 116)
        let names = ["Inter", "Georgia", "Fira Code", "serif", "Monospace", "", " ", "a\"b", "x;y", "}",
                     "Émoji", "Noto-Serif", "Inter  Bold", "-x", "ui-rounded", "url(a)", "A/*b*/"]
        for _ in 0..<3_000 {
            let list = (0..<Int.random(in: 1...5, using: &generator)).map { _ in names.randomElement(using: &generator) ?? "" }
            let value = list.joined(separator: Bool.random(using: &generator) ? "," : ", ")
            let css = FontFamilies.cssValue(value)
            let entries = FontFamilies.entries(value)
            let usable = entries.compactMap { entry -> String? in
                switch entry {
                case .family(let name): return "\"" + name + "\""
                case .generic(let name): return name
                case .unusable: return nil
                }
            }
            XCTAssertTrue(css.hasPrefix(usable.joined(separator: ",")), "\(value) → \(css)")
            XCTAssertTrue(FontFamilies.generics.contains(String(css.split(separator: ",").last ?? "")), "\(value) → \(css)")
            let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -,\"")
            XCTAssertTrue(css.allSatisfy { allowed.contains($0) }, "\(value) → \(css)")
            for case .unusable(let name) in entries where !name.trimmingCharacters(in: .whitespaces).isEmpty {
                XCTAssertFalse(css.contains(name), "\(value) → \(css)")
            }
        }
    }

    /// docs/LANGUAGE.md's table of fallbacks lists exactly the families of the code's tables.
    func testTheDocumentedTableIsTheCodes() throws {
        let doc = try String(contentsOfFile: Repository.root + "/docs/LANGUAGE.md", encoding: .utf8)
        func row(_ kind: String) -> Set<String> {
            guard let line = doc.split(separator: "\n").first(where: { $0.hasPrefix("| `\(kind)` | ") }) else {
                XCTFail("no row for \(kind) in the Fonts table")
                return []
            }
            let cell = line.dropFirst("| `\(kind)` | ".count).dropLast(2)
            return Set(cell.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
        }
        XCTAssertEqual(row("serif"), FontFamilies.serifs)
        XCTAssertEqual(row("monospace"), FontFamilies.monospaced)
    }
}
