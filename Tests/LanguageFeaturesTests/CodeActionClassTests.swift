import XCTest
import TemplateFormat
import Validator
@testable import LanguageFeatures

/// The editor's own quick fixes and the suppressions, as a class: every action offered for
/// every diagnostic of a set of documents (LF, CRLF and tab-indented) is applied and the
/// document validated again. No action adds an error; a fix or suppression leaves fewer
/// diagnostics of its code.
final class CodeActionClassTests: XCTestCase {
    static let documents: [String] = [
        // Unknown values: enum, colour name, font weight, with and without a near value.
        """
        format 1

        template t {
          size: 375 x 667
          text a {
            text: "Hi"
            align: centre
            color: Red
            font: "Inter" heavy
          }
          image b {
            src: "b.png"
            alt: ""
            fit: stretch
          }
        }
        """,
        // Properties that exclude each other.
        """
        format 1

        template t {
          size: 375 x 667
          device: iphone-se
          text a {
            text: "Hi"
            size: 100 x 40
            width: 100
            height: 40
          }
          divider d { size: 10 x 1; width: 10 }
        }

        annotations a {
          image: "s.png"
          label l {
            text: "x"
            fill: white
            background: black
          }
        }
        """,
        // Unused parameters, an unused style, lint, an unfinished header, a missing import.
        """
        import "missing.tdl"

        style unused {
          opacity: 0.5
        }

        template t {
          size: 100 x 100
          params {
            user: "friend"
            days: 14
          }

          /// The greeting.
          text a {
            text: "Hi"
            at: 90, 90
            size: 50 x 50
            color: #FEFEFE
          }
          group g {
            text sub
          }
          /// The picture.
          image i { src: "x.png"; at: 0, 0 }
          text e { text: "" } // tdl-ignore TDL305
        }
        """,
        // An existing suppression gets the code added.
        """
        format 1
        // tdl-ignore-file TDL304

        template t {
          size: 100 x 100
          // tdl-ignore TDL301
          image a {
            src: "a.png"
            at: 90, 90
            size: 50 x 50
          }
        }
        """,
    ]

    static var variants: [String] {
        documents.flatMap { text in
            [text, text.replacingOccurrences(of: "\n", with: "\r\n"), text.replacingOccurrences(of: "  ", with: "\t")]
        }
    }

    private func errors(_ diagnostics: [Diagnostic]) -> [String: Int] {
        diagnostics.filter { $0.severity == .error }.reduce(into: [:]) { $0[$1.code, default: 0] += 1 }
    }

    func testNoActionAddsAnErrorAndEachRemovesItsDiagnostic() {
        var applied: [String: Int] = [:]
        for text in Self.variants {
            let bytes = Array(text.utf8)
            let tree = SyntaxTree.parse(bytes)
            let before = Validator.validate(tree)
            XCTAssertFalse(before.isEmpty)
            for diagnostic in before {
                for action in CodeActions.actions(for: [diagnostic], in: diagnostic.range, tree: tree) {
                    let fixed = FixSelection.apply(action.edits, to: bytes)
                    let after = Validator.validate(SyntaxTree.parse(fixed))
                    let context = "\(diagnostic.code) \(diagnostic.message) — \(action.title):\n\(String(decoding: fixed, as: UTF8.self))\n\(after.map { "\($0.code) \($0.message)" })"
                    for (code, count) in errors(after) {
                        XCTAssertLessThanOrEqual(count, errors(before)[code, default: 0], "\(code) added by \(context)")
                    }
                    XCTAssertLessThan(after.filter { $0.code == diagnostic.code }.count, before.filter { $0.code == diagnostic.code }.count,
                                      "the diagnostic stays: \(context)")
                    XCTAssertFalse(after.contains { $0.code == "TDL310" } && !before.contains { $0.code == "TDL310" },
                                   "the suppression silences nothing: \(context)")
                    let kind = action.title.hasPrefix("Suppress") ? "suppress" : "fix"
                    applied[kind, default: 0] += 1
                }
            }
        }
        XCTAssertGreaterThan(applied["suppress", default: 0], 100)
        XCTAssertGreaterThan(applied["fix", default: 0], 60)
    }

    private func actions(_ text: String, at needle: String) -> (bytes: [UInt8], actions: [CodeAction]) {
        let bytes = Array(text.utf8)
        let tree = SyntaxTree.parse(bytes)
        guard let r = text.range(of: needle) else { XCTFail(needle); return (bytes, []) }
        let at = text.utf8.distance(from: text.utf8.startIndex, to: r.lowerBound)
        return (bytes, CodeActions.actions(for: Validator.validate(tree), in: ByteRange(start: at, end: at), tree: tree))
    }

    private func applying(_ title: String, _ result: (bytes: [UInt8], actions: [CodeAction])) -> String? {
        guard let action = result.actions.first(where: { $0.title == title }) else {
            XCTFail("no action \"\(title)\" in \(result.actions.map(\.title))")
            return nil
        }
        return String(decoding: FixSelection.apply(action.edits, to: result.bytes), as: UTF8.self)
    }

    func testUnknownValueOffersTheNearestValues() {
        let result = actions(Self.documents[0], at: "stretch")
        let titles = result.actions.map(\.title)
        XCTAssertEqual(Set(titles.prefix(3)), ["Change to `fill`", "Change to `cover`", "Change to `contain`"], "\(titles)")
        XCTAssertTrue(result.actions.allSatisfy { !$0.isPreferred })
        // Beside the validator's own did-you-mean, not repeating it.
        let centre = actions(Self.documents[0], at: "centre").actions.map(\.title)
        XCTAssertEqual(centre.filter { $0 == "Change to `center`" }.count, 1, "\(centre)")
        XCTAssertTrue(actions(Self.documents[0], at: "heavy").actions.contains { $0.title == "Change to `bold`" || $0.title == "Change to `medium`" })
    }

    func testConflictKeepsOneSide() {
        let result = actions(Self.documents[1], at: "width: 100")
        XCTAssertEqual(Set(result.actions.filter { $0.title.hasPrefix("Remove") }.map(\.title)),
                       ["Remove `width` and `height`", "Remove `size`"])
        let kept = applying("Remove `width` and `height`", result)
        XCTAssertTrue(kept?.contains("    size: 100 x 40\n  }") ?? false, kept ?? "")
        XCTAssertEqual(applying("Remove `device`", actions(Self.documents[1], at: "device"))?.contains("device"), false)
        let oneLine = applying("Remove `width`", actions(Self.documents[1], at: "width: 10 }"))
        XCTAssertTrue(oneLine?.contains("divider d { size: 10 x 1; }") ?? false, oneLine ?? "")
    }

    func testUnusedParameterIsRemoved() {
        let fixed = applying("Remove the parameter `days`", actions(Self.documents[2], at: "days"))
        XCTAssertTrue(fixed?.contains("    user: \"friend\"\n  }") ?? false, fixed ?? "")
    }

    func testSuppressionLineIsIndentedAboveTheDocComment() {
        let fixed = applying("Suppress TDL303 on this line", actions(Self.documents[2], at: "image i"))
        XCTAssertTrue(fixed?.contains("\n  // tdl-ignore TDL303\n  /// The picture.\n  image i {") ?? false, fixed ?? "")
        // A finding at a property: the line above that property.
        let property = applying("Suppress TDL301 on this line", actions(Self.documents[2], at: "90, 90"))
        XCTAssertTrue(property?.contains("    text: \"Hi\"\n    // tdl-ignore TDL301\n    at: 90, 90\n") ?? false, property ?? "")
        let file = applying("Suppress TDL301 for this file", actions(Self.documents[2], at: "90, 90"))
        XCTAssertTrue(file?.hasPrefix("// tdl-ignore-file TDL301\nimport") ?? false, "no format line: at the top")
    }

    func testSuppressionJoinsAnExistingComment() {
        let document = Self.documents[3]
        let line = applying("Suppress TDL303 on this line", actions(document, at: "image a"))
        XCTAssertTrue(line?.contains("  // tdl-ignore TDL301, TDL303\n  image a {") ?? false, line ?? "")
        let file = applying("Suppress TDL303 for this file", actions(document, at: "image a"))
        XCTAssertTrue(file?.hasPrefix("format 1\n// tdl-ignore-file TDL304, TDL303\n") ?? false, file ?? "")
        // After the format line when there is no file comment yet.
        let bare = "format 1\n\ntemplate t {\n  size: 10 x 10\n  text a { text: \"Hi\"; at: 9, 9; size: 5 x 5 }\n}\n"
        let added = applying("Suppress TDL301 for this file", actions(bare, at: "9, 9"))
        XCTAssertTrue(added?.hasPrefix("format 1\n// tdl-ignore-file TDL301\n\ntemplate") ?? false, added ?? "")
    }

    func testSyntaxErrorsGetNoSuppression() {
        let result = actions("format 1\ntemplate t {\n  size: 10 x 10\n  at 1, 2\n}\n", at: "at 1")
        XCTAssertFalse(result.actions.contains { $0.title.hasPrefix("Suppress") }, "\(result.actions.map(\.title))")
    }
}
