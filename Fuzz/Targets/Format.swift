// Fuzz target `format`: parse → validate → format → parse. Validation never crashes on any
// tree. A document whose structure is broken (`SyntaxCode.isStructural`) is refused, whole
// and by range, as the formatter promises. Any other formats idempotently to the same tree
// apart from trivia, with the same comments and the same syntax errors, each value, header
// or line holding one kept as written (`formattingProblem`, shared with the unit tests),
// with the default options and with one other set chosen by the input's length; applying
// the certain fixes never breaks the structure, nor adds syntax errors to a clean document.
@testable import TemplateFormat
import Validator

let otherOptions = [FormatOptions(indent: .tabs), FormatOptions(indent: .spaces(4), lineEnding: .crlf),
                    FormatOptions(lineEnding: .cr, insertFinalNewline: false), FormatOptions(indent: .spaces(0))]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFormat(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let tree = SyntaxTree.parse(input)
    let diagnostics = Validator.validate(tree, path: "/fuzz/input.tdl")
    guard tree.structuralErrors.isEmpty else {
        if case .formatted = Formatter.format(tree) { fuzzFailure("format", "formatted a tree with structural errors", input) }
        if Formatter.formatRange(tree, range: ByteRange(start: 0, end: input.count)) != nil {
            fuzzFailure("format", "formatted a range of a tree with structural errors", input)
        }
        return 0
    }
    if let problem = formattingProblem(tree) { fuzzFailure("format", problem, input) }
    let options = otherOptions[input.count % otherOptions.count]
    if let problem = formattingProblem(tree, options: options) { fuzzFailure("format", "with \(options): \(problem)", input) }
    let selection = FixSelection.certainFixes(diagnostics, documentLength: input.count)
    let fixed = FixSelection.apply(selection.edits, to: input)
    if fixed != input {
        let fixedTree = SyntaxTree.parse(fixed)
        if !fixedTree.structuralErrors.isEmpty {
            fuzzFailure("format", "applying the certain fixes broke the structure: \(escaped(fixed))", input)
        }
        if !tree.hasErrors && fixedTree.hasErrors {
            fuzzFailure("format", "applying the certain fixes made syntax errors: \(escaped(fixed))", input)
        }
    }
    return 0
}
