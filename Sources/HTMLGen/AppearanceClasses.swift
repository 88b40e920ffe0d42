/// A page's appearance classes: each distinct list of appearance declarations
/// (`TemplateHTML.appearanceDeclarations`: colours, font, border, alignment) is written once,
/// as `.tdl-canvas .tdl-aN{…}`, and every element that looks that way names the class. The
/// elements of one TDL style share one class (unless they set some of its properties
/// themselves), so a style used a thousand times is written once, not a thousand times.
///
/// `.tdl-canvas .tdl-aN` outweighs the page's base rules on elements (`.tdl-canvas hr`,
/// `.tdl-canvas a`), as the `#id` rules did that held these declarations before; the `#id`
/// rules now hold only what is one element's own (where it is, its size) and set none of the
/// same properties.
struct AppearanceClasses {
    private var indexByDeclarations: [[UInt8]: Int] = [:]
    private var declarations: [[UInt8]] = []

    /// The class of `list` (declarations each starting with `;`), made if it is new.
    mutating func index(of list: OutputBuffer) -> Int {
        let bytes = list.bytes
        if let known = indexByDeclarations[bytes] { return known }
        let index = declarations.count + 1
        indexByDeclarations[bytes] = index
        declarations.append(bytes)
        return index
    }

    /// `tdl-aN`.
    static func name(_ index: Int, into out: inout OutputBuffer) {
        out.raw("tdl-a")
        out.number(Double(index))
    }

    /// The classes' rules, in the order they were made.
    func rules(into css: inout OutputBuffer) {
        for (i, list) in declarations.enumerated() {
            css.raw(".tdl-canvas .")
            AppearanceClasses.name(i + 1, into: &css)
            css.byte(0x7B)
            list.withUnsafeBufferPointer { css.append(UnsafeBufferPointer(rebasing: $0.dropFirst())) }
            css.raw("}\n")
        }
    }
}
