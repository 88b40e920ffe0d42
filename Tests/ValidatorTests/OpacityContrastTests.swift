import XCTest
import TestSupport
import Validator

/// The contrast rule (TDL302) judges the colour a reader sees: text drawn with its colour's
/// alpha, its own `opacity` and every enclosing group's, over the backgrounds behind it,
/// each group with an opacity below 1 laid over what is behind it as a layer of its own.
final class OpacityContrastTests: XCTestCase {
    /// One element around the text (a group) or the text itself: its opacity and background.
    struct Layer {
        var opacity: Double
        var background: RGBA? = nil
    }

    struct RGBA {
        var r, g, b: Double
        var a: Double
        var hex: String {
            func two(_ v: Double) -> String {
                let s = String(Int(v), radix: 16, uppercase: true)
                return s.count == 1 ? "0" + s : s
            }
            return "#" + two(r) + two(g) + two(b) + (a == 255 ? "" : two(a))
        }
    }

    /// The colour seen at a point, painted as a browser paints: back to front, an element
    /// with opacity below 1 into a layer of its own (premultiplied) then laid over what is
    /// behind it. Plain recursion over the layers, in doubles, rounded once at the end.
    static func seen(canvas: RGBA, layers: [Layer], text: RGBA?) -> (Double, Double, Double) {
        typealias Pixel = (r: Double, g: Double, b: Double, a: Double)   // premultiplied
        func paint(_ c: RGBA, over p: Pixel) -> Pixel {
            let a = c.a / 255
            return (a * c.r + (1 - a) * p.r, a * c.g + (1 - a) * p.g, a * c.b + (1 - a) * p.b, a + (1 - a) * p.a)
        }
        func draw(_ k: Int, over backdrop: Pixel) -> Pixel {
            if k == layers.count { return text.map { paint($0, over: backdrop) } ?? backdrop }
            let layer = layers[k]
            if layer.opacity == 1 {
                let painted = layer.background.map { paint($0, over: backdrop) } ?? backdrop
                return draw(k + 1, over: painted)
            }
            var own: Pixel = (0, 0, 0, 0)
            if let bg = layer.background { own = paint(bg, over: own) }
            let inner = draw(k + 1, over: own)
            let o = layer.opacity
            return (o * inner.r + (1 - o * inner.a) * backdrop.r, o * inner.g + (1 - o * inner.a) * backdrop.g,
                    o * inner.b + (1 - o * inner.a) * backdrop.b, o * inner.a + (1 - o * inner.a) * backdrop.a)
        }
        let p = draw(0, over: (canvas.r, canvas.g, canvas.b, 1))
        return (p.r.rounded(), p.g.rounded(), p.b.rounded())
    }

    static func contrast(_ x: (Double, Double, Double), _ y: (Double, Double, Double)) -> Double {
        func linear(_ v: Double) -> Double {
            let s = v / 255
            return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
        }
        func luminance(_ c: (Double, Double, Double)) -> Double { 0.2126 * linear(c.0) + 0.7152 * linear(c.1) + 0.0722 * linear(c.2) }
        let a = luminance(x), b = luminance(y)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// A template on `canvas`, with groups (outer first) around one text; the last layer is
    /// the text's own opacity and background.
    /// `writeOpacityOne`: `opacity: 1` is written too.
    static func document(canvas: RGBA, layers: [Layer], color: RGBA, writeOpacityOne: Bool = false) -> String {
        func properties(_ layer: Layer, indent: String) -> String {
            var out = ""
            if layer.opacity != 1 || writeOpacityOne { out += "\(indent)opacity: \(layer.opacity)\n" }
            if let bg = layer.background { out += "\(indent)background: \(bg.hex)\n" }
            return out
        }
        var text = "format 1\n\ntemplate card {\n  size: 400 x 300\n  background: \(canvas.hex)\n"
        var indent = "  "
        for layer in layers.dropLast() {
            text += "\(indent)group {\n\(indent)  at: 0, 0\n\(indent)  size: 400 x 300\n" + properties(layer, indent: indent + "  ")
            indent += "  "
        }
        text += "\(indent)text title {\n\(indent)  text: \"Hello\"\n\(indent)  at: 10, 10\n\(indent)  size: 300 x 40\n"
        text += "\(indent)  color: \(color.hex)\n" + properties(layers[layers.count - 1], indent: indent + "  ")
        text += "\(indent)}\n"
        while indent.count > 2 {
            indent.removeLast(2)
            text += "\(indent)}\n"
        }
        return text + "}\n"
    }

    /// Seeded random groups, opacities and backgrounds: the rule reports exactly when the
    /// contrast painted independently is below 4.5:1 (up to one unit of rounding per
    /// channel), and the colours and ratio it reports are the ones painted.
    func testReportsTheContrastOfWhatIsPainted() {
        var rng = SeededRandom(seed: 317)
        func channel() -> Double { Double(Int.random(in: 0...255, using: &rng)) }
        func color(alpha: Bool) -> RGBA {
            RGBA(r: channel(), g: channel(), b: channel(), a: alpha && Bool.random(using: &rng) ? Double(Int.random(in: 0...255, using: &rng)) : 255)
        }
        let opacities = [1, 1, 0.9, 0.7, 0.5, 0.3, 0.15]
        var reported = 0, throughLayers = 0
        for _ in 0..<400 {
            let canvas = color(alpha: false)
            let layers = (0...Int.random(in: 0...3, using: &rng)).map { _ in
                Layer(opacity: opacities[Int.random(in: 0..<opacities.count, using: &rng)],
                      background: Int.random(in: 0..<3, using: &rng) == 0 ? color(alpha: true) : nil)
            }
            let text = color(alpha: true)
            let source = OpacityContrastTests.document(canvas: canvas, layers: layers, color: text)
            let bytes = Array(source.utf8)
            let found = validate(bytes)
            let context = "\(source)\n\(describe(found, in: bytes))"
            XCTAssertTrue(found.allSatisfy { $0.code == "TDL302" }, context)
            let shown = OpacityContrastTests.seen(canvas: canvas, layers: layers, text: text)
            let behind = OpacityContrastTests.seen(canvas: canvas, layers: layers, text: nil)
            let ratio = OpacityContrastTests.contrast(shown, behind)
            let product = layers.map(\.opacity).reduce(1, *)
            if product == 0 { continue }
            guard let report = found.first else {
                XCTAssertGreaterThan(ratio, 4.5 - 0.05, context)
                continue
            }
            reported += 1
            XCTAssertLessThan(ratio, 4.5 + 0.05, context)
            // "… [shows as #X] on #Y has contrast R:1" / "… on #Y: contrast R:1"
            let words = report.message.split(separator: " ")
            func hexAfter(_ word: String) -> (Double, Double, Double)? {
                guard let k = words.firstIndex(where: { $0 == word }), k + 1 < words.count else { return nil }
                let hex = words[k + 1].filter(\.isHexDigit)
                guard hex.count == 6, let v = Int(hex, radix: 16) else { return nil }
                return (Double(v >> 16 & 0xFF), Double(v >> 8 & 0xFF), Double(v & 0xFF))
            }
            func near(_ x: (Double, Double, Double)?, _ y: (Double, Double, Double)) -> Bool {
                guard let x else { return false }
                return abs(x.0 - y.0) <= 1 && abs(x.1 - y.1) <= 1 && abs(x.2 - y.2) <= 1
            }
            XCTAssertTrue(near(hexAfter("on"), behind), "background \(behind): \(context)")
            if product < 1 {
                throughLayers += 1
                XCTAssertTrue(near(hexAfter("as"), shown), "shown \(shown): \(context)")
            }
            if let figure = words.first(where: { $0.hasSuffix(":1;") }).flatMap({ Double($0.dropLast(3)) }) {
                XCTAssertEqual(figure, ratio, accuracy: 0.05, context)
            } else {
                XCTFail("no ratio: \(context)")
            }
        }
        // The class is exercised: reports, and reports through layers, both happen.
        XCTAssertGreaterThan(reported, 50)
        XCTAssertGreaterThan(throughLayers, 20)
    }

    /// The issue's example: #333 at opacity 0.3 on white (#C2C2C2 seen) is reported, and so
    /// is a group's opacity; the same text at full opacity is not.
    func testTranslucentDarkTextIsReported() {
        let white = RGBA(r: 255, g: 255, b: 255, a: 255), dark = RGBA(r: 0x33, g: 0x33, b: 0x33, a: 255)
        for layers in [[Layer(opacity: 0.3)], [Layer(opacity: 0.3), Layer(opacity: 1)], [Layer(opacity: 0.6), Layer(opacity: 0.5)]] {
            let found = validate(OpacityContrastTests.document(canvas: white, layers: layers, color: dark))
            XCTAssertEqual(found.codes, ["TDL302"], "\(layers)")
            XCTAssertTrue(found.first?.message.contains("#333333 at opacity 0.3 shows as #C2C2C2 on #FFFFFF") ?? false, found.first?.message ?? "")
        }
        XCTAssertEqual(validate(OpacityContrastTests.document(canvas: white, layers: [Layer(opacity: 1)], color: dark)).codes, [])
    }

    /// `opacity: 1` written on every element changes no report, over random documents.
    func testOpacityOneChangesNothing() {
        var rng = SeededRandom(seed: 318)
        func color(alpha: Bool) -> RGBA {
            RGBA(r: Double(Int.random(in: 0...255, using: &rng)), g: Double(Int.random(in: 0...255, using: &rng)),
                 b: Double(Int.random(in: 0...255, using: &rng)), a: alpha && Bool.random(using: &rng) ? Double(Int.random(in: 0...255, using: &rng)) : 255)
        }
        for _ in 0..<200 {
            let canvas = color(alpha: false), text = color(alpha: true)
            let layers = (0...Int.random(in: 0...3, using: &rng)).map { _ in
                Layer(opacity: 1, background: Bool.random(using: &rng) ? color(alpha: true) : nil)
            }
            let plain = OpacityContrastTests.document(canvas: canvas, layers: layers, color: text)
            let explicit = OpacityContrastTests.document(canvas: canvas, layers: layers, color: text, writeOpacityOne: true)
            XCTAssertNotEqual(plain, explicit)
            XCTAssertEqual(validate(plain).map(\.message), validate(explicit).map(\.message), explicit)
        }
    }
}
