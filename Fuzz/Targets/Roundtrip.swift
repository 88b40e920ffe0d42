// Fuzz target `roundtrip`: for any bytes, the tree prints back to exactly those bytes and
// keeps its structural invariants (`losslessProblem`, shared with the unit tests).
@testable import TemplateFormat

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRoundtrip(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    if let problem = losslessProblem(input).problem { fuzzFailure("roundtrip", problem, input) }
    return 0
}
