import XCTest
import TemplateFormat
import Validator
@testable import LanguageFeatures

/// What completion inserts, as a class: every property and block it offers, in every kind,
/// inserted into a clean document as a client without snippets inserts it, brings no new
/// diagnostic, and leaves the document as the formatter would write it.
final class CompletionInsertionTests: XCTestCase {
    /// A clean, formatted document with a block of `kind` (its suggested properties set)
    /// and the cursor on an empty last line of that block; a style `base` is there for
    /// `style:` to name.
    static func host(_ kind: KindSchema) -> String {
        let header = kind.name + (kind.takesName ? " el" : "") + (kind.titlePresence == .required ? " \"Title\"" : "")
        func block(_ indent: String) -> String {
            let lines = kind.suggestedProperties.map { "\(indent)  \($0.name): \($0.suggestedValue(inKind: kind.name))\n" }
            return "\(indent)\(header) {\n" + lines.joined() + "\(indent)  |\n\(indent)}\n"
        }
        let base = "style base {\n  opacity: 1\n}\n"
        switch kind.role {
        case .definition: return "format 1\n\n" + base + "\n" + block("")
        case .annotationElement:
            return "format 1\n\n" + base + "\nannotations a {\n  image: \"shot.png\"\n  size: 800 x 600\n" + block("  ") + "}\n"
        default:
            return "format 1\n\n" + base + "\ntemplate t {\n  size: 375 x 667\n" + block("  ") + "}\n"
        }
    }

    /// `text` with the item inserted as a client without snippet support does.
    static func inserting(_ item: CompletionItem, into bytes: [UInt8]) -> [UInt8] {
        FixSelection.apply([TextEdit(range: item.replaceRange, newText: item.plainText)], to: bytes)
    }

    /// Problems by code. Hints (advice the tool cannot settle, such as captions for a video
    /// that may have no sound) are left out.
    private func codes(_ bytes: [UInt8]) -> [String: Int] {
        Validator.validate(SyntaxTree.parse(bytes)).filter { $0.severity != .hint }.reduce(into: [:]) { $0[$1.code, default: 0] += 1 }
    }

    /// Codes of `after` that `before` does not have as often.
    private func added(_ before: [String: Int], _ after: [String: Int]) -> [String] {
        after.filter { $0.value > before[$0.key, default: 0] }.map(\.key).sorted()
    }

    func testEveryPropertyAndBlockOfferedInEveryKindInsertsCleanly() throws {
        var properties = 0, blocks = 0
        for kind in Schema.kinds where kind.role != .directive && !kind.freeFormProperties {
            let (file, _, cursor) = NavFixture.file(Self.host(kind))
            let before = codes(file.tree.bytes)
            let items = Completion.items(in: file, at: cursor)
            XCTAssertFalse(items.isEmpty, kind.name)
            for item in items {
                let after = Self.inserting(item, into: file.tree.bytes)
                let text = String(decoding: after, as: UTF8.self)
                let new = added(before, codes(after))
                XCTAssertEqual(new, [], "\(kind.name): `\(item.plainText)` brings \(new)\n\(text)")
                // Laid out as the formatter would.
                if case .formatted(let formatted) = Formatter.format(SyntaxTree.parse(after)) {
                    XCTAssertEqual(text, String(decoding: formatted, as: UTF8.self), "\(kind.name): `\(item.label)`")
                } else {
                    XCTFail("\(kind.name): `\(item.label)` gives syntax errors\n\(text)")
                }
                // With snippets, the placeholders' defaults are the same text.
                if item.kind == .property { XCTAssertEqual(Snippet.plainText(item.insertText), item.plainText) }
                if item.kind == .property { properties += 1 } else if item.kind == .keyword { blocks += 1 }
            }
        }
        XCTAssertGreaterThan(properties, 250)
        XCTAssertGreaterThan(blocks, 20)
    }

    func testBlocksAtTopLevelInsertClosedAndFormatted() throws {
        let (file, _, cursor) = NavFixture.file("format 1\n\n|")
        for item in Completion.items(in: file, at: cursor) where item.kind == .keyword && item.label != "import" {
            let after = Self.inserting(item, into: file.tree.bytes) + Array("\n".utf8)
            let errors = Validator.validate(SyntaxTree.parse(after)).filter { $0.severity == .error }
            XCTAssertEqual(errors.map(\.code), [], "`\(item.plainText)`")
            if case .formatted(let formatted) = Formatter.format(SyntaxTree.parse(after)) {
                XCTAssertEqual(after, formatted, "`\(item.plainText)`")
            }
        }
    }

    func testBlockWithoutSnippetsIsClosedAndIndentedLikeTheDocument() throws {
        let text = "format 1\n\ntemplate t {\n\tsize: 375 x 667\n\tgroup g {\n\t\tte|\n\t}\n}\n"
        let (file, _, cursor) = NavFixture.file(text)
        let item = try XCTUnwrap(Completion.items(in: file, at: cursor).first { $0.label == "text" && $0.kind == .keyword })
        XCTAssertEqual(item.plainText, "text {\n\t\t\ttext: \"Text\"\n\t\t}", "tabs, as the document indents")
        XCTAssertEqual(item.insertText, "text {\n\ttext: ${1:\"Text\"}\n\t$0\n}")
        XCTAssertFalse(item.plainText.contains("$"))
        let group = try XCTUnwrap(Completion.items(in: file, at: cursor).first { $0.label == "group" })
        XCTAssertEqual(group.plainText, "group {}", "nothing required: closed on its line, as the formatter writes it")
    }

    func testKeyOnlyOverAWrittenValue() throws {
        let (file, _, cursor) = NavFixture.file("template t {\n  size: 375 x 667\n  backg|: red\n}\n")
        let item = try XCTUnwrap(Completion.items(in: file, at: cursor).first { $0.label == "background" })
        XCTAssertFalse(item.isSnippet)
        XCTAssertEqual(item.plainText, "background")
        let after = String(decoding: Self.inserting(item, into: file.tree.bytes), as: UTF8.self)
        XCTAssertTrue(after.contains("  background: red\n"), after)

        // A value without its colon gets one.
        let (file2, _, cursor2) = NavFixture.file("template t {\n  size: 375 x 667\n  backg| red\n}\n")
        let item2 = try XCTUnwrap(Completion.items(in: file2, at: cursor2).first { $0.label == "background" })
        XCTAssertEqual(String(decoding: Self.inserting(item2, into: file2.tree.bytes), as: UTF8.self),
                       "template t {\n  size: 375 x 667\n  background: red\n}\n")

        // A kind over a header: the kind only.
        let (file3, _, cursor3) = NavFixture.file("template t {\n  size: 375 x 667\n  tex| sub {\n    text: \"x\"\n  }\n}\n")
        let item3 = try XCTUnwrap(Completion.items(in: file3, at: cursor3).first { $0.label == "text" && $0.kind == .keyword })
        XCTAssertEqual(item3.plainText, "text")
        XCTAssertFalse(item3.isSnippet)
    }

    func testSnippetPlainText() {
        XCTAssertEqual(Snippet.plainText("text ${1:name} {\n\t$0\n}"), "text name {\n\t\n}", "the block's own `}` stays")
        XCTAssertEqual(Snippet.plainText("a: ${1:\\$x\\}}"), "a: $x}")
        XCTAssertEqual(Snippet.plainText("${1:outer ${2:inner}} $3 ${4}"), "outer inner  ")
        XCTAssertEqual(Snippet.plainText("cost: $ 5 {}"), "cost: $ 5 {}", "a `$` that starts no tab stop is text")
        for text in ["plain", "a\\b", "}{", "x $ y", "${a}"] {
            XCTAssertEqual(Snippet.plainText(Snippet.escaped(text)), text, "escaping round-trips \(text)")
        }
    }
}
