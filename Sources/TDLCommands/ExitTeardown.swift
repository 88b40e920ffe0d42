/// Values a command leaves for the process's exit to free. Freeing the report of a large
/// file (tens of thousands of diagnostics, each a few small objects) one object at a time
/// was 3% of `check`'s work; the exit returns all the memory at once. Only for a process
/// that exits right after the command (`CommandEnvironment.exitsAfterCommand`): a test or a
/// long-lived host would keep the memory.
enum ExitTeardown {
    /// Written by the command's own thread, once, just before it returns.
    nonisolated(unsafe) private static var kept: [Any] = []

    static func leave(_ value: Any) {
        kept.append(value)
    }
}
