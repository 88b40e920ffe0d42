#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one random generator of the tests: SplitMix64, seeded, so a run can be replayed. No
/// test draws from the system generator (a failure it causes cannot be reproduced).
///
/// `SeededRandom(seed:)` is what a test starts from: it prints its seed, and the environment
/// variable `TDL_TEST_SEED` replaces the seed written in the test, so
/// `TDL_TEST_SEED=42 swift test --filter X` explores other inputs and replays a failure.
/// Generators made from a seed the test already printed (one per generated document, say)
/// use `init(derivedSeed:)`, which neither prints nor reads the environment.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    /// The seed this generator started from (after `TDL_TEST_SEED`).
    public let seed: UInt64
    private var state: UInt64

    public init(seed: UInt64, _ test: String = #function, file: String = #fileID) {
        let chosen = SeededRandom.seedFromEnvironment ?? seed
        self.init(derivedSeed: chosen)
        print("\(file) \(test): random seed \(chosen) (replay or vary with TDL_TEST_SEED=\(chosen))")
    }

    public init(derivedSeed seed: UInt64) {
        self.seed = seed
        state = seed
    }

    /// `TDL_TEST_SEED` as a number, when set.
    public static var seedFromEnvironment: UInt64? {
        guard let raw = getenv("TDL_TEST_SEED") else { return nil }
        return UInt64(String(cString: raw))
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in `0..<n` (n > 0; 0 for n <= 0); the modulo bias does not matter here.
    public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(n, 1))) }
    public mutating func int(_ r: ClosedRange<Int>) -> Int { r.lowerBound + below(r.count) }
    /// True with probability `percent`/100.
    public mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    public mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}
