/// A deterministic TDL document of a given size, in canonical layout: styles, templates
/// with params, nested groups and every component, and annotation sets. The same seed
/// and size give the same bytes, so figures are comparable between runs and machines.
struct CorpusGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }

    /// SplitMix64: tiny, fast and good enough for test data.
    private mutating func next() -> UInt64 {
        state = state &+ 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private mutating func int(_ range: Range<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
    private mutating func pick<T>(_ items: [T]) -> T { items[int(0..<items.count)] }
    private mutating func chance(_ p: Double) -> Bool { Double(next() % 10_000) < p * 10_000 }

    static let words = """
    welcome aboard start plan trip today your account profile settings review order checkout payment \
    card details save continue share invite friends team project update photos music video news weather \
    daily summary report balance secure sign help support privacy terms explore discover create edit
    """.split(separator: " ").map(String.init)
    static let unicode = ["Café", "Grüße", "日本語", "🚀", "✓", "€ 12,50"]

    private mutating func words(_ lo: Int, _ hi: Int) -> String {
        var parts: [String] = []
        for _ in 0..<int(lo..<(hi + 1)) { parts.append(pick(CorpusGenerator.words)) }
        let s = parts.joined(separator: " ")
        return s.prefix(1).uppercased() + s.dropFirst()
    }

    private mutating func colour() -> String {
        chance(0.2) ? pick(["white", "black", "navy", "teal", "gray"]) : "#" + String(next() % 0x1000000, radix: 16, uppercase: true).leftPad(6)
    }

    /// Generates about `lines` lines.
    mutating func document(lines target: Int) -> String {
        var out = "// Generated benchmark corpus.\nformat 1\n"
        var lines = 2
        var styles: [String] = []
        var counter = 0
        func name(_ base: String) -> String { counter += 1; return "\(base)-\(counter)" }
        for _ in 0..<max(2, min(12, target / 300)) {
            let n = name("style")
            styles.append(n)
            out += "\nstyle \(n) {\n  font: \"\(pick(["Inter", "Roboto", "Noto Sans"]))\" \(pick(["regular", "medium", "bold"]))\n  font-size: \(pick([14, 16, 20, 28]))\n  color: \(colour())\n}\n"
            lines += 6
        }
        while lines < target {
            if chance(0.7) {
                let (w, h) = pick([(375, 667), (390, 844), (1440, 900)])
                out += "\n/// \(words(3, 8)).\ntemplate \(name("template")) \"\(words(1, 3))\" {\n  size: \(w) x \(h)\n  background: \(colour())\n  params {\n    user: \"\(pick(CorpusGenerator.words))\"\n  }\n"
                lines += 8
                for _ in 0..<int(4..<14) {
                    out += "\n"
                    lines += 1 + component(&out, depth: 1, w: w, h: h, styles: styles, name: &counter)
                }
                out += "}\n"
                lines += 1
            } else {
                out += "\nannotations \(name("annotations")) \"\(words(1, 3))\" {\n  image: \"screenshots/\(pick(CorpusGenerator.words)).png\"\n  size: 1170 x 2532\n"
                lines += 4
                var rects: [String] = []
                for k in 0..<int(3..<10) {
                    counter += 1
                    if rects.isEmpty || chance(0.4) {
                        rects.append("box-\(counter)")
                        out += "  rect box-\(counter) {\n    at: \(int(0..<800)), \(int(0..<2000))\n    size: \(int(40..<300)) x \(int(40..<300))\n    stroke: \(colour())\n    stroke-width: 4\n  }\n"
                        lines += 6
                    } else if chance(0.5) {
                        out += "  arrow arrow-\(counter) {\n    from: \(int(0..<1100)), \(int(0..<2500))\n    to: \(pick(rects))\n    head: filled\n  }\n"
                        lines += 5
                    } else {
                        out += "  number step-\(counter) { value: \(k + 1); at: \(int(0..<1100)), \(int(0..<2500)) }\n"
                        lines += 1
                    }
                }
                out += "}\n"
                lines += 1
            }
        }
        return out
    }

    private mutating func component(_ out: inout String, depth: Int, w: Int, h: Int, styles: [String], name counter: inout Int) -> Int {
        let pad = String(repeating: "  ", count: depth)
        var lines = 0
        counter += 1
        let kind = depth < 3 ? pick(["text", "text", "image", "button", "group"]) : pick(["text", "image", "button"])
        if chance(0.1) { out += "\(pad)// \(words(2, 6))\n"; lines += 1 }
        out += "\(pad)\(kind) \(kind)-\(counter) {\n"
        let at = "\(pad)  at: \(int(0..<max(1, w - 40))), \(int(0..<max(1, h - 40)))\n"
        switch kind {
        case "text":
            let extra = chance(0.3) ? " \(pick(CorpusGenerator.unicode))" : chance(0.3) ? ", {{user}}" : ""
            out += "\(pad)  style: \(pick(styles))\n\(pad)  text: \"\(words(2, 7))\(extra)\"\n" + at + "\(pad)  size: \(int(40..<max(41, w))) x \(int(20..<120))\n"
            lines += 4
        case "image":
            out += "\(pad)  src: \"assets/\(pick(CorpusGenerator.words)).png\"\n\(pad)  alt: \"\(words(2, 6))\"\n" + at + "\(pad)  size: \(int(40..<max(41, w))) x \(int(20..<240))\n\(pad)  corner-radius: 8\n"
            lines += 5
        case "button":
            out += "\(pad)  label: \"\(words(1, 3))\"\n\(pad)  action: \"https://example.com/\(pick(CorpusGenerator.words))\"\n" + at + "\(pad)  size: \(int(60..<300)) x 48\n\(pad)  background: \(colour())\n\(pad)  color: white\n"
            lines += 6
        default:
            out += at
            lines += 1
            for _ in 0..<int(2..<5) { lines += component(&out, depth: depth + 1, w: max(80, w / 2), h: max(80, h / 2), styles: styles, name: &counter) }
        }
        out += "\(pad)}\n"
        return lines + 2
    }
}

extension String {
    func leftPad(_ width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}
