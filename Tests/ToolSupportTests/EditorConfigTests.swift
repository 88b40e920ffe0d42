import XCTest
@testable import ToolSupport

final class EditorConfigTests: XCTestCase {
    func testCloserFilesOverrideFartherOnesAndSectionsApplyByGlob() throws {
        let root = try makeTemporaryDirectory()
        try writeFile("\(root)/.editorconfig", """
            root = true

            [*]
            indent_style = space
            indent_size = 2
            end_of_line = lf

            [*.tdl]
            indent_size = 4
            end_of_line = crlf
            """)
        try writeFile("\(root)/sub/.editorconfig", """
            [*.tdl]
            indent_size = 8
            """)
        XCTAssertEqual(editorConfigSettings(forFile: "\(root)/sub/a.tdl"),
                       EditorConfigSettings(indentStyle: .space, indentSize: 8, tabWidth: 8, endOfLine: .crlf))
        XCTAssertEqual(editorConfigSettings(forFile: "\(root)/a.tdl"),
                       EditorConfigSettings(indentStyle: .space, indentSize: 4, tabWidth: 4, endOfLine: .crlf))
        XCTAssertEqual(editorConfigSettings(forFile: "\(root)/sub/a.txt"),
                       EditorConfigSettings(indentStyle: .space, indentSize: 2, tabWidth: 2, endOfLine: .lf))
    }

    func testRootTrueStopsTheSearch() throws {
        let outer = try makeTemporaryDirectory()
        try writeFile("\(outer)/.editorconfig", "root = true\n[*]\ninsert_final_newline = true\nindent_style = tab\n")
        try writeFile("\(outer)/inner/.editorconfig", "[*]\nindent_size = 3\n")
        try writeFile("\(outer)/stop/.editorconfig", "ROOT = True\n[*]\nindent_size = 3\n")

        // inner has no root: the outer file still contributes.
        XCTAssertEqual(editorConfigSettings(forFile: "\(outer)/inner/x.tdl"),
                       EditorConfigSettings(indentStyle: .tab, indentSize: 3, tabWidth: 3, insertFinalNewline: true))
        // stop is a root (key and value case-insensitive): the outer file is never read.
        XCTAssertEqual(editorConfigSettings(forFile: "\(outer)/stop/x.tdl"),
                       EditorConfigSettings(indentSize: 3, tabWidth: 3))
    }

    func testRootInsideASectionIsNotARootDeclaration() throws {
        let outer = try makeTemporaryDirectory()
        try writeFile("\(outer)/.editorconfig", "root = true\n[*]\nend_of_line = cr\n")
        try writeFile("\(outer)/inner/.editorconfig", "[*]\nroot = true\n")
        XCTAssertEqual(editorConfigSettings(forFile: "\(outer)/inner/x.tdl").endOfLine, .cr)
    }

    func testLaterSectionsOverrideEarlierOnesInTheSameFile() throws {
        let root = try makeTemporaryDirectory()
        try writeFile("\(root)/.editorconfig", """
            root = true
            [*.tdl]
            indent_size = 4
            insert_final_newline = false
            [*]
            indent_size = 6
            """)
        let settings = editorConfigSettings(forFile: "\(root)/a.tdl")
        XCTAssertEqual(settings.indentSize, 6)
        XCTAssertEqual(settings.insertFinalNewline, false)
    }

    func testSlashGlobIsRelativeToTheConfigDirectory() throws {
        let root = try makeTemporaryDirectory()
        try writeFile("\(root)/.editorconfig", "root = true\n[sub/*.tdl]\nindent_size = 3\n[/top.tdl]\nindent_size = 5\n")
        XCTAssertEqual(editorConfigSettings(forFile: "\(root)/sub/a.tdl").indentSize, 3)
        XCTAssertNil(editorConfigSettings(forFile: "\(root)/other/sub/a.tdl").indentSize)
        XCTAssertNil(editorConfigSettings(forFile: "\(root)/sub/deeper/a.tdl").indentSize)
        XCTAssertEqual(editorConfigSettings(forFile: "\(root)/top.tdl").indentSize, 5)
        // [/top.tdl] is anchored, so sub/top.tdl only gets [sub/*.tdl].
        XCTAssertEqual(editorConfigSettings(forFile: "\(root)/sub/top.tdl").indentSize, 3)
        XCTAssertNil(editorConfigSettings(forFile: "\(root)/other/top.tdl").indentSize)
    }

    func testKeysAndValuesAreCaseInsensitive() throws {
        let root = try makeTemporaryDirectory()
        try writeFile("\(root)/.editorconfig", "root=true\n[*]\nIndent_Style = TAB\nTAB_WIDTH=3\nEnd_Of_Line = CRLF\nInsert_Final_Newline = TRUE\n")
        XCTAssertEqual(editorConfigSettings(forFile: "\(root)/a.tdl"),
                       EditorConfigSettings(indentStyle: .tab, indentSize: 3, tabWidth: 3, endOfLine: .crlf, insertFinalNewline: true))
    }

    func testIndentSizeTabUsesTabWidth() throws {
        let root = try makeTemporaryDirectory()
        try writeFile("\(root)/.editorconfig", "root = true\n[*]\nindent_size = tab\ntab_width = 5\n[b.tdl]\ntab_width = unset\n")
        XCTAssertEqual(editorConfigSettings(forFile: "\(root)/a.tdl").indentSize, 5)
        // Without a tab width, "tab" gives no column count rather than a guess.
        XCTAssertNil(editorConfigSettings(forFile: "\(root)/b.tdl").indentSize)
    }

    func testUnsetRemovesAValueFromAFartherFile() throws {
        let root = try makeTemporaryDirectory()
        try writeFile("\(root)/.editorconfig", "root = true\n[*]\nindent_style = space\nend_of_line = lf\n")
        try writeFile("\(root)/sub/.editorconfig", "[*]\nindent_style = unset\n")
        let settings = editorConfigSettings(forFile: "\(root)/sub/a.tdl")
        XCTAssertNil(settings.indentStyle)
        XCTAssertEqual(settings.endOfLine, .lf)
    }

    func testMalformedLinesAndValuesAreIgnored() throws {
        let root = try makeTemporaryDirectory()
        var bytes = Array("""
            root = true
            garbage line
            [*]
            indent_size = 4
            end_of_line = lf
            [unclosed
            = no key
            indent_size = abc
            indent_size = -1
            indent_size = 0
            indent_size = 100000
            end_of_line = native
            indent_style = spaces
            insert_final_newline = yes
            ; indent_size = 9
            # end_of_line = cr
            tab_width =

            """.utf8)
        bytes += [0xFF, 0xFE, 0x00, 0x5B, 0x0A]   // invalid UTF-8, NUL, a lone "["
        try writeFile("\(root)/.editorconfig", bytes)
        XCTAssertEqual(editorConfigSettings(forFile: "\(root)/a.tdl"),
                       EditorConfigSettings(indentSize: 4, tabWidth: 4, endOfLine: .lf))
    }

    func testByteOrderMarkAndCRLFLineEndingsInTheConfigFile() throws {
        let root = try makeTemporaryDirectory()
        try writeFile("\(root)/.editorconfig", [0xEF, 0xBB, 0xBF] + Array("root = true\r\n[*.tdl]\r\nindent_style = tab\r\n".utf8))
        XCTAssertEqual(editorConfigSettings(forFile: "\(root)/a.tdl").indentStyle, .tab)
        XCTAssertNil(editorConfigSettings(forFile: "\(root)/a.txt").indentStyle)
    }

    func testDirectoryNamedEditorconfigIsIgnored() throws {
        let root = try makeTemporaryDirectory()
        try writeFile("\(root)/.editorconfig", "root = true\n[*]\nindent_size = 2\n")
        try makeDirectory("\(root)/sub/.editorconfig")
        XCTAssertEqual(editorConfigSettings(forFile: "\(root)/sub/a.tdl").indentSize, 2)
    }

    func testResolverCachesParsedFilesPerDirectory() throws {
        let root = try makeTemporaryDirectory()
        try writeFile("\(root)/.editorconfig", "root = true\n[*]\nindent_size = 2\n")
        var resolver = EditorConfigResolver()
        XCTAssertEqual(resolver.settings(forFile: "\(root)/a.tdl").indentSize, 2)
        try writeFile("\(root)/.editorconfig", "root = true\n[*]\nindent_size = 7\n")
        XCTAssertEqual(resolver.settings(forFile: "\(root)/b.tdl").indentSize, 2, "served from the cache")
        var fresh = EditorConfigResolver()
        XCTAssertEqual(fresh.settings(forFile: "\(root)/b.tdl").indentSize, 7)
    }

    func testUnnormalisedPathsResolveTheSameWay() throws {
        let root = try makeTemporaryDirectory()
        try writeFile("\(root)/.editorconfig", "root = true\n[sub/*.tdl]\nindent_size = 3\n")
        XCTAssertEqual(editorConfigSettings(forFile: "\(root)//other/../sub/./a.tdl").indentSize, 3)
        XCTAssertEqual(absolutePath("/a/./b/../c//d"), "/a/c/d")
        XCTAssertEqual(absolutePath("/.."), "/")
        XCTAssertTrue(absolutePath("x.tdl").hasPrefix("/"))
        XCTAssertTrue(absolutePath("x.tdl").hasSuffix("/x.tdl"))
    }

    func testLineEndingBytes() {
        XCTAssertEqual(LineEnding.lf.bytes, [10])
        XCTAssertEqual(LineEnding.crlf.bytes, [13, 10])
        XCTAssertEqual(LineEnding.cr.bytes, [13])
    }
}
