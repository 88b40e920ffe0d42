import Basics
import TestSupport
import XCTest

/// `parallelMap` gives what `map` gives, in order, whatever the workers and however uneven
/// the items' work: each item is transformed exactly once.
final class ParallelMapTests: XCTestCase {
    func testEqualsMapWithUnevenWork() {
        var random = SeededRandom(seed: 114)
        let seed = random.seed
        for round in 0..<40 {
            let count = Int(random.next() % 40)
            // Some items cost a thousand times others, so workers finish out of step.
            let items = (0..<count).map { i in (i, Int(random.next() % 4 == 0 ? 20_000 : 20)) }
            let calls = Locked([Int](repeating: 0, count: count))
            for workers in [1, 2, 3, 8] {
                calls.withLock { $0 = [Int](repeating: 0, count: count) }
                let mapped = parallelMap(items, workers: workers) { item -> Int in
                    calls.withLock { $0[item.0] += 1 }
                    var sum = item.0
                    for k in 0..<item.1 { sum = sum &* 31 &+ k }
                    return sum
                }
                let expected = items.map { item -> Int in
                    var sum = item.0
                    for k in 0..<item.1 { sum = sum &* 31 &+ k }
                    return sum
                }
                XCTAssertEqual(mapped, expected, "seed \(seed), round \(round), \(workers) workers")
                XCTAssertEqual(calls.withLock { $0 }, [Int](repeating: 1, count: count), "seed \(seed), round \(round): each item once")
            }
        }
    }
}
