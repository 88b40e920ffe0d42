import ProjectModel
import XCTest
import Foundation
import TemplateFormat
import TestSupport
import Validator

/// Every rule has a bad document (its code asserted at an exact line and column) and a good
/// one (no diagnostic at all), and every fix turns its bad document into one without that
/// diagnostic. The table is `RuleTable.cases`; the focused tests after it pin down details of
/// single rules over tables of values: contrast thresholds, inherited backgrounds, style
/// chains, geometry, and the examples. Where diagnostics are reported in a whole document is
/// shown by the annotated fixtures in Fixtures/ (ValidatorFixtureTests).
final class RuleTests: XCTestCase {

    // MARK: The table

    func testEveryCaseReportsItsCodeAtItsPosition() {
        for c in RuleTable.cases {
            let found = c.validate(c.bad)
            let context = "\(c.code) (\(c.name)); got:\n  \(describe(found, in: c.bad))"
            let hits = diagnostics(found, code: c.code, at: c.line, c.column, in: c.bad)
            XCTAssertFalse(hits.isEmpty, "expected \(c.code) at \(c.line):\(c.column) — \(context)", file: c.file, line: c.sourceLine)
            if let message = c.message {
                XCTAssertTrue(hits.contains { $0.message.contains(message) },
                              "expected a message containing \"\(message)\" — \(context)", file: c.file, line: c.sourceLine)
            }
            if let hit = hits.first {
                XCTAssertEqual(hit.severity, DiagnosticCode.lookup(c.code)?.severity, "severity of \(c.code)", file: c.file, line: c.sourceLine)
            }
            let unexpected = Set(found.codes).subtracting(c.others).subtracting([c.code])
            XCTAssertTrue(unexpected.isEmpty, "unexpected codes \(unexpected.sorted()) — \(context)", file: c.file, line: c.sourceLine)
            let missing = c.others.subtracting(found.codes)
            XCTAssertTrue(missing.isEmpty, "expected also \(missing.sorted()) — \(context)", file: c.file, line: c.sourceLine)
        }
    }

    func testEveryGoodVariantIsClean() {
        for c in RuleTable.cases {
            let found = c.validate(c.good, files: c.goodFiles)
            XCTAssertTrue(found.isEmpty, "good variant of \(c.code) (\(c.name)) has diagnostics:\n  \(describe(found, in: c.good))",
                          file: c.file, line: c.sourceLine)
        }
    }

    func testEveryFixRemovesItsDiagnostic() {
        var fixesApplied = 0
        for c in RuleTable.cases {
            let found = c.validate(c.bad)
            let hits = diagnostics(found, code: c.code, at: c.line, c.column, in: c.bad)
            guard let hit = hits.first else { continue }  // reported by the test above
            if c.expectsFix {
                XCTAssertFalse(hit.fixes.isEmpty, "\(c.code) (\(c.name)) offers no fix", file: c.file, line: c.sourceLine)
            }
            let syntaxErrorsBefore = found.filter { $0.code.hasPrefix("TDL0") }.count
            for fix in hit.fixes {
                XCTAssertFalse(fix.edits.isEmpty, "fix \"\(fix.title)\" has no edits", file: c.file, line: c.sourceLine)
                let fixed = applying(fix.edits, to: c.bad)
                let after = c.validate(fixed)
                let place = mapped(hit.range.start, through: fix.edits)
                let context = "\(c.code) (\(c.name)), fix \"\(fix.title)\"; document after the fix:\n\(String(decoding: fixed, as: UTF8.self))\ndiagnostics:\n  \(describe(after, in: fixed))"
                XCTAssertFalse(after.contains { $0.code == c.code && $0.range.start == place },
                               "the diagnostic is still there — \(context)", file: c.file, line: c.sourceLine)
                XCTAssertLessThan(after.with(code: c.code).count, found.with(code: c.code).count,
                                  "the fix did not reduce the number of \(c.code) — \(context)", file: c.file, line: c.sourceLine)
                XCTAssertLessThanOrEqual(after.filter { $0.code.hasPrefix("TDL0") }.count, syntaxErrorsBefore,
                                         "the fix added syntax errors — \(context)", file: c.file, line: c.sourceLine)
                fixesApplied += 1
            }
        }
        XCTAssertGreaterThanOrEqual(fixesApplied, 20)
    }

    func testEveryCodeHasACase() {
        let covered = Set(RuleTable.cases.map(\.code))
        let all = DiagnosticCode.all.map(\.code)
        XCTAssertEqual(all.count, 60)
        for code in all {
            XCTAssertTrue(covered.contains(code), "no rule case for \(code)")
        }
        XCTAssertTrue(covered.isSubset(of: Set(all)), "cases for unknown codes: \(covered.subtracting(all).sorted())")
        // Syntax codes in the parser and in the validator's list agree.
        XCTAssertEqual(Set(SyntaxCode.allCases.map(\.rawValue)), Set(all.filter { $0.hasPrefix("TDL0") }))
    }

    // MARK: Contrast

    /// A text on a white canvas with the given extra properties.
    private func textOnWhite(_ properties: String) -> String {
        """
        format 1

        template card {
          size: 400 x 300
          text title {
            text: "Hello"
            at: 10, 10
            size: 300 x 40
            \(properties)
          }
        }
        """
    }

    func testContrastAtTheWCAGBoundaries() {
        // (properties, expected: nil passes, else the ratio and threshold in the message)
        let cases: [(String, String?)] = [
            ("color: #767676", nil),                                  // 4.54:1
            ("color: #777777", "contrast 4.47:1; WCAG AA needs 4.5:1 for normal-size text"),
            ("color: #595959", nil),
            ("color: #949494\n    font-size: 24", nil),               // 3.03:1, large
            ("color: #959595\n    font-size: 24", "contrast 2.99:1; WCAG AA needs 3:1 for large text"),
            ("color: #949494\n    font-size: 23", "needs 4.5:1 for normal-size text"),
            ("color: #949494\n    font-size: 19\n    font-weight: bold", nil),
            ("color: #949494\n    font-size: 19\n    font: \"Inter\" bold", nil),
            ("color: #949494\n    font-size: 19\n    font-weight: semibold", "needs 4.5:1"),
            ("color: #949494\n    font-size: 18\n    font-weight: bold", "needs 4.5:1"),
            ("color: #949494\n    font-size: 18pt", nil),             // 24 px
            ("color: #767676\n    opacity: 1", nil),
            ("color: #00000080", "needs 4.5:1"),                      // half-transparent black: #808080
            ("color: white\n    background: #767676", nil),
            ("color: white\n    background: #777777", "text colour #FFFFFF on #777777"),
        ]
        for (properties, expected) in cases {
            let text = textOnWhite(properties)
            let bytes = Array(text.utf8)
            let found = validate(bytes)
            let contrast = found.with(code: "TDL302")
            if let expected {
                XCTAssertEqual(contrast.count, 1, "\(properties): \(describe(found, in: bytes))")
                XCTAssertTrue(contrast.first?.message.contains(expected) ?? false, "\(properties): \(describe(found, in: bytes))")
                XCTAssertEqual(found.count, 1, "\(properties): \(describe(found, in: bytes))")
            } else {
                XCTAssertTrue(found.isEmpty, "\(properties): \(describe(found, in: bytes))")
            }
        }
    }

    func testBackgroundIsInheritedFromTheTemplateAndGroups() {
        func document(template: String, outer: String, inner: String, text: String) -> String {
            """
            format 1

            template card {
              size: 400 x 300
              \(template)
              group outer {
                at: 0, 0
                size: 400 x 300
                \(outer)
                group inner {
                  at: 0, 0
                  size: 400 x 300
                  \(inner)
                  text title {
                    text: "Hello"
                    at: 10, 10
                    size: 300 x 40
                    \(text)
                  }
                }
              }
            }
            """
        }
        // (template, outer group, inner group, text, expected background in the message or nil)
        let cases: [(String, String, String, String, String?)] = [
            ("", "", "", "color: white", "#FFFFFF on #FFFFFF"),                             // white canvas by default
            ("background: #1E1E1E", "", "", "color: white", nil),                           // from the template
            ("background: #1E1E1E", "", "", "", "#000000 on #1E1E1E"),
            ("", "background: #1E1E1E", "", "color: white", nil),                           // from the outer group
            ("", "background: #1E1E1E", "", "", "#000000 on #1E1E1E"),
            ("background: #1E1E1E", "background: white", "", "", nil),                      // nearest group wins
            ("", "background: #1E1E1E", "background: #F5F5F5", "", nil),
            ("", "background: #F5F5F5", "background: #1E1E1E", "", "#000000 on #1E1E1E"),
            ("", "background: #1E1E1E", "", "color: white\n        background: #F5F5F5", "#FFFFFF on #F5F5F5"),  // own background
            ("background: #1E1E1E", "background: #FFFFFF00", "", "color: white", nil),     // transparent group
        ]
        for (template, outer, inner, text, expected) in cases {
            let bytes = Array(document(template: template, outer: outer, inner: inner, text: text).utf8)
            let found = validate(bytes)
            let context = "template[\(template)] outer[\(outer)] inner[\(inner)] text[\(text)]: \(describe(found, in: bytes))"
            if let expected {
                XCTAssertEqual(found.codes, ["TDL302"], context)
                XCTAssertTrue(found.first?.message.contains(expected) ?? false, context)
            } else {
                XCTAssertTrue(found.isEmpty, context)
            }
        }
    }

    // MARK: Styles

    func testColourAndSizeComeThroughTheStyleChain() {
        func document(base: String, title: String, text: String) -> String {
            """
            format 1

            style base {
              font: "Inter" regular
              \(base)
            }

            style title {
              style: base
              \(title)
            }

            template card {
              size: 400 x 300
              text heading {
                style: title
                text: "Hello"
                at: 10, 10
                size: 300 x 40
                \(text)
              }
            }
            """
        }
        // (base, title, text, expected message or nil)
        let cases: [(String, String, String, String?)] = [
            ("color: #222222", "", "", nil),
            ("color: #777777", "", "", "#777777 on #FFFFFF"),               // colour from the style's parent
            ("color: #222222", "color: #777777", "", "#777777 on #FFFFFF"), // from the style, over its parent
            ("color: #777777", "color: #222222", "", nil),
            ("color: #777777", "", "color: #222222", nil),                  // the element's own colour wins
            ("color: #949494", "font-size: 24", "", nil),                   // large text through the style
            ("color: #949494\n  font-size: 24", "", "font-size: 16", "needs 4.5:1"),
            ("color: #949494\n  font-weight: bold\n  font-size: 19", "", "", nil),
        ]
        for (base, title, text, expected) in cases {
            let bytes = Array(document(base: base, title: title, text: text).utf8)
            let found = validate(bytes)
            let context = "base[\(base)] title[\(title)] text[\(text)]: \(describe(found, in: bytes))"
            if let expected {
                XCTAssertEqual(found.codes, ["TDL302"], context)
                XCTAssertTrue(found.first?.message.contains(expected) ?? false, context)
                // Reported at the element's `style:`, not inside the (shared) style.
                let text = String(decoding: bytes, as: UTF8.self)
                XCTAssertEqual(start(found.first, in: bytes), position(of: "    style: title", in: text, shift: 11), context)
            } else {
                XCTAssertTrue(found.isEmpty, context)
            }
        }
    }

    // MARK: Alt

    /// An image without `alt` offers a description to fill in first, and marking it as
    /// decorative second, each saying which it is.
    func testMissingAltOffersADescriptionOrDecorative() {
        let text = RuleTable.card(replacing: "  text title {\n    text: \"Hello\"", with: "  image photo {\n    src: \"photo.png\"")
        let bytes = Array(text.utf8)
        let fixes = validate(bytes).with(code: "TDL303").first?.fixes ?? []
        XCTAssertEqual(fixes.map(\.title), ["Add a description to fill in: `alt: \"Describe the image\"`",
                                            "Mark as decorative: `alt: \"\"` (screen readers skip it)"])
        XCTAssertEqual(fixes.map { $0.edits.map(\.newText) }, [["    alt: \"Describe the image\"\n"], ["    alt: \"\"\n"]])
        XCTAssertTrue(fixes.allSatisfy { !$0.isCertain }, "neither is applied by check --fix")
        for fix in fixes {
            let after = validate(applying(fix.edits, to: bytes))
            XCTAssertTrue(after.isEmpty, "\(fix.title): \(describe(after, in: applying(fix.edits, to: bytes)))")
        }
    }

    // MARK: Geometry

    private func boxed(_ at: String, _ size: String) -> [UInt8] {
        Array("""
        format 1

        template card {
          size: 400 x 300
          text title {
            text: "Hello"
            at: \(at)
            size: \(size)
          }
        }
        """.utf8)
    }

    func testOutsideTheCanvasSaysPartlyOrWholly() {
        // (at, size, expected message part or nil when inside)
        let cases: [(String, String, String?)] = [
            ("0, 0", "400 x 300", nil),                                  // exactly the canvas
            ("200, 260", "200 x 40", nil),                               // touching the bottom-right corner
            ("201, 10", "200 x 40", "(201, 10, 200 x 40) is partly outside the 400 x 300 canvas (past the right edge)"),
            ("-1, 10", "200 x 40", "is partly outside the 400 x 300 canvas (past the left edge)"),
            ("10, 261", "200 x 40", "partly outside the 400 x 300 canvas (past the bottom edge)"),
            ("300, -20", "200 x 40", "partly outside the 400 x 300 canvas (past the top and right edge)"),
            ("400, 10", "200 x 40", "wholly outside the 400 x 300 canvas (past the right edge)"),
            ("-200, 10", "200 x 40", "wholly outside the 400 x 300 canvas (past the left edge)"),
            ("10, 300", "200 x 40", "wholly outside"),
            ("10, -40", "200 x 40", "wholly outside"),
            ("-10, -10", "500 x 400", "partly outside the 400 x 300 canvas (past the left and top and right and bottom edge)"),
        ]
        for (at, size, expected) in cases {
            let bytes = boxed(at, size)
            let found = validate(bytes)
            if let expected {
                XCTAssertEqual(found.codes, ["TDL301"], "\(at) / \(size): \(describe(found, in: bytes))")
                XCTAssertTrue(found.first?.message.contains(expected) ?? false, "\(at) / \(size): \(describe(found, in: bytes))")
                XCTAssertEqual(found.first.map { [position(of: $0.range.start, in: bytes).line, position(of: $0.range.start, in: bytes).column] }, [7, 9])
            } else {
                XCTAssertTrue(found.isEmpty, "\(at) / \(size): \(describe(found, in: bytes))")
            }
        }
    }

    /// The design's example: a group at `0, 547` with `padding: 16` places a child at `8, 0`
    /// at canvas point `24, 563`; a border adds its width too.
    func testGroupChildrenAreRelativeToTheContentBox() {
        func document(group: String, child: String) -> [UInt8] {
            Array("""
            format 1

            template card {
              size: 375 x 667
              group footer {
                at: 0, 547
                size: 375 x 120
                \(group)
                text note {
                  text: "Hello"
                  at: 8, 0
                  \(child)
                }
              }
            }
            """.utf8)
        }
        // (group properties, child size, expected message part or nil)
        let cases: [(String, String, String?)] = [
            ("padding: 16", "size: 351 x 104", nil),                              // ends exactly at 375, 667
            ("padding: 16", "size: 352 x 104", "(24, 563, 352 x 104) is partly outside the 375 x 667 canvas (past the right edge)"),
            ("padding: 16", "size: 351 x 105", "(24, 563, 351 x 105) is partly outside the 375 x 667 canvas (past the bottom edge)"),
            ("padding: 16\n    border-width: 2", "size: 349 x 102", nil),
            ("padding: 16\n    border-width: 2", "size: 349 x 103", "(26, 565, 349 x 103) is partly outside"),
            ("padding: 16\n    border-width: 2", "size: 350 x 102", "(26, 565, 350 x 102) is partly outside"),
            ("border-width: 4", "size: 300 x 117", "(12, 551, 300 x 117) is partly outside"),
            ("", "size: 300 x 121", "(8, 547, 300 x 121) is partly outside"),
        ]
        for (group, child, expected) in cases {
            let bytes = document(group: group, child: child)
            let found = validate(bytes)
            let context = "\(group) / \(child): \(describe(found, in: bytes))"
            if let expected {
                XCTAssertEqual(found.codes, ["TDL301"], context)
                XCTAssertTrue(found.first?.message.contains(expected) ?? false, context)
            } else {
                XCTAssertTrue(found.isEmpty, context)
            }
        }
    }

    func testNestedGroupsAndGroupStylesAddUp() {
        let text = """
        format 1

        style panel {
          border-width: 1
          padding: 16
        }

        template card {
          size: 400 x 300
          group outer {
            style: panel
            at: 10, 20
            size: 380 x 260
            group inner {
              style: panel
              at: 5, 5
              size: 300 x 200
              text note {
                text: "Hello"
                at: 200, 100
                size: 200 x 150
              }
            }
          }
        }
        """
        // outer content (27, 37); inner at (32, 42), content (49, 59); note at (249, 159).
        let bytes = Array(text.utf8)
        let found = validate(bytes)
        XCTAssertEqual(found.codes, ["TDL301"], describe(found, in: bytes))
        XCTAssertTrue(found.first?.message.contains("(249, 159, 200 x 150) is partly outside the 400 x 300 canvas (past the right and bottom edge)") ?? false,
                      describe(found, in: bytes))
    }

    // MARK: Suppression

    /// How suppressions apply is shown by the fixtures in Fixtures/suppressions.
    func testOnlyCodesAboveTDL0xxCanBeSuppressed() {
        for code in DiagnosticCode.all {
            XCTAssertEqual(code.isSuppressible, !code.code.hasPrefix("TDL0"), code.code)
        }
    }

    // MARK: Examples

    func testEveryExampleIsClean() throws {
        let folder = URL(fileURLWithPath: Repository.examplesFolder)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tdl") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 5, "examples not found in \(folder.path)")
        let loader: ImportLoader = { path, importer in
            let base = importer.map { URL(fileURLWithPath: $0).deletingLastPathComponent() } ?? folder
            let url = base.appendingPathComponent(path).standardizedFileURL
            guard let data = FileManager.default.contents(atPath: url.path) else { return .failed(message: "cannot read \(url.path)") }
            return .loaded(path: url.path, bytes: Array(data))
        }
        for name in names {
            let path = folder.appendingPathComponent(name).path
            let bytes = try XCTUnwrap(FileManager.default.contents(atPath: path).map(Array.init), name)
            let found = Validator.validate(bytes, path: path, loader: loader)
            XCTAssertTrue(found.isEmpty, "\(name):\n  \(describe(found, in: bytes))")
        }
    }
}

// MARK: - The rule table

enum RuleTable {
    /// A clean template; most cases change one line of it.
    static let card = #"""
    format 1

    template card {
      size: 400 x 300
      text title {
        text: "Hello"
        at: 10, 10
        size: 200 x 40
      }
    }
    """#

    /// A clean annotation set.
    static let review = #"""
    format 1

    annotations review {
      image: "shot.png"
      size: 800 x 600
      rect target {
        at: 40, 40
        size: 100 x 50
      }
      arrow pointer {
        from: 300, 300
        to: target
      }
    }
    """#

    /// `card` with one more property in the text block, on line 9.
    static func card(adding property: String) -> String {
        card.replacingOccurrences(of: "    size: 200 x 40\n", with: "    size: 200 x 40\n    \(property)\n")
    }

    /// `card` with one line replaced.
    static func card(replacing old: String, with new: String) -> String {
        precondition(card.contains(old), old)
        return card.replacingOccurrences(of: old, with: new)
    }

    /// `card` with a video (a source and captions, from the web) in place of its text, and
    /// `lines` added to it.
    static func videoCard(adding lines: String) -> String {
        card(replacing: "  text title {\n    text: \"Hello\"",
             with: "  video clip {\n    src: \"https://example.com/a.mp4\"\n    captions: \"https://example.com/a.vtt\"\n" + lines)
    }

    /// The same document with CRLF line breaks.
    static func crlf(_ text: String) -> String { text.replacingOccurrences(of: "\n", with: "\r\n") }

    /// A template nested `depth` blocks deep in all (the template is level 1).
    static func nested(depth: Int) -> String {
        var text = "format 1\ntemplate deep {\n  size: 10 x 10\n"
        for i in 1..<depth { text += "group g\(i) {\n" }
        for _ in 1..<depth { text += "}\n" }
        return text + "}\n"
    }

    static let cases: [RuleCase] = syntax + structure + imports + lint + fontFaces

    // MARK: Syntax (TDL0xx)

    static let syntax: [RuleCase] = [
        rule("TDL001", "stray character after a value (columns count scalars, not bytes)",
             bad: card(replacing: #"    text: "Hello""#, with: #"    text: "Héllo" @"#), at: (6, 19),
             message: "unexpected character `@`",
             good: card(replacing: #"    text: "Hello""#, with: #"    text: "Héllo""#)),
        rule("TDL002", "invalid UTF-8 in a comment",
             badBytes: withInvalidByte(card(replacing: "format 1\n\n", with: "format 1\n// caf¤\n")), at: (2, 1),
             message: "invalid UTF-8",
             good: card(replacing: "format 1\n\n", with: "format 1\n// café\n")),
        rule("TDL002", "invalid UTF-8 in a string",
             badBytes: withInvalidByte(card(replacing: #"    text: "Hello""#, with: #"    text: "H¤llo""#)), at: (6, 11),
             good: card),
        rule("TDL003", "string without its closing quote",
             bad: card(replacing: #"    text: "Hello""#, with: #"    text: "Hello"#), at: (6, 11),
             message: "unterminated string", good: card),
        rule("TDL003", "multi-line string without its closing quotes",
             bad: card(replacing: #"    text: "Hello""#, with: #"    text: """Hello"#), at: (6, 11),
             good: card(replacing: #"    text: "Hello""#, with: "    text: \"\"\"\n      Hello\n      \"\"\"")),
        rule("TDL004", "block comment without `*/`",
             bad: card(replacing: "format 1\n\n", with: "format 1\n/* note\n"), at: (2, 1),
             good: card(replacing: "format 1\n\n", with: "format 1\n/* note */\n")),
        rule("TDL005", "unknown escape",
             bad: card(replacing: #"    text: "Hello""#, with: #"    text: "Hello\q""#), at: (6, 17),
             message: #"invalid escape `\q`"#,
             good: card(replacing: #"    text: "Hello""#, with: #"    text: "Say \"hi\" \u{2014} \{{not a parameter}}""#)),
        rule("TDL005", "surrogate in \\u{…}",
             bad: card(replacing: #"    text: "Hello""#, with: #"    text: "Hi \u{D800}""#), at: (6, 15),
             good: card(replacing: #"    text: "Hello""#, with: #"    text: "Hi \u{1F600}""#)),
        rule("TDL006", "number ending in a dot",
             bad: card(replacing: "    at: 10, 10", with: "    at: 10., 10"), at: (7, 9),
             message: "malformed number `10.`", good: card),
        rule("TDL007", "colour with five hex digits",
             bad: card(adding: "color: #12345"), at: (9, 12),
             message: "malformed colour", good: card(adding: "color: #123456")),
        rule("TDL008", "`200x40` written without spaces",
             bad: card(replacing: "    size: 200 x 40", with: "    size: 200x40"), at: (8, 11),
             message: "unknown unit `x40`", good: card, fix: true),
        rule("TDL008", "unknown unit",
             bad: card(adding: "font-size: 16em"), at: (9, 16),
             message: "unknown unit `em` on `16em`; `font-size` takes a bare number or `px`, `pt`", good: card(adding: "font-size: 12pt")),
        rule("TDL008", "unknown unit where no property is known",
             bad: card(adding: "margin: 16em"), at: (9, 13),
             message: "units are px, pt, % and deg", good: card, others: ["TDL102"]),
        rule("TDL008", "a point written like a size",
             bad: card(replacing: "    at: 10, 10", with: "    at: 10x10"), at: (7, 9),
             message: "unknown unit `x10` on `10x10`; `at` is a point, written `10, 10`", good: card, fix: true),
        rule("TDL006", "malformed number where a word is expected",
             bad: card(adding: "align: 1.2.3"), at: (9, 12),
             message: "malformed number `1.2.3`; numbers look like `12` or `-0.5`; `align` expects one of", good: card(adding: "align: left")),
        rule("TDL009", "template never closed",
             bad: String(card.dropLast(2)), at: (3, 1),
             message: "missing `}` to close `template card`", good: card),
        rule("TDL010", "one `}` too many",
             bad: card + "\n}", at: (11, 1), good: card),
        rule("TDL011", "property without its colon",
             bad: card(replacing: "    at: 10, 10", with: "    at 10, 10"), at: (7, 5),
             message: "expected `:` after the property name `at`", good: card, fix: true),
        rule("TDL012", "body without a header",
             bad: card(replacing: "  text title {\n", with: "  {\n  }\n  text title {\n"), at: (5, 3),
             good: card),
        rule("TDL013", "property without a value",
             bad: card(replacing: "    at: 10, 10", with: "    at:"), at: (7, 8),
             message: "expected a value after `at:`", good: card),
        rule("TDL014", "trailing comma",
             bad: card(replacing: "    at: 10, 10", with: "    at: 10, 10,"), at: (7, 15),
             message: "at the end of the value", good: card),
        rule("TDL014", "line that is neither property nor block",
             bad: card(replacing: "    at: 10, 10", with: "    at: 10, 10\n    \"loose\""), at: (8, 5),
             good: card),
        rule("TDL015", "129 nested blocks",
             bad: nested(depth: 129), at: (131, 1),
             message: "nested deeper than 128 levels", good: nested(depth: 128)),
        rule("TDL016", "property at the top level",
             bad: card(replacing: "format 1\n\n", with: "format 1\nsize: 1 x 1\n"), at: (2, 1),
             message: "outside any block", good: card),
        // Reported once, and nothing else (no TDL001 per NUL byte, no missing `format`).
        rule("TDL017", "UTF-16 with a byte order mark",
             badBytes: [0xFF, 0xFE] + card.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }, at: (1, 1),
             message: "this file is UTF-16 (little-endian) text (by its byte order mark), but TDL files are UTF-8", good: card),
        rule("TDL017", "UTF-16 without a byte order mark",
             badBytes: card.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }, at: (1, 1),
             message: "`iconv -f UTF-16BE -t UTF-8 FILE > FILE.new`", good: card),
        rule("TDL017", "UTF-32 with a byte order mark",
             badBytes: [0xFF, 0xFE, 0, 0] + card.unicodeScalars.flatMap { s in (0..<4).map { UInt8((s.value >> (8 * $0)) & 0xFF) } },
             at: (1, 1), message: "UTF-32 (little-endian)", good: card),
    ]

    // MARK: Structure (TDL1xx)

    static let structure: [RuleCase] = [
        rule("TDL101", "misspelt kind",
             bad: card(replacing: "  text title {", with: "  txt title {"), at: (5, 3),
             message: "did you mean `text`?", good: card, fix: true),
        rule("TDL101", "misspelt kind of a block whose properties are another kind's (no fix)",
             bad: card(replacing: "  text title {\n    text: \"Hello\"\n", with: "  txt title {\n    src: \"photo.png\"\n    alt: \"A photo\"\n"), at: (5, 3),
             message: "did you mean `text`?",
             good: card(replacing: "  text title {\n    text: \"Hello\"\n", with: "  image title {\n    src: \"photo.png\"\n    alt: \"A photo\"\n")),
        rule("TDL101", "misspelt template",
             bad: card(replacing: "template card {", with: "templat card {"), at: (3, 1),
             message: "did you mean `template`?", good: card, fix: true),
        rule("TDL101", "annotation element in a template",
             bad: card(replacing: "  text title {\n    text: \"Hello\"\n", with: "  rect title {\n"), at: (5, 3),
             message: "it belongs in an `annotations` set", good: card),
        rule("TDL101", "component at the top level",
             bad: card + "\n\ntext loose {\n  text: \"Hi\"\n}", at: (12, 1),
             message: "`text` is not allowed at the top level", good: card),
        rule("TDL102", "misspelt property",
             bad: card(adding: "colour: #333333"), at: (9, 5),
             message: "did you mean `color`?", good: card(adding: "color: #333333"), fix: true),
        rule("TDL102", "misspelt key with a misspelt value: one report, one fix for both",
             bad: card(adding: "algin: centre"), at: (9, 5),
             message: "`text` has no property `algin`; did you mean `align`? (`centre` is not a value of `align`; did you mean `center`?",
             good: card(adding: "align: center"), fix: true),
        rule("TDL102", "misspelt copy of a property that is set (no fix: it would repeat `color`)",
             bad: card(adding: "color: navy\n    colr: #222222"), at: (10, 5),
             message: "did you mean `color`?", good: card(adding: "color: navy")),
        rule("TDL102", "property of another kind",
             bad: card(adding: "src: \"photo.png\""), at: (9, 5),
             message: "`text` has no property `src`", good: card),
        rule("TDL123", "block header still without its `{`",
             bad: card(replacing: "  text title {\n    text: \"Hello\"\n    at: 10, 10\n    size: 200 x 40\n  }",
                       with: "  group box {\n    text title\n  }"), at: (6, 5),
             message: "`text title` is the header of a `text` block without its `{`",
             good: card(replacing: "  text title {\n    text: \"Hello\"\n    at: 10, 10\n    size: 200 x 40\n  }",
                        with: "  group box {\n    text title {\n      text: \"Hello\"\n    }\n  }"), fix: true),
        rule("TDL103", "property set twice",
             bad: card(adding: "at: 20, 20"), at: (9, 5),
             message: "`at` is already set", good: card, fix: true),
        rule("TDL104", "two elements with one name",
             bad: card(replacing: "  }\n}", with: "  }\n  text title {\n    text: \"World\"\n    at: 10, 60\n    size: 200 x 40\n  }\n}"),
             at: (10, 3), message: "`title` already exists",
             good: card(replacing: "  }\n}", with: "  }\n  text subtitle {\n    text: \"World\"\n    at: 10, 60\n    size: 200 x 40\n  }\n}")),
        rule("TDL104", "two top-level blocks with one name",
             bad: card + "\n\ntemplate card {\n  size: 10 x 10\n}", at: (12, 1),
             message: "already defined at the top level",
             good: card + "\n\ntemplate other {\n  size: 10 x 10\n}"),
        rule("TDL105", "text without `text`",
             bad: card(replacing: "    text: \"Hello\"\n", with: ""), at: (5, 3),
             message: "`text` needs `text`", good: card, fix: true),
        rule("TDL105", "template without `size` or `device`",
             bad: card(replacing: "  size: 400 x 300\n", with: ""), at: (3, 1),
             message: "or `device`", good: card(replacing: "  size: 400 x 300", with: "  device: iphone-se"), fix: true),
        rule("TDL105", "one-line block, CRLF line breaks",
             bad: crlf(card(replacing: "  text title {\n    text: \"Hello\"\n    at: 10, 10\n    size: 200 x 40\n  }",
                            with: "  text title { at: 10, 10; size: 200 x 40 }")), at: (5, 3),
             good: crlf(card), fix: true),
        rule("TDL103", "property repeated on the same line",
             bad: card(replacing: "    at: 10, 10", with: "    at: 10, 10; at: 20, 20"), at: (7, 17),
             good: card, fix: true),
        rule("TDL106", "size written as two numbers",
             bad: card(replacing: "    size: 200 x 40", with: "    size: 200 40"), at: (8, 11),
             message: "`size` is a size, written `W x H`", good: card, fix: true),
        rule("TDL106", "string where a point is expected",
             bad: card(replacing: "    at: 10, 10", with: "    at: \"ten\""), at: (7, 9),
             message: "`at` expects", good: card),
        rule("TDL106", "unit the property does not take",
             bad: card(adding: "rotation: 5px"), at: (9, 15),
             message: "not `px`", good: card(adding: "rotation: 5deg")),
        rule("TDL106", "language that is no BCP 47 tag",
             bad: card(replacing: "  size: 400 x 300", with: "  size: 400 x 300\n  lang: \"english language\""), at: (5, 9),
             message: "BCP 47", good: card(replacing: "  size: 400 x 300", with: "  size: 400 x 300\n  lang: \"pt-BR\"")),
        rule("TDL107", "opacity above 1",
             bad: card(adding: "opacity: 2"), at: (9, 14),
             message: "`opacity` must be", good: card(adding: "opacity: 0.9")),
        rule("TDL107", "max-lines below 1",
             bad: card(adding: "max-lines: 0"), at: (9, 16),
             good: card(adding: "max-lines: 1")),
        rule("TDL107", "heading level past 6",
             bad: card(adding: "heading: 7"), at: (9, 14),
             message: "`heading` must be", good: card(adding: "heading: 6")),
        rule("TDL107", "heading level 0",
             bad: card(adding: "heading: 0"), at: (9, 14),
             message: "`heading` must be", good: card(adding: "heading: 1")),
        rule("TDL106", "heading level that is no whole number",
             bad: card(adding: "heading: 1.5"), at: (9, 14),
             good: card(adding: "heading: 2")),
        rule("TDL106", "annotation set's language that is no BCP 47 tag",
             bad: review.replacingOccurrences(of: "  size: 800 x 600", with: "  size: 800 x 600\n  lang: \"ar_EG\""), at: (6, 9),
             message: "BCP 47", good: review.replacingOccurrences(of: "  size: 800 x 600", with: "  size: 800 x 600\n  lang: \"ar-EG\"")),
        rule("TDL108", "misspelt enum value",
             bad: card(adding: "align: centre"), at: (9, 12),
             message: "did you mean `center`?", good: card(adding: "align: center"), fix: true),
        rule("TDL108", "misspelt logical side",
             bad: card(adding: "align: star"), at: (9, 12),
             message: "did you mean `start`?", good: card(adding: "align: end"), fix: true),
        rule("TDL108", "colour name in upper case",
             bad: card(adding: "color: Navy"), at: (9, 12),
             message: "colour names are lower case", good: card(adding: "color: navy"), fix: true),
        rule("TDL108", "unknown font weight",
             bad: card(adding: "font: \"Inter\" bolder"), at: (9, 19),
             message: "did you mean `bold`?", good: card(adding: "font: \"Inter\" bold"), fix: true),
        rule("TDL109", "style that does not exist",
             bad: #"""
             format 1

             style headline {
               font-size: 20
             }

             template card {
               size: 400 x 300
               text title {
                 style: heading
                 text: "Hello"
                 at: 10, 10
                 size: 200 x 40
               }
             }
             """#, at: (10, 12), message: "no style named `heading`",
             good: #"""
             format 1

             style headline {
               font-size: 20
             }

             template card {
               size: 400 x 300
               text title {
                 style: headline
                 text: "Hello"
                 at: 10, 10
                 size: 200 x 40
               }
             }
             """#, fix: true),
        rule("TDL109", "misspelt parent nearest to the style itself (a fix would make a cycle)",
             bad: card(adding: "style: card-title") + "\n\nstyle card-title {\n  style: card-titl\n  color: #222222\n}", at: (14, 10),
             message: "no style named `card-titl`", good: card(adding: "style: card-title") + "\n\nstyle card-title {\n  color: #222222\n}"),
        rule("TDL110", "arrow to an element that does not exist",
             bad: review.replacingOccurrences(of: "    to: target", with: "    to: targt"), at: (12, 9),
             message: "did you mean `target`?", good: review, fix: true),
        rule("TDL111", "parameter that is not declared",
             bad: #"""
             format 1

             template card {
               size: 400 x 300
               params {
                 user: "friend"
               }
               text title {
                 text: "Hello, {{usr}}"
                 at: 10, 10
                 size: 200 x 40
               }
             }
             """#, at: (9, 19), message: "parameter `usr` is not declared",
             good: #"""
             format 1

             template card {
               size: 400 x 300
               params {
                 user: "friend"
               }
               text title {
                 text: "Hello, {{user}}"
                 at: 10, 10
                 size: 200 x 40
               }
             }
             """#, fix: true),
        rule("TDL111", "parameter in a URL that is not declared",
             bad: card(replacing: "  text title {\n    text: \"Hello\"",
                       with: "  params {\n    id: \"42\"\n  }\n  image title {\n    alt: \"A photo\"\n    src: \"photos/{{ids}}.png\""),
             at: (10, 18), message: "parameter `ids` is not declared",
             // The parameter is used only in the URL: it counts as used.
             good: card(replacing: "  text title {\n    text: \"Hello\"",
                        with: "  params {\n    id: \"42\"\n  }\n  image title {\n    alt: \"A photo\"\n    src: \"photos/{{id}}.png\""),
             fix: true),
        rule("TDL112", "two styles extending each other",
             bad: #"""
             format 1

             style a {
               style: b
               font-size: 20
             }

             style b {
               style: a
               color: #222222
             }

             template card {
               size: 400 x 300
               text title {
                 style: a
                 text: "Hello"
                 at: 10, 10
                 size: 200 x 40
               }
             }
             """#, at: (4, 10), message: "style cycle: `a` extends `b` extends `a`",
             good: #"""
             format 1

             style a {
               style: b
               font-size: 20
             }

             style b {
               color: #222222
             }

             template card {
               size: 400 x 300
               text title {
                 style: a
                 text: "Hello"
                 at: 10, 10
                 size: 200 x 40
               }
             }
             """#),
        rule("TDL112", "style extending itself",
             bad: card(adding: "style: self") + "\n\nstyle self {\n  style: self\n}", at: (14, 10),
             message: "style cycle", good: card(adding: "style: self") + "\n\nstyle self {\n  color: #222222\n}"),
        rule("TDL115", "format newer than the toolchain",
             bad: card(replacing: "format 1", with: "format 2"), at: (1, 8),
             message: "this file is format 2", good: card),
        rule("TDL116", "format older than the toolchain",
             bad: card(replacing: "format 1", with: "format 0"), at: (1, 8),
             message: "older than the current format 1", good: card, fix: true),
        rule("TDL117", "no format line",
             bad: card(replacing: "format 1\n\n", with: ""), at: (1, 1),
             message: "add `format 1`", good: card, fix: true),
        rule("TDL117", "no format line, CRLF line breaks",
             bad: crlf(card(replacing: "format 1\n\n", with: "")), at: (1, 1),
             good: crlf(card), fix: true),
        rule("TDL117", "no format line after a byte order mark",
             badBytes: [0xEF, 0xBB, 0xBF] + Array(card(replacing: "format 1\n\n", with: "").utf8), at: (1, 2),
             good: "\u{FEFF}" + card, fix: true),
        rule("TDL118", "params with a name",
             bad: #"""
             format 1

             template card {
               size: 400 x 300
               params p {
                 user: "friend"
               }
               text title {
                 text: "Hello, {{user}}"
                 at: 10, 10
                 size: 200 x 40
               }
             }
             """#, at: (5, 10), message: "`params` takes no name",
             good: #"""
             format 1

             template card {
               size: 400 x 300
               params {
                 user: "friend"
               }
               text title {
                 text: "Hello, {{user}}"
                 at: 10, 10
                 size: 200 x 40
               }
             }
             """#, fix: true),
        rule("TDL118", "template without a name",
             bad: card(replacing: "template card {", with: "template {"), at: (3, 1),
             message: "`template` needs a name", good: card),
        rule("TDL118", "element with a title",
             bad: card(replacing: "  text title {", with: "  text title \"Title\" {"), at: (5, 14),
             message: "takes no title", good: card),
        rule("TDL119", "size and width together",
             bad: card(adding: "width: 200"), at: (9, 5),
             message: "`width` and `size` cannot both be set", good: card),
        rule("TDL119", "template size and device together",
             bad: card(replacing: "  size: 400 x 300", with: "  size: 400 x 300\n  device: ipad"), at: (5, 3),
             message: "`device` and `size` cannot both be set on `template`",
             good: card(replacing: "  size: 400 x 300", with: "  device: ipad")),
        rule("TDL120", "style property the element does not use",
             bad: #"""
             format 1

             style cover {
               fit: cover
             }

             template card {
               size: 400 x 300
               text title {
                 style: cover
                 text: "Hello"
                 at: 10, 10
                 size: 200 x 40
               }
             }
             """#, at: (10, 12), message: "style `cover` sets `fit`, which `text` does not use",
             good: #"""
             format 1

             style cover {
               fit: cover
             }

             template card {
               size: 400 x 300
               image photo {
                 style: cover
                 src: "photo.png"
                 alt: "A photo"
                 at: 10, 10
                 size: 200 x 40
               }
             }
             """#),
        rule("TDL121", "format given twice",
             bad: card(replacing: "format 1\n\n", with: "format 1\nformat 1\n"), at: (2, 1),
             message: "`format` is given twice", good: card),
        rule("TDL121", "format after a block",
             bad: card(replacing: "format 1\n\n", with: "") + "\n\nformat 1", at: (10, 1),
             message: "`format` must come before any block", good: card),
        rule("TDL122", "`{{` that is not closed",
             bad: #"""
             format 1

             template card {
               size: 400 x 300
               params {
                 user: "friend"
               }
               text title {
                 text: "Hello {{user}"
                 at: 10, 10
                 size: 200 x 40
               }
             }
             """#, at: (9, 18), message: "`{{` starts no `{{name}}` interpolation",
             good: #"""
             format 1

             template card {
               size: 400 x 300
               params {
                 user: "friend"
               }
               text title {
                 text: "Hello {{user}} \{{user}"
                 at: 10, 10
                 size: 200 x 40
               }
             }
             """#, fix: true),
        rule("TDL122", "spaces inside the braces",
             bad: #"""
             format 1

             template card {
               size: 400 x 300
               params {
                 user: "friend"
               }
               text title {
                 text: "Hello {{ user }}"
                 at: 10, 10
                 size: 200 x 40
               }
             }
             """#, at: (9, 18), message: "write `{{user}}`",
             good: #"""
             format 1

             template card {
               size: 400 x 300
               params {
                 user: "friend"
               }
               text title {
                 text: "Hello {{user}}"
                 at: 10, 10
                 size: 200 x 40
               }
             }
             """#, fix: true),
        rule("TDL122", "name that is no identifier",
             bad: card(replacing: #"    text: "Hello""#, with: #"    text: "Hello {{1st}}""#), at: (6, 18),
             message: "is not a parameter reference", good: card),
    ]

    // MARK: Imports (TDL113, TDL114)

    static let library = "format 1\n\nstyle heading {\n  font-size: 20\n}\n"
    static let importing = card(replacing: "format 1\n\n", with: "format 1\nimport \"library.tdl\"\n\n")
        .replacingOccurrences(of: "    text: \"Hello\"", with: "    style: heading\n    text: \"Hello\"")

    /// `card` with `face` (the lines of `font-face` blocks) before its template, from line 3.
    static func withFace(_ face: String) -> String {
        card(replacing: "format 1\n\n", with: "format 1\n\n" + face + "\n")
    }

    static let brand = "font-face \"Brand Sans\" {\n  src: \"https://cdn.example.com/brand.woff2\"\n}\n"
    static let brandBold = "font-face \"Brand Sans\" {\n  src: \"https://cdn.example.com/brand-bold.woff2\"\n  weight: bold\n}\n"

    static let fontFaces: [RuleCase] = [
        rule("TDL330", "a font over plain http",
             bad: withFace(brand.replacingOccurrences(of: "https:", with: "http:")), at: (4, 8),
             message: "the page loads fonts only from its own site (a relative path) or over `https`",
             good: withFace(brand)),
        rule("TDL330", "a font on another host named without a scheme",
             bad: withFace(brand.replacingOccurrences(of: "https:", with: "")), at: (4, 8),
             good: withFace(brand.replacingOccurrences(of: "https://cdn.example.com", with: ""))),
        rule("TDL331", "a font file whose format its name does not say",
             bad: withFace(brand.replacingOccurrences(of: "brand.woff2", with: "brand?format=woff2")), at: (4, 8),
             message: "must end in `.woff2`, `.woff`, `.ttf` or `.otf`",
             good: withFace(brand.replacingOccurrences(of: "brand.woff2", with: "Brand.TTF?format=ttf"))),
        rule("TDL332", "the same face twice in one file",
             bad: withFace(brand + "\n" + brand.replacingOccurrences(of: "Brand Sans", with: "brand sans")), at: (7, 1),
             message: "`brand sans` regular is already declared in this file",
             good: withFace(brand + "\n" + brandBold)),
        rule("TDL332", "a face an imported file declares",
             bad: card(replacing: "format 1\n\n", with: "format 1\nimport \"library.tdl\"\n\n" + brand + "\n"), at: (4, 1),
             message: "is also declared in `library.tdl`, which this file imports",
             good: card(replacing: "format 1\n\n", with: "format 1\nimport \"library.tdl\"\n\n" + brand + "\n"),
             files: ["library.tdl": "format 1\n\n" + brand], goodFiles: ["library.tdl": "format 1\n\n" + brandBold]),
        rule("TDL314", "a font-face family the page cannot name",
             bad: withFace(brand.replacingOccurrences(of: "Brand Sans", with: "Brand Sans™")), at: (3, 11),
             message: "the page cannot name the family `Brand Sans™`",
             good: withFace(brand)),
        rule("TDL118", "a font-face without its family",
             bad: withFace(brand.replacingOccurrences(of: " \"Brand Sans\"", with: "")), at: (3, 1),
             message: "`font-face` needs its string",
             good: withFace(brand)),
        rule("TDL102", "a misspelt font-face property",
             bad: withFace(brandBold.replacingOccurrences(of: "weight", with: "wieght")), at: (5, 3),
             message: "did you mean `weight`?", good: withFace(brandBold), fix: true),
    ]

    static let imports: [RuleCase] = [
        rule("TDL113", "imported file that does not exist",
             bad: importing.replacingOccurrences(of: "library.tdl", with: "missing.tdl"), at: (2, 8),
             message: "cannot import `missing.tdl`: no such file", good: importing,
             files: ["library.tdl": library]),
        rule("TDL113", "no loader",
             bad: card(replacing: "format 1\n\n", with: "format 1\nimport \"library.tdl\"\n\n"), at: (2, 8),
             message: "imports are not available here", good: card),
        rule("TDL113", "imported file with syntax errors",
             bad: importing, at: (2, 8), message: "has syntax errors", good: importing,
             files: ["library.tdl": library + "}\n"], goodFiles: ["library.tdl": library]),
        rule("TDL113", "a file imported by an imported file is missing",
             bad: importing, at: (2, 8), message: "(imported through this line)", good: importing,
             files: ["library.tdl": "format 1\nimport \"gone.tdl\"\n\nstyle heading {\n  font-size: 20\n}\n"],
             goodFiles: ["library.tdl": library]),
        rule("TDL114", "file importing itself through another",
             bad: importing, at: (2, 8), message: "import cycle: `main.tdl` → `library.tdl` → `main.tdl`", good: importing,
             files: ["library.tdl": "format 1\nimport \"main.tdl\"\n\nstyle heading {\n  font-size: 20\n}\n"],
             goodFiles: ["library.tdl": library], path: "main.tdl"),
    ]

    // MARK: Lint (TDL3xx)

    static let lint: [RuleCase] = [
        rule("TDL301", "element partly outside the canvas",
             bad: card(replacing: "    at: 10, 10", with: "    at: 350, 10"), at: (7, 9),
             message: "is partly outside the 400 x 300 canvas (past the right edge)", good: card),
        rule("TDL301", "element wholly outside the canvas",
             bad: card(replacing: "    at: 10, 10", with: "    at: 10, 300"), at: (7, 9),
             message: "is wholly outside the 400 x 300 canvas (past the bottom edge)", good: card),
        rule("TDL301", "arrow starting outside the image",
             bad: review.replacingOccurrences(of: "    from: 300, 300", with: "    from: 900, 300"), at: (11, 11),
             message: "`from` point (900, 300) lies outside the 800 x 600 canvas", good: review),
        rule("TDL302", "grey text just below 4.5:1",
             bad: card(adding: "color: #777777"), at: (9, 12),
             message: "contrast 4.47:1; WCAG AA needs 4.5:1", good: card(adding: "color: #767676")),
        rule("TDL302", "label on its own background",
             bad: review.replacingOccurrences(of: "  arrow pointer {", with: "  label note {\n    text: \"Hi\"\n    at: 10, 10\n    color: #FFFF00\n    background: white\n  }\n  arrow pointer {"),
             at: (13, 12), message: "#FFFF00 on #FFFFFF",
             good: review.replacingOccurrences(of: "  arrow pointer {", with: "  label note {\n    text: \"Hi\"\n    at: 10, 10\n    color: #B00020\n    background: white\n  }\n  arrow pointer {")),
        rule("TDL303", "image without alt",
             bad: card(replacing: "  text title {\n    text: \"Hello\"", with: "  image photo {\n    src: \"photo.png\""), at: (5, 3),
             message: "image `photo` has no `alt` text",
             good: card(replacing: "  text title {\n    text: \"Hello\"", with: "  image photo {\n    src: \"photo.png\"\n    alt: \"\""), fix: true),
        rule("TDL304", "style nobody uses",
             bad: card + "\n\nstyle spare {\n  color: #222222\n}", at: (12, 1),
             message: "style `spare` is never used",
             good: card(adding: "style: spare") + "\n\nstyle spare {\n  color: #222222\n}"),
        rule("TDL305", "parameter nobody uses",
             bad: card(replacing: "  size: 400 x 300", with: "  size: 400 x 300\n  params {\n    user: \"friend\"\n  }"), at: (6, 5),
             message: "parameter `user` is never used",
             good: card(replacing: "  size: 400 x 300", with: "  size: 400 x 300\n  params {\n    user: \"friend\"\n  }")
                .replacingOccurrences(of: #""Hello""#, with: #""Hello, {{user}}""#)),
        rule("TDL303", "image in a one-line block, CRLF line breaks (the fix goes before `}`)",
             bad: crlf(card(replacing: "  text title {\n    text: \"Hello\"\n    at: 10, 10\n    size: 200 x 40\n  }",
                            with: "  image photo { src: \"photo.png\"; at: 10, 10; size: 200 x 40 }")), at: (5, 3),
             good: crlf(card(replacing: "  text title {\n    text: \"Hello\"\n    at: 10, 10\n    size: 200 x 40\n  }",
                             with: "  image photo { src: \"photo.png\"; at: 10, 10; size: 200 x 40; alt: \"\" }")), fix: true),
        rule("TDL306", "javascript: action",
             bad: card(replacing: "  text title {\n    text: \"Hello\"", with: "  button title {\n    label: \"Go\"\n    action: \"javascript:alert(1)\""),
             at: (7, 13), message: "`javascript:` URL",
             good: card(replacing: "  text title {\n    text: \"Hello\"", with: "  button title {\n    label: \"Go\"\n    action: \"https://example.com/go\"")),
        rule("TDL306", "javascript: hidden by a tab escape",
             bad: card(replacing: "  text title {\n    text: \"Hello\"", with: "  button title {\n    label: \"Go\"\n    action: \"java\\tscript:alert(1)\""),
             at: (7, 13), message: "`javascript:` URL",
             good: card(replacing: "  text title {\n    text: \"Hello\"", with: "  button title {\n    label: \"Go\"\n    action: \"mailto:team@example.com\"")),
        rule("TDL306", "javascript: captions",
             bad: card(replacing: "  text title {\n    text: \"Hello\"", with: "  video clip {\n    src: \"clip.mp4\"\n    captions: \"javascript:alert(1)\""),
             at: (7, 15), message: "`javascript:` URL",
             good: card(replacing: "  text title {\n    text: \"Hello\"", with: "  video clip {\n    src: \"clip.mp4\"\n    captions: \"https://example.com/clip.vtt\"")),
        rule("TDL306", "data: image",
             bad: card(replacing: "  text title {\n    text: \"Hello\"", with: "  image photo {\n    alt: \"A photo\"\n    src: \"DATA:image/png;base64,AAAA\""),
             at: (7, 10), message: "`data:` URL",
             good: card(replacing: "  text title {\n    text: \"Hello\"", with: "  image photo {\n    alt: \"A photo\"\n    src: \"images/photo.png\"")),
        rule("TDL306", "parameter whose default completes a javascript: URL",
             bad: card(replacing: "  text title {\n    text: \"Hello\"",
                       with: "  params {\n    scheme: \"javascript\"\n  }\n  button title {\n    label: \"Go\"\n    action: \"{{scheme}}:alert(1)\""),
             at: (10, 13), message: "`javascript:` URL once its parameters take their defaults (`javascript:alert(1)`)",
             good: card(replacing: "  text title {\n    text: \"Hello\"",
                        with: "  params {\n    scheme: \"https\"\n  }\n  button title {\n    label: \"Go\"\n    action: \"{{scheme}}://example.com\"")),
        rule("TDL307", "text of spaces only",
             bad: card(replacing: #"    text: "Hello""#, with: #"    text: "   ""#), at: (6, 11),
             message: "`text` is empty", good: card),
        rule("TDL308", "zero width",
             bad: card(replacing: "    size: 200 x 40", with: "    size: 0 x 40"), at: (8, 11),
             message: "has zero width", good: card),
        rule("TDL308", "zero height",
             bad: card(replacing: "    size: 200 x 40", with: "    width: 200\n    height: 0"), at: (8, 12),
             message: "has zero height", good: card(replacing: "    size: 200 x 40", with: "    width: 200\n    height: 40")),
        rule("TDL309", "ftp: action",
             bad: card(replacing: "  text title {\n    text: \"Hello\"", with: "  button title {\n    label: \"Go\"\n    action: \"ftp://example.com/file\""),
             at: (7, 13), message: "the `ftp:` scheme",
             good: card(replacing: "  text title {\n    text: \"Hello\"", with: "  button title {\n    label: \"Go\"\n    action: \"files/file.zip\"")),
        rule("TDL309", "parameter whose default completes an ftp: URL",
             bad: card(replacing: "  text title {\n    text: \"Hello\"",
                       with: "  params {\n    scheme: \"ftp\"\n  }\n  video title {\n    src: \"{{scheme}}://example.com/a.mp4\"\n    captions: \"a.vtt\""),
             at: (9, 10), message: "the `ftp:` scheme once its parameters take their defaults",
             good: card(replacing: "  text title {\n    text: \"Hello\"",
                        with: "  params {\n    scheme: \"ftp\"\n  }\n  video title {\n    src: \"media/{{scheme}}.mp4\"\n    captions: \"a.vtt\"")),
        rule("TDL310", "suppression that silences nothing",
             bad: card(replacing: "  text title {", with: "  // tdl-ignore TDL301\n  text title {"), at: (5, 3),
             message: "silences nothing here (TDL301)", good: card),
        rule("TDL310", "suppression naming no code",
             bad: card(replacing: "  text title {", with: "  // tdl-ignore\n  text title {"), at: (5, 3),
             message: "names no code", good: card),
        rule("TDL311", "video without captions",
             bad: card(replacing: "  text title {\n    text: \"Hello\"", with: "  video clip {\n    src: \"clip.mp4\""), at: (5, 3),
             message: "video `clip` has no `captions`",
             good: card(replacing: "  text title {\n    text: \"Hello\"", with: "  video clip {\n    src: \"clip.mp4\"\n    captions: \"clip.vtt\"")),
        rule("TDL311", "captions from the video's style count",
             bad: card(replacing: "  text title {\n    text: \"Hello\"", with: "  video clip {\n    style: player\n    src: \"clip.mp4\"")
                + "\n\nstyle player {\n  controls: true\n}", at: (5, 3),
             message: "video `clip` has no `captions`",
             good: card(replacing: "  text title {\n    text: \"Hello\"", with: "  video clip {\n    style: player\n    src: \"clip.mp4\"")
                + "\n\nstyle player {\n  captions: \"clip.vtt\"\n}"),
        rule("TDL312", "a word wider than its box",
             bad: card(replacing: "    text: \"Hello\"\n    at: 10, 10\n    size: 200 x 40",
                       with: "    text: \"Internationalisation\"\n    font-size: 32\n    size: 120 x 40"), at: (6, 11),
             message: "the word `Internationalisation` is at least 198.4 px wide at font size 32, wider than the 120 px the box of `text title` leaves for text",
             good: card(replacing: "    text: \"Hello\"\n    at: 10, 10\n    size: 200 x 40",
                        with: "    text: \"Internationalisation\"\n    font-size: 16\n    size: 120 x 40")),
        rule("TDL312", "more lines than the box holds inside its border",
             bad: card(replacing: "    text: \"Hello\"", with: "    text: \"Welcome aboard, it is good to see you here again after such a long time away from home\"\n    border-width: 4"),
             at: (6, 11), message: "`text title` shows at least 3 lines of 16 px (48 px) at font size 16, but its box leaves 32 px of height for text",
             good: card(replacing: "    text: \"Hello\"", with: "    text: \"Welcome aboard, it is good to see you here again after such a long time away from home\"\n    border-width: 4\n    max-lines: 2")),
        rule("TDL312", "a word that runs off the canvas",
             bad: card(replacing: "    text: \"Hello\"\n    at: 10, 10\n    size: 200 x 40", with: "    text: \"Unbreakable\"\n    at: 350, 10"),
             at: (6, 11), message: "only 50 px lie between the `at` of `text title` and the canvas's right edge",
             good: card(replacing: "    text: \"Hello\"\n    at: 10, 10\n    size: 200 x 40", with: "    text: \"Unbreakable\"\n    at: 300, 10")),
        {
            var c = rule("TDL313", "an image that is not beside the document",
                         bad: card(replacing: "  text title {\n    text: \"Hello\"", with: "  image photo {\n    alt: \"A photo\"\n    src: \"images/fotos.png?v=2\""),
                         at: (7, 10), message: "`src` names `images/fotos.png`, which does not exist (relative to this document's folder)",
                         good: card(replacing: "  text title {\n    text: \"Hello\"", with: "  image photo {\n    alt: \"A photo\"\n    src: \"images/photo.png?v=2\""),
                         path: "/site/card.tdl")
            c.existing = ["/site/images/photo.png"]
            return c
        }(),
        rule("TDL314", "a font family the page cannot name",
             bad: card(adding: "font: \"Sans Pro™, Arial\""), at: (9, 11),
             message: "font family `Sans Pro™` is left out of the exported page, which names only families of ASCII letters, digits, spaces and hyphens",
             good: card(adding: "font: \"Source Sans Pro, Arial\"")),
        rule("TDL314", "several families the page cannot name: one report for the value",
             bad: card(adding: "font: \"Émoji, Inter, x;y,\""), at: (9, 11),
             message: "font families `Émoji`, `x;y` and an empty entry are left out of the exported page, which names only families of ASCII letters, digits, spaces and hyphens",
             good: card(adding: "font: \"Inter\"")),
        rule("TDL314", "an empty entry in a font list",
             bad: card(adding: "font: \"Inter,, Arial\" bold"), at: (9, 11),
             message: "an empty font family is left out of the exported page",
             good: card(adding: "font: \"Inter, Arial\" bold")),
        rule("TDL315", "a button without an action",
             bad: card(replacing: "  text title {\n    text: \"Hello\"", with: "  button go {\n    label: \"Go\""), at: (5, 3),
             message: "button `go` has no `action`: it leads nowhere, so the exported page shows its label as text, not as a control",
             good: card(replacing: "  text title {\n    text: \"Hello\"", with: "  button go {\n    label: \"Go\"\n    action: \"/go\"")),
        rule("TDL316", "a video that plays by itself with no controls",
             bad: videoCard(adding: "    autoplay: true\n    muted: true\n    controls: false"), at: (5, 3),
             message: "video `clip` plays by itself with no controls: a reader cannot pause it",
             good: videoCard(adding: "    autoplay: true\n    muted: true")),
        rule("TDL316", "a video that starts with its sound on",
             bad: videoCard(adding: "    autoplay: true"), at: (5, 3),
             message: "video `clip` plays by itself with its sound on",
             good: videoCard(adding: "    autoplay: false")),
        rule("TDL317", "text written after the text it is placed above",
             bad: "format 1\n\ntemplate card {\n  size: 375 x 300\n  text body {\n    text: \"Terms\"\n    at: 16, 80\n    size: 343 x 40\n  }\n  text heading {\n    text: \"Welcome\"\n    at: 16, 16\n    size: 343 x 40\n  }\n}\n", at: (10, 3),
             message: "`text heading` comes after `text body` in the source, so a screen reader reads it later, but it is placed above it",
             good: "format 1\n\ntemplate card {\n  size: 375 x 300\n  text heading {\n    text: \"Welcome\"\n    at: 16, 16\n    size: 343 x 40\n  }\n  text body {\n    text: \"Terms\"\n    at: 16, 80\n    size: 343 x 40\n  }\n}\n", fix: true),
    ]
}
