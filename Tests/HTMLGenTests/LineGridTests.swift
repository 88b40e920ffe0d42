import HTMLGen
import TemplateFormat
import TestSupport
import XCTest
@testable import HTMLGen

/// `LineGrid`: a container's members on grid lines at their own edges. Over random layouts:
/// a member's area spans exactly its designed box (the tracks before it sum to its offset,
/// the tracks it spans to its size), so at the designed sizes every box is where the design
/// puts it, and members whose boxes do not meet have areas that share no cell.
final class LineGridTests: XCTestCase {
    func testAreasSpanExactlyTheDesignedBoxes() {
        var random = SeededRandom(seed: 2026)
        var placed = 0, left = 0
        for _ in 0..<300 {
            let width = Double(50 + random.below(400)), height = Double(50 + random.below(600))
            var body = ""
            var boxes: [(x: Double, y: Double, w: Double, h: Double)?] = []
            for i in 0..<(1 + random.below(12)) {
                let x = Double(random.below(Int(width) + 40)) - 20, y = Double(random.below(Int(height) + 40)) - 20
                let w = Double(1 + random.below(120)), h = Double(1 + random.below(120))
                let sized = random.below(5) != 0, hidden = random.below(10) == 0
                body += "  text m\(i) { text: \"x\"; at: \(tdlNumber(x)), \(tdlNumber(y))"
                body += sized ? "; size: \(tdlNumber(w)) x \(tdlNumber(h))" : ""
                body += hidden ? "; visible: false" : ""
                body += " }\n"
                let inside = x >= 0 && y >= 0 && x + w <= width && y + h <= height
                boxes.append(sized && !hidden && inside ? (x, y, w, h) : nil)
            }
            let source = "format 1\ntemplate t {\n  size: \(tdlNumber(width)) x \(tdlNumber(height))\n\(body)}\n"
            guard let item = resolve(source).items.first else { return XCTFail(source) }
            guard let grid = LineGrid(members: item.children, width: width, height: height) else {
                XCTAssertTrue(boxes.allSatisfy { $0 == nil }, "no grid although a member takes part\n\(source)")
                continue
            }
            XCTAssertEqual(grid.columns.reduce(0, +), width, accuracy: 1e-6)
            XCTAssertEqual(grid.rows.reduce(0, +), height, accuracy: 1e-6)
            XCTAssertTrue(grid.columns.allSatisfy { $0 > 0 } && grid.rows.allSatisfy { $0 > 0 }, "\(grid)")
            for (area, box) in zip(grid.areas, boxes) {
                guard let box else {
                    XCTAssertNil(area, source)
                    left += 1
                    continue
                }
                guard let area else { XCTFail("\(box) has no area\n\(source)"); continue }
                placed += 1
                XCTAssertEqual(grid.columns[0..<(area.column - 1)].reduce(0, +), box.x, accuracy: 1e-6, source)
                XCTAssertEqual(grid.columns[(area.column - 1)..<(area.columnEnd - 1)].reduce(0, +), box.w, accuracy: 1e-6, source)
                XCTAssertEqual(grid.rows[0..<(area.row - 1)].reduce(0, +), box.y, accuracy: 1e-6, source)
                XCTAssertEqual(grid.rows[(area.row - 1)..<(area.rowEnd - 1)].reduce(0, +), box.h, accuracy: 1e-6, source)
            }
            // Boxes that do not meet get areas that share no cell: the rows between them may
            // grow, never make them overlap.
            let areas = grid.areas.enumerated().compactMap { i, a in a.map { (i, $0) } }
            for (n, (i, a)) in areas.enumerated() {
                for (j, b) in areas[(n + 1)...] {
                    guard let p = boxes[i], let q = boxes[j] else { continue }
                    let meet = min(p.x + p.w, q.x + q.w) > max(p.x, q.x) && min(p.y + p.h, q.y + q.h) > max(p.y, q.y)
                    let share = min(a.columnEnd, b.columnEnd) > max(a.column, b.column) && min(a.rowEnd, b.rowEnd) > max(a.row, b.row)
                    XCTAssertEqual(meet, share, "\(p) \(q) \(a) \(b)")
                }
            }
        }
        XCTAssertGreaterThan(placed, 500)
        XCTAssertGreaterThan(left, 100)
    }

    /// The page: components with a known box sit in the canvas's grid; a text sized by its
    /// content is placed absolutely and pushes nothing; boxes with text have a minimum height.
    func testThePageUsesTheGridAndBoxesWithTextGrow() {
        let html = export("""
        format 1
        template t {
          size: 200 x 100
          text a { text: "A"; at: 10, 10; size: 80 x 20; font-size: 14 }
          image b { src: "b.png"; at: 100, 10; size: 50 x 50 }
          text c { text: "Sized by its content"; at: 10, 60 }
        }
        """)
        XCTAssertTrue(html.contains(".tdl-canvas{position:relative;overflow:hidden;margin:0 auto;width:calc(200*var(--u));min-height:calc(100*var(--u));display:grid;"), html)
        XCTAssertTrue(html.contains("grid-template-columns:calc(10*var(--u)) calc(80*var(--u)) calc(10*var(--u)) repeat(2,calc(50*var(--u)))"), html)
        XCTAssertTrue(html.contains("grid-template-rows:minmax(calc(10*var(--u)),auto) minmax(calc(20*var(--u)),auto) minmax(calc(30*var(--u)),auto) minmax(calc(40*var(--u)),auto)"), html)
        XCTAssertTrue(declarations(of: "a", in: html).hasPrefix("grid-area:2/2;min-height:calc(20*var(--u));"), html)
        XCTAssertTrue(html.contains("font-size:max(14*var(--u),14*var(--t))"), html)
        XCTAssertTrue(declarations(of: "b", in: html).hasPrefix("grid-area:2/4/4/5;width:calc(50*var(--u));height:calc(50*var(--u))"), html)
        XCTAssertTrue(declarations(of: "c", in: html).hasPrefix("position:absolute;left:calc(10*var(--u));top:calc(60*var(--u));"), html)
    }

    /// A run of a period of tracks is written once, `repeat(N,…)`: the longest run from each
    /// track on, periods of up to eight tracks; what it stands for is the same track list.
    func testRepeatedTracksAreWrittenOnce() {
        func list(_ sizes: [Double]) -> String {
            var css = OutputBuffer()
            TemplateHTML.trackList(sizes, into: &css) { size, css in css.number(size) }
            return css.string
        }
        XCTAssertEqual(list([1, 2, 3]), "1 2 3")
        XCTAssertEqual(list([5, 5, 5]), "repeat(3,5)")
        XCTAssertEqual(list([90, 88, 2, 88, 2, 88, 2, 88, 92]), "90 repeat(3,88 2) 88 92")
        XCTAssertEqual(list([1, 2, 1, 2, 2, 2, 2]), "repeat(2,1 2) repeat(3,2)")
        XCTAssertEqual(list([1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 6, 7, 8]), "repeat(2,1 2 3 4 5 6 7 8)")
        XCTAssertEqual(list([1, 2, 3, 4, 5, 6, 7, 8, 9, 1, 2, 3, 4, 5, 6, 7, 8, 9]), "1 2 3 4 5 6 7 8 9 1 2 3 4 5 6 7 8 9",
                       "a period longer than eight is written out")
        XCTAssertEqual(list([]), "")
        // Every list, expanded, is the tracks it was given.
        var random = SeededRandom(seed: 17)
        for _ in 0..<500 {
            let sizes = (0..<random.int(0...40)).map { _ in Double(random.int(1...3)) }
            XCTAssertEqual(expandedTracks(list(sizes)), sizes.map { String(Int($0)) }, "\(sizes)")
        }
    }
}
