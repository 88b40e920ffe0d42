/// Converts between byte offsets and (line, column) positions in O(log n).
///
/// Built once per document version from the bytes. Lines end at LF, CRLF or a lone CR
/// (the line breaks LSP recognises). Columns come in two flavours: UTF-8 code units
/// (bytes) and UTF-16 code units, which LSP clients count by default. Lines that are
/// pure ASCII (the usual case) are flagged so that both columns are a subtraction.
public struct LineIndex: Sendable {
    /// Byte offset where each line starts; `lineStarts[0] == 0`.
    public let lineStarts: [Int]
    /// For each line, true when the line (without its terminator) is pure ASCII.
    private let asciiLine: [Bool]
    private let bytes: [UInt8]

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        (lineStarts, asciiLine) = bytes.withUnsafeBufferPointer { LineIndex.lines($0, from: 0, to: $0.count, firstStart: 0) }
    }

    private init(bytes: [UInt8], lineStarts: [Int], asciiLine: [Bool]) {
        self.bytes = bytes
        self.lineStarts = lineStarts
        self.asciiLine = asciiLine
    }

    /// The index of `newBytes`, which are this index's bytes with `replaced` swapped for
    /// `insertedCount` new bytes: only the lines the edit touches are scanned again; the
    /// others are kept, those after it moved. An editor's keystroke then costs a copy of
    /// the line table, not a scan of the document.
    public func applying(replaced: ByteRange, insertedCount: Int, newBytes: [UInt8]) -> LineIndex {
        let delta = insertedCount - (replaced.end - replaced.start)
        guard replaced.start >= 0, replaced.end <= bytes.count, replaced.start <= replaced.end,
              newBytes.count == bytes.count + delta else { return LineIndex(newBytes) }
        // From the line before the edit (a CR there may pair with an LF the edit brings) to
        // the end of the line holding the edit's end.
        let firstLine = max(0, line(containing: replaced.start) - 1)
        let lastLine = line(containing: replaced.end)
        let regionStart = lineStarts[firstLine]
        let oldRegionEnd = lastLine + 1 < lineStarts.count ? lineStarts[lastLine + 1] : bytes.count
        let regionEnd = oldRegionEnd + delta
        var starts = Array(lineStarts[0..<firstLine])
        var ascii = Array(asciiLine[0..<firstLine])
        starts.reserveCapacity(lineStarts.count + 8)
        ascii.reserveCapacity(lineStarts.count + 8)
        // The region's lines: its first start, the starts its breaks begin, and one ASCII
        // flag per start (the last one for the part after its last break).
        let region = newBytes.withUnsafeBufferPointer {
            LineIndex.lines($0, from: regionStart, to: regionEnd, firstStart: regionStart)
        }
        starts.append(contentsOf: region.starts)
        if lastLine + 1 < lineStarts.count {
            // The region ends where the next untouched line starts: the scan must have found it.
            guard starts.last == regionEnd else { return LineIndex(newBytes) }
            ascii.append(contentsOf: region.ascii.dropLast())
            for k in (lastLine + 2)..<max(lastLine + 2, lineStarts.count) { starts.append(lineStarts[k] + delta) }
            ascii.append(contentsOf: asciiLine[(lastLine + 1)...])
        } else {
            ascii.append(contentsOf: region.ascii)
        }
        return LineIndex(bytes: newBytes, lineStarts: starts, asciiLine: ascii)
    }

    /// The lines of `buf[from..<to]`, which starts a line at `firstStart`: `firstStart` and
    /// the start of each line a break begins, and for each of those lines whether it is pure
    /// ASCII (without its terminator).
    ///
    /// The breaks are counted first, so that the scan writes straight into arrays of the
    /// exact size: a 10 MB document has half a million lines, and growing buffers sized by
    /// a guess, then copied into arrays, cost an over-sized block and a second copy.
    static func lines(_ buf: UnsafeBufferPointer<UInt8>, from: Int, to n: Int, firstStart: Int) -> (starts: [Int], ascii: [Bool]) {
        let lineCount = countBreaks(buf, from: from, to: n) + 1
        var ascii: [Bool] = []
        var filled = false
        let starts = [Int](unsafeUninitializedCapacity: lineCount) { startsOut, startsCount in
            ascii = [Bool](unsafeUninitializedCapacity: lineCount) { asciiOut, asciiCount in
                guard let s = startsOut.baseAddress, let a = asciiOut.baseAddress else { return }
                let sink = scan(buf, from: from, to: n, into: ExactLines(starts: s, ascii: a, capacity: lineCount, firstStart: firstStart))
                // Only a scan that found exactly the counted lines filled both arrays.
                guard sink.isFull else { return }
                startsCount = lineCount
                asciiCount = lineCount
                filled = true
            }
        }
        if filled { return (starts, ascii) }
        // The count and the scan disagree (they should not): scan again into buffers that grow.
        return linesByGrowing(buf, from: from, to: n, firstStart: firstStart)
    }

    /// `lines`, collected in buffers that grow as needed instead of counted first.
    static func linesByGrowing(_ buf: UnsafeBufferPointer<UInt8>, from: Int, to n: Int, firstStart: Int) -> (starts: [Int], ascii: [Bool]) {
        let sink = scan(buf, from: from, to: n, into: GrowingLines(capacity: (n - from) / 16 + 1, firstStart: firstStart))
        return (sink.starts.finish(), sink.ascii.finish())
    }

    /// The number of line breaks in `buf[from..<to]`: each LF, and each CR not followed by an
    /// LF in the range (a CR LF is one break). The same count `scan` finds: a CR at `to - 1`
    /// is one break whatever follows it.
    ///
    /// Sixteen bytes at a time, with no branch per block: each lane of a vector counts the
    /// breaks at its position, for at most 255 blocks before the lanes are added up. A
    /// second load, one byte on, holds the byte after each.
    static func countBreaks(_ buf: UnsafeBufferPointer<UInt8>, from: Int, to n: Int) -> Int {
        guard let base = buf.baseAddress, from < n else { return 0 }
        typealias Bytes16 = SIMD16<UInt8>
        let lf = Bytes16(repeating: 0x0A), cr = Bytes16(repeating: 0x0D)
        var total = 0
        var i = from
        let lastBlock = n - 17  // the last offset where 16 bytes and the one after them remain
        while i <= lastBlock {
            var lanes = Bytes16()
            let stop = min(lastBlock, i + 254 * 16)  // 255 blocks: a lane's UInt8 count cannot wrap
            while i <= stop {
                let v = UnsafeRawPointer(base + i).loadUnaligned(as: Bytes16.self)
                let after = UnsafeRawPointer(base + i + 1).loadUnaligned(as: Bytes16.self)
                let isLF = unsafeBitCast(v .== lf, to: Bytes16.self)
                let isCR = unsafeBitCast(v .== cr, to: Bytes16.self)
                let beforeLF = unsafeBitCast(after .== lf, to: Bytes16.self)
                // A true lane is 0xFF, that is −1: subtracting it counts one.
                lanes &-= isLF | (isCR & ~beforeLF)
                i += 16
            }
            total += Int(SIMD16<UInt16>(truncatingIfNeeded: lanes).wrappedSum())
        }
        while i < n {
            let b = base[i]
            if b == 0x0A || (b == 0x0D && !(i + 1 < n && base[i + 1] == 0x0A)) { total += 1 }
            i += 1
        }
        return total
    }

    /// Scans `buf[from..<to]` into `sink`, whose first line's start is already in. (A local
    /// copy of the sink, not an `inout` one: its counts then stay in registers instead of
    /// being stored back on every line.)
    ///
    /// Sixteen bytes at a time: SIMD compares mark the block's CR and LF bytes, which
    /// become a 16-bit mask, and only the breaks are visited. A block with no CR and no
    /// non-ASCII byte (most of them) takes a short path where each LF simply ends a line.
    private static func scan<Sink: LineSink & ~Copyable>(_ buf: UnsafeBufferPointer<UInt8>, from: Int, to n: Int,
                                                         into sink: consuming Sink) -> Sink {
        var sink = sink
        var isASCII = true
        guard let base = buf.baseAddress else {
            sink.lastLineEnded(ascii: true)
            return sink
        }
        var i = from
        // Where the line after the break at `p` (a CR or LF) starts. A CR LF pair is one
        // break (the LF may lie past `n`: the next line's start then tells, and the caller
        // compares). This closure captures no variable it could conflict with, so no
        // dynamic exclusivity checks; the appends are written out where it is used.
        @inline(__always) func afterBreak(at p: Int) -> Int {
            base[p] == 0x0D && p + 1 < buf.count && base[p + 1] == 0x0A ? p + 2 : p + 1
        }
        typealias Bytes16 = SIMD16<UInt8>
        let lastBlock = n - 16  // the last offset where 16 bytes remain
        while i <= lastBlock {
            let v = UnsafeRawPointer(base + i).loadUnaligned(as: Bytes16.self)
            let lf = unsafeBitCast(v .== Bytes16(repeating: 0x0A), to: Bytes16.self)
            let cr = unsafeBitCast(v .== Bytes16(repeating: 0x0D), to: Bytes16.self)
            if !LineIndex.anyTopBit(cr | v) {
                // The usual block: ASCII, no CR. Each LF ends a line; the next starts after it.
                var breaks = LineIndex.topBits(lf)
                while breaks != 0 {
                    sink.lineEnded(ascii: isASCII, next: i &+ breaks.trailingZeroBitCount &+ 1)
                    isASCII = true
                    breaks &= breaks &- 1
                }
                i += 16
                continue
            }
            // A CR or a non-ASCII byte: the non-ASCII bits below a break belong to the line
            // that break ends, and the LF of a CR LF is not a break of its own.
            var breaks = LineIndex.topBits(lf | cr)
            var nonASCII = LineIndex.topBits(v)
            // Where scanning resumes: past this block, or past a CR LF's LF in the next one.
            var next = i + 16
            while breaks != 0 {
                let k = breaks.trailingZeroBitCount
                let before: UInt32 = (1 << k) &- 1
                if nonASCII & before != 0 { isASCII = false }
                nonASCII &= ~before
                breaks &= breaks &- 1
                let after = afterBreak(at: i + k)
                sink.lineEnded(ascii: isASCII, next: after)
                isASCII = true
                // (For a CR in the block's last byte, bit 16 is past the block: never set.)
                if after == i + k + 2 { breaks &= ~(UInt32(1) << (k + 1)) }
                if after > next { next = after }
            }
            // Non-ASCII bytes after the block's last break belong to the next line.
            if nonASCII != 0 { isASCII = false }
            i = next
        }
        while i < n {
            let b = base[i]
            if b == 0x0A || b == 0x0D {
                i = afterBreak(at: i)
                sink.lineEnded(ascii: isASCII, next: i)
                isASCII = true
            } else {
                if b >= 0x80 { isASCII = false }
                i += 1
            }
        }
        sink.lastLineEnded(ascii: isASCII)
        return sink
    }

    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// True when some byte of `v` has its top bit set.
    @inline(__always)
    static func anyTopBit(_ v: SIMD16<UInt8>) -> Bool {
        let halves = unsafeBitCast(v, to: SIMD2<UInt64>.self)
        return (halves[0] | halves[1]) & highs != 0
    }

    /// Bit k set when byte k of `v` has its top bit set (what SSE2's `pmovmskb` does, which
    /// Swift does not expose). Per 8-byte half, a multiply moves bit 7 of byte j to bit 56 + j:
    /// its partial products never overlap, so no carry disturbs the top byte.
    @inline(__always)
    static func topBits(_ v: SIMD16<UInt8>) -> UInt32 {
        let halves = unsafeBitCast(v, to: SIMD2<UInt64>.self)
        let gather: UInt64 = 0x0002_0408_1020_4081
        let low = ((UInt64(littleEndian: halves[0]) & highs) &* gather) >> 56
        let high = ((UInt64(littleEndian: halves[1]) & highs) &* gather) >> 56
        return UInt32(truncatingIfNeeded: low | high << 8)
    }

    public var lineCount: Int { lineStarts.count }

    /// The 0-based line holding `offset` (offsets past the end clamp to the last line).
    public func line(containing offset: Int) -> Int {
        var lo = 0, hi = lineStarts.count - 1
        let target = min(max(offset, 0), bytes.count)
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= target { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// Byte range of a line's content, without its terminator.
    public func contentRange(ofLine line: Int) -> ByteRange {
        guard line >= 0 && line < lineStarts.count else { return ByteRange(start: bytes.count, end: bytes.count) }
        let start = lineStarts[line]
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
        if end > start && bytes[end - 1] == 0x0A { end -= 1 }
        if end > start && bytes[end - 1] == 0x0D { end -= 1 }
        return ByteRange(start: start, end: end)
    }

    /// 0-based line and UTF-8 column (bytes from the line start).
    public func utf8Position(of offset: Int) -> (line: Int, column: Int) {
        let clamped = min(max(offset, 0), bytes.count)
        let line = line(containing: clamped)
        return (line, clamped - lineStarts[line])
    }

    /// 0-based line and UTF-16 column.
    public func utf16Position(of offset: Int) -> (line: Int, column: Int) {
        utf16Position(of: offset, line: line(containing: min(max(offset, 0), bytes.count)))
    }

    /// `utf16Position(of:)` for offsets visited in increasing order (a document's sorted
    /// diagnostics): `hint` is the line of the previous offset, and the line is found by
    /// stepping forward from it, not by a search from scratch.
    public func utf16Position(of offset: Int, after hint: Int) -> (line: Int, column: Int) {
        utf16Position(of: offset, line: line(containing: min(max(offset, 0), bytes.count), after: hint))
    }

    private func utf16Position(of offset: Int, line: Int) -> (line: Int, column: Int) {
        let clamped = min(max(offset, 0), bytes.count)
        let start = lineStarts[line]
        if asciiLine[line] { return (line, clamped - start) }
        return (line, LineIndex.countUTF16(bytes, from: start, to: clamped))
    }

    /// `line(containing:)` starting from line `hint`: a galloping search forward, so an
    /// offset k lines after the hint costs about 2·log k steps, not log n.
    public func line(containing offset: Int, after hint: Int) -> Int {
        let target = min(max(offset, 0), bytes.count)
        let low = min(max(hint, 0), lineStarts.count - 1)
        guard lineStarts[low] <= target else { return self.line(containing: target) }
        // Find a line past the target by doubling steps, then search between.
        var lo = low, step = 1
        var hi = lo + step
        while hi < lineStarts.count && lineStarts[hi] <= target {
            lo = hi
            step *= 2
            hi = lo + step
        }
        hi = min(hi, lineStarts.count) - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= target { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// `line(containing:)` starting from line `hint`, in either direction: a galloping search
    /// that costs about 2·log k steps for an offset k lines away. For offsets that cluster
    /// but do not come sorted (the places a report's notes point back to).
    public func line(containing offset: Int, near hint: Int) -> Int {
        let target = min(max(offset, 0), bytes.count)
        let high = min(max(hint, 0), lineStarts.count - 1)
        guard lineStarts[high] > target else { return line(containing: target, after: high) }
        // Find a line at or before the target by doubling steps back, then search between.
        var hi = high, step = 1
        var lo = hi - step
        while lo > 0 && lineStarts[lo] > target {
            hi = lo
            step *= 2
            lo = hi - step
        }
        lo = max(lo, 0)
        hi -= 1  // lineStarts[hi + 1] > target
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= target { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// `scalarPosition(of:)` with the line found from `hint` in either direction
    /// (`line(containing:near:)`).
    public func scalarPosition(of offset: Int, near hint: Int) -> (line: Int, column: Int) {
        scalarPosition(of: offset, line: line(containing: min(max(offset, 0), bytes.count), near: hint))
    }

    /// What the text report shows of the diagnostic at `offset` (diagnostics come sorted):
    /// its 0-based line, found by stepping forward from `hint` (the previous one's line), its
    /// column in scalars, the line's content range and whether that content is pure ASCII.
    /// One call and one search, where a position and a `contentRange` would search twice.
    public func scalarLocation(of offset: Int, after hint: Int) -> (line: Int, column: Int, content: ByteRange, isASCII: Bool) {
        let target = min(max(offset, 0), bytes.count)
        let line = line(containing: target, after: hint)
        let content = contentRange(ofLine: line)
        if asciiLine[line] { return (line, target - content.start, content, true) }
        return (line, scalarPosition(of: target, line: line).column, content, false)
    }

    /// 0-based line and column counted in Unicode scalars (what `check --format json` reports).
    public func scalarPosition(of offset: Int) -> (line: Int, column: Int) {
        scalarPosition(of: offset, line: line(containing: min(max(offset, 0), bytes.count)))
    }

    private func scalarPosition(of offset: Int, line: Int) -> (line: Int, column: Int) {
        let clamped = min(max(offset, 0), bytes.count)
        let start = lineStarts[line]
        if asciiLine[line] { return (line, clamped - start) }
        // Each scalar counts one, and so does each byte of invalid UTF-8 (as in UTF-16 columns).
        var count = 0
        var i = start
        while i < clamped {
            let (len, _) = LineIndex.scalarWidth(bytes, at: i, limit: bytes.count)
            if i + len > clamped { break }  // an offset inside a character: stay before it
            count += 1
            i += len
        }
        return (line, count)
    }

    /// Byte offset of a UTF-16 position; columns past the line end clamp to the end of the line content.
    public func offset(line: Int, utf16Column column: Int) -> Int {
        if line < 0 { return 0 }
        if line >= lineStarts.count { return bytes.count }
        let content = contentRange(ofLine: line)
        if asciiLine[line] { return min(content.start + max(column, 0), content.end) }
        var units = 0
        var i = content.start
        while i < content.end && units < column {
            let (scalarLength, utf16Length) = LineIndex.scalarWidth(bytes, at: i, limit: content.end)
            if units + utf16Length > column { break }  // inside a surrogate pair: stay before it
            units += utf16Length
            i += scalarLength
        }
        return i
    }

    /// Byte offset of a UTF-8 position; columns past the line end clamp.
    public func offset(line: Int, utf8Column column: Int) -> Int {
        if line < 0 { return 0 }
        if line >= lineStarts.count { return bytes.count }
        let content = contentRange(ofLine: line)
        return min(content.start + max(column, 0), content.end)
    }

    static func countUTF16(_ bytes: [UInt8], from: Int, to: Int) -> Int {
        var units = 0
        var i = from
        while i < to {
            let (len, u16) = scalarWidth(bytes, at: i, limit: bytes.count)
            if i + len > to { break }  // an offset inside a character: the column before it
            units += u16
            i += len
        }
        return units
    }

    /// Length in bytes and in UTF-16 units of the scalar at `i`; an invalid byte counts as one
    /// byte and one unit (it is shown as U+FFFD by the editor).
    static func scalarWidth(_ bytes: [UInt8], at i: Int, limit: Int) -> (Int, Int) {
        let b = bytes[i]
        if b < 0x80 { return (1, 1) }
        let len = UTF8Validation.sequenceLength(bytes, at: i, limit: limit)
        if len == 0 { return (1, 1) }
        return (len, len == 4 ? 2 : 1)
    }
}

/// Minimal UTF-8 validation on bytes, shared by the lexer and the line index.
enum UTF8Validation {
    /// Length of the well-formed UTF-8 sequence starting at `i`, or 0 when it is ill-formed.
    @inline(__always)
    static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, limit: Int) -> Int {
        let b0 = bytes[i]
        if b0 < 0x80 { return 1 }
        @inline(__always) func cont(_ k: Int) -> Bool { k < limit && bytes[k] & 0xC0 == 0x80 }
        switch b0 {
        case 0xC2...0xDF:
            return cont(i + 1) ? 2 : 0
        case 0xE0:
            return i + 2 < limit && (0xA0...0xBF).contains(bytes[i + 1]) && cont(i + 2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF:
            return cont(i + 1) && cont(i + 2) ? 3 : 0
        case 0xED:
            return i + 2 < limit && (0x80...0x9F).contains(bytes[i + 1]) && cont(i + 2) ? 3 : 0
        case 0xF0:
            return i + 3 < limit && (0x90...0xBF).contains(bytes[i + 1]) && cont(i + 2) && cont(i + 3) ? 4 : 0
        case 0xF1...0xF3:
            return cont(i + 1) && cont(i + 2) && cont(i + 3) ? 4 : 0
        case 0xF4:
            return i + 3 < limit && (0x80...0x8F).contains(bytes[i + 1]) && cont(i + 2) && cont(i + 3) ? 4 : 0
        default:
            return 0
        }
    }

    static func sequenceLength(_ bytes: [UInt8], at i: Int, limit: Int) -> Int {
        bytes.withUnsafeBufferPointer { sequenceLength($0, at: i, limit: limit) }
    }
}

/// Where `LineIndex.scan` puts the lines it finds.
private protocol LineSink: ~Copyable {
    /// A break ended the current line, pure ASCII or not; the next line starts at `next`.
    mutating func lineEnded(ascii: Bool, next: Int)
    /// The range ended the current line (the last one).
    mutating func lastLineEnded(ascii: Bool)
}

/// Lines written into memory for exactly `capacity` of them, as counted beforehand. Never
/// writes past it: a line too many marks the sink overfull, and the caller scans again.
private struct ExactLines: LineSink {
    let starts: UnsafeMutablePointer<Int>
    let ascii: UnsafeMutablePointer<Bool>
    let capacity: Int
    /// Lines started so far; `capacity + 1` once there were more than counted.
    private var count = 1

    init(starts: UnsafeMutablePointer<Int>, ascii: UnsafeMutablePointer<Bool>, capacity: Int, firstStart: Int) {
        self.starts = starts
        self.ascii = ascii
        precondition(capacity >= 1, "room for the first line")  // `lines` allocates breaks + 1
        self.capacity = capacity
        starts.initialize(to: firstStart)
    }

    /// True when the scan found exactly `capacity` lines: every start and flag is written.
    var isFull: Bool { count == capacity }

    @inline(__always)
    mutating func lineEnded(ascii flag: Bool, next: Int) {
        guard count < capacity else {
            count = capacity + 1
            return
        }
        (ascii + count - 1).initialize(to: flag)
        (starts + count).initialize(to: next)
        count += 1
    }

    @inline(__always)
    mutating func lastLineEnded(ascii flag: Bool) {
        if count <= capacity { (ascii + count - 1).initialize(to: flag) }
    }
}

/// Lines collected in buffers that grow from an estimate: for when no count is at hand.
private struct GrowingLines: LineSink, ~Copyable {
    var starts: GrowableBuffer<Int>
    var ascii: GrowableBuffer<Bool>

    init(capacity: Int, firstStart: Int) {
        starts = GrowableBuffer(capacity: capacity)
        ascii = GrowableBuffer(capacity: capacity)
        starts.append(firstStart)
    }

    @inline(__always)
    mutating func lineEnded(ascii flag: Bool, next: Int) {
        ascii.append(flag)
        starts.append(next)
    }

    @inline(__always)
    mutating func lastLineEnded(ascii flag: Bool) { ascii.append(flag) }
}
