import XCTest
import TemplateFormat
import Validator

/// `PropertySchema.suggestedValue` is what completion and fixes write for a property: for
/// every kind and every property it takes, a clean document with that property added at its
/// suggested value stays clean.
final class SuggestedValueTests: XCTestCase {
    /// A clean document holding one block of `kind` (named `el`, with its suggested
    /// properties at their suggested values) and the lines `extra` inside it.
    static func document(hosting kind: KindSchema, extra: [String] = []) -> String {
        var lines: [String] = []
        let required = kind.suggestedProperties
        func block(_ indent: String) -> String {
            let header = kind.name + (kind.takesName ? " el" : "") + (kind.titlePresence == .required ? " \"Title\"" : "")
            let body = required.map { "\(indent)  \($0.name): \($0.suggestedValue(inKind: kind.name))" } + extra.map { indent + "  " + $0 }
            return "\(indent)\(header) {\n" + body.map { $0 + "\n" }.joined() + "\(indent)}\n"
        }
        switch kind.role {
        case .definition:
            lines.append(block(""))
        case .component, .parameters:
            lines.append("template t {\n  size: 375 x 667\n" + block("  ") + "}\n")
        case .annotationElement:
            lines.append("annotations a {\n  image: \"shot.png\"\n  size: 800 x 600\n" + block("  ") + "}\n")
        case .directive:
            break
        }
        return "format 1\n\n" + lines.joined()
    }

    /// Problems, that is: hints (advice the tool cannot settle, such as captions for a video
    /// that may have no sound) do not make a document unclean.
    static func problems(_ text: String) -> [Diagnostic] {
        Validator.validate(Array(text.utf8)).filter { $0.severity != .hint }
    }

    func testEverySuggestedValueIsCleanInItsKind() {
        var checked = 0
        for kind in Schema.kinds where kind.role != .directive && !kind.anyElementProperty && !kind.freeFormProperties {
            let base = Self.document(hosting: kind)
            XCTAssertEqual(Self.problems(base).map(\.code), [], "the document for \(kind.name) is not clean:\n\(base)")
            let required = Set(kind.suggestedProperties.map(\.name))
            for property in kind.properties where !required.contains(property.name) && property.type != .styleReference {
                if property.excludes.contains(where: required.contains) { continue }
                let line = "\(property.name): \(property.suggestedValue(inKind: kind.name))"
                let text = Self.document(hosting: kind, extra: [line])
                let found = Self.problems(text)
                XCTAssertTrue(found.isEmpty, "`\(line)` in \(kind.name): \(found.map { "\($0.code) \($0.message)" })\n\(text)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 150)
    }

    /// In a style the value cannot depend on a kind; it is valid wherever the property applies.
    func testEverySuggestedValueIsCleanInAStyle() {
        for name in Schema.styleablePropertyNames where name != "style" {
            guard let property = Schema.styleableProperty(name),
                  let owner = Schema.kinds.first(where: { ($0.isComponent || $0.isAnnotationElement) && $0.property(name) != nil }) else {
                XCTFail("no kind takes \(name)")
                continue
            }
            if owner.suggestedProperties.contains(where: { $0.name == name || $0.excludes.contains(name) }) { continue }
            let element = Self.document(hosting: owner, extra: ["style: s"])
            let text = element + "\nstyle s {\n  \(name): \(property.suggestedValue(inKind: nil))\n}\n"
            let found = Self.problems(text)
            XCTAssertTrue(found.isEmpty, "`\(name)` in a style used by \(owner.name): \(found.map { "\($0.code) \($0.message)" })\n\(text)")
        }
    }

    func testValuesMeanSomethingOrdinary() {
        func value(_ key: String, _ kind: String) -> String? { Schema.kind(kind)?.property(key)?.suggestedValue(inKind: kind) }
        XCTAssertEqual(value("line-height", "text"), "1.5", "a bare number multiplies the font size")
        XCTAssertEqual(value("font-size", "text"), "16", "the default")
        XCTAssertEqual(value("src", "video"), "\"video.mp4\"")
        XCTAssertEqual(value("background", "text"), "#FFFFFF", "black text stays readable")
        XCTAssertEqual(value("background", "label"), "#000000", "red label text is not readable on white (4.0:1)")
        XCTAssertEqual(value("max-lines", "text"), "1")
        XCTAssertEqual(value("value", "number"), "1")
        XCTAssertFalse(value("text", "text")?.contains("{{") ?? true, "no parameter that may not exist")
    }
}
