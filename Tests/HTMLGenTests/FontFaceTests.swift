import Foundation
@testable import HTMLGen
import TemplateFormat
import TestSupport
import Validator
import XCTest

/// `font-face`: a template's page writes one `@font-face` for each face of a family its
/// elements name, and its policy's `font-src` admits exactly those files; whatever a `src`
/// holds cannot leave its `url("…")` or its source expression.
final class FontFaceTests: XCTestCase {
    static let faces = """
    format 1

    font-face "Brand Sans" {
      src: "fonts/brand-sans.woff2"
    }

    font-face "Brand Sans" {
      src: "https://CDN.example.com:8443/f/brand-sans-bold.woff?v=2#x"
      weight: bold
      display: optional
    }

    font-face "Brand Serif" {
      src: "https://cdn.example.com/brand-serif.ttf"
      italic: true
    }

    font-face "Unused Face" {
      src: "https://other.example.com/unused.woff2"
    }

    font-face "Code Face" {
      src: "fonts/code.otf"
      fallback: monospace
    }

    """

    static func page(fonts: [String]) -> String {
        var text = faces + "template t {\n  size: 300 x 300\n"
        for (i, font) in fonts.enumerated() {
            text += "  text t\(i) {\n    text: \"Hi\"\n    font: \(font)\n    size: 100 x 20\n    at: 0, \(i * 20)\n  }\n"
        }
        return text + "}\n"
    }

    static func policy(_ html: String) -> String { section(html, from: "Content-Security-Policy\" content=\"", to: "\"") }
    static func fontFaceRules(_ html: String) -> [String] {
        html.split(separator: "\n").filter { $0.hasPrefix("@font-face") }.map(String.init)
    }

    func testThePageLoadsTheFacesOfTheFamiliesItsElementsName() {
        let html = export(Self.page(fonts: ["\"Brand Sans, Georgia\" bold", "\"code face\""]))
        XCTAssertEqual(Self.fontFaceRules(html), [
            "@font-face{font-family:\"Brand Sans\";src:url(\"fonts/brand-sans.woff2\") format(\"woff2\");font-weight:400;font-style:normal;font-display:swap}",
            "@font-face{font-family:\"Brand Sans\";src:url(\"https://CDN.example.com:8443/f/brand-sans-bold.woff?v=2#x\") format(\"woff\");font-weight:700;font-style:normal;font-display:optional}",
            "@font-face{font-family:\"Code Face\";src:url(\"fonts/code.otf\") format(\"opentype\");font-weight:400;font-style:normal;font-display:swap}",
        ])
        // Exactly those files: the relative ones by 'self', the https one by its own URL
        // (host lowercased, port kept, query and fragment left off).
        XCTAssertEqual(Self.policy(html), "default-src 'none'; font-src 'self' https://cdn.example.com:8443/f/brand-sans-bold.woff; img-src *; media-src *; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'")
        // A declared family is named; its fallback is the declared one, else the table's.
        XCTAssertTrue(html.contains("font-family:\"Brand Sans\",\"Georgia\",sans-serif;"), html)
        XCTAssertTrue(html.contains("font-family:\"code face\",monospace;"), html)
    }

    func testAnHTTPSFaceAloneIsAdmittedByItsURLOnly() {
        let html = export(Self.page(fonts: ["\"Brand Serif\""]))
        XCTAssertEqual(Self.fontFaceRules(html).count, 1)
        XCTAssertTrue(Self.policy(html).hasPrefix("default-src 'none'; font-src https://cdn.example.com/brand-serif.ttf; img-src"), Self.policy(html))
        XCTAssertTrue(Self.fontFaceRules(html)[0].contains("font-style:italic"))
    }

    func testAPageWithoutFacesHasNoFontSrc() {
        for source in [Self.page(fonts: []), Self.page(fonts: ["\"Inter\"", "\"serif\""]),
                       "format 1\ntemplate t {\n  size: 10 x 10\n  text a {\n    text: \"x\"\n    font: \"Brand Sans\"\n  }\n}\n"] {
            let html = export(source)
            XCTAssertEqual(Self.policy(html), HTMLPage.contentSecurityPolicy, source)
            XCTAssertFalse(html.contains("@font-face"), source)
            XCTAssertFalse(html.contains("font-src"), source)
        }
    }

    func testFacesTheValidatorReportsAreLeftOut() {
        // http, a host without a scheme, an unknown format, data: and javascript:, a family
        // the page cannot name: none reaches the page or its policy.
        let source = """
        format 1
        font-face "A" {
          src: "http://cdn.example.com/a.woff2"
        }
        font-face "A" {
          src: "//cdn.example.com/a.woff2"
        }
        font-face "A" {
          src: " \\\\/cdn.example.com/a.woff2"
        }
        font-face "A" {
          src: "fonts/a.eot"
        }
        font-face "A" {
          src: "data:font/woff2;base64,AAAA.woff2"
        }
        font-face "A" {
          src: "javascript:alert(1)//.woff2"
        }
        font-face "B;x" {
          src: "fonts/b.woff2"
        }
        template t {
          size: 10 x 10
          text a {
            text: "x"
            font: "A, B;x"
          }
        }

        """
        let html = export(source)
        XCTAssertFalse(html.contains("@font-face"), html)
        XCTAssertFalse(html.contains("font-src"), html)
    }

    /// Faces of imported files count; a face this file declares wins over the same face
    /// imported, and the first import over a later one.
    func testImportedFacesCountAndTheFirstDeclarationWins() {
        let files = [
            "a.tdl": "format 1\nfont-face \"Brand Sans\" {\n  src: \"https://a.example.com/brand.woff2\"\n}\nfont-face \"Brand Sans\" {\n  src: \"https://a.example.com/brand-bold.woff2\"\n  weight: bold\n}\n",
            "b.tdl": "format 1\nfont-face \"Brand Sans\" {\n  src: \"https://b.example.com/brand-bold.woff2\"\n  weight: bold\n}\nfont-face \"Brand Sans\" {\n  src: \"https://b.example.com/brand-italic.woff2\"\n  italic: true\n}\n",
        ]
        let source = "format 1\nimport \"a.tdl\"\nimport \"b.tdl\"\nfont-face \"brand sans\" {\n  src: \"fonts/own.woff2\"\n}\ntemplate t {\n  size: 10 x 10\n  text a {\n    text: \"x\"\n    font: \"Brand Sans\"\n  }\n}\n"
        let document = resolve(source, files: files)
        let item = try? XCTUnwrap(document.items.first)
        XCTAssertEqual(item?.fontFaces.map(\.src), ["fonts/own.woff2", "https://a.example.com/brand-bold.woff2", "https://b.example.com/brand-italic.woff2"])
        let html = String(decoding: item.flatMap { Exporter.render($0, as: .html) } ?? [], as: UTF8.self)
        XCTAssertTrue(Self.policy(html).contains("font-src 'self' https://a.example.com/brand-bold.woff2 https://b.example.com/brand-italic.woff2;"), Self.policy(html))
    }

    /// Random URLs made of the characters that could end a CSS string, a rule, the style
    /// element, a policy source or directive, or the policy's attribute: each face the page
    /// writes is one well-formed rule, and the policy one well-formed list of sources.
    func testNoSourceCanBreakOutOfItsURLOrThePolicy() throws {
        var random = SeededRandom(seed: 330)
        let pieces = ["\"", "'", "(", ")", "\\", ";", ",", " ", "<", ">", "\n", "}", "{", "*/", "/*", "%", "%2", "é", "\u{0}",
                      "</style>", "font-src *", "script-src *", "&", "#", "?", "@", ":", "//", "a", "fonts/", "x.woff2", "."]
        let starts = ["", "https://cdn.example.com/", "https://", "fonts/", "/", "https://user@host/", "https://[::1]/",
                      "HTTPS://Cdn.Example.com:99/", "https://a b/", "https://a;b/"]
        let ends = [".woff2", ".woff", ".ttf", ".OTF", ".woff2?x=\"", ".ttf#)"]
        let rule = try NSRegularExpression(pattern: #"^@font-face\{font-family:"[A-Za-z0-9 -]+";src:url\("[!#$%&'()*+,\-./0-9:;=?@A-Z_a-z~]+"\) format\("(woff2|woff|truetype|opentype)"\);font-weight:[0-9]+;font-style:(normal|italic);font-display:(swap|fallback|optional|block|auto)\}$"#)
        let source = try NSRegularExpression(pattern: #"^('self'|https://[a-z0-9-]+(\.[a-z0-9-]+)*(:[0-9]+)?/[A-Za-z0-9._~/%-]*)$"#)
        var written = 0
        for _ in 0..<400 {
            var url = random.pick(starts)
            for _ in 0..<random.int(0...6) { url += random.pick(pieces) }
            url += random.pick(ends)
            let face = FontFaceDeclaration(family: "Brand Sans", src: url, weight: random.pick(Schema.fontWeights), italic: random.chance(50))
            var css = OutputBuffer(capacity: 256)
            FontFaceCSS.rules([face], into: &css)
            let text = String(decoding: OutputBuffer.concatenate([css]), as: UTF8.self)
            let sources = FontFaceCSS.policySources([face])
            if text.isEmpty {
                XCTAssertEqual(sources, [], "a face left out of the CSS is left out of the policy: \(url.debugDescription)")
                continue
            }
            written += 1
            let line = String(text.dropLast())
            XCTAssertFalse(line.contains("\n"), url.debugDescription)
            XCTAssertNotNil(rule.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)), "rule for \(url.debugDescription): \(line)")
            XCTAssertLessThanOrEqual(sources.count, 1)
            for s in sources {
                XCTAssertNotNil(source.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)), "source for \(url.debugDescription): \(s)")
            }
            let policy = HTMLPage.contentSecurityPolicy(fontSources: sources)
            // The same directives as ever, and `font-src` with the one source: nothing a
            // path holds starts a directive or another source.
            let directives = policy.components(separatedBy: "; ").map { $0.split(separator: " ").first.map(String.init) ?? "" }
            XCTAssertEqual(directives, sources.isEmpty ? ["default-src", "img-src", "media-src", "style-src", "base-uri", "form-action"]
                           : ["default-src", "font-src", "img-src", "media-src", "style-src", "base-uri", "form-action"], policy)
            if !sources.isEmpty { XCTAssertTrue(policy.contains("; font-src \(sources[0]); img-src"), policy) }
            XCTAssertFalse(policy.contains { "\"&<>".contains($0) }, policy)
        }
        XCTAssertGreaterThan(written, 100, "too few of the random faces were written to test anything")
    }

    func testSourceExpressions() {
        XCTAssertEqual(FontFaceCSS.sourceExpression("https://cdn.example.com/a/b.woff2?x#y"), "https://cdn.example.com/a/b.woff2")
        XCTAssertEqual(FontFaceCSS.sourceExpression("HTTPS://CDN.Example.COM:8443/A%20B;c,d'e.woff2"), "https://cdn.example.com:8443/A%20B%3Bc%2Cd%27e.woff2")
        for refused in ["https://user:pw@cdn.example.com/a.woff2", "https://[::1]/a.woff2", "https://caf\u{E9}.example/a.woff2",
                        "https:///a.woff2", "https://a:1:2/a.woff2", "https://.a/x.woff2", "http://cdn.example.com/a.woff2"] {
            XCTAssertNil(FontFaceCSS.sourceExpression(refused), refused)
        }
    }

    func testTheJSONModelListsTheFacesThePageLoads() {
        let json = export(Self.page(fonts: ["\"Code Face\""]), as: .json)
        XCTAssertTrue(json.contains(#""font-faces": [\#n        {"family": "Code Face", "src": "fonts/code.otf", "format": "opentype", "weight": "regular", "italic": false, "fallback": "monospace", "display": "swap"}\#n      ],"#), json)
        XCTAssertFalse(export(Self.page(fonts: ["\"Inter\""]), as: .json).contains("font-faces"))
    }

    func testAPreviewKeepsTheFontSources() throws {
        let page = Array(export(Self.page(fonts: ["\"Brand Serif\""])).utf8)
        let preview = String(decoding: try XCTUnwrap(PreviewBase.adding(directoryURL: "file:///home/ana/", to: page)), as: UTF8.self)
        XCTAssertTrue(preview.contains("font-src https://cdn.example.com/brand-serif.ttf; img-src *;"), preview)
        XCTAssertTrue(preview.contains("base-uri file:; form-action 'none'\">\n<base href=\"file:///home/ana/\">"), preview)
    }
}
