import HTMLGen
import TemplateFormat
import Validator
import TestSupport
import XCTest

/// `{{name}}` in URL-valued properties (`src`, `poster`, `captions`, `action`; an annotation
/// set's `image`): the value is filled in percent-encoded, as data inside the part of the URL it
/// lands in, and the URL policy judges the filled-in URL, in `check` and in export alike.
final class URLParameterTests: XCTestCase {
    /// The URL text around `{{p}}`: at the start (where it could begin a scheme), in a path,
    /// a query, a fragment, a mailto header.
    static let places: [(before: String, after: String)] = [
        ("", ""), ("", ".png"), ("img/", ".png"), ("https://example.com/", ""),
        ("https://example.com/s?q=", "&page=2"), ("https://example.com/a#", ""),
        ("mailto:team@example.com?subject=", ""),
    ]

    /// Every URL property of a template component, with what makes its element valid.
    static let properties: [(kind: String, key: String, attribute: String, rest: String)] = [
        ("image", "src", "src", "alt: \"x\"; size: 10 x 10"),
        ("video", "src", "src", "captions: \"c.vtt\"; size: 10 x 10"),
        ("video", "poster", "poster", "src: \"v.mp4\"; captions: \"c.vtt\"; size: 10 x 10"),
        ("video", "captions", "src", "src: \"v.mp4\"; size: 10 x 10"),
        ("button", "action", "href", "label: \"Go\"; size: 40 x 20"),
    ]

    /// Values that mean something in a URL, or try to.
    static let hostile = [
        "a b", "x/y", "../..", "..", "?q=1&r=2", "#frag", "100%", "%41", "%zz", "a+b=c", "é日本🚀",
        "javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html,<script>x</script>", "//evil.example/x",
        "\\\\evil", "a\"b'<c>`", "\u{1}\t\n\u{7F}", "", "https://example.com/", " javascript:x", "java\tscript:x",
    ]

    /// `p` declared with `value` as its default, used in `key` as `before{{p}}after`.
    static func document(_ property: (kind: String, key: String, attribute: String, rest: String),
                         before: String, after: String, value: String) -> String {
        """
        format 1
        template t {
          size: 400 x 400
          params {
            p: \(StringLiteral.quoted(value))
          }
          \(property.kind) e {
            \(property.key): \(StringLiteral.quoted(before).dropLast()){{p}}\(StringLiteral.quoted(after).dropFirst())
            \(property.rest)
          }
        }
        """
    }

    /// The scheme a browser reads (none for a relative reference), lower-cased.
    static func scheme(_ url: String) -> String? {
        var letters = ""
        for scalar in url.unicodeScalars {
            if scalar == ":" { return letters.isEmpty ? nil : letters.lowercased() }
            guard scalar.isASCII, scalar.properties.isAlphabetic || (!letters.isEmpty && "0123456789+-.".unicodeScalars.contains(scalar)) else { return nil }
            letters.unicodeScalars.append(scalar)
        }
        return nil
    }

    /// The bytes `%XX` escapes and unreserved characters stand for, or nil when `text` holds
    /// anything else.
    static func percentDecoded(_ text: Substring) -> [UInt8]? {
        var out: [UInt8] = []
        var bytes = Array(text.utf8)[...]
        while let b = bytes.first {
            bytes = bytes.dropFirst()
            if b == UInt8(ascii: "%") {
                guard bytes.count >= 2, let v = UInt8(String(decoding: bytes.prefix(2), as: UTF8.self), radix: 16),
                      String(decoding: bytes.prefix(2), as: UTF8.self) == String(decoding: bytes.prefix(2), as: UTF8.self).uppercased() else { return nil }
                out.append(v)
                bytes = bytes.dropFirst(2)
            } else {
                let unreserved = (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A) || "-._~".utf8.contains(b)
                guard unreserved else { return nil }
                out.append(b)
            }
        }
        return out
    }

    /// Wherever it lands and whatever it holds, a parameter's value is filled in as data: the
    /// URL's own text is kept, the value between it is only unreserved characters and `%XX`
    /// escapes that decode to the value's bytes, the scheme is the one the URL's own text
    /// gives (none for a relative URL), `check` accepts the document, and the page carries
    /// that URL. The same holds for a value given as data.
    func testParameterValuesAreDataInThePartOfTheURLTheyLandIn() {
        var random = SeededRandom(seed: 1380)
        let seed = random.seed
        let alphabet = Array("aZ09-._~:/?#[]@!$&'()*+,;=% \"<>`{}|\\^é日🚀\t\n\u{1}\u{7F}")
        var values = Self.hostile
        for _ in 0..<150 {
            values.append(String((0..<random.below(12)).map { _ in random.pick(alphabet) }))
        }
        var checked = 0
        for (n, value) in values.enumerated() {
            // The hostile values go everywhere; each random one to one property and place.
            let pairs: [(Int, Int)] = n < Self.hostile.count
                ? Self.properties.indices.flatMap { p in Self.places.indices.map { (p, $0) } }
                : [(random.below(Self.properties.count), random.below(Self.places.count))]
            for (p, w) in pairs {
                let property = Self.properties[p], place = Self.places[w]
                if place.before.hasPrefix("mailto:") && property.key != "action" { continue }
                let context = "seed \(seed): \(property.kind).\(property.key) = \(place.before){{p}}\(place.after), p = \(value.debugDescription)"
                let source = Self.document(property, before: place.before, after: place.after, value: value)
                let diagnostics = Validator.validate(SyntaxTree.parse(source))
                XCTAssertEqual(diagnostics.filter { $0.severity != .hint }.map(\.code), [], context)
                for data in [[:], ["p": ParamValue.string(value)]] as [[String: ParamValue]] {
                    let document = resolve(data.isEmpty ? source : Self.document(property, before: place.before, after: place.after, value: "x"), data: data)
                    XCTAssertEqual(document.issues, [], context)
                    guard case .url(let url)? = document.items.first?.children.first?[property.key] else {
                        XCTFail("no URL: \(context)")
                        continue
                    }
                    let prefix = URLPolicy.percentEncoded(place.before), suffix = URLPolicy.percentEncoded(place.after)
                    guard url.hasPrefix(prefix), url.hasSuffix(suffix), url.count >= prefix.count + suffix.count else {
                        XCTFail("\(url) lost the URL's own text: \(context)")
                        continue
                    }
                    let middle = url.dropFirst(prefix.count).dropLast(suffix.count)
                    XCTAssertEqual(Self.percentDecoded(middle), Array(value.utf8), "\(url): \(context)")
                    XCTAssertEqual(URLPolicy.classify(url, forKey: property.key), .allowed, "\(url): \(context)")
                    XCTAssertEqual(Self.scheme(url), Self.scheme(place.before), "\(url): \(context)")
                    let html = String(decoding: Exporter.render(document.items[0], as: .html) ?? [], as: UTF8.self)
                    XCTAssertTrue(html.contains(" \(property.attribute)=\"\(HTMLWriter.escapeAttribute(url))\""), "\(url): \(context)")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 1000)
    }

    /// A parameter at the start of a URL, with letters after it, can complete a scheme: the
    /// filled-in URL is judged. With the defaults, `check` reports it (TDL306 an error,
    /// TDL309 a warning) and export leaves it out; with data, export reports it (an error for
    /// a script URL, so nothing is exported; a warning otherwise) and leaves it out.
    func testAParameterThatCompletesASchemeIsJudgedFilledIn() {
        let cases: [(url: String, value: String, code: String?)] = [
            ("{{p}}:alert(1)", "javascript", "TDL306"), ("{{p}}:alert(1)", "JaVaScRiPt", "TDL306"),
            ("{{p}}:text/html,x", "data", "TDL306"), ("java{{p}}script:alert(1)", "", "TDL306"),
            ("{{p}}script:x", "vb", "TDL306"), ("{{p}}://example.com/f", "ftp", "TDL309"),
            ("{{p}}://example.com/", "https", nil), ("{{p}}:x", "java script", nil),
            ("{{p}}:alert(1)", "javascript:", nil),
        ]
        for (url, value, code) in cases {
            let source = """
            format 1
            template t {
              size: 100 x 100
              params { p: \(StringLiteral.quoted(value)) }
              button b { label: "Go"; action: "\(url)"; size: 40 x 20 }
            }
            """
            let context = "\(url) with p = \(value.debugDescription)"
            let codes = Validator.validate(SyntaxTree.parse(source)).map(\.code).filter { $0 != "TDL117" }
            XCTAssertEqual(codes, code.map { [$0] } ?? [], context)
            let document = resolve(source)
            let action = document.items[0].children[0][.action]
            if code == nil {
                XCTAssertNotNil(action, context)
                XCTAssertEqual(document.issues, [], context)
            } else {
                XCTAssertNil(action, context)
                XCTAssertEqual(document.issues.map(\.kind), [.droppedURL], context)
                XCTAssertFalse(document.hasErrors, "the validator has reported it: \(context)")
            }
        }
        // The same values given as data, over a harmless default.
        for (url, value, code) in cases {
            let source = """
            format 1
            template t {
              size: 100 x 100
              params { p: "https" }
              button b { label: "Go"; action: "\(url.replacingOccurrences(of: "java{{p}}script", with: "{{p}}"))"; size: 40 x 20 }
            }
            """
            guard url.hasPrefix("{{p}}") else { continue }
            let context = "\(url) with data p = \(value.debugDescription)"
            let document = resolve(source, data: ["p": .string(value)])
            let action = document.items[0].children[0][.action]
            if let code {
                XCTAssertNil(action, context)
                XCTAssertEqual(document.issues.map(\.kind), [.refusedURLFromData], context)
                XCTAssertEqual(document.hasErrors, code == "TDL306", context)
                XCTAssertTrue(document.issues.first?.message.contains("`action` of `button b` becomes a `") ?? false, context)
                for format in [ExportFormat.html, .json] {
                    let out = String(decoding: Exporter.render(document.items[0], as: format) ?? [], as: UTF8.self).lowercased()
                    XCTAssertFalse(out.contains("script:") || out.contains("ftp:") || out.contains("data:"), "\(format): \(context)")
                }
            } else {
                XCTAssertNotNil(action, context)
                XCTAssertEqual(document.issues, [], context)
            }
        }
    }

    /// Over random URLs made of scheme-like pieces and parameters with random defaults,
    /// `check` reports TDL306 or TDL309 exactly when export leaves the URL out, and every URL
    /// export keeps is one `URLPolicy` allows.
    func testCheckAndExportAgreeOnEveryFilledInURL() {
        var random = SeededRandom(seed: 1397)
        let seed = random.seed
        let pieces = ["{{a}}", "{{b}}", "java", "script", "data", "http", "s", "mailto", "ftp", ":", "/", "x", "1", "-", ".", "\\t", " ", "?", "#"]
        let defaults = ["", "java", "script", "javascript", "data", "https", "http", "ftp", "mailto", "x", "1", "a:b", "JAVA", "vb"]
        var flagged = 0
        for _ in 0..<600 {
            let url = (0..<(1 + random.below(5))).map { _ in random.pick(pieces) }.joined()
            let (a, b) = (random.pick(defaults), random.pick(defaults))
            let key = random.below(2) == 0 ? "action" : "src"
            let element = key == "action" ? "button e { label: \"Go\"; action: \"\(url)\"; size: 40 x 20 }"
                : "image e { alt: \"x\"; src: \"\(url)\"; size: 10 x 10 }"
            let source = """
            format 1
            template t {
              size: 100 x 100
              params { a: \(StringLiteral.quoted(a)); b: \(StringLiteral.quoted(b)) }
              \(element)
            }
            """
            let context = "seed \(seed): \(key): \"\(url)\" with a = \(a.debugDescription), b = \(b.debugDescription)"
            let codes = Set(Validator.validate(SyntaxTree.parse(source)).map(\.code))
            let reported = codes.contains("TDL306") || codes.contains("TDL309")
            XCTAssertTrue(codes.isSubset(of: ["TDL117", "TDL305", "TDL306", "TDL309"]), "\(codes): \(context)")
            let document = resolve(source)
            let value = document.items[0].children[0][key]
            XCTAssertEqual(value == nil, reported, "\(codes), exported \(String(describing: value)): \(context)")
            if case .url(let exported)? = value {
                XCTAssertEqual(URLPolicy.classify(exported, forKey: key), .allowed, context)
            }
            if reported { flagged += 1 }
        }
        XCTAssertGreaterThan(flagged, 10, "the generator makes refused URLs")
    }

    /// A style's URL takes the parameters of each template that uses it.
    func testAStyleURLTakesEachTemplatesParameters() {
        let source = """
        format 1
        style pic { src: "img/{{id}}.png" }
        template one { size: 10 x 10; params { id: "a b" }; image i { style: pic; alt: "" } }
        template two { size: 10 x 10; params { id: "c/d" }; image i { style: pic; alt: "" } }
        """
        let document = resolve(source)
        XCTAssertEqual(document.items.map { $0.children[0][.src] }, [.url("img/a%20b.png"), .url("img/c%2Fd.png")])
    }

    /// Annotation sets have no parameters: `check` reports `{{name}}` in `image` as in text
    /// (TDL111, with a fix that escapes the brace), and export, which a document with errors
    /// never reaches, would write the braces as text, as it writes the escaped `\{{name}}`.
    func testAnAnnotationSetsImageTakesNoParameters() {
        let source = "format 1\nannotations s {\n  image: \"shots/{{id}}.png\"\n  size: 100 x 100\n}\n"
        let diagnostics = Validator.validate(SyntaxTree.parse(source))
        XCTAssertEqual(diagnostics.map(\.code), ["TDL111"])
        XCTAssertTrue(diagnostics.first?.message.contains("annotation sets have none") ?? false)
        let escaped = source.replacingOccurrences(of: "{{id}}", with: "\\{{id}}")
        XCTAssertEqual(Validator.validate(SyntaxTree.parse(escaped)).map(\.code), [])
        for text in [source, escaped] {
            let document = resolve(text)
            XCTAssertEqual(document.items[0][.image], .url("shots/%7B%7Bid%7D%7D.png"), text)
            XCTAssertEqual(document.issues, [])
        }
    }

    /// An undeclared parameter is reported as in text, and is not filled in.
    func testAnUndeclaredParameterInAURLIsReported() {
        let source = """
        format 1
        template t {
          size: 100 x 100
          params { id: "1" }
          video v { src: "v/{{idd}}.mp4"; poster: "p/{{id}}.png"; captions: "c.vtt"; size: 10 x 10 }
        }
        """
        let diagnostics = Validator.validate(SyntaxTree.parse(source))
        XCTAssertEqual(diagnostics.map(\.code), ["TDL111"])
        XCTAssertTrue(diagnostics.first?.message.contains("did you mean `id`?") ?? false, diagnostics.first?.message ?? "")
        let video = resolve(source).items[0].children[0]
        XCTAssertEqual(video[.src], .url("v/%7B%7Bidd%7D%7D.mp4"))
        XCTAssertEqual(video[.poster], .url("p/1.png"))
    }
}
