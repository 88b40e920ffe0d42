import HTMLGen
import TestSupport
import XCTest

/// The overlay `<svg>` is an image with a name (its `<title>`, the set's title) and a
/// description of its marks (`<desc>`), in the standalone SVG and in the HTML figure.
final class OverlayAccessibilityTests: XCTestCase {
    func testEveryOverlayIsANamedDescribedImage() {
        var random = SeededRandom(seed: 29)
        for round in 0..<40 {
            let source = OverlayIdTests.randomSet("set\(round)", &random)
            let document = resolve(source)
            guard let item = document.items.first else { return XCTFail("no set") }
            for format in [ExportFormat.svg, .html] {
                let text = String(decoding: Exporter.render(item, as: format) ?? [], as: UTF8.self)
                let svgTag = section(text, from: "<svg", to: ">")
                XCTAssertTrue(svgTag.contains(" role=\"img\""), svgTag)
                XCTAssertTrue(svgTag.contains(" aria-labelledby=\"set\(round).tdl.title\""), svgTag)
                XCTAssertTrue(svgTag.contains(" aria-describedby=\"set\(round).tdl.desc\""), svgTag)
                XCTAssertEqual(section(text, from: "<title id=\"set\(round).tdl.title\">", to: "</title>"), "Review set\(round)")
                let description = section(text, from: "<desc id=\"set\(round).tdl.desc\">", to: "</desc>")
                // One sentence per element, labels with their text, markers with their number.
                XCTAssertEqual(description.components(separatedBy: ". ").count, item.children.count, description)
                for e in item.children where e.kind == "label" {
                    XCTAssertTrue(description.contains(": " + (e["text"].flatMap { if case .string(let s) = $0 { return s } else { return nil } } ?? "?")), description)
                }
                XCTAssertEqual(description.components(separatedBy: "Marker ").count - 1,
                               item.children.filter { $0.kind == "number" }.count, description)
            }
        }
    }

    func testTheExampleDescribesItsMarksInWords() {
        let svg = export("""
        format 1
        annotations s "Screen" {
          size: 300 x 300
          rect box {
            at: 10, 10
            size: 50 x 50
          }
          arrow {
            from: 150, 290
            to: box
          }
          label {
            text: "Too small\\nand grey"
            at: 200, 200
          }
          number {
            at: 20, 150
          }
          rect hidden {
            at: 0, 0
            size: 1 x 1
            visible: false
          }
        }
        """, as: .svg)
        XCTAssertTrue(svg.contains("<desc id=\"s.tdl.desc\">Rectangle box (top left). Arrow from bottom centre to box. Label (bottom right): Too small and grey. Marker 1 (middle left).</desc>"), svg)
    }
}
