import XCTest
@testable import LanguageServer

/// Import paths and URIs are resolved on strings (the server does without Foundation).
final class FilePathsTests: XCTestCase {
    func testImportsResolveAgainstTheImportersFolder() {
        XCTAssertEqual(FilePaths.resolveImport("styles.tdl", from: "/w/a/main.tdl"), "/w/a/styles.tdl")
        XCTAssertEqual(FilePaths.resolveImport("../shared/./s.tdl", from: "/w/a/main.tdl"), "/w/shared/s.tdl")
        XCTAssertEqual(FilePaths.resolveImport("/abs//x/../y.tdl", from: "/w/a/main.tdl"), "/abs/y.tdl")
        XCTAssertEqual(FilePaths.resolveImport("../../../x.tdl", from: "/w/main.tdl"), "/x.tdl")
        XCTAssertEqual(FilePaths.resolveImport("x.tdl", from: "/main.tdl"), "/x.tdl")
        // An unsaved document has no folder: a relative import names nothing.
        XCTAssertNil(FilePaths.resolveImport("x.tdl", from: "untitled:Untitled-1"))
        XCTAssertNil(FilePaths.resolveImport("x.tdl", from: nil))
        XCTAssertEqual(FilePaths.resolveImport("/x.tdl", from: nil), "/x.tdl")
    }

    func testNormalize() {
        XCTAssertEqual(FilePaths.normalize("/a/./b//c/"), "/a/b/c")
        XCTAssertEqual(FilePaths.normalize("/.."), "/")
        XCTAssertEqual(FilePaths.normalize("a/../.."), "..")
        XCTAssertEqual(FilePaths.normalize("./"), ".")
        XCTAssertEqual(FilePaths.directory(of: "/a/b.tdl"), "/a")
        XCTAssertEqual(FilePaths.directory(of: "/b.tdl"), "/")
        XCTAssertEqual(FilePaths.directory(of: "b.tdl"), "")
    }

    func testPercentDecodingRefusesMalformedEscapesAndInvalidUTF8() {
        XCTAssertEqual(DocumentURI.path(of: "file:///a%2fb%2Fc"), "/a/b/c")
        XCTAssertNil(DocumentURI.path(of: "file:///a%2"))
        XCTAssertNil(DocumentURI.path(of: "file:///a%zz"))
        XCTAssertNil(DocumentURI.path(of: "file:///a%FF"))
        XCTAssertEqual(DocumentURI.path(of: "file://localhost/x/y.tdl?query#frag"), "/x/y.tdl")
    }
}
