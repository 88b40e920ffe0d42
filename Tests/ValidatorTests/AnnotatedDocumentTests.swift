import TemplateFormat
import TestSupport
import XCTest

/// How annotated documents (the validator's fixtures) are read.
final class AnnotatedDocumentTests: XCTestCase {
    typealias Annotation = AnnotatedDocument.Annotation

    func testAnnotationLinesAreRemovedAndPointAtTheLineAbove() throws {
        let document = try AnnotatedDocument(Array("""
            style a {
              colour: red
            //^^^^^^ TDL102 did you mean `color`?
            //        ^^^ TDL108
              k: 1
              // an ordinary comment ^ stays
            }
            // <- TDL304
            """.utf8))
        XCTAssertEqual(String(decoding: document.text, as: UTF8.self), "style a {\n  colour: red\n  k: 1\n  // an ordinary comment ^ stays\n}\n")
        XCTAssertEqual(document.annotations, [
            Annotation(line: 1, startColumn: 2, endColumn: 8, code: "TDL102", message: "did you mean `color`?", sourceLine: 3),
            Annotation(line: 1, startColumn: 10, endColumn: 13, code: "TDL108", message: "", sourceLine: 4),
            Annotation(line: 4, startColumn: 0, endColumn: nil, code: "TDL304", message: "", sourceLine: 8),
        ])
    }

    /// Columns count characters, as the annotation line shows them under the text, and
    /// line breaks of every kind are kept as they were.
    func testColumnsAreCharactersAndLineBreaksStay() throws {
        let document = try AnnotatedDocument(Array("text: \"é😀\" @\r\n//         ^ TDL001\r\nnext\r".utf8))
        XCTAssertEqual(document.text, Array("text: \"é😀\" @\r\nnext\r".utf8))
        let annotation = try XCTUnwrap(document.annotations.first)
        XCTAssertEqual(annotation.startColumn, 11)
        let at = AnnotatedPlace(ByteRange(start: 15, end: 16), in: LineIndex(document.text))  // the `@`, bytes 15..16
        XCTAssertEqual(at, AnnotatedPlace(line: 0, startColumn: 11, endColumn: 12))
        XCTAssertTrue(at.isMarked(by: annotation))
        XCTAssertFalse(AnnotatedPlace(ByteRange(start: 13, end: 14), in: LineIndex(document.text)).isMarked(by: annotation))
    }

    func testRangesOverLinesAndEmptyRanges() {
        let text = Array("ab: \"x\n  y\"\nc:\n".utf8)
        let lines = LineIndex(text)
        // A range going on to the next line is marked to the end of its first line.
        XCTAssertEqual(AnnotatedPlace(ByteRange(start: 4, end: 10), in: lines), AnnotatedPlace(line: 0, startColumn: 4, endColumn: 6))
        // An empty range is one mark; `<-` checks the start only.
        let empty = AnnotatedPlace(ByteRange(start: 14, end: 14), in: lines)
        XCTAssertTrue(empty.isMarked(by: Annotation(line: 2, startColumn: 2, endColumn: 3, code: "TDL013", message: "", sourceLine: 1)))
        XCTAssertFalse(empty.isMarked(by: Annotation(line: 2, startColumn: 2, endColumn: 4, code: "TDL013", message: "", sourceLine: 1)))
        XCTAssertTrue(empty.isMarked(by: Annotation(line: 2, startColumn: 2, endColumn: nil, code: "TDL013", message: "", sourceLine: 1)))
    }

    func testMalformedAnnotationsAreErrors() {
        for (text, reason) in [("// ^^^ TDL101\n", "no line above it"), ("a\n//^^^TDL101\n", "followed by a space"),
                               ("a\n// ^ see below\n", "is not a diagnostic code"), ("a\n// <-\n", "followed by a space")] {
            XCTAssertThrowsError(try AnnotatedDocument(Array(text.utf8)), text) { error in
                XCTAssertTrue("\(error)".contains(reason), "\(text): \(error)")
            }
        }
    }

    /// What a failure prints: the document with an annotation line for each finding, which
    /// reads back as those findings.
    func testRenderedAnnotationsReadBack() throws {
        let text = Array("style a {\n  colour: red\n}\nx\n".utf8)
        let lines = LineIndex(text)
        let findings: [(place: AnnotatedPlace, code: String, message: String)] = [
            (AnnotatedPlace(ByteRange(start: 12, end: 18), in: lines), "TDL102", "did you mean `color`?"),
            (AnnotatedPlace(ByteRange(start: 0, end: 9), in: lines), "TDL304", "style `a` is never used"),
            (AnnotatedPlace(ByteRange(start: 26, end: 27), in: lines), "TDL101", ""),
        ]
        let rendered = AnnotatedPlace.render(text, findings)
        XCTAssertEqual(rendered, "style a {\n// <- TDL304 style `a` is never used\n  colour: red\n//^^^^^^ TDL102 did you mean `color`?\n}\nx\n// <- TDL101\n")
        let back = try AnnotatedDocument(Array(rendered.utf8))
        XCTAssertEqual(back.text, text)
        for (annotation, finding) in zip(back.annotations, findings.sorted { $0.place.line < $1.place.line }) {
            XCTAssertTrue(finding.place.isMarked(by: annotation) && annotation.code == finding.code && annotation.message == finding.message, "\(annotation)")
        }
    }
}
