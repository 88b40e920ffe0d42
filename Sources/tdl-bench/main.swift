import Foundation
import TemplateFormat
import ToolSupport
import Validator

// Throughput benchmark for the TDL core: parse and format MB/s on generated corpora of
// 1k, 10k and 100k lines and 10 MB, and peak memory. Build with -c release:
//   swift run -c release tdl-bench [--sizes 1k,10k,100k,10mb] [--file PATH] [--write-corpus DIR]

func peakMemoryBytes() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss * 1024  // kilobytes on Linux
}

func measure(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// Best of `runs` timings, at least three and about half a second of work.
func bestTime(bytes: Int, _ body: () -> Void) -> Double {
    var best = Double.infinity
    var total = 0.0
    var runs = 0
    while runs < 3 || (total < 0.5 && runs < 50) {
        let t = measure(body)
        best = min(best, t)
        total += t
        runs += 1
    }
    return best
}

// Measure under the allocator setting `template-fmt` and `template-lsp` run with (freed
// memory kept for reuse): with glibc's defaults, each run's megabyte buffers are mapped and
// faulted in afresh, and whole runs swing between two speeds with the allocator's state.
// To time an older build the same way: GLIBC_TUNABLES=glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=134217728
keepFreedMemoryForReuse()

var sizes = ["1k", "10k", "100k", "10mb"]
var files: [String] = []
var corpusDir: String? = nil
var args = Array(CommandLine.arguments.dropFirst())
while !args.isEmpty {
    let a = args.removeFirst()
    switch a {
    case "--sizes": sizes = (args.isEmpty ? "" : args.removeFirst()).split(separator: ",").map(String.init)
    case "--file": if !args.isEmpty { files.append(args.removeFirst()); sizes = [] }
    case "--write-corpus": corpusDir = args.isEmpty ? nil : args.removeFirst()
    case "--export": exportReport(); exit(0)
    case "--workspace":
        guard !args.isEmpty else { print("--workspace needs a folder"); exit(2) }
        workspaceReport(root: args.removeFirst()); exit(0)
    case "--lsp-edits":
        guard !args.isEmpty else { print("--lsp-edits needs a file"); exit(2) }
        let path = args.removeFirst()
        let edits = args.first.flatMap { Int($0) }.map { count in args.removeFirst(); return count } ?? 300
        serverEditReport(path: path, edits: max(edits, 2)); exit(0)
    case "-h", "--help":
        print("usage: tdl-bench [--sizes 1k,10k,100k,10mb] [--file PATH]... [--write-corpus DIR] | --export | --lsp-edits FILE [EDITS] | --workspace DIR")
        exit(0)
    default:
        FileHandle.standardError.write(Data("tdl-bench: unknown argument '\(a)'\n".utf8))
        exit(2)
    }
}

var inputs: [(String, [UInt8])] = []
for size in sizes {
    var gen = CorpusGenerator(seed: 42)
    let text: String
    switch size {
    case "1k": text = gen.document(lines: 1_000)
    case "10k": text = gen.document(lines: 10_000)
    case "100k": text = gen.document(lines: 100_000)
    case "10mb": text = gen.document(lines: 420_000)
    default:
        FileHandle.standardError.write(Data("tdl-bench: unknown size '\(size)'\n".utf8))
        exit(2)
    }
    inputs.append((size, Array(text.utf8)))
    if let dir = corpusDir {
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: "\(dir)/corpus-\(size).tdl", contents: Data(text.utf8))
    }
}
for path in files {
    guard let data = FileManager.default.contents(atPath: path) else {
        FileHandle.standardError.write(Data("tdl-bench: cannot read \(path)\n".utf8))
        exit(2)
    }
    inputs.append((path, Array(data)))
}

func report(_ inputs: [(String, [UInt8])]) {
    print("input              bytes     lines    lex MB/s  parse MB/s  format MB/s  validate MB/s  diagnostics")
    for (label, bytes) in inputs {
        let mb = Double(bytes.count) / 1_000_000
        var tokenCount = 0
        let lex = bestTime(bytes: bytes.count) { tokenCount = Lexer.tokenize(bytes).count }
        var tree = SyntaxTree.parse(bytes)
        let parse = bestTime(bytes: bytes.count) { tree = SyntaxTree.parse(bytes) }
        var formatted = 0
        let format = bestTime(bytes: bytes.count) {
            if case .formatted(let out) = Formatter.format(tree) { formatted = out.count }
        }
        var diagnostics = 0
        let validate = bestTime(bytes: bytes.count) { diagnostics = Validator.validate(tree).count }
        var lines = 0
        for b in bytes where b == 0x0A { lines += 1 }
        print(String(format: "%-12@ %11d %9d %11.1f %11.1f %12.1f %14.1f %12d", label as NSString, bytes.count, lines,
                     mb / lex, mb / parse, mb / format, mb / validate, diagnostics))
        _ = (formatted, tokenCount)
    }
    // What an editor does: one small edit in the middle, then parse and validate again; with a
    // ValidationCache only the template holding the edit is checked.
    print("after a one-line edit: parse + validate ms (from scratch / with ValidationCache)")
    for (label, bytes) in inputs {
        var middle = bytes.count / 2
        while middle < bytes.count && bytes[middle] != 0x0A { middle += 1 }
        var variants: [[UInt8]] = [bytes, bytes]
        variants[1].insert(contentsOf: Array("  // edit\n".utf8), at: min(middle + 1, bytes.count))
        let cache = ValidationCache()
        _ = Validator.validate(SyntaxTree.parse(bytes), cache: cache)
        var flip = 0
        let cached = bestTime(bytes: bytes.count) {
            flip ^= 1
            _ = Validator.validate(SyntaxTree.parse(variants[flip]), cache: cache)
        }
        let scratch = bestTime(bytes: bytes.count) { _ = Validator.validate(SyntaxTree.parse(variants[1])) }
        print(String(format: "%-12@ %8.2f / %6.2f   (last: %d checked, %d reused)", label as NSString, scratch * 1000, cached * 1000,
                     cache.lastChecked, cache.lastReused))
    }
    print(String(format: "peak memory: %.1f MB (largest input %.1f MB)", Double(peakMemoryBytes()) / 1e6,
                 Double(inputs.map { $0.1.count }.max() ?? 0) / 1e6))
}

if ProcessInfo.processInfo.environment["TDL_BENCH_EDIT_ONLY"] != nil {
    // For profiling the editor path alone: repeated edit + cached validation of the first input.
    if let bytes = inputs.first?.1 {
        let cache = ValidationCache()
        var edited = bytes
        edited.insert(contentsOf: Array("// edit\n".utf8), at: 0)
        for i in 0..<200 { _ = Validator.validate(SyntaxTree.parse(i % 2 == 0 ? bytes : edited), cache: cache) }
    }
    exit(0)
}
report(inputs)
