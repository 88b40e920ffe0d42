import XCTest
@testable import ToolSupport

final class EditorConfigGlobTests: XCTestCase {
    /// Asserts which of `paths` (relative to the .editorconfig directory) `glob` matches.
    private func check(_ glob: String, matches: [String], rejects: [String], line: UInt = #line) {
        let compiled = EditorConfigGlob(glob)
        for path in matches {
            XCTAssertTrue(compiled.matches(path), "[\(glob)] should match \(path)", line: line)
        }
        for path in rejects {
            XCTAssertFalse(compiled.matches(path), "[\(glob)] should not match \(path)", line: line)
        }
    }

    func testGlobWithoutSlashMatchesBasenameAtAnyDepth() {
        check("*", matches: ["a.tdl", "sub/a.tdl", "x/y/z"], rejects: [])
        check("*.tdl", matches: ["a.tdl", "x/y/a.tdl", ".tdl"], rejects: ["a.tdlx", "a.txt", "a.tdl/b"])
        check("a.tdl", matches: ["a.tdl", "deep/er/a.tdl"], rejects: ["ba.tdl", "a.tdl.bak"])
    }

    func testGlobWithSlashIsAnchoredAtTheConfigDirectory() {
        check("sub/*.tdl", matches: ["sub/a.tdl"], rejects: ["sub/x/a.tdl", "other/sub/a.tdl", "a.tdl"])
        check("/a.tdl", matches: ["a.tdl"], rejects: ["sub/a.tdl"])
        check("/sub/a.tdl", matches: ["sub/a.tdl"], rejects: ["x/sub/a.tdl"])
    }

    func testStarStopsAtSlashButDoubleStarCrossesIt() {
        check("sub/*", matches: ["sub/a"], rejects: ["sub/a/b"])
        check("sub/**", matches: ["sub/a", "sub/a/b/c.tdl"], rejects: ["other/a"])
        check("**.tdl", matches: ["a.tdl", "x/y/a.tdl"], rejects: ["a.txt"])
    }

    func testSlashDoubleStarSlashMatchesZeroOrMoreDirectories() {
        check("sub/**/a.tdl", matches: ["sub/a.tdl", "sub/x/a.tdl", "sub/x/y/a.tdl"], rejects: ["suba.tdl", "sub/xa.tdl"])
        check("**/a.tdl", matches: ["a.tdl", "x/a.tdl"], rejects: ["xa.tdl"])
    }

    func testQuestionMarkMatchesOneCharacterButNotSlash() {
        check("?.tdl", matches: ["a.tdl", "é.tdl"], rejects: ["ab.tdl", ".tdl"])
        check("a?b", matches: ["axb"], rejects: ["a/b"])
    }

    func testCharacterClasses() {
        check("[abc].tdl", matches: ["a.tdl", "c.tdl"], rejects: ["d.tdl", "ab.tdl"])
        check("[!abc].tdl", matches: ["d.tdl", "z.tdl"], rejects: ["a.tdl", "b.tdl"])
        check("[a-c]x", matches: ["bx"], rejects: ["dx"])
        check("[]]x", matches: ["]x"], rejects: ["ax"])
        check("[ab", matches: ["[ab"], rejects: ["a"])       // unclosed: literal
    }

    func testBraceAlternativesIncludingNestedOnes() {
        check("{a,b}.tdl", matches: ["a.tdl", "b.tdl"], rejects: ["c.tdl", "ab.tdl"])
        check("*.{tdl,txt}", matches: ["x.tdl", "x.txt"], rejects: ["x.md"])
        check("{a,{b,c}d}.x", matches: ["a.x", "bd.x", "cd.x"], rejects: ["b.x", "ad.x"])
        check("{*.tdl,lib/**}", matches: ["q.tdl", "lib/a/b"], rejects: ["q.md"])
        check("{single}", matches: ["{single}"], rejects: ["single"])
        check("{a,b", matches: ["{a,b"], rejects: ["a"])     // unclosed: literal
        check("x{,y}", matches: ["x", "xy"], rejects: ["xz"])
    }

    func testIntegerRanges() {
        check("file{1..10}.tdl", matches: ["file1.tdl", "file5.tdl", "file10.tdl", "file007.tdl"],
              rejects: ["file0.tdl", "file11.tdl", "filex.tdl", "file.tdl"])
        check("{-3..3}", matches: ["-3", "0", "+2", "3"], rejects: ["-4", "4", "-"])
        check("{5..1}", matches: ["3"], rejects: ["6"])      // reversed bounds
        check("{1..3}{4..6}", matches: ["15", "36"], rejects: ["17", "45"])
    }

    func testBackslashEscapes() {
        check("a\\*b", matches: ["a*b"], rejects: ["axb"])
        check("\\{a,b\\}", matches: ["{a,b}"], rejects: ["a"])
    }

    func testPathologicalPatternsDoNotCrash() {
        for glob in ["", "[", "]", "{", "}", "{}", "{,}", "\\", "[!]", "[z-a]x", "{1..}", "{..2}", "{9999999999999999999999..1}", "***", "/", "//", "a/**/"] {
            _ = EditorConfigGlob(glob).matches("a/b.tdl")
        }
        check("{,}", matches: [""], rejects: ["a"])
        check("[z-a]x", matches: [], rejects: ["zx", "ax"])
    }
}
