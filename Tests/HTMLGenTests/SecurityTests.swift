import Foundation
@testable import HTMLGen
import TemplateFormat
import TestSupport
import Validator
import XCTest

/// Escaping, URLs and CSS: nothing from the document reaches the output unescaped, no URL
/// outside http, https, mailto and relative paths is emitted (validation or not), and the
/// CSS holds no document text but checked font families.
final class SecurityTests: XCTestCase {
    static let hostile = #"<script>alert(\"x\")</script> & 'y' \u{1} \u{7F} \u{85} \u{FDD0}"#
    /// The same text as a value (escapes decoded), for parameter data.
    static let hostileValue = "<script>alert(\"x\")</script> & 'y' \u{1} \u{7F} \u{85} " + String(Unicode.Scalar(0xFDD0)!)
    /// The hostile text after escaping for text content and for attribute values; controls
    /// and noncharacters become U+FFFD.
    static let escapedText = "&lt;script&gt;alert(\"x\")&lt;/script&gt; &amp; 'y' \u{FFFD} \u{FFFD} \u{FFFD} \u{FFFD}"
    /// A URL attribute holding the hostile text: percent-encoded (controls included), then escaped.
    static func urlAttribute(_ prefix: String, _ suffix: String) -> String {
        HTMLWriter.escapeAttribute(URLPolicy.percentEncoded(prefix + hostileValue + suffix))
    }
    static let escapedAttribute = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39; \u{FFFD} \u{FFFD} \u{FFFD} \u{FFFD}"

    func testEscapingHelpers() {
        XCTAssertEqual(HTMLWriter.escapeText("a < b && c > \"d\" 'e'"), "a &lt; b &amp;&amp; c &gt; \"d\" 'e'")
        XCTAssertEqual(HTMLWriter.escapeAttribute("a < b && c > \"d\" 'e'"), "a &lt; b &amp;&amp; c &gt; &quot;d&quot; &#39;e&#39;")
        XCTAssertEqual(HTMLWriter.escapeText("tab\tline\nok é 日本 🚀"), "tab\tline\nok é 日本 🚀")
        let noncharacters = [0xFFFE, 0x10FFFF, 0xFDEF].map { String(Unicode.Scalar($0)!) }.joined()
        XCTAssertEqual(HTMLWriter.escapeText("\u{0}\u{8}\u{1B}\u{7F}\u{9F}" + noncharacters), String(repeating: "\u{FFFD}", count: 8))
    }

    /// Every string property of a template, and its title and description, carries hostile text.
    func testEveryTextAndAttributeOfATemplateIsEscaped() {
        let h = Self.hostile
        let source = """
        format 1
        template t "\(h)" {
          size: 400 x 300
          description: "\(h)"
          params {
            p: "x"
          }
          text a { text: "\(h)"; at: 0, 0 }
          textarea b { text: "\(h)"; at: 0, 20 }
          image c { src: "img/\(h).png"; alt: "\(h)"; at: 0, 40; size: 10 x 10 }
          button d { label: "\(h)"; action: "/go?q=\(h)"; at: 0, 60 }
          button e { label: "\(h)"; at: 0, 80 }
          video f { src: "v/\(h).mp4"; poster: "p/\(h).jpg"; at: 0, 100 }
          text g { text: "{{p}}"; at: 0, 120 }
        }
        """
        let html = export(source, data: ["p": .string(Self.hostileValue)])
        XCTAssertFalse(html.contains("<script"), html)
        XCTAssertFalse(html.contains("\u{1}"))
        XCTAssertFalse(html.contains("\u{7F}"))
        XCTAssertFalse(html.contains("\u{85}"))
        XCTAssertTrue(html.contains("<title>\(Self.escapedText)</title>"), html)
        XCTAssertTrue(html.contains("<meta name=\"description\" content=\"\(Self.escapedAttribute)\">"))
        XCTAssertTrue(withoutAppearanceClasses(html).contains("<p id=\"a\" dir=\"auto\">\(Self.escapedText)</p>"))
        XCTAssertTrue(withoutAppearanceClasses(html).contains("<p id=\"b\" dir=\"auto\">\(Self.escapedText)</p>"))
        XCTAssertTrue(html.contains("src=\"\(Self.urlAttribute("img/", ".png"))\" alt=\"\(Self.escapedAttribute)\""), html)
        XCTAssertTrue(html.contains("href=\"\(Self.urlAttribute("/go?q=", ""))\">\(Self.escapedText)</a>"))
        XCTAssertTrue(withoutAppearanceClasses(html).contains("<p id=\"e\" class=\"tdl-button\" dir=\"auto\">\(Self.escapedText)</p>"))
        XCTAssertTrue(html.contains("src=\"\(Self.urlAttribute("v/", ".mp4"))\" poster=\"\(Self.urlAttribute("p/", ".jpg"))\""))
        XCTAssertTrue(withoutAppearanceClasses(html).contains("<p id=\"g\" dir=\"auto\">\(Self.escapedText)</p>"), "parameter values are escaped too")
    }

    func testEveryTextOfAnAnnotationSetIsEscaped() {
        let h = Self.hostile
        let source = """
        format 1
        annotations s "\(h)" {
          image: "shots/\(h).png"
          size: 100 x 100
          label l { text: "\(h)"; at: 0, 0 }
          blur b { at: 0, 0; size: 10 x 10 }
        }
        """
        for format in [ExportFormat.html, .svg] {
            let out = export(source, as: format)
            XCTAssertFalse(out.contains("<script"), out)
            XCTAssertFalse(out.contains("\u{1}"))
            XCTAssertTrue(out.contains(Self.escapedText + "</tspan>"), out)
            XCTAssertTrue(out.contains("href=\"\(Self.urlAttribute("shots/", ".png"))\""), out)
        }
        for format in [ExportFormat.html, .svg] {
            let out = export(source, as: format)
            XCTAssertTrue(out.contains("<title id=\"s.tdl.title\">\(Self.escapedText)</title>"), out)
            XCTAssertTrue(out.contains(": \(Self.escapedText). Blurred area b"), "the description's label text: \(out)")
        }
        XCTAssertTrue(export(source).contains("alt=\"\(Self.escapedAttribute)\""))
    }

    func testJSONEscapesStrings() throws {
        let json = export("format 1\ntemplate t { size: 10 x 10; text a { text: \"q\\\" b\\\\ \\n \\u{1} <&>\" } }", as: .json)
        XCTAssertTrue(json.contains(#""text": "q\" b\\ \n \u0001 <&>""#), json)
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(json.utf8)))
    }

    // MARK: URLs

    static let badURLs = [
        "javascript:alert(1)", "JaVaScRiPt:alert(1)", " javascript:alert(1)", "java\\tscript:alert(1)",
        "java\\nscript:alert(1)", "\\u{1}javascript:alert(1)", "data:text/html,<b>x</b>", "DATA:image/png;base64,AAAA",
        "vbscript:msgbox(1)", "file:///etc/passwd", "ftp://example.com/x", "blob:https://example.com/x",
    ]

    /// Without validation, every disallowed URL is dropped from HTML, SVG and JSON, and reported.
    func testDisallowedURLsAreDroppedWithoutValidation() {
        for url in Self.badURLs {
            let source = """
            format 1
            template t {
              size: 100 x 100
              image i { src: "\(url)"; alt: "pic"; at: 0, 0; size: 10 x 10 }
              button b { label: "Go"; action: "\(url)"; at: 0, 20 }
              video v { src: "\(url)"; poster: "\(url)"; at: 0, 40 }
            }
            annotations s {
              image: "\(url)"
              size: 100 x 100
              blur b { at: 0, 0; size: 10 x 10 }
            }
            """
            let document = resolve(source)
            XCTAssertEqual(document.issues.filter { $0.kind == .droppedURL }.count, 5, url)
            for item in document.items {
                for format in ExportFormat.allCases where format.supports(item.kind) {
                    guard let bytes = Exporter.render(item, as: format) else {
                        // Only an email refuses (this template holds a video).
                        XCTAssertEqual(format, .email, url)
                        continue
                    }
                    let out = String(decoding: bytes, as: UTF8.self).lowercased()
                    for scheme in ["javascript", "vbscript", "data:", "file:", "ftp:", "blob:", "script:"] {
                        XCTAssertFalse(out.contains(scheme), "\(url) → \(format): \(out)")
                    }
                }
            }
            let html = String(decoding: Exporter.render(document.items[0], as: .html)!, as: UTF8.self)
            XCTAssertTrue(withoutAppearanceClasses(html).contains("<div id=\"i\" role=\"img\" aria-label=\"pic\"></div>"), html)
            XCTAssertTrue(withoutAppearanceClasses(html).contains("<p id=\"b\" class=\"tdl-button\" dir=\"auto\">Go</p>"), html)
            XCTAssertTrue(html.contains("<video id=\"v\" controls></video>"), html)
            let figure = String(decoding: Exporter.render(document.items[1], as: .html)!, as: UTF8.self)
            XCTAssertFalse(figure.contains("<img"), "an image without an allowed URL is left out")
        }
    }

    func testAllowedURLsAreKept() {
        for url in ["https://example.com/a?b=1&c=2", "http://example.com", "mailto:a@example.com", "assets/x.png",
                    "/abs/path.png", "../up.png", "#top", "?q=1", "x:y/../z" ] where URLPolicy.classify(url) == .allowed {
            let html = export("format 1\ntemplate t { size: 10 x 10; button b { label: \"Go\"; action: \"\(url)\" } }")
            XCTAssertTrue(html.contains("href=\"\(HTMLWriter.escapeAttribute(url))\""), "\(url): \(html)")
        }
    }

    /// `URLPolicy` reads a scheme byte by byte; this is the same rule written per Unicode
    /// scalar, as a browser's URL parser states it. Both must agree on every string,
    /// hand-picked and random (the seeded alphabet leans on scheme characters, separators,
    /// whitespace, controls and non-ASCII).
    func testSchemeReadingAgreesWithAReferenceOverManyStrings() {
        func reference(_ url: String) -> String? {
            var scheme = ""
            for scalar in url.unicodeScalars {
                if scalar.value <= 0x20 || scalar.value == 0x7F { continue }
                if scalar == ":" { return scheme.lowercased() }
                let letter = scalar.isASCII && scalar.properties.isAlphabetic
                let later = !scheme.isEmpty && (("0"..."9").contains(scalar) || "+-.".unicodeScalars.contains(scalar))
                guard letter || later else { return nil }
                scheme.unicodeScalars.append(scalar)
            }
            return nil
        }
        var samples = ["", ":", "a:", "http:", "https:", "HTTPS://x", "mailto:x", "MailTo:x", "httpx:y", "http", "assets/a.png",
                       "a1+.-:x", "1a:x", "+a:x", "javascript:x", "java script:x", "jav\u{0}ascript:x", "é:x", "ab\u{7F}c:x",
                       "./a:b", "a/b:c", "data:x", "https\t:x", "h\nttp:x", "mailto", "abcdefghijk:x", "abcdefgh:x", "K:x"]
        for scheme in ["http", "https", "mailto", "javascript", "data", "vbscript", "ftp"] {
            samples += [scheme + ":x", scheme.uppercased() + ":x", " " + scheme + ":x"]
        }
        var random = SeededRandom(seed: 1126)
        let alphabet: [String] = ["a", "J", "z", "0", "9", "+", "-", ".", ":", "/", "?", "#", " ", "\t", "\n", "\u{0}",
                                  "\u{7F}", "é", "İ", "K", "\u{212A}", "ß", "%", "_"]
        for _ in 0..<20_000 {
            samples.append((0..<Int.random(in: 0...9, using: &random)).map { _ in alphabet.randomElement(using: &random)! }.joined())
        }
        for s in samples {
            XCTAssertEqual(URLPolicy.scheme(of: s), reference(s), s.debugDescription)
            // `mailto:` is a link's scheme only; every other verdict is the key-free one.
            let scheme = reference(s)
            XCTAssertEqual(URLPolicy.classify(s, forKey: "src"),
                           scheme == "mailto" ? .unsupported(scheme: "mailto") : URLPolicy.classify(s), s.debugDescription)
            XCTAssertEqual(URLPolicy.classify(s, forKey: "action"), URLPolicy.classify(s), s.debugDescription)
        }
    }

    /// Encoding keeps a URL that needs nothing as it is, and encoding twice changes nothing.
    func testPercentEncodingIsIdempotentOverManyStrings() {
        var random = SeededRandom(seed: 2611)
        let alphabet: [String] = ["a", "Z", "0", "/", "?", "#", "%", "%4", "%4F", " ", "\"", "<", "é", "{", "&", "=", "\u{1}"]
        for _ in 0..<20_000 {
            let url = (0..<Int.random(in: 0...8, using: &random)).map { _ in alphabet.randomElement(using: &random)! }.joined()
            let once = URLPolicy.percentEncoded(url)
            XCTAssertEqual(URLPolicy.percentEncoded(once), once, url.debugDescription)
            XCTAssertTrue(once.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && !"\"<>`{}|\\^ ".utf8.contains($0) }, once)
            if once.utf8.count == url.utf8.count { XCTAssertEqual(once, url) }
        }
    }

    // MARK: CSS

    /// Strings that are not font families never reach the `<style>` block; valid families do,
    /// quoted. Every other piece of document text stays out of the CSS.
    func testCSSHoldsNoDocumentText() {
        // Each value, and the font-family the page gives it.
        let families = ["Inter": "\"Inter\",sans-serif", "Source Sans 3": "\"Source Sans 3\",sans-serif",
                        "Noto-Serif": "\"Noto-Serif\",sans-serif", "Comic Sans, serif": "\"Comic Sans\",serif",
                        "Georgia": "\"Georgia\",serif", " Menlo , Consolas": "\"Menlo\",\"Consolas\",monospace"]
        let rejected = ["Inter; } body { color: red", "A</style><script>x</script>", "x\\\"y",
                        "url(evil)", "  ", "", "Inter  Bold", "-Inter", "Émoji", "a/*b*/", "Arial, Inter; color: red"]
        var source = "format 1\ntemplate t \"MARKER-title\" {\n  size: 100 x 100\n  description: \"MARKER-d\"\n"
        for (i, f) in (families.keys.sorted() + rejected).enumerated() {
            source += "  text t\(i) { text: \"MARKER-text\"; font: \"\(f)\" bold; at: 0, 0 }\n"
        }
        source += "  image i { src: \"MARKER-src.png\"; alt: \"MARKER-alt\" }\n  button b { label: \"MARKER-l\"; action: \"/MARKER\" }\n}\n"
        let html = export(source)
        let css = section(html, from: "<style>", to: "</style>")
        XCTAssertFalse(css.isEmpty)
        XCTAssertFalse(css.contains("MARKER"), css)
        for (f, written) in families { XCTAssertTrue(css.contains("font-family:" + written + ";"), f) }
        for f in rejected where !f.isEmpty {
            XCTAssertFalse(css.contains(f), f)
        }
        XCTAssertFalse(css.contains("red"))
        XCTAssertFalse(css.contains("url("))
        // Only the checked pattern is accepted: a rejected name never reaches the page,
        // whatever list it is in.
        XCTAssertTrue(FontFamilies.isWritable("Source Sans 3"))
        for f in rejected {
            XCTAssertFalse(FontFamilies.isWritable(f), f)
            XCTAssertFalse(FontFamilies.cssValue("Inter, " + f).contains(f) && !f.isEmpty, f)
        }
    }

    func testPageCarriesARestrictiveContentSecurityPolicy() {
        for (source, format) in [("format 1\ntemplate t { size: 10 x 10 }", ExportFormat.html),
                                 ("format 1\nannotations a { image: \"a.png\" }", .html)] {
            let html = export(source, as: format)
            let meta = section(html, from: "<meta http-equiv=\"Content-Security-Policy\" content=\"", to: "\">")
            XCTAssertTrue(meta.hasPrefix("default-src 'none';"), meta)
            XCTAssertFalse(meta.contains("script"), meta)
            XCTAssertFalse(meta.contains("unsafe-eval"), meta)
            XCTAssertFalse(meta.contains("data:"), meta)
            XCTAssertTrue(meta.contains("base-uri 'none'"), meta)
            XCTAssertFalse(html.contains("<script"))
            XCTAssertFalse(html.lowercased().contains(" on"), "no event handler attributes")
            // The charset comes first, then the policy, before anything that loads.
            XCTAssertTrue(html.hasPrefix("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta http-equiv=\"Content-Security-Policy\""), html)
        }
    }
}

final class URLEncodingTests: XCTestCase {
    func testCharactersAURLMayNotHoldArePercentEncoded() {
        XCTAssertEqual(URLPolicy.percentEncoded("assets/my hero.png"), "assets/my%20hero.png")
        XCTAssertEqual(URLPolicy.percentEncoded("https://example.com/s?q=a b|c#x#y"), "https://example.com/s?q=a%20b%7Cc#x%23y")
        XCTAssertEqual(URLPolicy.percentEncoded("a/\"<>`{}\\^.png"), "a/%22%3C%3E%60%7B%7D%5C%5E.png")
        XCTAssertEqual(URLPolicy.percentEncoded("café.png"), "caf%C3%A9.png")
        XCTAssertEqual(URLPolicy.percentEncoded("100%25 and 100% done"), "100%25%20and%20100%25%20done")
        let once = URLPolicy.percentEncoded("x y/%zz#a#b")
        XCTAssertEqual(URLPolicy.percentEncoded(once), once, "encoding is idempotent")
    }

    func testMailtoIsOnlyForLinks() {
        XCTAssertEqual(URLPolicy.classify("mailto:a@example.com", forKey: "action"), .allowed)
        XCTAssertEqual(URLPolicy.classify("mailto:a@example.com", forKey: "src"), .unsupported(scheme: "mailto"))
        XCTAssertEqual(URLPolicy.classify(" MailTo:a@example.com", forKey: "poster"), .unsupported(scheme: "mailto"))
        XCTAssertEqual(URLPolicy.classify("https://example.com/a.png", forKey: "src"), .allowed)
    }
}
