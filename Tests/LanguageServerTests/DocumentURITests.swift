import XCTest
@testable import LanguageServer

/// URIs become paths on strings (the server does without Foundation).
final class DocumentURITests: XCTestCase {
    func testPercentDecodingRefusesMalformedEscapesAndInvalidUTF8() {
        XCTAssertEqual(DocumentURI.path(of: "file:///a%2fb%2Fc"), "/a/b/c")
        XCTAssertNil(DocumentURI.path(of: "file:///a%2"))
        XCTAssertNil(DocumentURI.path(of: "file:///a%zz"))
        XCTAssertNil(DocumentURI.path(of: "file:///a%FF"))
        XCTAssertEqual(DocumentURI.path(of: "file://localhost/x/y.tdl?query#frag"), "/x/y.tdl")
    }

    func testPathsRoundTripThroughURIs() {
        for path in ["/a/b.tdl", "/with space/ü.tdl", "/x%y/#z?.tdl"] {
            XCTAssertEqual(DocumentURI.path(of: DocumentURI.uri(forPath: path)), path)
        }
    }
}
