import ProjectModel
import XCTest
import TemplateFormat
@testable import Validator
import TestSupport

/// Applying any fix the validator offers, certain or not, never adds an error: after it, no
/// error code appears more often than before, and the fixed diagnostic's code less often.
/// Checked over the rule table's bad documents and the generated mistakes.
final class FixesAddNoErrorTests: XCTestCase {
    struct Outcome {
        var failures: [String] = []
        var applied = 0
        var codes: Set<String> = []
    }

    static func errorCounts(_ diagnostics: [Diagnostic]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for d in diagnostics where d.severity == .error { counts[d.code, default: 0] += 1 }
        return counts
    }

    /// Applies every fix of every diagnostic of `bytes` and checks the rule.
    static func check(_ label: String, _ bytes: [UInt8], validate: ([UInt8]) -> [Diagnostic], into outcome: inout Outcome) {
        let before = validate(bytes)
        let errorsBefore = errorCounts(before)
        for d in before {
            for fix in d.fixes {
                let fixed = applying(fix.edits, to: bytes)
                let after = validate(fixed)
                outcome.applied += 1
                outcome.codes.insert(d.code)
                var problems: [String] = []
                for (code, n) in errorCounts(after) where n > errorsBefore[code] ?? 0 {
                    problems.append("adds \(code) (\(errorsBefore[code] ?? 0) -> \(n))")
                }
                if after.with(code: d.code).count >= before.with(code: d.code).count {
                    problems.append("leaves as many \(d.code) as before")
                }
                if !problems.isEmpty {
                    outcome.failures.append("\(label): fix \"\(fix.title)\" of \(d.code) \"\(d.message)\" \(problems.joined(separator: ", "))\n"
                                            + "after:\n  \(describe(after, in: fixed))\ndocument after the fix:\n\(String(decoding: fixed, as: UTF8.self))")
                }
            }
        }
    }

    func testNoFixInTheRuleTableAddsAnError() {
        var outcome = Outcome()
        for c in RuleTable.cases {
            FixesAddNoErrorTests.check("\(c.code) (\(c.name))", c.bad, validate: { bytes in
                c.validate(bytes)
            }, into: &outcome)
        }
        XCTAssertGreaterThanOrEqual(outcome.applied, 25)
        XCTAssertTrue(outcome.failures.isEmpty, "\(outcome.failures.count) fixes add errors; first ones:\n" + outcome.failures.prefix(5).joined(separator: "\n----\n"))
    }

    func testNoFixForAGeneratedMistakeAddsAnError() {
        print("FixesAddNoErrorTests: seeds \(MistakeCorpus.seeds)")
        var outcome = Outcome()
        for c in MistakeCorpus.mistakes() {
            FixesAddNoErrorTests.check(c.label, c.bytes, validate: { Validator.validate($0, path: c.path, loader: c.loader) }, into: &outcome)
        }
        XCTAssertTrue(outcome.failures.isEmpty, "\(outcome.failures.count) of \(outcome.applied) fixes add errors; first ones:\n"
                      + outcome.failures.prefix(5).joined(separator: "\n----\n"))
        // Every code the rule table shows with a fix is reached by some generated mistake.
        var table = Outcome()
        for c in RuleTable.cases {
            let found = c.validate(c.bad)
            for d in found where !d.fixes.isEmpty { table.codes.insert(d.code) }
        }
        XCTAssertTrue(table.codes.isSubset(of: outcome.codes),
                      "codes with fixes that no generated mistake reaches: \(table.codes.subtracting(outcome.codes).sorted())")
    }
}
