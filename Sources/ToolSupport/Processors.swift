// How many threads are worth starting: the CPUs this process may run on.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The number of CPUs this process may run on, never less than 1.
///
/// On Linux that is the CPUs in the process's affinity mask (`sched_getaffinity`), so
/// `taskset -c 0 template-fmt check .` or a container pinned to two cores starts one or two
/// workers rather than one per CPU of the machine. Where the mask cannot be read (another
/// platform, or more CPUs than a `cpu_set_t` holds) it is the CPUs online
/// (`sysconf(_SC_NPROCESSORS_ONLN)`).
public func availableProcessorCount() -> Int {
    #if canImport(Glibc)
    if let count = affinityProcessorCount(), count > 0 { return count }
    #endif
    return max(1, onlineProcessorCount())
}

/// CPUs online, or 0 when `sysconf` cannot tell.
func onlineProcessorCount() -> Int {
    let count = sysconf(Int32(_SC_NPROCESSORS_ONLN))
    return count > 0 ? Int(count) : 0
}

#if canImport(Glibc)
/// CPUs in the calling process's affinity mask, or nil when it cannot be read.
func affinityProcessorCount() -> Int? {
    guard let sched_getaffinity = schedGetaffinityFunction else { return nil }
    var set = cpu_set_t()
    guard sched_getaffinity(0, MemoryLayout<cpu_set_t>.size, &set) == 0 else { return nil }
    // CPU_COUNT is a macro Swift cannot call: count the set bits of the mask's bytes.
    return withUnsafeBytes(of: &set) { bytes in
        bytes.reduce(0) { $0 + $1.nonzeroBitCount }
    }
}

// Swift's Glibc module leaves out `sched_getaffinity` (glibc declares it only under
// _GNU_SOURCE), so it is looked up at run time, as `renameat2` is in SystemCalls.swift.
private typealias SchedGetaffinity = @convention(c) (pid_t, Int, UnsafeMutablePointer<cpu_set_t>) -> Int32
private let schedGetaffinityFunction: SchedGetaffinity? =
    dlsym(nil, "sched_getaffinity").map { unsafeBitCast($0, to: SchedGetaffinity.self) }
#endif
