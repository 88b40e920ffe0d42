// Fuzz target `format`: parse → validate → format → parse. Validation never crashes on any
// tree; for a document without syntax errors, formatting succeeds, is idempotent, and keeps
// the tree apart from trivia and the comments (`formattingProblem`, shared with the unit
// tests); applying the certain fixes never produces a document with syntax errors.
@testable import TemplateFormat
import Validator

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFormat(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let tree = SyntaxTree.parse(input)
    let diagnostics = Validator.validate(tree, path: "/fuzz/input.tdl")
    guard !tree.hasErrors else { return 0 }
    if let problem = formattingProblem(tree) { fuzzFailure("format", problem, input) }
    let selection = FixSelection.certainFixes(diagnostics, documentLength: input.count)
    let fixed = FixSelection.apply(selection.edits, to: input)
    if fixed != input && SyntaxTree.parse(fixed).hasErrors {
        fuzzFailure("format", "applying the certain fixes made syntax errors: \(escaped(fixed))", input)
    }
    return 0
}
