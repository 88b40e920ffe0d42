import TemplateFormat
import Validator

/// What an outline entry is; the server maps it to the editor's symbol icons.
public enum OutlineKind: String, Sendable, Hashable {
    case style, template, annotations, parameters, parameter, component, group, annotationElement
    /// A `font-face`: named by its family (its string).
    case fontFace
    /// A block whose kind the schema does not know (a typo, or a header still being typed).
    case unknown

    /// The outline kind of a block of this kind (`text`, `style`, …).
    public init(blockKind kind: String) {
        let id = KindID(kind)
        switch id {
        case .style: self = .style
        case .fontFace: self = .fontFace
        case .template: self = .template
        case .annotations: self = .annotations
        case .params: self = .parameters
        case .group: self = .group
        default:
            guard let schema = id.schema else { self = .unknown; return }
            self = schema.isAnnotationElement ? .annotationElement : schema.isComponent ? .component : .unknown
        }
    }
}

/// One entry of the hierarchical outline.
public struct OutlineSymbol: Sendable, Hashable {
    /// The block's name, else its title, else its kind.
    public let name: String
    /// The kind as written (`text`, `style`), or `parameter`.
    public let detail: String
    public let kind: OutlineKind
    /// The whole block (or property), for folding the outline to the cursor.
    public let range: ByteRange
    /// The name (or the kind when unnamed): what the editor selects.
    public let selectionRange: ByteRange
    public let children: [OutlineSymbol]
    /// Whether `name` is a written name (not a title or kind standing in for one): what
    /// workspace symbol search lists.
    let hasName: Bool

    init(name: String, detail: String, kind: OutlineKind, range: ByteRange, selectionRange: ByteRange,
         children: [OutlineSymbol], hasName: Bool) {
        self.name = name
        self.detail = detail
        self.kind = kind
        self.range = range
        self.selectionRange = selectionRange
        self.children = children
        self.hasName = hasName
    }
}

/// The document outline: top-level blocks, their nested blocks, and template parameters.
public enum DocumentSymbols {
    public static func outline(of tree: SyntaxTree) -> [OutlineSymbol] {
        tree.document.blocks.map(symbol(for:))
    }

    /// Recursion is bounded: the parser nests blocks at most 128 deep.
    static func symbol(for block: BlockSyntax) -> OutlineSymbol {
        let kind = block.kind
        var children: [OutlineSymbol] = []
        if KindID(kind) == .params {
            for property in block.properties where property.keyToken.kind == .identifier {
                children.append(OutlineSymbol(name: property.key, detail: "parameter", kind: .parameter,
                                              range: property.range, selectionRange: property.keyToken.range, children: [], hasName: true))
            }
        }
        children += block.blocks.map(symbol(for:))
        let name = block.name ?? block.title.flatMap { $0.isEmpty ? nil : $0 } ?? (kind.isEmpty ? "{…}" : kind)
        let selection = block.nameToken?.range ?? block.kindToken?.range ?? block.openBrace?.range ?? block.range
        var range = block.range
        if range.start > selection.start || range.end < selection.end {
            range = ByteRange(start: min(range.start, selection.start), end: max(range.end, selection.end))
        }
        return OutlineSymbol(name: name, detail: kind.isEmpty ? "block" : kind, kind: OutlineKind(blockKind: kind),
                             range: range, selectionRange: selection, children: children, hasName: block.nameToken != nil)
    }
}
