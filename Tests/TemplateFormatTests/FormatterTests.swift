// The canonical formatter on small inputs, with the exact expected output.

import XCTest
@testable import TemplateFormat
import TestSupport

final class FormatterTests: XCTestCase {
    /// Asserts the formatted text, and that formatting it again changes nothing.
    func assertFormats(_ input: String, _ expected: String, options: FormatOptions = FormatOptions(),
                       file: StaticString = #filePath, line: UInt = #line) {
        guard let out = formattedString(input, options: options) else {
            let d = SyntaxTree.parse(input).diagnostics.map { "\($0.code) \($0.message)" }
            return XCTFail("refused: \(d)", file: file, line: line)
        }
        XCTAssertEqual(out, expected, file: file, line: line)
        XCTAssertEqual(formattedString(out, options: options), out, "not idempotent", file: file, line: line)
    }

    // MARK: Layout

    func testSemicolonSeparatedOneLineBlockIsExpanded() {
        assertFormats("template t { a: 1; b: 2 }\n", "template t {\n  a: 1\n  b: 2\n}\n")
        assertFormats("template t { a: 1; b: 2; }", "template t {\n  a: 1\n  b: 2\n}\n")
        assertFormats("""
            annotations home {
              number first { value: 1; at: 420, 880 }
              label hint { text: "Tap here first"; at: 60, 340; font-size: 32 }
            }
            """, """
            annotations home {
              number first {
                value: 1
                at: 420, 880
              }
              label hint {
                text: "Tap here first"
                at: 60, 340
                font-size: 32
              }
            }

            """)
    }

    func testPropertiesOnOneLineAreSplit() {
        assertFormats("s a {\n  x: 1;y: 2 ;  z: 3\n}\n", "s a {\n  x: 1\n  y: 2\n  z: 3\n}\n")
        // Empty `;` members are dropped too.
        assertFormats("s a { ; x: 1;; ; y: 2; ; } // c\n", "s a {\n  x: 1\n  y: 2\n} // c\n")
        assertFormats("s a {\n  ;\n}\ns b { ; }\n", "s a {}\ns b {}\n")
        assertFormats("s a {\n  x: 1;; // c\n}\n", "s a {\n  x: 1 // c\n}\n")
    }

    func testPropertySpacing() {
        assertFormats("s a {\nkey :value\n   other:\t\"v\"  \n}\n", "s a {\n  key: value\n  other: \"v\"\n}\n")
    }

    func testTwoNumbersAreAPoint() {
        assertFormats("s a {\n  at: 24 64\n}\n", "s a {\n  at: 24, 64\n}\n")
        assertFormats("s a {\n  at: 24,64\n}\n", "s a {\n  at: 24, 64\n}\n")
        assertFormats("s a {\n  at: 24  ,   64\n}\n", "s a {\n  at: 24, 64\n}\n")
        assertFormats("s a {\n  at: -1.5px 2 3%\n}\n", "s a {\n  at: -1.5px, 2, 3%\n}\n")
    }

    func testSizeIsWrittenWithSpacesAroundX() {
        assertFormats("s a {\n  size: 327  x 180\n}\n", "s a {\n  size: 327 x 180\n}\n")
        assertFormats("s a {\n  size: 327 x\t\t180\n}\n", "s a {\n  size: 327 x 180\n}\n")
        // Rule 1 applies "whatever commas the source had there".
        assertFormats("s a {\n  size: 327, x, 180\n}\n", "s a {\n  size: 327 x 180\n}\n")
        assertFormats("s a {\n  size: 327,x 180\n}\n", "s a {\n  size: 327 x 180\n}\n")
        assertFormats("s a {\n  size: 327 x, 180\n}\n", "s a {\n  size: 327 x 180\n}\n")
        // `x` that is not between two numbers is an ordinary identifier.
        assertFormats("s a {\n  v: 327 x\n}\n", "s a {\n  v: 327 x\n}\n")
        assertFormats("s a {\n  v: x, 180\n}\n", "s a {\n  v: x, 180\n}\n")
        assertFormats("s a {\n  v: \"w\" x 180\n}\n", "s a {\n  v: \"w\" x 180\n}\n")
        assertFormats("s a {\n  v: 1 X 2\n}\n", "s a {\n  v: 1 X 2\n}\n")
    }

    func testOtherAtomsAreSeparatedBySpaceUnlessTheSourceHadAComma() {
        assertFormats("s a {\n  font: \"Inter\"   bold\n}\n", "s a {\n  font: \"Inter\" bold\n}\n")
        assertFormats("s a {\n  font: \"Inter\",bold\n}\n", "s a {\n  font: \"Inter\", bold\n}\n")
        assertFormats("s a {\n  v: 1 bold #fff \"s\"\n}\n", "s a {\n  v: 1 bold #FFF \"s\"\n}\n")
        assertFormats("s a {\n  from: 400 , 900\n  to: target\n}\n", "s a {\n  from: 400, 900\n  to: target\n}\n")
    }

    func testHexColoursAreUpperCasedAndNothingElseChanges() {
        assertFormats("s a {\n  color: #1e1e1e\n  fill: #0060df80 #abc #aBcD\n}\n",
                      "s a {\n  color: #1E1E1E\n  fill: #0060DF80 #ABC #ABCD\n}\n")
        // Identifiers, numbers and strings (escapes included) are kept as written.
        assertFormats("s a {\n  v: White 1.50 \"#abc \\u{2014} \\{{x}}\" 010px\n}\n",
                      "s a {\n  v: White 1.50 \"#abc \\u{2014} \\{{x}}\" 010px\n}\n")
    }

    func testHeaderIsSingleSpaced() {
        assertFormats("template   welcome    \"Welcome card\"{\n  size: 1 x 2\n}\n",
                      "template welcome \"Welcome card\" {\n  size: 1 x 2\n}\n")
        assertFormats("text\t\"Only a title\"  {\n  text: \"t\"\n}\n", "text \"Only a title\" {\n  text: \"t\"\n}\n")
        assertFormats("group{\n  a: 1\n}\n", "group {\n  a: 1\n}\n")
    }

    func testEmptyBlocks() {
        assertFormats("style a {\n\n}\n", "style a {}\n")
        assertFormats("style a { }", "style a {}\n")
        assertFormats("style a {}\nstyle b    {    }\n", "style a {}\nstyle b {}\n")
        assertFormats("template t {\n  group g {\n  }\n}\n", "template t {\n  group g {}\n}\n")
        // A comment makes a block non-empty.
        assertFormats("style a { /* keep */ }\n", "style a { /* keep */\n}\n")
    }

    func testIndentationIsTwoSpacesPerLevel() {
        assertFormats("template t {\ngroup g {\n\t\t\t\tbutton b {\nlabel: \"x\"\n}\n}\n}\n",
                      "template t {\n  group g {\n    button b {\n      label: \"x\"\n    }\n  }\n}\n")
    }

    func testBlankLines() {
        // A run of blank lines becomes one; none after `{`, before `}` or at the start.
        assertFormats("\n\n\nformat 1\n\n\n\nstyle a {\n\n\n  x: 1\n\n\n\n  y: 2\n\n\n}\n\n\n",
                      "format 1\n\nstyle a {\n  x: 1\n\n  y: 2\n}\n")
        // The formatter never adds one.
        assertFormats("format 1\nstyle a {\n  x: 1\n}\nstyle b {\n  y: 2\n}\n",
                      "format 1\nstyle a {\n  x: 1\n}\nstyle b {\n  y: 2\n}\n")
        // Lines holding only blanks are blank lines.
        assertFormats("style a {\n  x: 1\n   \t\n  \n  y: 2\n}\n", "style a {\n  x: 1\n\n  y: 2\n}\n")
    }

    func testDirectives() {
        assertFormats("format    1\nimport\t\"a.tdl\"\n", "format 1\nimport \"a.tdl\"\n")
        assertFormats("format 1 // the version\n", "format 1 // the version\n")
        assertFormats("format 1 /* v */;\n", "format 1 /* v */\n")
    }

    // MARK: Comments

    func testLeadingCommentsAreReindented() {
        assertFormats("style a {\n        // about x\n  x: 1\n// about y\n\t\t\ty: 2\n}\n",
                      "style a {\n  // about x\n  x: 1\n  // about y\n  y: 2\n}\n")
    }

    func testTrailingCommentsKeepOneSpace() {
        assertFormats("style a {\n  x: 1// tight\n  y: 2      // loose   \n  z: 3\t/* block */\n}\n",
                      "style a {\n  x: 1 // tight\n  y: 2 // loose\n  z: 3 /* block */\n}\n")
        assertFormats("style a { // after the brace\n  x: 1\n} // after the block\n",
                      "style a { // after the brace\n  x: 1\n} // after the block\n")
    }

    func testDanglingCommentBeforeCloseBrace() {
        assertFormats("style a {\n  x: 1\n\n\n      // the end\n}\n", "style a {\n  x: 1\n\n  // the end\n}\n")
        assertFormats("style a {\n// only a comment\n}\n", "style a {\n  // only a comment\n}\n")
    }

    func testDocComments() {
        assertFormats("/// A style.\n/// Second line.\n  style a {\n    /// The x.\n  x: 1\n}\n",
                      "/// A style.\n/// Second line.\nstyle a {\n  /// The x.\n  x: 1\n}\n")
        let tree = SyntaxTree.parse("/// doc\n//// not doc\n// plain\n")
        XCTAssertEqual(tree.tokens.filter(\.kind.isComment).map(\.kind), [.docComment, .lineComment, .lineComment])
    }

    func testMultiLineBlockCommentContinuationIsVerbatim() {
        let input = "style a {\n      /* first line\n   *  second,   odd   spacing\n        last */\n  x: 1\n}\n"
        let expected = "style a {\n  /* first line\n   *  second,   odd   spacing\n        last */\n  x: 1\n}\n"
        assertFormats(input, expected)
        // Except that no output line ends in blanks, inside a comment either.
        assertFormats("/* one  \t\r\n   two \r\n*/\r\n", "/* one\r\n   two\r\n*/\r\n")
        // A `"""` string is a value: its lines are kept with their blanks.
        assertFormats("s a {\n  t: \"\"\"\n  x  \n  \"\"\"\n}\n", "s a {\n  t: \"\"\"\n  x  \n  \"\"\"\n}\n")
    }

    func testMultiLineStringContinuationIsVerbatim() {
        let input = "template t {\n    text: \"\"\"\n      1. Pick\n        2. Drag\n      \"\"\"\n}\n"
        let expected = "template t {\n  text: \"\"\"\n      1. Pick\n        2. Drag\n      \"\"\"\n}\n"
        assertFormats(input, expected)
        // The string token is unchanged, so is its value.
        let before = SyntaxTree.parse(input).document.blocks.first?.property("text")?.atoms.first
        let after = SyntaxTree.parse(formattedString(input) ?? "").document.blocks.first?.property("text")?.atoms.first
        XCTAssertEqual(after?.text, "\"\"\"\n      1. Pick\n        2. Drag\n      \"\"\"")
        XCTAssertEqual(after?.stringValue, before?.stringValue)
    }

    func testCommentsInsideValuesAndHeaders() {
        assertFormats("s a {\n  at: 24 /* x */ 64\n}\n", "s a {\n  at: 24 /* x */, 64\n}\n")
        assertFormats("s a {\n  at: /* c */ 24\n}\n", "s a {\n  at: /* c */ 24\n}\n")
        assertFormats("text /* the hero */ hero {\n  a: 1\n}\n", "text /* the hero */ hero {\n  a: 1\n}\n")
        assertFormats("s a {\n  k /* c */ : 1\n}\n", "s a {\n  k /* c */: 1\n}\n")
    }

    func testCommentsBetweenTopLevelBlocks() {
        assertFormats("// File header.\nformat 1\n\n\n// Styles.\nstyle a {}\n// Last.\n",
                      "// File header.\nformat 1\n\n// Styles.\nstyle a {}\n// Last.\n")
    }

    // MARK: Line endings, indentation, final newline

    func testCRLFIsPreserved() {
        assertFormats("style a {\r\n  x:  1\r\n\r\n\r\n  y: 2\r\n}\r\n", "style a {\r\n  x: 1\r\n\r\n  y: 2\r\n}\r\n")
        assertFormats("style a { x: 1; y: 2 }\r\n", "style a {\r\n  x: 1\r\n  y: 2\r\n}\r\n")
    }

    func testLoneCRFileKeepsCR() {
        assertFormats("style a {\r  x: 1\r}\r", "style a {\r  x: 1\r}\r")
    }

    func testMixedLineEndingsUseTheMajority() {
        // Two CRLF, one LF: CRLF.
        assertFormats("style a {\r\n  x: 1\r\n}\n", "style a {\r\n  x: 1\r\n}\r\n")
        // Two LF, one CRLF: LF.
        assertFormats("style a {\n  x: 1\r\n}\n", "style a {\n  x: 1\n}\n")
        // A tie is LF.
        assertFormats("style a {\r\n  x: 1\n}", "style a {\n  x: 1\n}\n")
        // No line break at all is LF.
        assertFormats("style a { x: 1 }", "style a {\n  x: 1\n}\n")
        XCTAssertEqual(LineEnding.majority(in: SyntaxTree.parse("a\r\nb\r\nc\n")), .crlf)
        XCTAssertEqual(LineEnding.majority(in: SyntaxTree.parse("a\r\nb\nc\n")), .lf)
        XCTAssertEqual(LineEnding.majority(in: SyntaxTree.parse("")), .lf)
        // Line breaks inside strings and comments are not counted.
        XCTAssertEqual(LineEnding.majority(in: SyntaxTree.parse("/* a\r\nb\r\nc */\n")), .lf)
    }

    func testExplicitLineEndingOverridesTheFile() {
        assertFormats("style a {\r\n  x: 1\r\n}\r\n", "style a {\n  x: 1\n}\n", options: FormatOptions(lineEnding: .lf))
        assertFormats("style a {\n  x: 1\n}\n", "style a {\r\n  x: 1\r\n}\r\n", options: FormatOptions(lineEnding: .crlf))
    }

    func testTabsAndIndentSize() {
        let input = "template t {\n  group g {\n    a: 1\n  }\n}\n"
        assertFormats(input, "template t {\n\tgroup g {\n\t\ta: 1\n\t}\n}\n", options: FormatOptions(indent: .tabs))
        assertFormats(input, "template t {\n    group g {\n        a: 1\n    }\n}\n", options: FormatOptions(indent: .spaces(4)))
        assertFormats(input, "template t {\n group g {\n  a: 1\n }\n}\n", options: FormatOptions(indent: .spaces(1)))
    }

    func testInsertFinalNewlineFalse() {
        let options = FormatOptions(insertFinalNewline: false)
        assertFormats("style a {\n  x: 1\n}\n\n\n", "style a {\n  x: 1\n}", options: options)
        assertFormats("style a {}", "style a {}", options: options)
        assertFormats("// only\n", "// only", options: options)
    }

    func testExactlyOneFinalLineBreak() {
        assertFormats("style a {}", "style a {}\n")
        assertFormats("style a {}\n\n\n\n", "style a {}\n")
        assertFormats("", "")
        assertFormats("\n\n  \n", "")
    }

    func testByteOrderMarkIsKept() {
        assertFormats("\u{FEFF}style a { x: 1 }\n", "\u{FEFF}style a {\n  x: 1\n}\n")
        assertFormats("\u{FEFF}\n\n// c\nstyle a {}\n", "\u{FEFF}// c\nstyle a {}\n")
        assertFormats("\u{FEFF}", "\u{FEFF}")
    }

    // MARK: Regions kept as written

    func testFormatOffRegionIsKeptExactly() {
        let input = """
            style a {
                x:    1
              // tdl-fmt: off
              matrix:  1  0  0
                m2:  0  1  0   ;  y:2  \t
              group g { k:1 }
              // tdl-fmt: on
                z:    3
            }

            """
        let expected = """
            style a {
              x: 1
              // tdl-fmt: off
              matrix:  1  0  0
                m2:  0  1  0   ;  y:2  \t
              group g { k:1 }
              // tdl-fmt: on
              z: 3
            }

            """
        assertFormats(input, expected)
        // The marker comments may be indented anyhow; `on` is re-indented like any comment.
        assertFormats("style a {\n// tdl-fmt: off\nx:1\n        //   tdl-fmt: on  \ny:2\n}\n",
                      "style a {\n  // tdl-fmt: off\nx:1\n  //   tdl-fmt: on\n  y: 2\n}\n")
    }

    func testFormatOffWithoutOnKeepsTheRestOfTheBlock() {
        assertFormats("template t {\n  a:   1\n  // tdl-fmt: off\n  b:   2\n    c:3;d:4\n}\nstyle s {  e:   5 }\n",
                      "template t {\n  a: 1\n  // tdl-fmt: off\n  b:   2\n    c:3;d:4\n}\nstyle s {\n  e: 5\n}\n")
    }

    func testFormatOffAtTopLevel() {
        assertFormats("// tdl-fmt: off\nstyle  a {x:1}\n   style b   {}\n// tdl-fmt: on\nstyle  c {x:1}\n",
                      "// tdl-fmt: off\nstyle  a {x:1}\n   style b   {}\n// tdl-fmt: on\nstyle c {\n  x: 1\n}\n")
    }

    func testTrailingFormatOffCommentIsNotADirective() {
        assertFormats("style a {\n  x:   1 // tdl-fmt: off\n  y:   2\n}\n", "style a {\n  x: 1 // tdl-fmt: off\n  y: 2\n}\n")
    }

    func testFormatOffRegionTakesTheOutputLineEnding() {
        // A region written with CRLF in an LF file: the lines are kept, their breaks are the
        // file's. Otherwise the majority could change between runs and formatting would not
        // be idempotent.
        let input = "style a {\n  x: 1" + String(repeating: "\n", count: 12) + "  // tdl-fmt: off\r\n"
            + String(repeating: "  y:  1\r\n", count: 10) + "  // tdl-fmt: on\n}\n"
        let expected = "style a {\n  x: 1\n\n  // tdl-fmt: off\n" + String(repeating: "  y:  1\n", count: 10) + "  // tdl-fmt: on\n}\n"
        assertFormats(input, expected)
        // A lone-CR file whose region starts with a blank LF line: the blank line survives
        // (written `\r` then `\n`, it would have become one CRLF break).
        assertFormats("style a {\r  x: 1\r\r\r\r\r  // tdl-fmt: off\n\n  y:  1\n  y: 1\n  // tdl-fmt: on\r}\r",
                      "style a {\r  x: 1\r\r  // tdl-fmt: off\r\r  y:  1\r  y: 1\r  // tdl-fmt: on\r}\r")
    }

    func testFormatRangeKeepsTopLevelFormatOffRegions() {
        let input = "// tdl-fmt: off\nstyle  a {x:1}\n// tdl-fmt: on\nstyle  b {y:2}\n"
        let tree = SyntaxTree.parse(input)
        XCTAssertEqual(Formatter.formatRange(tree, range: ByteRange(start: 0, end: input.utf8.count)),
                       [TextEdit(range: range(of: "style  b {y:2}", in: input), newText: "style b {\n  y: 2\n}")])
        let inA = offset(of: "x:1", in: input)
        XCTAssertEqual(Formatter.formatRange(tree, range: ByteRange(start: inA, end: inA)), [])
        // Whole-file formatting agrees.
        XCTAssertEqual(formattedString(input), "// tdl-fmt: off\nstyle  a {x:1}\n// tdl-fmt: on\nstyle b {\n  y: 2\n}\n")
        // A trailing marker is no marker.
        let trailing = "style  a {x:1} // tdl-fmt: off\nstyle  b {y:2}\n"
        XCTAssertEqual(Formatter.formatRange(SyntaxTree.parse(trailing), range: ByteRange(start: 0, end: 40))?.count, 2)
    }

    // MARK: Refusal

    /// Structural errors only: errors inside a value or line are formatted around (see
    /// FormatWithErrorsTests).
    func testRefusesFilesWithStructuralErrors() {
        for input in ["style a {\n", "}\n", "style a {\n  x: \"open\n}\n", "style a {\n  x: 1 /* open\n}\n", "style a {\n  x: 1\n  size: 327x180\n"] {
            let tree = SyntaxTree.parse(input)
            guard case .refused(let diagnostics) = Formatter.format(tree) else {
                XCTFail("formatted a file with errors: \(input.debugDescription)")
                continue
            }
            XCTAssertFalse(diagnostics.isEmpty)
            XCTAssertEqual(diagnostics, tree.diagnostics.filter { SyntaxCode(rawValue: $0.code)?.isStructural == true })
            XCTAssertNil(Formatter.formatRange(tree, range: ByteRange(start: 0, end: 1)), input.debugDescription)
        }
    }

    // MARK: Range formatting

    func testFormatRangeOnlyTouchesTheIntersectingTopLevelBlock() {
        let input = "format   1\nstyle a {  x:   1 }\n\n\nstyle b {  y:   2 }\nstyle c {  z:   3 }\n"
        let tree = SyntaxTree.parse(input)
        let inB = offset(of: "y:", in: input)
        guard let edits = Formatter.formatRange(tree, range: ByteRange(start: inB, end: inB + 1)) else {
            return XCTFail("refused")
        }
        XCTAssertEqual(edits, [TextEdit(range: range(of: "style b {  y:   2 }", in: input), newText: "style b {\n  y: 2\n}")])
        XCTAssertEqual(string(applying(edits, to: bytes(input))),
                       "format   1\nstyle a {  x:   1 }\n\n\nstyle b {\n  y: 2\n}\nstyle c {  z:   3 }\n")

        // An empty range (a cursor) inside a block selects it too.
        XCTAssertEqual(Formatter.formatRange(tree, range: ByteRange(start: inB, end: inB))?.count, 1)

        // A range over two blocks gives one edit per block; a directive is a member too.
        let both = Formatter.formatRange(tree, range: ByteRange(start: 0, end: offset(of: "style b", in: input) + 1)) ?? []
        XCTAssertEqual(both.map(\.newText), ["format 1", "style a {\n  x: 1\n}", "style b {\n  y: 2\n}"])

        // A range touching nothing but blank lines changes nothing.
        let blank = offset(of: "\n\n\n", in: input) + 2
        XCTAssertEqual(Formatter.formatRange(tree, range: ByteRange(start: blank, end: blank)), [])

        // An already canonical block needs no edit.
        let canonical = SyntaxTree.parse("style a {\n  x: 1\n}\nstyle b { y:2 }\n")
        XCTAssertEqual(Formatter.formatRange(canonical, range: ByteRange(start: 3, end: 4)), [])
    }

    func testFormatRangeKeepsTheFileLineEndingAndIndentOption() {
        let input = "style a {\r\n  x: 1\r\n}\r\ntemplate t { group g { k: 1 } }\r\n"
        let tree = SyntaxTree.parse(input)
        let at = offset(of: "group", in: input)
        let edits = Formatter.formatRange(tree, range: ByteRange(start: at, end: at), options: FormatOptions(indent: .tabs)) ?? []
        XCTAssertEqual(edits.map(\.newText), ["template t {\r\n\tgroup g {\r\n\t\tk: 1\r\n\t}\r\n}"])
        XCTAssertEqual(edits.first?.range, range(of: "template t { group g { k: 1 } }", in: input))
    }
}
