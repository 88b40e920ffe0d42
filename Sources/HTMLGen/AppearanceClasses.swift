import Basics
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Distinct lists of bytes, each kept once and numbered from 0 in the order first seen, in
/// one buffer. Lists are found by a fingerprint of their bytes in an open-addressing table,
/// then compared: hashing an array of bytes element by element, or even a fingerprint
/// through `Hasher`, cost more than writing the page.
struct DistinctLists {
    /// Per slot, the number of a list plus one, or 0: a free slot. Never more than half full.
    private var slots = [Int32](repeating: 0, count: 64)
    private var fingerprints: [UInt64] = []
    private var storage = OutputBuffer()
    /// Where each list ends in `storage`; it starts where the one before ends.
    private var ends: [Int] = []

    var count: Int { ends.count }

    /// The number of `list`, added if it is new.
    mutating func index(of list: OutputBuffer) -> Int {
        list.withUnsafeBytes { bytes in
            let key = fingerprint(UnsafeRawBufferPointer(bytes))
            let mask = slots.count - 1
            var slot = DistinctLists.slot(key, in: slots.count)
            while slots[slot] != 0 {
                let candidate = Int(slots[slot]) - 1
                if fingerprints[candidate] == key, withList(candidate, { DistinctLists.same($0, bytes) }) { return candidate }
                slot = (slot + 1) & mask
            }
            let index = ends.count
            slots[slot] = Int32(truncatingIfNeeded: index + 1)
            fingerprints.append(key)
            storage.append(bytes)
            ends.append(storage.count)
            if 2 * ends.count > slots.count { grow() }
            return index
        }
    }

    /// Where the search for `key` starts among `count` slots (a power of two): the top bits
    /// of its product with 2^64 / φ, which every bit of the key reaches.
    static func slot(_ key: UInt64, in count: Int) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - count.trailingZeroBitCount))
    }

    /// Twice the slots, every list placed again.
    private mutating func grow() {
        slots = [Int32](repeating: 0, count: 2 * slots.count)
        let mask = slots.count - 1
        for (i, key) in fingerprints.enumerated() {
            var slot = DistinctLists.slot(key, in: slots.count)
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(truncatingIfNeeded: i + 1)
        }
    }

    /// Calls `body` with the bytes of list `i`, valid only during the call.
    func withList<R>(_ i: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let start = i == 0 ? 0 : ends[i - 1]
        return storage.withUnsafeBytes { body(UnsafeBufferPointer(rebasing: $0[start..<ends[i]])) }
    }

    static func same(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard let p = a.baseAddress, let q = b.baseAddress else { return true }  // both empty
        return memcmp(p, q, a.count) == 0
    }
}

/// A page's appearance classes: each distinct list of appearance declarations
/// (`TemplateHTML.appearanceDeclarations`: colours, font, border, alignment) is written once,
/// as `.tdl-canvas .tdl-aN{…}`, and every element that looks that way names the class. The
/// elements of one TDL style share one class (unless they set some of its properties
/// themselves), so a style used a thousand times is written once, not a thousand times.
///
/// `.tdl-canvas .tdl-aN` outweighs the page's base rules on elements (`.tdl-canvas hr`,
/// `.tdl-canvas a`), as the `#id` rules did that held these declarations before; the `#id`
/// rules (`IdRules`) hold only what is one element's own (where it is, its size) and set
/// none of the same properties.
struct AppearanceClasses {
    private var lists = DistinctLists()

    /// The class of `list` (declarations each starting with `;`), made if it is new.
    mutating func index(of list: OutputBuffer) -> Int { lists.index(of: list) + 1 }

    /// `tdl-aN`.
    static func name(_ index: Int, into out: inout OutputBuffer) {
        out.raw("tdl-a")
        out.number(Double(index))
    }

    /// The classes' rules, in the order they were made.
    func rules(into css: inout OutputBuffer) {
        for i in 0..<lists.count {
            css.raw(".tdl-canvas .")
            AppearanceClasses.name(i + 1, into: &css)
            css.byte(0x7B)
            lists.withList(i) { css.append($0.dropFirst()) }
            css.raw("}\n")
        }
    }
}

/// A page's `#id` rules: what is each element's own (where it sits, its size; hidden), and a
/// clamped button's `#id>span`. Each distinct list of declarations is written once, as one
/// rule whose selector names every element that has it, in the order first seen:
/// `#g1-title,#g2-title{grid-area:1/1;min-height:…}`. Elements laid out alike (the cards of
/// a list, each a group with the same members in the same places) share one rule; an element
/// laid out like no other has a rule of its own, `#id{…}`, as before.
///
/// Every selector here is one or two ids, all of one weight, and no two rules set the same
/// property on one element, so the order of the rules and of the selectors in a rule changes
/// nothing; ids are TDL names (a letter or `_` first), so no selector can invalidate a list.
struct IdRules {
    private var lists = DistinctLists()
    /// Every rule's selectors, one after another, each ending at `selectorEnds[k]`.
    private var selectors = OutputBuffer()
    private var selectorEnds: [Int] = []
    /// Per selector, the next selector of its rule (-1: the last).
    private var nextSelector: [Int] = []
    /// Per rule, its first and last selectors.
    private var firstSelector: [Int] = [], lastSelector: [Int] = []

    /// Adds `declarations` (without braces) for the selector `selector` writes.
    mutating func add(_ declarations: OutputBuffer, selector: (inout OutputBuffer) -> Void) {
        selector(&selectors)
        let k = selectorEnds.count
        selectorEnds.append(selectors.count)
        nextSelector.append(-1)
        let rule = lists.index(of: declarations)
        if rule == firstSelector.count {
            firstSelector.append(k)
            lastSelector.append(k)
        } else {
            nextSelector[lastSelector[rule]] = k
            lastSelector[rule] = k
        }
    }

    /// The rules, in the order their declarations were first added.
    func rules(into css: inout OutputBuffer) {
        selectors.withUnsafeBytes { all in
            for rule in 0..<lists.count {
                var k = firstSelector[rule]
                while k >= 0 {
                    if k != firstSelector[rule] { css.byte(0x2C) }
                    css.append(all[(k == 0 ? 0 : selectorEnds[k - 1])..<selectorEnds[k]])
                    k = nextSelector[k]
                }
                css.byte(0x7B)
                lists.withList(rule) { css.append($0) }
                css.raw("}\n")
            }
        }
    }
}

/// The rules a page gathers from its elements, written after them: their `#id` rules, then
/// their appearance classes.
struct PageRules {
    var ids = IdRules()
    var classes = AppearanceClasses()
    /// Whether some element has a still twin (`TemplateHTML.hasStillTwin`): the page then
    /// needs `TemplateHTML.motionRules`.
    var hasStillTwins = false

    func write(into css: inout OutputBuffer) {
        ids.rules(into: &css)
        classes.rules(into: &css)
    }
}
