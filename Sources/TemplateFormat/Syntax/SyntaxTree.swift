#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a node of the syntax tree is.
public enum NodeKind: UInt8, Sendable, BitwiseCopyable {
    case document
    case directive   // `format 1`, `import "x.tdl"`
    case block       // kind [name] ["Title"] { members }
    case property    // key: value [;]
    case value       // the atoms (and commas) of a property or directive
    case error       // tokens the parser skipped; always reported by a diagnostic
}

/// A node in preorder storage: its children follow it, and `subtreeEnd` is the index of
/// the first node after its subtree. Tokens `firstToken..<endToken` are the node's span,
/// including the trivia and newlines between its children.
@usableFromInline
struct RawNode: Sendable, BitwiseCopyable {
    @usableFromInline var kind: NodeKind
    @usableFromInline var parent: Int32
    @usableFromInline var subtreeEnd: Int32
    @usableFromInline var firstToken: Int32
    @usableFromInline var endToken: Int32
    /// block: `{` token index; property: `:`; directive: keyword. -1 when missing.
    @usableFromInline var slotA: Int32
    /// block: `}` token index, -1 when missing.
    @usableFromInline var slotB: Int32
}

/// The lossless syntax tree of one document: its bytes, tokens and nodes, plus the
/// syntax diagnostics found while building it. A value type: cheap to share across
/// threads, never mutated after parsing.
///
/// Invariants (checked by `verifyInvariants`, exercised by tests and fuzzing):
/// - tokens are in order, do not overlap, and the gaps between them hold only spaces,
///   tabs, form feeds and vertical tabs;
/// - every node's token span lies inside its parent's, and siblings are ordered and disjoint;
/// - the document node spans every token, so printing the tree gives back the input.
public struct SyntaxTree: Sendable {
    /// One immutable object behind the tree, so that copying a tree (every view holds one)
    /// costs a single reference count. It owns the token and node memory the lexer and
    /// parser grew, so building a tree copies neither.
    final class Storage: @unchecked Sendable {
        let bytes: [UInt8]
        let tokens: UnsafeBufferPointer<Token>
        let nodes: UnsafeBufferPointer<RawNode>
        let diagnostics: [Diagnostic]
        /// How many lines end in each way (counted by the lexer).
        let lineEndings: LineEndingCounts
        /// The line ending most lines use.
        var lineEnding: LineEnding { lineEndings.majority }

        /// Takes ownership of `tokens` and `nodes` (allocated with malloc).
        init(bytes: [UInt8], tokens: (UnsafeMutablePointer<Token>, Int), nodes: (UnsafeMutablePointer<RawNode>, Int),
             diagnostics: [Diagnostic], lineEndings: LineEndingCounts) {
            self.bytes = bytes
            self.lineEndings = lineEndings
            self.tokens = UnsafeBufferPointer(start: tokens.0, count: tokens.1)
            self.nodes = UnsafeBufferPointer(start: nodes.0, count: nodes.1)
            self.diagnostics = diagnostics
        }

        deinit {
            free(UnsafeMutableRawPointer(mutating: tokens.baseAddress))
            free(UnsafeMutableRawPointer(mutating: nodes.baseAddress))
        }
    }

    let storage: Storage

    public var bytes: [UInt8] { storage.bytes }
    public var tokens: TokenList { TokenList(storage: storage) }
    var nodes: UnsafeBufferPointer<RawNode> { storage.nodes }
    public var diagnostics: [Diagnostic] { storage.diagnostics }

    init(storage: Storage) {
        self.storage = storage
    }

    /// Parses UTF-8 bytes. Never fails: problems are in `diagnostics`.
    public static func parse(_ bytes: [UInt8]) -> SyntaxTree {
        Parser.parse(bytes)
    }

    /// `parse(_:)`, with the lexing of a large document (a megabyte or more) split between
    /// two threads when `workers` is two or more. The same tree.
    public static func parse(_ bytes: [UInt8], workers: Int) -> SyntaxTree {
        Parser.parse(bytes, lexingWorkers: workers)
    }

    /// `parse(_:workers:)`, running `beside` once: on a second thread while the tokens are
    /// parsed when `workers` is two or more (the lexing has used both threads; parsing uses
    /// one), else after the parse. For work on the same bytes that does not need the tree,
    /// such as a large file's line table.
    public static func parse(_ bytes: [UInt8], workers: Int, beside: @escaping @Sendable () -> Void) -> SyntaxTree {
        guard workers > 1 else {
            let tree = Parser.parse(bytes)
            beside()
            return tree
        }
        return Parser.parse(bytes, lexingWorkers: workers, beside: beside)
    }

    /// Whether `other` is this very parse (the same storage), not only an equal one.
    public func isSameParse(as other: SyntaxTree) -> Bool { storage === other.storage }

    public static func parse(_ text: String) -> SyntaxTree {
        parse(Array(text.utf8))
    }

    public var document: DocumentSyntax { DocumentSyntax(tree: self, index: 0) }
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// The syntax errors that break the document's structure (`SyntaxCode.isStructural`):
    /// the formatter refuses a tree that has any, and `check --fix` never writes one.
    public var structuralErrors: [Diagnostic] {
        diagnostics.filter { $0.severity == .error && SyntaxCode(rawValue: $0.code)?.isStructural != false }
    }

    // MARK: Token text

    public func text(of token: Token) -> String {
        bytes.withUnsafeBufferPointer { buf in
            String(decoding: UnsafeBufferPointer(rebasing: buf[token.start..<token.end]), as: UTF8.self)
        }
    }

    public func text(of range: ByteRange) -> String {
        let r = ByteRange(start: min(max(range.start, 0), bytes.count), end: min(max(range.end, 0), bytes.count))
        return bytes.withUnsafeBufferPointer { buf in
            String(decoding: UnsafeBufferPointer(rebasing: buf[r.start..<r.end]), as: UTF8.self)
        }
    }

    /// Compares a token's bytes with an ASCII string without allocating.
    public func token(_ token: Token, equals text: StaticString) -> Bool {
        self.text(in: token.range, equals: text)
    }

    /// Compares the bytes of `range` with an ASCII string without allocating.
    public func text(in range: ByteRange, equals text: StaticString) -> Bool {
        let length = text.utf8CodeUnitCount
        guard range.end - range.start == length, range.start >= 0, range.end <= storage.bytes.count else { return false }
        return text.withUTF8Buffer { t in
            storage.bytes.withUnsafeBufferPointer { buf in
                for k in 0..<length where buf[range.start + k] != t[k] { return false }
                return true
            }
        }
    }

    /// Index of the first token whose end is after `offset` (binary search).
    public func tokenIndex(at offset: Int) -> Int {
        var lo = 0, hi = tokens.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if tokens[mid].end <= offset { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    // MARK: Printing

    /// Gives back the source by walking the tree: each node prints the tokens it owns
    /// directly and its children's output in order. Equal to `bytes` for every input.
    public func printed() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var cursor = 0  // byte offset printed so far; gaps are whitespace trivia
        func emit(tokenIndex t: Int) {
            let tok = tokens[t]
            out.append(contentsOf: bytes[cursor..<tok.end])
            cursor = tok.end
        }
        // Iterative preorder walk: (node, next token to print).
        var stack: [(node: Int, nextToken: Int, nextChild: Int)] = []
        if !nodes.isEmpty { stack.append((0, Int(nodes[0].firstToken), 1)) }
        while var top = stack.popLast() {
            let node = nodes[top.node]
            if top.nextChild < Int(node.subtreeEnd) {
                let child = nodes[top.nextChild]
                while top.nextToken < Int(child.firstToken) { emit(tokenIndex: top.nextToken); top.nextToken += 1 }
                top.nextToken = Int(child.endToken)
                let childIndex = top.nextChild
                top.nextChild = Int(child.subtreeEnd)
                stack.append(top)
                stack.append((childIndex, Int(child.firstToken), childIndex + 1))
            } else {
                while top.nextToken < Int(node.endToken) { emit(tokenIndex: top.nextToken); top.nextToken += 1 }
            }
        }
        out.append(contentsOf: bytes[cursor..<bytes.count])
        return out
    }

    /// Checks the structural invariants listed on the type; returns the first violation.
    public func verifyInvariants() -> String? {
        var previousEnd = 0
        for (i, tok) in tokens.enumerated() {
            if tok.start < previousEnd || tok.end < tok.start { return "token \(i) overlaps or is reversed" }
            if tok.end == tok.start { return "token \(i) is empty" }
            for k in previousEnd..<tok.start {
                let b = bytes[k]
                if b != 0x20 && b != 0x09 && b != 0x0C && b != 0x0B { return "byte \(k) lies in no token" }
            }
            previousEnd = tok.end
        }
        for k in previousEnd..<bytes.count {
            let b = bytes[k]
            if b != 0x20 && b != 0x09 && b != 0x0C && b != 0x0B { return "byte \(k) lies in no token" }
        }
        guard let root = nodes.first else { return "no document node" }
        if root.firstToken != 0 || Int(root.endToken) != tokens.count { return "document does not span all tokens" }
        for (i, node) in nodes.enumerated() {
            if node.firstToken > node.endToken { return "node \(i) has a reversed span" }
            if Int(node.subtreeEnd) <= i || Int(node.subtreeEnd) > nodes.count { return "node \(i) has a bad subtree end" }
            var child = i + 1
            var lastEnd = node.firstToken
            while child < Int(node.subtreeEnd) {
                let c = nodes[child]
                if Int(c.parent) != i { return "node \(child) has the wrong parent" }
                if c.firstToken < lastEnd || c.endToken > node.endToken { return "node \(child) escapes its parent or overlaps a sibling" }
                lastEnd = c.endToken
                child = Int(c.subtreeEnd)
            }
        }
        return nil
    }
}

/// The tokens of a tree, in order: a random-access view over the tree's token memory.
public struct TokenList: RandomAccessCollection, Sendable {
    let storage: SyntaxTree.Storage
    public var startIndex: Int { 0 }
    public var endIndex: Int { storage.tokens.count }
    public subscript(index: Int) -> Token {
        precondition(index >= 0 && index < storage.tokens.count, "token index out of range")
        return storage.tokens[index]
    }
}
