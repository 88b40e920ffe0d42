import TestSupport

/// Random templates that email can show: each container (the canvas, a group's content box)
/// is cut at random into rows and columns, some parts left empty, and one element placed in
/// each remaining part with random margins, so no two boxes overlap. Elements are texts,
/// textareas, images, buttons, dividers and groups (padding and border; their members cut
/// the same way), all sized, at whole px.
enum EmailDocuments {
    static func template(_ random: inout SeededRandom, width: Int = 600, height: Int = 400) -> String {
        var out = "format 1\n\ntemplate mail \"Mail\" {\n  size: \(width) x \(height)\n  background: #F4F4F4\n  lang: \"en\"\n  description: \"A generated email.\"\n"
        var counter = 0
        partition(&random, x: 0, y: 0, w: width, h: height, depth: 0, counter: &counter, indent: "  ", into: &out)
        out += "}\n"
        return out
    }

    static func partition(_ random: inout SeededRandom, x: Int, y: Int, w: Int, h: Int, depth: Int,
                          counter: inout Int, indent: String, into out: inout String) {
        let canSplit = depth < 4 && (w >= 80 || h >= 60)
        if canSplit && !random.chance(20) {
            if w >= 80 && (h < 60 || random.chance(50)) {
                let cut = 30 + random.below(w - 59)
                for (px, pw) in [(x, cut), (x + cut, w - cut)] where !random.chance(12) {
                    partition(&random, x: px, y: y, w: pw, h: h, depth: depth + 1, counter: &counter, indent: indent, into: &out)
                }
            } else {
                let cut = 25 + random.below(h - 49)
                for (py, ph) in [(y, cut), (y + cut, h - cut)] where !random.chance(12) {
                    partition(&random, x: x, y: py, w: w, h: ph, depth: depth + 1, counter: &counter, indent: indent, into: &out)
                }
            }
            return
        }
        // One element inside the part, with margins.
        let left = random.below(min(12, w / 4) + 1), top = random.below(min(12, h / 4) + 1)
        let ew = max(1, w - left - random.below(min(12, w / 4) + 1))
        let eh = max(1, h - top - random.below(min(12, h / 4) + 1))
        counter += 1
        let name = "e\(counter)"
        let place = "\(indent)  at: \(x + left), \(y + top)\n\(indent)  size: \(ew) x \(eh)\n"
        let kinds = ew >= 60 && eh >= 50 && depth < 6 ? ["text", "textarea", "image", "button", "divider", "group"]
            : ["text", "textarea", "image", "button", "divider"]
        switch random.pick(kinds) {
        case "text":
            let heading = random.chance(30) ? "\(indent)  heading: \(1 + random.below(3))\n" : ""
            out += "\(indent)text \(name) {\n\(indent)  text: \"T \(name)\"\n\(heading)\(indent)  font-size: \(8 + random.below(6))\n\(place)"
            if random.chance(30) { out += "\(indent)  background: #FFEECC\n" }
        case "textarea":
            out += "\(indent)textarea \(name) {\n\(indent)  text: \"A \(name)\\nsecond line\"\n\(indent)  font-size: 9\n\(place)"
        case "image":
            out += "\(indent)image \(name) {\n\(indent)  src: \"assets/\(name).png\"\n\(indent)  alt: \"Picture \(name)\"\n\(place)"
            if random.chance(30) { out += "\(indent)  corner-radius: 4\n" }
        case "button":
            out += "\(indent)button \(name) {\n\(indent)  label: \"B \(name)\"\n\(indent)  action: \"https://example.com/\(name)\"\n\(indent)  font-size: 9\n\(place)"
            out += "\(indent)  background: #1A7F37\n\(indent)  color: white\n"
            if random.chance(40) { out += "\(indent)  corner-radius: 6\n" }
        case "divider":
            out += "\(indent)divider \(name) {\n\(place)\(indent)  thickness: \(1 + random.below(3))\n\(indent)  color: #333333\n"
        default:
            let padding = random.below(3) * 4, border = random.below(2) * 2
            let inset = padding + border
            out += "\(indent)group \(name) {\n\(place)\(indent)  padding: \(padding)\n\(indent)  border-width: \(border)\n"
            out += "\(indent)  background: #FFFFFF\n"
            if ew - 2 * inset >= 20 && eh - 2 * inset >= 20 {
                partition(&random, x: 0, y: 0, w: ew - 2 * inset, h: eh - 2 * inset, depth: depth + 1, counter: &counter,
                          indent: indent + "  ", into: &out)
            }
        }
        out += "\(indent)}\n"
    }
}
