// Fuzz target `reparse`: an edit applied through `SyntaxTree.reparsed` (which re-parses only
// the top-level block the edit is in, when it can) gives exactly the tree of a full parse.
// The first three bytes choose the edit: where it starts, how much it removes, and how
// many bytes from the end of the input it inserts; the rest is the document.
@testable import TemplateFormat

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReparse(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 3 else { return 0 }
    let all = Array(UnsafeBufferPointer(start: data, count: size))
    let document = Array(all[3...])
    let start = (Int(all[0]) << 8 | Int(all[1])) % (document.count + 1)
    let end = min(document.count, start + Int(all[2] & 0x0F))
    let inserted = Array(document.suffix(Int(all[2] >> 4)))
    var edited = document
    edited.replaceSubrange(start..<end, with: inserted)
    let tree = SyntaxTree.parse(document)
    let reparsed = tree.reparsed(replacing: ByteRange(start: start, end: end), insertedCount: inserted.count, in: edited)
    if let difference = treeDifference(reparsed, SyntaxTree.parse(edited)) {
        fuzzFailure("reparse", "\(difference) after replacing \(start)..<\(end) with \(escaped(inserted))", document)
    }
    return 0
}
