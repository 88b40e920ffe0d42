#if canImport(Glibc)
import Glibc
#endif

/// Reports a broken property and aborts, so libFuzzer saves the input as a finding.
func fuzzFailure(_ target: String, _ problem: String, _ input: [UInt8]) -> Never {
    let message = Array("\nfuzz target \(target): \(problem)\n".utf8)
    _ = message.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    abort()
}
