import ToolSupport

/// Everything a command touches outside the file system: its standard streams and a few
/// facts about the terminal. Tests pass one that captures output; `process` is the real one.
public struct CommandEnvironment: Sendable {
    public var writeOutput: @Sendable ([UInt8]) -> Void
    /// Writes bytes in place, for large streamed output (the text report); nil sends a copy
    /// to `writeOutput`.
    public var writeOutputBuffer: (@Sendable (UnsafeRawBufferPointer) -> Void)? = nil
    public var writeError: @Sendable ([UInt8]) -> Void
    public var readInput: @Sendable () -> [UInt8]
    /// True when standard input is a terminal (so a bare `format` has nothing to read).
    public var inputIsTerminal: Bool
    /// Colour in standard output: a terminal and `NO_COLOR` unset.
    public var colorOutput: Bool
    /// Worker threads for checking and formatting many files.
    public var parallelism: Int
    /// True when the process exits as soon as the command returns, so large results can be
    /// left for the exit to free (`ExitTeardown`).
    public var exitsAfterCommand = false

    public init(writeOutput: @escaping @Sendable ([UInt8]) -> Void,
                writeError: @escaping @Sendable ([UInt8]) -> Void,
                readInput: @escaping @Sendable () -> [UInt8],
                inputIsTerminal: Bool, colorOutput: Bool, parallelism: Int) {
        self.writeOutput = writeOutput
        self.writeError = writeError
        self.readInput = readInput
        self.inputIsTerminal = inputIsTerminal
        self.colorOutput = colorOutput
        self.parallelism = parallelism
    }

    public static var process: CommandEnvironment {
        var env = CommandEnvironment(
            writeOutput: { bytes in writeStandardOutput(bytes) },
            writeError: { bytes in writeStandardError(bytes) },
            readInput: { readStandardInput() },
            inputIsTerminal: isTerminal(0),
            colorOutput: colorEnabled,
            parallelism: availableProcessorCount())
        env.writeOutputBuffer = { buffer in writeStandardOutput(buffer) }
        env.exitsAfterCommand = true
        return env
    }

    func writeOutput(buffer: UnsafeRawBufferPointer) {
        if let writeOutputBuffer { writeOutputBuffer(buffer) } else { writeOutput(Array(buffer)) }
    }

    func out(_ text: String) { writeOutput(Array(text.utf8)) }
    func err(_ text: String) { writeError(Array(text.utf8)) }
}
