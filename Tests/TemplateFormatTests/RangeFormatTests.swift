// Range formatting: only the lines a range touches change, each member with its
// indentation, and formatting the whole document afterwards gives what formatting it
// directly gives.

import XCTest
@testable import TemplateFormat
import TestSupport

final class RangeFormatTests: XCTestCase {
    /// The example: two lines inside a template are formatted, and no other line of
    /// the template (its header, its other members, its `}`) changes.
    func testTwoLinesInATemplateChangeOnlyThoseLines() throws {
        let input = """
            template card {
            size: 375 x 667
              text   title {
              text:"Hi"
                  at: 24 64
              }
            background:   #f5f5f5
            }

            """
        let tree = SyntaxTree.parse(input)
        let from = offset(of: "  text:\"Hi\"", in: input), to = offset(of: "  }", in: input)
        let edits = try XCTUnwrap(Formatter.formatRange(tree, range: ByteRange(start: from, end: to)))
        XCTAssertEqual(edits.map(\.newText), ["    text: \"Hi\"", "    at: 24, 64"])
        XCTAssertEqual(string(applying(edits, to: bytes(input))), """
            template card {
            size: 375 x 667
              text   title {
                text: "Hi"
                at: 24, 64
              }
            background:   #f5f5f5
            }

            """)
        // A cursor on the header line formats that line only; on the `}` line, its indentation.
        let header = offset(of: "template", in: input) + 3
        XCTAssertEqual(Formatter.formatRange(tree, range: ByteRange(start: header, end: header))?.map(\.newText), [])
        let inner = offset(of: "text   title", in: input)
        XCTAssertEqual(Formatter.formatRange(tree, range: ByteRange(start: inner, end: inner))?.map(\.newText), ["  text title {"])
        let close = offset(of: "  }", in: input) + 1
        XCTAssertEqual(Formatter.formatRange(tree, range: ByteRange(start: close, end: close)), [])
        let messyClose = SyntaxTree.parse("style a {\n  x: 1\n      }\n")
        XCTAssertEqual(Formatter.formatRange(messyClose, range: ByteRange(start: 20, end: 20)),
                       [TextEdit(range: ByteRange(start: 17, end: 23), newText: "")])
    }

    /// A block whose members share its header's or its `}`'s line: a range on a middle line
    /// formats that line only; on the first or last line, that line's members and the brace.
    func testBlocksWrittenOnFewLinesAreFormattedLineByLine() throws {
        let input = "style a {\n  text b { x: 1\n      y:2\n    z: 3 }\n}\n"
        let tree = SyntaxTree.parse(input)
        let middle = offset(of: "y:2", in: input)
        XCTAssertEqual(string(applying(try XCTUnwrap(Formatter.formatRange(tree, range: ByteRange(start: middle, end: middle))), to: bytes(input))),
                       "style a {\n  text b { x: 1\n    y: 2\n    z: 3 }\n}\n")
        let top = offset(of: "x: 1", in: input)
        XCTAssertEqual(string(applying(try XCTUnwrap(Formatter.formatRange(tree, range: ByteRange(start: top, end: top))), to: bytes(input))),
                       "style a {\n  text b {\n    x: 1\n      y:2\n    z: 3 }\n}\n")
        let bottom = offset(of: "z: 3", in: input)
        XCTAssertEqual(string(applying(try XCTUnwrap(Formatter.formatRange(tree, range: ByteRange(start: bottom, end: bottom))), to: bytes(input))),
                       "style a {\n  text b { x: 1\n      y:2\n    z: 3\n  }\n}\n")
    }

    func testMembersSharingALineAreFormattedTogether() throws {
        let input = "style a {\n  x: 1;y:2 /* c */\n  z:3\n}\n"
        let tree = SyntaxTree.parse(input)
        let at = offset(of: "y:2", in: input)
        let edits = try XCTUnwrap(Formatter.formatRange(tree, range: ByteRange(start: at, end: at)))
        XCTAssertEqual(string(applying(edits, to: bytes(input))), "style a {\n  x: 1\n  y: 2 /* c */\n  z:3\n}\n")
        // A block comment before a member on its line goes on a line of its own, as `format` puts it.
        let lead = "style a {\n    /* lead */ x:1\n}\n"
        let leadEdits = try XCTUnwrap(Formatter.formatRange(SyntaxTree.parse(lead), range: ByteRange(start: 12, end: 13)))
        XCTAssertEqual(string(applying(leadEdits, to: bytes(lead))), "style a {\n  /* lead */\n  x: 1\n}\n")
    }

    func testOwnLineCommentsAreReindentedAndKeptRegionsLeftAlone() throws {
        let input = "style a {\n      // note\n  // tdl-fmt: off\n  x:   1\n  // tdl-fmt: on\n y:2\n}\n"
        let tree = SyntaxTree.parse(input)
        let edits = try XCTUnwrap(Formatter.formatRange(tree, range: ByteRange(start: 10, end: input.utf8.count - 2)))
        XCTAssertEqual(string(applying(edits, to: bytes(input))), "style a {\n  // note\n  // tdl-fmt: off\n  x:   1\n  // tdl-fmt: on\n  y: 2\n}\n")
    }

    /// For random ranges over generated documents (messy layouts, some with errors inside
    /// values; three sets of options): the edits are in order and disjoint, every byte outside the lines of the
    /// members the range touches is unchanged, and formatting the whole document afterwards
    /// gives the same text as formatting it directly.
    func testRandomRangesChangeOnlyTheirMembersAndAgreeWithWholeFormatting() {
        var rng = SeededRandom(seed: 0x0013_7A46)
        var log = FailureLog()
        var withEdits = 0, partial = 0
        for round in 0..<600 {
            var input = bytes(DocumentGenerator.document(seed: UInt64(60_000 + round)))
            if round % 3 == 0, let mutant = Mutator.valueLevelError(input, rng: &rng),
               SyntaxTree.parse(mutant).structuralErrors.isEmpty {
                input = mutant
            }
            let tree = SyntaxTree.parse(input)
            let options = [FormatOptions(), FormatOptions(indent: .tabs), FormatOptions(indent: .spaces(4), lineEnding: .crlf)][round % 3]
            guard let direct = formatted(input, options: options), !input.isEmpty else { continue }
            let lines = LineIndex(input)
            for _ in 0..<8 {
                let range = randomRange(in: input, lines: lines, rng: &rng)
                let problem = rangeProblem(tree, range: range, options: options, lines: lines, direct: direct)
                log.record(problem.map { "range \(range): \($0)" }, input: input, label: "round \(round)")
                guard problem == nil, let edits = Formatter.formatRange(tree, range: range, options: options), !edits.isEmpty else { continue }
                withEdits += 1
                // The old behaviour rewrote every top-level block the range touched, whole.
                let tops = tree.document.node.children.filter { $0.range.intersects(range) }
                if tops.contains(where: { top in !edits.contains { $0.range.start <= top.range.start && top.range.end <= $0.range.end } }) {
                    partial += 1
                }
            }
        }
        log.assertClean("range formatting", minimumChecked: 4000)
        XCTAssertGreaterThan(withEdits, 1000, "too few ranges needed formatting")
        XCTAssertGreaterThan(partial, 500, "too few ranges formatted part of a block")
    }

    /// A cursor, any two offsets, or whole lines (as editors send a selection).
    func randomRange(in input: [UInt8], lines: LineIndex, rng: inout SeededRandom) -> ByteRange {
        switch rng.below(3) {
        case 0:
            let at = rng.below(input.count + 1)
            return ByteRange(start: at, end: at)
        case 1:
            let a = rng.below(input.count + 1), b = rng.below(input.count + 1)
            return ByteRange(start: min(a, b), end: max(a, b))
        default:
            let first = rng.below(lines.lineCount)
            let last = min(lines.lineCount - 1, first + rng.below(4))
            let end = last + 1 < lines.lineCount ? lines.lineStarts[last + 1] : input.count
            return ByteRange(start: lines.lineStarts[first], end: end)
        }
    }

    /// What is wrong with the edits for `range`, or nil.
    func rangeProblem(_ tree: SyntaxTree, range: ByteRange, options: FormatOptions, lines: LineIndex, direct: [UInt8]) -> String? {
        guard let edits = Formatter.formatRange(tree, range: range, options: options) else { return "refused a document without structural errors" }
        for (a, b) in zip(edits, edits.dropFirst()) where a.range.end > b.range.start {
            return "edits overlap or are out of order: \(a.range) then \(b.range)"
        }
        let allowed = allowedRanges(tree, range: range, lines: lines)
        for edit in edits where !allowed.contains(where: { $0.start <= edit.range.start && edit.range.end <= $0.end }) {
            return "edit \(edit.range) \(edit.newText.debugDescription) reaches outside the members on the range's lines \(allowed)"
        }
        let after = applying(edits, to: tree.bytes)
        guard let again = formatted(after, options: options) else { return "the edited document cannot be formatted: \(escaped(after))" }
        if again != direct {
            let at = zip(again, direct).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(again.count, direct.count)
            func around(_ b: [UInt8]) -> String { escaped(Array(b[max(0, at - 120)..<min(b.count, at + 80)])) }
            return "formatting after the edits differs at \(at):\n\(around(again))\nvs\n\(around(direct))\nedits: \(edits)"
        }
        return nil
    }

    /// What range formatting may rewrite: from the start of the line of each member (at any
    /// depth) whose first or last line the range touches, to the member's end; and the lines
    /// of comments on lines of their own that it touches. Merged where they overlap.
    func allowedRanges(_ tree: SyntaxTree, range: ByteRange, lines: LineIndex) -> [ByteRange] {
        let firstLine = lines.line(containing: range.start)
        let lastLine = lines.line(containing: max(range.start, range.end - 1))
        let touched = firstLine...max(firstLine, lastLine)
        var pieces: [ByteRange] = []
        for (index, node) in tree.nodes.enumerated() where node.endToken > node.firstToken {
            guard [.block, .property, .directive, .error].contains(node.kind) else { continue }
            let r = SyntaxNode(tree: tree, index: index).range
            let first = lines.line(containing: r.start), last = lines.line(containing: max(r.start, r.end - 1))
            // A block holding members only when the range is on its first or last line; a
            // member holding none (a property over lines, an empty block) wherever the range
            // touches it.
            let leaf = Int(node.subtreeEnd) == index + 1 || node.kind != .block
            if touched.contains(first) || touched.contains(last) || (leaf && r.intersects(range)) {
                pieces.append(ByteRange(start: lines.lineStarts[first], end: r.end))
            }
        }
        for token in tree.tokens where token.kind.isComment {
            let first = lines.line(containing: token.start), last = lines.line(containing: max(token.start, token.end - 1))
            if touched.contains(first) || touched.contains(last) || token.range.intersects(range) {
                pieces.append(ByteRange(start: lines.lineStarts[first], end: token.end))
            }
        }
        var merged: [ByteRange] = []
        for piece in pieces.sorted(by: { $0.start < $1.start }) {
            if let last = merged.last, piece.start <= last.end {
                merged[merged.count - 1] = ByteRange(start: last.start, end: max(last.end, piece.end))
            } else {
                merged.append(piece)
            }
        }
        return merged
    }
}
