import ProjectModel
import TemplateFormat
import Validator

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
    /// from `styles` (the document's scope in its project), or from the document alone when
    /// nil. No hint when the style is unknown or contributes nothing.
    public static func hints(in tree: SyntaxTree, range: ByteRange, styles: StyleScope? = nil) -> [InlayHint] {
        let scope = styles ?? Project(files: [ProjectFile(unsaved: "<document>", tree: tree)], loader: nil).scope(of: "<document>")
        var hints: [InlayHint] = []
        for block in EditSyntax.allBlocks(tree, overlapping: range) {
            guard let reference = block.property("style"), let atom = reference.firstAtom,
                  atom.kind == .identifier, range.intersects(reference.range) else { continue }
            var own: Set<String> = []
            for property in block.properties { own.insert(property.key) }
            // The nearest style wins for each key, as the exporter resolves it. A style that
            // extends itself (through others) stops at itself.
            var supplied: [(key: String, value: String, from: String)] = []
            var taken: Set<String> = own
            taken.insert("style")
            for definition in scope.chain(from: atom.text) {
                if block.kindID == .style && definition.path == scope.path && definition.name == block.name { break }
                for property in definition.block.properties where taken.insert(property.key).inserted {
                    let value = property.value.map { $0.node.text } ?? ""
                    supplied.append((property.key, value, definition.name))
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
