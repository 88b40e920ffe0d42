import TemplateFormat

/// A short note shown inline after `position`.
public struct InlayHint: Sendable, Hashable {
    /// Byte offset the hint follows.
    public var position: Int
    public var label: String
    /// The full story, for the hover over the hint.
    public var tooltip: String

    public init(position: Int, label: String, tooltip: String) {
        self.position = position
        self.label = label
        self.tooltip = tooltip
    }
}

public enum InlayHints {
    /// How many property names a label lists before "+N".
    static let namesShown = 3

    /// After each `style: name` inside `range`, the properties the style chain supplies that
    /// the block does not set itself: `background, padding, corner-radius +2`. Styles come
    /// from `styles` (the document's and its imports', built by the caller for this
    /// document), or from the document alone when nil. No hint when the style is unknown
    /// or contributes nothing.
    public static func hints(in tree: SyntaxTree, range: ByteRange, styles: StyleScope? = nil) -> [InlayHint] {
        let local = styles == nil ? EditSyntax.styles(tree) : [:]
        func style(_ name: String) -> BlockSyntax? {
            if let styles { return styles.style(named: name)?.block }
            return local[name]
        }
        var hints: [InlayHint] = []
        for block in EditSyntax.allBlocks(tree, overlapping: range) {
            guard let reference = block.property("style"), let atom = reference.firstAtom,
                  atom.kind == .identifier, range.intersects(reference.range) else { continue }
            var own: Set<String> = []
            for property in block.properties { own.insert(property.key) }
            // Walk the chain: the nearest style wins for each key, as the exporter resolves it.
            var supplied: [(key: String, value: String, from: String)] = []
            var taken: Set<String> = own
            var visited: Set<String> = []
            var next: String? = atom.text
            if block.kind == "style", let name = block.name { visited.insert(name) }
            while let name = next, visited.insert(name).inserted, let styleBlock = style(name) {
                next = nil
                for property in styleBlock.properties {
                    if property.key == "style" {
                        if let parent = property.firstAtom, parent.kind == .identifier { next = parent.text }
                        continue
                    }
                    guard taken.insert(property.key).inserted else { continue }
                    let value = property.value.map { $0.node.text } ?? ""
                    supplied.append((property.key, value, name))
                }
            }
            guard !supplied.isEmpty else { continue }
            let names = supplied.prefix(namesShown).map(\.key).joined(separator: ", ")
            let more = supplied.count > namesShown ? " +\(supplied.count - namesShown)" : ""
            let tooltip = supplied.map { "\($0.key): \($0.value)  (from `\($0.from)`)" }.joined(separator: "\n")
            hints.append(InlayHint(position: atom.range.end, label: names + more, tooltip: tooltip))
        }
        hints.sort { $0.position < $1.position }
        return hints
    }
}
