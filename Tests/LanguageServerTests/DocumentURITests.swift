import TestSupport
import Validator
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

    /// Random paths of every kind of byte round-trip, and the URI holds only unreserved
    /// characters, `/` and `%XX` escapes after `file://`; a parameter value encoded for a URL
    /// keeps no `/`.
    func testRandomPathsRoundTripAndAreEncodedAsRFC3986Asks() {
        var random = SeededRandom(seed: 117)
        let pieces = ["a", "Z", "0", "-", ".", "_", "~", "/", " ", "%", "#", "?", ":", "ü", "日", "🚀", "+", "&", "="]
        for _ in 0..<2000 {
            let path = "/" + (0..<Int.random(in: 0...12, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "a" }.joined()
            let uri = DocumentURI.uri(forPath: path)
            XCTAssertTrue(uri.hasPrefix("file://"))
            XCTAssertEqual(DocumentURI.path(of: uri), path, uri)
            let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/%".utf8)
            XCTAssertTrue(uri.utf8.dropFirst("file://".count).allSatisfy { allowed.contains($0) }, uri)
            XCTAssertFalse(URLPolicy.parameterEncoded(path).contains("/"))
            XCTAssertEqual(URLPolicy.percentDecoded(Substring(URLPolicy.parameterEncoded(path))), path)
        }
    }
}
