/// The walk over a body (the document's or a block's tokens `from..<to`) that `format`
/// (`Printer.body`) and `formatRange` (`Printer.rangeEdits`) share, so both find the members
/// and tell a comment on its own line from a trailing one alike: the members (child nodes of
/// `parent`) in order and the tokens between them, line breaks counted, not returned.
struct BodyWalk {
    enum Step {
        /// The member node starting at the walk's position; `passed(member:)` moves past it.
        case member(Int)
        /// A token other than a line break (the walk already stands after it).
        case token(Int)
    }

    private let tokens: UnsafeBufferPointer<Token>
    private let nodes: UnsafeBufferPointer<RawNode>
    private let parent: Int
    private let to: Int
    private let isBlock: Bool
    private var k: Int
    /// The first member not yet passed.
    private(set) var child: Int?
    /// Line breaks since the last member or comment.
    private(set) var newlines = 0
    /// True until a member or a comment is passed.
    private(set) var first = true

    init(tokens: UnsafeBufferPointer<Token>, nodes: UnsafeBufferPointer<RawNode>, parent: Int, from: Int, to: Int, isBlock: Bool) {
        self.tokens = tokens
        self.nodes = nodes
        self.parent = parent
        self.to = to
        self.isBlock = isBlock
        self.k = from
        child = parent + 1 < Int(nodes[parent].subtreeEnd) ? parent + 1 : nil
        skipMembers(before: from)
    }

    mutating func next() -> Step? {
        while k < to {
            if let c = child, Int(nodes[c].firstToken) == k { return .member(c) }
            let t = k
            k += 1
            if tokens[t].kind == .newline {
                newlines += 1
                continue
            }
            return .token(t)
        }
        return nil
    }

    /// Whether a comment here ends the line of what came before it (in a block, the line of
    /// its `{` too) rather than standing on a line of its own.
    var commentTrails: Bool { newlines == 0 && (!first || isBlock) }

    /// Moves past the member `last` (the last of those a line holds, for `formatRange`).
    mutating func passed(member last: Int) {
        k = max(k + 1, Int(nodes[last].endToken))
        child = nextSibling(last)
        newlines = 0
        first = false
    }

    /// After a comment: the next member or comment follows it.
    mutating func passedComment() {
        newlines = 0
        first = false
    }

    /// Goes on at token `index`, after a region kept as written (`// tdl-fmt: off`).
    mutating func resume(at index: Int) {
        k = index
        skipMembers(before: index)
        newlines = 0
        first = false
    }

    /// The member starting at token `index`, if the next member does.
    func member(startingAt index: Int) -> Int? {
        guard let c = child, Int(nodes[c].firstToken) == index else { return nil }
        return c
    }

    private mutating func skipMembers(before index: Int) {
        while let c = child, Int(nodes[c].firstToken) < index { child = nextSibling(c) }
    }

    private func nextSibling(_ c: Int) -> Int? {
        BodyWalk.nextSibling(of: c, parent: parent, in: nodes)
    }

    /// The node after `c` among the children of `parent`, if any.
    static func nextSibling(of c: Int, parent: Int, in nodes: UnsafeBufferPointer<RawNode>) -> Int? {
        let next = Int(nodes[c].subtreeEnd)
        return next < Int(nodes[parent].subtreeEnd) ? next : nil
    }
}
