// The recovering parser: exact diagnostic codes and ranges, fixes, and what still parses
// after each kind of mistake.

import XCTest
@testable import TemplateFormat
import TestSupport

final class ParserRecoveryTests: XCTestCase {
    /// Parses, checks the lossless round trip and invariants, and returns the tree.
    func parse(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> SyntaxTree {
        let (problem, tree) = losslessProblem(bytes(text))
        XCTAssertNil(problem, file: file, line: line)
        return tree
    }

    func parse(bytes input: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> SyntaxTree {
        let (problem, tree) = losslessProblem(input)
        XCTAssertNil(problem, file: file, line: line)
        return tree
    }

    func describe(_ tree: SyntaxTree) -> [String] { tree.diagnostics.map { "\($0.code)@\($0.range)" } }

    // MARK: Missing and stray braces

    func testMissingCloseBraceInTheMiddleDoesNotSwallowTheNextTemplate() {
        let text = """
            format 1

            template first {
              text a {
                text: "x"
              image b {
                src: "p.png"
              }
            }

            template second "Second" {
              size: 1 x 2
            }

            """
        let tree = parse(text)
        XCTAssertEqual(describe(tree), ["TDL009@\(range(of: "text a {", in: text))"])
        XCTAssertEqual(tree.diagnostics.first?.message, "missing `}` to close `text a`")
        let blocks = tree.document.blocks
        XCTAssertEqual(blocks.map(\.name), ["first", "second"])
        XCTAssertEqual(blocks.map(\.kind), ["template", "template"])
        XCTAssertEqual(blocks.last?.title, "Second")
        XCTAssertEqual(blocks.last?.properties.map(\.key), ["size"])
        XCTAssertNil(blocks.last?.parentBlock)
        XCTAssertEqual(blocks.first?.blocks.map(\.name), ["a", "b"])
        XCTAssertNil(blocks.first?.blocks.first?.closeBrace, "`text a` has no `}`")
        XCTAssertNotNil(blocks.first?.blocks.last?.closeBrace)
        XCTAssertEqual(tree.document.directives.map(\.keyword), ["format"])
    }

    func testMissingCloseBraceBeforeTheNextTopLevelBlock() {
        let text = "template first {\n  text a {\n    text: \"x\"\n  }\n\ntemplate second {\n  size: 1 x 2\n}\n"
        let tree = parse(text)
        XCTAssertEqual(describe(tree), ["TDL009@\(range(of: "template first {", in: text))"])
        XCTAssertEqual(tree.document.blocks.map(\.name), ["first", "second"])
        XCTAssertEqual(tree.document.blocks.last?.properties.map(\.key), ["size"])
    }

    func testBlockOpenAtEndOfFile() {
        let text = "style a {\n  x: 1\n"
        let tree = parse(text)
        XCTAssertEqual(describe(tree), ["TDL009@\(range(of: "style a {", in: text))"])
        XCTAssertEqual(tree.document.blocks.first?.properties.map(\.key), ["x"])
    }

    func testStrayCloseBraceAtTopLevel() {
        let text = "style a {\n  x: 1\n}\n}\nstyle b {\n  y: 2\n}\n"
        let tree = parse(text)
        let stray = offset(of: "}\n}", in: text) + 2
        XCTAssertEqual(describe(tree), ["TDL010@\(ByteRange(start: stray, end: stray + 1))"])
        XCTAssertEqual(tree.document.blocks.map(\.name), ["a", "b"])
        XCTAssertEqual(tree.document.members.count, 3)
        if case .error(let node) = tree.document.members[1] {
            XCTAssertEqual(node.text, "}")
        } else {
            XCTFail("the stray brace is an error node")
        }
    }

    func testBodyWithoutHeader() {
        let text = "{\n  x: 1\n}\nstyle b {}\n"
        let tree = parse(text)
        // A `{` with no header before it opens a body without a header.
        XCTAssertEqual(describe(tree), ["TDL012@\(range(of: "{", in: text))"])
        // The body is still paired, so `style b` is a top-level block.
        XCTAssertEqual(tree.document.blocks.map(\.kind), ["", "style"])
        XCTAssertEqual(tree.document.blocks.first?.properties.map(\.key), ["x"])
        XCTAssertEqual(tree.document.blocks.first?.headerRange, range(of: "{", in: text))
        XCTAssertEqual(tree.document.blocks.last?.name, "b")
    }

    func testHeaderWithItsBraceOnTheNextLine() {
        let text = "style a\n{\n  x: 1\n}\nstyle b {}\n"
        let tree = parse(text)
        // `style a` then `{` on the next line is the block it was meant to be, reported
        // at its header (with a fix that joins the lines).
        XCTAssertEqual(describe(tree), ["TDL012@\(range(of: "style a", in: text))"])
        XCTAssertEqual(tree.document.blocks.map(\.kind), ["style", "style"])
        XCTAssertEqual(tree.document.blocks.first?.properties.map(\.key), ["x"])
        XCTAssertEqual(tree.document.blocks.last?.name, "b")
    }

    // MARK: Properties

    func testMissingColonHasAFixThatInsertsIt() {
        let text = "style a {\n  font \"Inter\" bold\n  size: 1\n}\n"
        let tree = parse(text)
        let key = range(of: "font", in: text)
        XCTAssertEqual(describe(tree), ["TDL011@\(key)"])
        let d = tree.diagnostics[0]
        XCTAssertEqual(d.fixes.count, 1)
        XCTAssertEqual(d.fixes.first?.edits, [TextEdit(range: ByteRange(start: key.end, end: key.end), newText: ":")])
        let property = tree.document.blocks.first?.properties.first
        XCTAssertEqual(property?.key, "font")
        XCTAssertNil(property?.colon)
        XCTAssertEqual(property?.atoms.map(\.text), ["\"Inter\"", "bold"])
        XCTAssertEqual(tree.document.blocks.first?.properties.map(\.key), ["font", "size"])

        let fixed = applying(d.fixes[0].edits, to: bytes(text))
        XCTAssertEqual(string(fixed), "style a {\n  font: \"Inter\" bold\n  size: 1\n}\n")
        XCTAssertEqual(codes(SyntaxTree.parse(fixed)), [])
    }

    func testKeyAloneIsAnError() {
        let text = "style a {\n  lonely\n  b: 2\n}\n"
        let tree = parse(text)
        XCTAssertEqual(describe(tree), ["TDL014@\(range(of: "lonely", in: text))"])
        XCTAssertEqual(tree.document.blocks.first?.properties.map(\.key), ["b"])
    }

    func testMissingValue() {
        let text = "style a {\n  a:\n  b: 2; c: ;\n}\n"
        let tree = parse(text)
        let a = offset(of: "a:", in: text) + 2, c = offset(of: "c:", in: text) + 2
        XCTAssertEqual(describe(tree), ["TDL013@\(ByteRange(start: a, end: a))", "TDL013@\(ByteRange(start: c, end: c))"])
        XCTAssertEqual(tree.document.blocks.first?.properties.map(\.key), ["a", "b", "c"])
    }

    func testCommas() {
        let text = "style a {\n  p: , 1\n  q: 1,, 2\n  r: 1,\n  s: 1, 2\n}\n"
        let tree = parse(text)
        XCTAssertEqual(describe(tree), [
            "TDL014@\(ByteRange(offset: offset(of: ", 1", in: text), length: 1))",
            "TDL014@\(ByteRange(offset: offset(of: ",, 2", in: text) + 1, length: 1))",
            "TDL014@\(ByteRange(offset: offset(of: "1,\n", in: text) + 1, length: 1))",
        ])
        XCTAssertEqual(tree.document.blocks.first?.property("s")?.atoms.map(\.text), ["1", "2"])
    }

    func testPropertyOutsideABlock() {
        let text = "size: 1 x 2\nstyle a {}\n"
        let tree = parse(text)
        XCTAssertEqual(describe(tree), ["TDL016@\(range(of: "size", in: text))"])
        XCTAssertEqual(tree.document.members.count, 2)
        XCTAssertEqual(tree.document.blocks.map(\.name), ["a"])
    }

    func testStrayTokensAtTheStartOfALine() {
        let text = "style a {\n  42 is not a key\n  , also not\n  b: 2\n}\n"
        let tree = parse(text)
        XCTAssertEqual(describe(tree), [
            "TDL014@\(range(of: "42 is not a key", in: text))",
            "TDL014@\(range(of: ", also not", in: text))",
        ])
        XCTAssertEqual(tree.document.blocks.first?.properties.map(\.key), ["b"])
    }

    func testEmptySemicolonsAreMembersOfABlockOnly() {
        // `block = KIND [NAME] [STRING] "{" { NEWLINE | ";" | property | block } "}"`.
        let text = "style a { ; x: 1;; ; y: 2; }\nstyle b {\n  ;\n}\n"
        let tree = parse(text)
        XCTAssertEqual(codes(tree), [])
        XCTAssertEqual(tree.document.blocks.first?.properties.map(\.key), ["x", "y"])
        XCTAssertEqual(tree.document.blocks.last?.members.count, 0)
        // The top level holds directives and blocks only.
        let top = "style a {};\n;\n"
        XCTAssertEqual(describe(parse(top)), ["TDL014@\(ByteRange(start: 10, end: 11))", "TDL014@\(ByteRange(start: 12, end: 13))"])
    }

    // MARK: Unterminated strings and comments

    func testUnterminatedStringStopsAtEndOfLine() {
        for ending in ["\n", "\r\n", "\r"] {
            let text = "style a {" + ending + "  text: \"open" + ending + "  b: 2" + ending + "}" + ending
            let tree = parse(text)
            XCTAssertEqual(describe(tree), ["TDL003@\(range(of: "\"open", in: text))"], ending.debugDescription)
            let props = tree.document.blocks.first?.properties ?? []
            XCTAssertEqual(props.map(\.key), ["text", "b"], ending.debugDescription)
            XCTAssertEqual(props.last?.atoms.map(\.text), ["2"])
            XCTAssertEqual(props.first?.atoms.first?.stringValue, "open")
        }
    }

    func testUnterminatedStringAtEndOfFile() {
        let text = "style a {\n  t: \"abc"
        let tree = parse(text)
        XCTAssertEqual(describe(tree), ["TDL009@\(range(of: "style a {", in: text))", "TDL003@\(range(of: "\"abc", in: text))"])
    }

    func testUnterminatedTripleQuotedStringEndsAtEndOfLine() {
        let text = "style a {\n  text: \"\"\"never closed\n  b: 2\n}\n"
        let tree = parse(text)
        XCTAssertEqual(describe(tree), ["TDL003@\(range(of: "\"\"\"never closed", in: text))"])
        XCTAssertEqual(tree.document.blocks.first?.properties.map(\.key), ["text", "b"])
        // With a `"""` further on, the string spans lines instead.
        let closed = "style a {\n  text: \"\"\"spans\n  b: 2\n  \"\"\"\n}\n"
        let closedTree = parse(closed)
        XCTAssertEqual(codes(closedTree), [])
        XCTAssertEqual(closedTree.document.blocks.first?.properties.map(\.key), ["text"])
    }

    func testUnterminatedBlockCommentEndsAtEndOfLine() {
        let text = "style a {\n  /* never closed\n  b: 2\n}\n"
        let tree = parse(text)
        XCTAssertEqual(describe(tree), ["TDL004@\(range(of: "/* never closed", in: text))"])
        XCTAssertEqual(tree.document.blocks.first?.properties.map(\.key), ["b"])
        // Several unterminated comments: each ends at its line.
        let many = "/* a\n/* b\nstyle s {}\n"
        let manyTree = parse(many)
        XCTAssertEqual(describe(manyTree), ["TDL004@\(range(of: "/* a", in: many))", "TDL004@\(range(of: "/* b", in: many))"])
        XCTAssertEqual(manyTree.document.blocks.map(\.name), ["s"])
        // A closed comment may span lines and does not nest.
        let spanning = "/* a /* b\n c */ style s {}\n"
        XCTAssertEqual(codes(parse(spanning)), [])
        XCTAssertEqual(SyntaxTree.parse(spanning).tokens.first?.range, range(of: "/* a /* b\n c */", in: spanning))
    }

    // MARK: Numbers, units, colours, escapes

    func testSizeWithoutSpacesHasAFix() {
        let text = "style a {\n  size: 327x180\n}\n"
        let tree = parse(text)
        let r = range(of: "327x180", in: text)
        XCTAssertEqual(describe(tree), ["TDL008@\(r)"])
        XCTAssertEqual(tree.diagnostics[0].fixes.first?.edits, [TextEdit(range: r, newText: "327 x 180")])
        let fixed = applying(tree.diagnostics[0].fixes[0].edits, to: bytes(text))
        let fixedTree = SyntaxTree.parse(fixed)
        XCTAssertEqual(codes(fixedTree), [])
        XCTAssertEqual(fixedTree.document.blocks.first?.property("size")?.atoms.map(\.text), ["327", "x", "180"])
    }

    func testUnits() {
        let text = "style a {\n  v: 12px 12pt 50% -2deg 1.5px\n  w: 2em\n  s: 327x\n}\n"
        let tree = parse(text)
        XCTAssertEqual(describe(tree), ["TDL008@\(range(of: "2em", in: text))", "TDL008@\(range(of: "327x", in: text))"])
        XCTAssertTrue(tree.diagnostics[0].fixes.isEmpty, "an unknown unit in general has no fix")
        XCTAssertEqual(tree.diagnostics[1].fixes.first?.edits.first?.newText, "327 x")
    }

    func testMalformedNumbersAndColours() {
        let text = "style a {\n  n: 1. 1.2.3\n  c: #12345 #GGG #\n  ok: #abc #ABCD #a1b2c3 #A1B2C3D4 -0.5\n}\n"
        let tree = parse(text)
        XCTAssertEqual(describe(tree), [
            "TDL006@\(range(of: "1.", in: text))", "TDL006@\(range(of: "1.2.3", in: text))",
            "TDL007@\(range(of: "#12345", in: text))", "TDL007@\(range(of: "#GGG", in: text))",
            "TDL007@\(ByteRange(offset: offset(of: "#\n", in: text), length: 1))",
        ])
    }

    func testInvalidEscapes() {
        let text = #"style a { t: "ok \" \\ \n \t \{ \u{1F600} \u{0}" ; u: "bad \q \u{D800} \u{110000} \u{} \u{1234567}" }"#
        let tree = parse(text)
        XCTAssertEqual(describe(tree), [#"\q"#, #"\u{D800}"#, #"\u{110000}"#, #"\u{}"#, #"\u{1234567}"#].map {
            "TDL005@\(range(of: $0, in: text))"
        })
        XCTAssertEqual(tree.document.blocks.first?.properties.map(\.key), ["t", "u"])
    }

    // MARK: Resynchronisation

    func testBlockHeaderLineResynchronises() {
        let text = """
            template t {
              @@@ junk: here ; more
              size 1 x 2 x
              text a {
                text: "hi"
              }
              42
              image b {
                src: "b.png"
              }
            }
            template u {}

            """
        let tree = parse(text)
        XCTAssertEqual(describe(tree), [
            "TDL001@\(range(of: "@@@", in: text))",
            "TDL014@\(range(of: "@@@ junk: here ; more", in: text))",
            "TDL011@\(range(of: "size", in: text))",
            "TDL014@\(range(of: "42", in: text))",
        ])
        let t = tree.document.blocks.first
        XCTAssertEqual(t?.blocks.map(\.name), ["a", "b"])
        XCTAssertEqual(t?.blocks.first?.property("text")?.atoms.first?.stringValue, "hi")
        XCTAssertEqual(tree.document.blocks.map(\.name), ["t", "u"])
    }

    func testBadBlockHeader() {
        let text = "text a b 12 {\n  x: 1\n}\n"
        let tree = parse(text)
        XCTAssertEqual(describe(tree), ["TDL014@\(range(of: "b", in: text, occurrence: 0))", "TDL014@\(range(of: "12", in: text))"])
        XCTAssertEqual(tree.document.blocks.first?.name, "a")
        XCTAssertEqual(tree.document.blocks.first?.properties.map(\.key), ["x"])
    }

    // MARK: Encoding

    func testNulBytes() {
        let input = bytes("style a {\n  x: 1\0\n  \0\n  y: 2\n}\n")
        let tree = parse(bytes: input)
        let nuls = input.indices.filter { input[$0] == 0 }
        let unexpected = tree.diagnostics(.unexpectedCharacter)
        XCTAssertEqual(unexpected.map(\.range), nuls.map { ByteRange(start: $0, end: $0 + 1) })
        XCTAssertEqual(unexpected.first?.message.contains("NUL"), true)
        XCTAssertEqual(tree.document.blocks.first?.properties.map(\.key), ["x", "y"])
    }

    func testInvalidUTF8() {
        // A lone 0xFF where a member would start, a truncated sequence in a string, an
        // overlong encoding in a comment, a surrogate and a truncated sequence at the end.
        var input = bytes("style a {\n  ")
        let ff = input.count
        input += [0xFF] + bytes("\n  s: \"")
        let stringStart = input.count - 1
        input += [0xE2, 0x82] + bytes("\"\n  // ")
        let commentStart = input.count - 3
        input += [0xC0, 0xAF] + bytes("\n  t: \"")
        let surrogateString = input.count - 1
        input += [0xED, 0xA0, 0x80] + bytes("\"\n}\n")
        let tail = input.count
        input += [0xF0, 0x9F]
        let tree = parse(bytes: input)
        let invalid = tree.diagnostics(.invalidUTF8).map(\.range)
        XCTAssertEqual(invalid, [
            ByteRange(start: ff, end: ff + 1),
            ByteRange(start: stringStart, end: stringStart + 4),
            ByteRange(start: commentStart, end: commentStart + 5),
            ByteRange(start: surrogateString, end: surrogateString + 5),
            ByteRange(start: tail, end: tail + 2),
        ])
        XCTAssertEqual(tree.document.blocks.first?.properties.map(\.key), ["s", "t"])
        XCTAssertFalse(tree.diagnostics.contains { $0.code == "TDL001" && $0.range.start == ff }, "invalid UTF-8 is TDL002, not TDL001")
    }

    func testValidNonASCIIOutsideStringsIsAnUnexpectedCharacter() {
        let text = "style caf\u{E9} {\n  t: \"caf\u{E9} \u{1F600}\" // caf\u{E9}\n}\n"
        let tree = parse(text)
        let e = range(of: "\u{E9}", in: text)
        // One stray character, one report: the lexer's (not also "unexpected in a block header").
        XCTAssertEqual(describe(tree), ["TDL001@\(e)"])
        XCTAssertEqual(tree.document.blocks.first?.name, "caf")
        XCTAssertFalse(tree.diagnostics.contains { $0.code == "TDL002" })
        XCTAssertEqual(tree.document.blocks.first?.property("t")?.atoms.first?.stringValue, "caf\u{E9} \u{1F600}")
    }

    func testByteOrderMarkIsTriviaAndKept() {
        let text = "\u{FEFF}format 1\nstyle a {}\n"
        let tree = parse(text)
        XCTAssertEqual(codes(tree), [])
        XCTAssertEqual(tree.tokens.first?.kind, .byteOrderMark)
        XCTAssertEqual(tree.tokens.first?.range, ByteRange(start: 0, end: 3))
        XCTAssertEqual(tree.document.directives.first?.keyword, "format")
        XCTAssertEqual(formatted(bytes(text)).map { Array($0.prefix(3)) }, [0xEF, 0xBB, 0xBF])
        // Anywhere else U+FEFF is an unexpected character.
        let middle = "style a {}\n\u{FEFF}style b {}\n"
        XCTAssertEqual(describe(parse(middle)).first, "TDL001@\(range(of: "\u{FEFF}", in: middle))")
    }

    func testCRLFFiles() {
        let text = "format 1\r\nstyle a {\r\n  x: 1\r\n  y: \"s\"\r\n}\r\n"
        let tree = parse(text)
        XCTAssertEqual(codes(tree), [])
        let newlines = tree.tokens.filter { $0.kind == .newline }
        XCTAssertEqual(newlines.count, 5)
        XCTAssertTrue(newlines.allSatisfy { $0.range.length == 2 })
        XCTAssertEqual(tree.document.blocks.first?.properties.map(\.key), ["x", "y"])
        // Mixed CRLF, LF and lone CR all end lines.
        let mixed = "style a {\r  x: 1\n  y: 2\r\n  z: 3\r}"
        let mixedTree = parse(mixed)
        XCTAssertEqual(codes(mixedTree), [])
        XCTAssertEqual(mixedTree.document.blocks.first?.properties.map(\.key), ["x", "y", "z"])
    }

    // MARK: Directives and names

    func testDirectivesAndKeywordsAsNames() {
        let text = "format 1\nimport \"shared.tdl\"\nformat format {\n  format: 1\n  text text \"text\" {}\n}\n"
        let tree = parse(text)
        XCTAssertEqual(codes(tree), [])
        XCTAssertEqual(tree.document.directives.map(\.keyword), ["format", "import"])
        XCTAssertEqual(tree.document.directives.map { $0.atoms.map(\.text) }, [["1"], ["\"shared.tdl\""]])
        let block = tree.document.blocks.first
        XCTAssertEqual(block?.kind, "format")
        XCTAssertEqual(block?.name, "format")
        XCTAssertEqual(block?.properties.map(\.key), ["format"])
        XCTAssertEqual(block?.blocks.first?.kind, "text")
        XCTAssertEqual(block?.blocks.first?.name, "text")
        XCTAssertEqual(block?.blocks.first?.title, "text")
        // `format` without a value.
        let bare = "format\n"
        XCTAssertEqual(describe(parse(bare)), ["TDL013@\(ByteRange(start: 6, end: 6))"])
    }

    func testEmptyAndTriviaOnlyInputs() {
        for text in ["", "\n", "\r\n\r\n", "   \t ", "// c", "/* c */", "\u{FEFF}", "\u{FEFF}\n// c\n"] {
            let tree = parse(text)
            XCTAssertEqual(codes(tree), [], text.debugDescription)
            XCTAssertTrue(tree.document.members.isEmpty, text.debugDescription)
        }
    }

    func testEveryDiagnosticIsAnErrorWithAMessage() {
        let text = "}\n@ \u{0}\nsize: 1\nstyle a {\n  t: \"\\q\n  n: 1. #12 2em\n  k 1\n  /* x\n  m:\n  {\n"
        let tree = parse(text)
        XCTAssertEqual(Set(codes(tree)), ["TDL010", "TDL001", "TDL014", "TDL016", "TDL003", "TDL005", "TDL006", "TDL007",
                                          "TDL008", "TDL011", "TDL004", "TDL013", "TDL012", "TDL009"])
        for d in tree.diagnostics {
            XCTAssertEqual(d.severity, .error)
            XCTAssertFalse(d.message.isEmpty)
        }
        XCTAssertEqual(tree.diagnostics.map(\.range.start), tree.diagnostics.map(\.range.start).sorted(), "sorted by position")
    }

    func testUnindentedClosedBlocksStayIntactWhenAnotherBlockLacksItsBrace() {
        // The first template is unindented but closed; the second is indented and misses
        // the `}` of its text block. Only that one is reported, and both templates survive.
        let source = "template a {\nsize: 10 x 10\ntext t {\ntext: \"x\"\n}\n}\ntemplate b {\n  text u {\n    text: \"y\"\n  text v {\n    text: \"z\"\n  }\n}\n"
        let tree = SyntaxTree.parse(source)
        XCTAssertEqual(tree.diagnostics.map(\.code), [SyntaxCode.missingCloseBrace.rawValue])
        XCTAssertEqual(tree.document.blocks.map { $0.name ?? "" }, ["a", "b"])
        XCTAssertEqual(tree.document.blocks.first?.blocks.map { $0.name ?? "" }, ["t"])
        XCTAssertEqual(tree.document.blocks.last?.blocks.map { $0.name ?? "" }, ["u", "v"])
    }

    func testBraceOnTheNextLineIsReadAsTheBlockWithAFix() {
        let source = "style card\n{\n  color: red\n}\ntemplate t {\n  size: 1 x 1\n}\n"
        let tree = SyntaxTree.parse(source)
        XCTAssertEqual(tree.diagnostics.map(\.code), [SyntaxCode.missingOpenBrace.rawValue])
        XCTAssertEqual(tree.document.blocks.map(\.kind), ["style", "template"])
        XCTAssertEqual(tree.document.blocks.first?.property("color")?.atoms.first?.text, "red")
        XCTAssertTrue(tree.printed() == Array(source.utf8))
        // The fix joins the lines, after which the document parses cleanly.
        guard let edit = tree.diagnostics.first?.fixes.first?.edits.first else { return XCTFail("no fix") }
        let bytes = applying([edit], to: Array(source.utf8))
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self).prefix(13), "style card {\n")
        XCTAssertEqual(SyntaxTree.parse(bytes).diagnostics.count, 0)
        // With a comment ending the header line there is no fix (it would swallow the brace).
        let commented = SyntaxTree.parse("style card // note\n{\n  color: red\n}\n")
        XCTAssertEqual(commented.diagnostics.map(\.code), [SyntaxCode.missingOpenBrace.rawValue])
        XCTAssertEqual(commented.diagnostics.first?.fixes.count, 0)
    }

    func testStrayCharacterInAValueIsReportedOnce() {
        let tree = SyntaxTree.parse("s a {\n  k: 1 @ 2\n}\n")
        XCTAssertEqual(tree.diagnostics.map(\.code), [SyntaxCode.unexpectedCharacter.rawValue])
    }
}
