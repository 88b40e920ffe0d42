// `{{name}}` is read by one scanner (StringPieces) at every site: the validator, the exporter
// and the symbol index must agree on random strings. Every interpolation the validator
// accepts is one the exporter substitutes and the symbol index finds; every malformed `{{`
// is reported once; every other name is reported undefined.

import XCTest
import TestSupport
@testable import HTMLGen
import ProjectModel
import TemplateFormat
import Validator

final class InterpolationAgreementTests: XCTestCase {
    static let fragments = [
        "{", "{{", "}", "}}", " ", "\\", "\\{", "\\\\", "\\n", "\\u{41}", "\\q", "user", "days", "zz", "9",
        "-", ".", "\u{E9}", "{{user}}", "{{days}}", "{{zz}}", "{{ user }}", "{{ zz }}", "{{user}", "{{a.b}}",
    ]

    func testValidatorExporterAndSymbolIndexAgree() {
        var rng = SeededRandom(seed: 0x1A7E_2901)
        for round in 0..<400 {
            let body = (0..<rng.int(1...10)).map { _ in rng.pick(Self.fragments) }.joined()
            let head = "format 1\ntemplate t {\n  size: 200 x 200\n  params {\n    user: \"ann\"\n    days: 3\n  }\n  text x {\n    at: 0, 0\n    size: 150 x 150\n    text: \""
            let source = head + body + "\"\n  }\n}\n"
            let context = "round \(round): \(body.debugDescription)"
            let tree = SyntaxTree.parse(source)
            guard let token = tree.tokens.first(where: { $0.start == head.utf8.count - 1 }), token.kind == .string else {
                XCTFail("no string, \(context)")
                continue
            }
            let atom = AtomSyntax(tree: tree, token: token)
            var interpolations: [(name: String, range: ByteRange)] = []
            var malformed: [ByteRange] = []
            var references: [ByteRange] = []
            for piece in atom.pieces {
                switch piece {
                case .interpolation(let range, let name):
                    interpolations.append((tree.text(of: name), range))
                    references.append(name)
                case .malformed(_, let m):
                    malformed.append(m.reported)
                    if m.form == .spaced, let meant = m.meant { references.append(meant) }
                default: break
                }
            }

            let diagnostics = Validator.validate(tree)
            XCTAssertEqual(diagnostics.filter { $0.code == "TDL122" }.map(\.range), malformed, "each malformed `{{` once, \(context)")
            let undeclared = interpolations.filter { $0.name != "user" && $0.name != "days" }.map(\.range)
            XCTAssertEqual(diagnostics.filter { $0.code == "TDL111" }.map(\.range), undeclared, context)

            // The exporter substitutes exactly the interpolations, in order.
            let segments = TextDecoder.segments(atom)
            let substituted = segments.compactMap { segment -> String? in
                if case .parameter(let name) = segment { return name }
                return nil
            }
            XCTAssertEqual(substituted, interpolations.map(\.name), context)
            XCTAssertEqual(Resolver.substitute(segments, [:]), atom.stringValue, "unknown parameters stay as written, \(context)")

            // The symbol index finds each, and the spaced names the validator counts as used.
            let found = SymbolIndex(tree: tree).occurrences.filter { $0.key.kind == .parameter && !$0.isDefinition }.map(\.range)
            XCTAssertEqual(found, references, context)
        }
    }
}
