import Foundation
import TestSupport
import XCTest
@testable import TDLCommands

/// `export --to svg` writes a local image into the SVG as a `data:` URL made from the file's
/// bytes; what it cannot embed is a warning by default and an error with `--embed`.
final class ImageEmbeddingTests: XCTestCase {
    func document(_ image: String) -> String {
        "format 1\n\nannotations shot \"Shot\" {\n  image: \"\(image)\"\n  size: 10 x 10\n  rect r {\n    at: 1, 1\n    size: 2 x 2\n  }\n}\n"
    }

    /// The `href` of the SVG's `<image>`.
    func imageHref(_ svg: String) -> String {
        guard let a = svg.range(of: "<image id=\"shot.tdl.image\" href=\""),
              let b = svg.range(of: "\"", range: a.upperBound..<svg.endIndex) else { return "" }
        return String(svg[a.upperBound..<b.lowerBound])
    }

    func testTheExampleCarriesItsScreenshotByteForByte() throws {
        let r = runTool(["export", "--to", "svg", examplesFolder + "/annotated-screenshot.tdl"])
        XCTAssertEqual(r.status, 0, r.err)
        XCTAssertEqual(r.err, "")
        let prefix = "href=\"data:image/png;base64,"
        guard let a = r.out.range(of: prefix), let b = r.out.range(of: "\"", range: a.upperBound..<r.out.endIndex) else {
            return XCTFail("no embedded image: \(r.out.prefix(400))")
        }
        let decoded = Data(base64Encoded: String(r.out[a.upperBound..<b.lowerBound]))
        let file = try Data(contentsOf: URL(fileURLWithPath: examplesFolder + "/screenshots/checkout.png"))
        XCTAssertEqual(decoded, file)
        XCTAssertEqual(r.out.components(separatedBy: "data:").count, 2, "the blur reuses the one embedded image")
    }

    func testEveryImageTypeIsEmbeddedWithItsMediaTypeAndOthersAreRefused() {
        let dir = Scratch(); defer { dir.remove() }
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]
        let cases: [(name: String, bytes: [UInt8], type: String?)] = [
            ("a.png", png, "image/png"),
            ("b.jpg", [0xFF, 0xD8, 0xFF, 0xE0, 0, 16], "image/jpeg"),
            ("c.gif", Array("GIF89a\u{1}\u{0}".utf8), "image/gif"),
            ("d.webp", Array("RIFF\u{4}\u{0}\u{0}\u{0}WEBPVP8 ".utf8), "image/webp"),
            // Named as a PNG, but the bytes decide.
            ("e.png", Array("not an image".utf8), nil),
            ("f.svg", Array("<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8), nil),
        ]
        for c in cases {
            FileManager.default.createFile(atPath: dir.path + "/" + c.name, contents: Data(c.bytes))
            let tdl = dir.write("doc-\(c.name).tdl", document(c.name))
            let preferred = runTool(["export", "--to", "svg", tdl])
            XCTAssertEqual(preferred.status, 0, preferred.err)
            let strict = runTool(["export", "--to", "svg", "--embed", tdl])
            if let type = c.type {
                let href = imageHref(preferred.out)
                XCTAssertTrue(href.hasPrefix("data:\(type);base64,"), "\(c.name): \(href)")
                XCTAssertEqual(Data(base64Encoded: String(href.drop { $0 != "," }.dropFirst())), Data(c.bytes), c.name)
                XCTAssertEqual(strict.status, 0, strict.err)
                XCTAssertEqual(strict.outBytes, preferred.outBytes)
            } else {
                XCTAssertEqual(imageHref(preferred.out), c.name, "a file that is not embedded stays a link")
                XCTAssertTrue(preferred.err.contains("warning: `shot`'s image:"), preferred.err)
                XCTAssertEqual(strict.status, 1)
                XCTAssertEqual(strict.out, "", "nothing is exported when --embed fails")
                XCTAssertTrue(strict.err.contains("error: `shot`'s image:") && strict.err.contains("not exported"), strict.err)
            }
            let linked = runTool(["export", "--to", "svg", "--no-embed", tdl])
            XCTAssertEqual(imageHref(linked.out), c.name)
            XCTAssertFalse(linked.out.contains("data:"))
        }
    }

    func testMissingTooLargeAndRemoteImages() {
        let dir = Scratch(); defer { dir.remove() }
        let missing = dir.write("missing.tdl", document("nowhere/x.png"))
        let soft = runTool(["export", "--to", "svg", missing])
        XCTAssertEqual(soft.status, 0, soft.err)
        XCTAssertTrue(soft.err.contains("TDL313"), "check's warning says the file is missing: \(soft.err)")
        XCTAssertEqual(imageHref(soft.out), "nowhere/x.png")
        let hard = runTool(["export", "--to", "svg", "--embed", missing])
        XCTAssertEqual(hard.status, 1)
        XCTAssertTrue(hard.err.contains("no such file, so --embed cannot"), hard.err)

        var big = [UInt8](repeating: 0, count: (20 << 20) + 1)
        big.replaceSubrange(0..<8, with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        FileManager.default.createFile(atPath: dir.path + "/big.png", contents: Data(big))
        let large = runTool(["export", "--to", "svg", dir.write("big.tdl", document("big.png"))])
        XCTAssertEqual(large.status, 0, large.err)
        XCTAssertTrue(large.err.contains("too large to embed (20971521 bytes; the limit is 20 MiB)"), large.err)
        XCTAssertEqual(imageHref(large.out), "big.png")

        let remote = dir.write("remote.tdl", document("https://example.com/x.png"))
        let linked = runTool(["export", "--to", "svg", remote])
        XCTAssertEqual(linked.status, 0, linked.err)
        XCTAssertEqual(linked.err, "", "a remote image is linked without a word")
        XCTAssertEqual(imageHref(linked.out), "https://example.com/x.png")
        let refused = runTool(["export", "--to", "svg", "--embed", remote])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.err.contains("is not a file next to the document"), refused.err)
    }

    func testAUserWrittenDataURLIsStillRefused() {
        let dir = Scratch(); defer { dir.remove() }
        let tdl = dir.write("data.tdl", document("data:image/png;base64,iVBORw0KGgo="))
        for flags in [[], ["--embed"], ["--no-embed"]] {
            let r = runTool(["export", "--to", "svg"] + flags + [tdl])
            XCTAssertNotEqual(r.status, 0, "\(flags): \(r.out)")
            XCTAssertFalse(r.out.contains("data:"), "\(flags)")
        }
    }

    func testFlagsAreCheckedAsUsage() {
        let path = examplesFolder + "/annotated-screenshot.tdl"
        let both = runTool(["export", "--to", "svg", "--embed", "--no-embed", path])
        XCTAssertEqual(both.status, 2)
        XCTAssertTrue(both.err.contains("--embed and --no-embed cannot both be given"), both.err)
        for format in ["html", "json"] {
            let r = runTool(["export", "--to", format, "--embed", path])
            XCTAssertEqual(r.status, 2, format)
            XCTAssertTrue(r.err.contains("--embed applies to --to svg only"), r.err)
            // --no-embed is what those formats do anyway.
            XCTAssertEqual(runTool(["export", "--to", format, "--no-embed", path]).status, 0, format)
        }
    }

    func testLocalPathsAreRelativeURLsDecoded() {
        XCTAssertEqual(ImageEmbedding.localPath("a/b.png"), "a/b.png")
        XCTAssertEqual(ImageEmbedding.localPath("my%20shot%C3%A9.png?v=2#top"), "my shoté.png")
        XCTAssertEqual(ImageEmbedding.localPath("../up.png"), "../up.png")
        XCTAssertEqual(ImageEmbedding.localPath("a:b/c.png"), nil, "a scheme")
        XCTAssertEqual(ImageEmbedding.localPath("https://x/y.png"), nil)
        XCTAssertEqual(ImageEmbedding.localPath("/root.png"), nil, "from the site's root")
        XCTAssertEqual(ImageEmbedding.localPath("//host/y.png"), nil)
        XCTAssertEqual(ImageEmbedding.localPath("dir/a:b.png"), "dir/a:b.png", "a colon after a slash is a name")
        XCTAssertEqual(ImageEmbedding.localPath("bad%00.png"), nil, "NUL")
        XCTAssertEqual(ImageEmbedding.localPath("bad%FF.png"), nil, "not UTF-8")
        XCTAssertEqual(ImageEmbedding.localPath("odd%2.png"), "odd%2.png", "an incomplete escape stays")
        XCTAssertEqual(ImageEmbedding.localPath("?only"), nil)
    }
}
