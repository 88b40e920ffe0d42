import Basics
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    /// Lists are found by a fingerprint of their bytes, then compared: hashing an array of
    /// bytes element by element cost more than writing the page.
    private var firstByFingerprint: [UInt64: Int] = [:]
    private var nextWithFingerprint: [Int] = []
    private var declarations: [[UInt8]] = []

    /// The class of `list` (declarations each starting with `;`), made if it is new.
    mutating func index(of list: OutputBuffer) -> Int {
        list.withUnsafeBytes { bytes in
            let key = fingerprint(UnsafeRawBufferPointer(bytes))
            var candidate = firstByFingerprint[key] ?? -1
            while candidate >= 0 {
                if AppearanceClasses.same(declarations[candidate], bytes) { return candidate + 1 }
                candidate = nextWithFingerprint[candidate]
            }
            nextWithFingerprint.append(firstByFingerprint[key] ?? -1)
            firstByFingerprint[key] = declarations.count
            declarations.append(Array(bytes))
            return declarations.count
        }
    }

    static func same(_ a: [UInt8], _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBufferPointer { a in
            guard let p = a.baseAddress, let q = b.baseAddress else { return true }  // both empty
            return memcmp(p, q, a.count) == 0
        }
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
