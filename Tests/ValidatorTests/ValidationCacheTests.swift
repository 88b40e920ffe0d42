import XCTest
import TemplateFormat
@testable import Validator
import TestSupport

/// Revalidating with a cache must give exactly what validating from scratch gives.
final class ValidationCacheTests: XCTestCase {
    static let document = #"""
    format 1

    style heading {
      font: "Inter" bold
      font-size: 24
      color: #777777
    }

    template first "First" {
      size: 400 x 300
      params {
        name: "friend"
        unused: 1
      }
      text title {
        style: heading
        text: "Hello, {{name}} and {{nobody}}"
        at: 10, 10
        size: 300 x 40
      }
      image hero {
        src: "hero.png"
        at: 380, 280
        size: 100 x 100
      }
    }

    style muted {
      style: heading
      color: #EEEEEE
      font-sise: 12
      fit: cover
    }

    annotations notes "Notes" {
      size: 800 x 600
      rect box { at: 10, 10; size: 100 x 50 }
      arrow pointer { from: box; to: nowhere }
      label tip { text: "Look"; at: 900, 10 }
    }

    template second {
      size: 200 x 200
      text a { style: muted; text: ""; at: 0, 0; size: 0 x 10 }
      text a { text: "again"; colour: red }
      group g {
        at: 10, 10
        padding: 8
        button go { label: "Go"; action: "javascript:alert(1)"; at: 150, 150; size: 80 x 40 }
      }
    }

    """#

    func testAnUnchangedDocumentIsReusedWhole() {
        let cache = ValidationCache()
        let tree = SyntaxTree.parse(Self.document)
        let first = Validator.validate(tree, cache: cache)
        XCTAssertEqual(cache.lastChecked, 3)
        XCTAssertEqual(cache.lastReused, 0)
        let second = Validator.validate(SyntaxTree.parse(Self.document), cache: cache)
        XCTAssertEqual(cache.lastReused, 3)
        XCTAssertEqual(cache.lastChecked, 0)
        XCTAssertEqual(first, second)
        XCTAssertFalse(first.isEmpty)
    }

    func testAnEditInOneTemplateRechecksOnlyThatTemplate() {
        let cache = ValidationCache()
        _ = Validator.validate(SyntaxTree.parse(Self.document), cache: cache)
        // Lengthen a line in the last template: the earlier sets keep their offsets.
        let edited = Self.document.replacingOccurrences(of: "label: \"Go\"", with: "label: \"Go now\"")
        let cached = Validator.validate(SyntaxTree.parse(edited), cache: cache)
        XCTAssertEqual(cache.lastChecked, 1)
        XCTAssertEqual(cache.lastReused, 2)
        XCTAssertEqual(cached, Validator.validate(SyntaxTree.parse(edited)))
        // An edit above every set moves them all: reused, shifted.
        let shifted = "// a comment\n" + edited
        let moved = Validator.validate(SyntaxTree.parse(shifted), cache: cache)
        XCTAssertEqual(moved, Validator.validate(SyntaxTree.parse(shifted)))
    }

    func testASetThatPointsIntoAMovedStyleFollowsTheStyle() {
        // `second` uses `muted`, which sits between the sets; lengthening `first` moves both,
        // and the reused warning's related location must point into `muted` where it is now.
        let cache = ValidationCache()
        _ = Validator.validate(SyntaxTree.parse(Self.document), cache: cache)
        let edited = Self.document.replacingOccurrences(of: "size: 300 x 40\n", with: "size: 300 x 400\n")
        XCTAssertNotEqual(edited, Self.document)
        let cached = Validator.validate(SyntaxTree.parse(edited), cache: cache)
        XCTAssertEqual(cache.lastReused, 2)
        let fresh = Validator.validate(SyntaxTree.parse(edited))
        XCTAssertEqual(cached, fresh)
        XCTAssertTrue(fresh.contains { $0.code == "TDL120" && !$0.related.isEmpty })
    }

    func testChangingAStyleRechecksEverySet() {
        let cache = ValidationCache()
        _ = Validator.validate(SyntaxTree.parse(Self.document), cache: cache)
        let edited = Self.document.replacingOccurrences(of: "color: #777777", with: "color: #000000")
        let cached = Validator.validate(SyntaxTree.parse(edited), cache: cache)
        XCTAssertEqual(cache.lastReused, 0)
        XCTAssertEqual(cached, Validator.validate(SyntaxTree.parse(edited)))
    }

    /// Random line edits, one after another as in an editor: the cached result always equals
    /// a fresh validation.
    func testRandomEditSequencesMatchAFreshValidation() {
        var generator = SeededRandom(seed: 108)
        let snippets = ["  color: #FFFFFF", "  at: 999, 999", "  text z { text: \"{{name}}\" }", "}", "style extra { color: red }",
                        "  size: 0 x 0", "  bogus: 1", "", "template late { size: 10 x 10 }", "  style: muted"]
        for _ in 0..<40 {
            let cache = ValidationCache()
            var lines = Self.document.components(separatedBy: "\n")
            for _ in 0..<15 {
                let at = Int.random(in: 0..<max(1, lines.count), using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0 where !lines.isEmpty: lines.remove(at: at)
                case 1: lines.insert(snippets.randomElement(using: &generator) ?? "", at: min(at, lines.count))
                default: if at < lines.count { lines[at] += " " }
                }
                let text = lines.joined(separator: "\n")
                let cached = Validator.validate(SyntaxTree.parse(text), cache: cache)
                let fresh = Validator.validate(SyntaxTree.parse(text))
                XCTAssertEqual(cached, fresh, "after editing to:\n\(text)")
                if cached != fresh { return }
            }
        }
    }

    /// Keystrokes told to the cache (`tracksEdits`): sets the edit did not touch are found by
    /// their place instead of their bytes, and the result still equals a fresh validation.
    /// Sometimes two edits come between validations, or the whole text is replaced: then
    /// nothing is found by place.
    func testTrackedKeystrokesMatchAFreshValidation() {
        var generator = SeededRandom(seed: 114)
        let snippets = ["x", " ", "\n", "}", "{", "  color: #FFFFFF\n", "template late { size: 10 x 10 }\n", "style: muted", "\"", "9"]
        var inPlace = 0, validations = 0
        for _ in 0..<30 {
            let cache = ValidationCache(tracksEdits: true)
            var bytes = Array((Self.document + "\n" + Self.document.replacingOccurrences(of: "format 1\n", with: "")).utf8)
            _ = Validator.validate(SyntaxTree.parse(bytes), cache: cache)
            for _ in 0..<25 {
                let roll = Int.random(in: 0..<10, using: &generator)
                if roll == 0 {
                    bytes = Array((Self.document + "// new text\n").utf8)
                    cache.noteNewText()
                } else {
                    for _ in 0..<(roll == 1 ? 2 : 1) {
                        let start = Int.random(in: 0...bytes.count, using: &generator)
                        let length = Bool.random(using: &generator) ? 0 : Int.random(in: 0...min(4, bytes.count - start), using: &generator)
                        let inserted = length > 0 && Bool.random(using: &generator) ? [] : Array((snippets.randomElement(using: &generator) ?? "x").utf8)
                        bytes.replaceSubrange(start..<start + length, with: inserted)
                        cache.noteEdit(ValidationCache.Edit(replaced: ByteRange(start: start, end: start + length), insertedCount: inserted.count))
                    }
                }
                let cached = Validator.validate(SyntaxTree.parse(bytes), cache: cache)
                let fresh = Validator.validate(SyntaxTree.parse(bytes))
                validations += 1
                inPlace += cache.lastReusedInPlace
                if roll <= 1 { XCTAssertEqual(cache.lastReusedInPlace, 0, "nothing is known of two edits or a new text") }
                XCTAssertEqual(cached, fresh, "after editing to:\n\(String(decoding: bytes, as: UTF8.self))")
                if cached != fresh { return }
            }
        }
        print("ValidationCacheTests: \(inPlace) sets found by place in \(validations) validations (seed 114)")
        XCTAssertGreaterThan(inPlace, validations, "sets are found by place")
    }

    /// A fix inserts a missing property indented like the set's header line, and that
    /// indentation lies before the set's own text: indenting the header must not reuse the
    /// fix made for the old indentation. (Found by the server's random-keystroke test.)
    func testIndentingAHeaderLineIsNotServedFromTheCache() {
        let before = Array("format 1\n\nannotations notes {\n  size: 800 x 600\n}\n".utf8)
        let after = Array("format 1\n\n annotations notes {\n  size: 800 x 600\n}\n".utf8)
        let cache = ValidationCache()
        _ = Validator.validate(SyntaxTree.parse(before), cache: cache)
        let cached = Validator.validate(SyntaxTree.parse(after), cache: cache)
        let fresh = Validator.validate(SyntaxTree.parse(after))
        XCTAssertEqual(cached, fresh)
        let insertion = fresh.first { $0.code == "TDL105" }?.fixes.first?.edits.first?.newText
        XCTAssertEqual(insertion, "   image: \"assets/image.png\"\n")
    }

    /// A set that does not begin its line is checked again every time, and still agrees.
    func testASetAfterOtherTextOnItsLineAgrees() {
        let cache = ValidationCache()
        for text in ["format 1\nstyle s { color: red } template t { size: 10 x 10 }\n",
                     "format 1\nstyle s { color: red }  template t { size: 10 x 10 }\n"] {
            let tree = SyntaxTree.parse(Array(text.utf8))
            XCTAssertEqual(Validator.validate(tree, cache: cache), Validator.validate(tree))
        }
    }
}
