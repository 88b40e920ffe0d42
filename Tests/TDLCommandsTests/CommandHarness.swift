import Foundation
import TDLCommands
import TestSupport
import XCTest

/// Runs `template-fmt` in process with captured streams, in a fresh temporary folder.
final class CapturedStreams: @unchecked Sendable {
    private let lock = NSLock()
    private var outBytes: [UInt8] = []
    private var errBytes: [UInt8] = []
    func appendOut(_ b: [UInt8]) { lock.lock(); outBytes += b; lock.unlock() }
    func appendErr(_ b: [UInt8]) { lock.lock(); errBytes += b; lock.unlock() }
    var out: String { lock.lock(); defer { lock.unlock() }; return String(decoding: outBytes, as: UTF8.self) }
    var err: String { lock.lock(); defer { lock.unlock() }; return String(decoding: errBytes, as: UTF8.self) }
    var outRaw: [UInt8] { lock.lock(); defer { lock.unlock() }; return outBytes }
}

struct RunResult {
    var status: Int32
    var out: String
    var err: String
    var outBytes: [UInt8]
}

func runTool(_ args: [String], stdin: String? = nil, color: Bool = false) -> RunResult {
    let streams = CapturedStreams()
    let input = Array((stdin ?? "").utf8)
    let env = CommandEnvironment(
        writeOutput: { streams.appendOut($0) },
        writeError: { streams.appendErr($0) },
        readInput: { input },
        inputIsTerminal: stdin == nil,
        colorOutput: color,
        parallelism: 2)
    let status = TemplateFmt.run(args, environment: env)
    return RunResult(status: status, out: streams.out, err: streams.err, outBytes: streams.outRaw)
}

/// A scratch folder for one test: a `TemporaryFolder`, deleted by `remove()` or when the
/// last copy goes.
struct Scratch {
    private let folder: TemporaryFolder?
    let path: String
    init(file: StaticString = #filePath, line: UInt = #line) {
        do {
            folder = try TemporaryFolder(prefix: "tdl-cli")
        } catch {
            folder = nil
            XCTFail("no scratch folder: \(error)", file: file, line: line)
        }
        path = folder?.path ?? "/nonexistent"
    }
    func write(_ name: String, _ text: String) -> String {
        (try? folder?.write(name, text)) ?? path + "/" + name
    }
    func read(_ name: String) -> String { folder?.text(name) ?? "<missing>" }
    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// The repository's Examples folder.
let examplesFolder = Repository.examplesFolder
