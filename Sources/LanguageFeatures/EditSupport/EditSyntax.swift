import TemplateFormat
import Validator

/// Small walks over the syntax tree shared by the editing features (tokens, colours, links,
/// hints): every block in document order, and the schema entry a property is checked against.
enum EditSyntax {
    /// Every block of the document, nested ones included, in document order. Iterative, so
    /// deeply nested input cannot exhaust the stack.
    /// With `range`, only the blocks whose text overlaps it (and so their ancestors): range
    /// requests on a long document walk only what they show.
    static func allBlocks(_ tree: SyntaxTree, overlapping range: ByteRange? = nil) -> [BlockSyntax] {
        func wanted(_ block: BlockSyntax) -> Bool { range.map { block.range.intersects($0) } ?? true }
        var result: [BlockSyntax] = []
        var stack: [BlockSyntax] = tree.document.blocks.reversed().filter(wanted)
        while let block = stack.popLast() {
            result.append(block)
            stack.append(contentsOf: block.blocks.reversed().filter(wanted))
        }
        return result
    }

    /// The schema entry of a property as the validator reads it: a `style` block accepts
    /// every styleable property, `params` entries are parameter defaults, other kinds use
    /// their own table. Nil for unknown kinds and keys.
    static func propertySchema(_ property: PropertySyntax) -> PropertySchema? {
        guard let block = property.block else { return nil }
        return propertySchema(key: property.key, inKind: block.kind)
    }

    static func propertySchema(key: String, inKind kind: String) -> PropertySchema? {
        if KindID(kind) == .style { return Schema.styleableProperty(key) }
        return Schema.kind(kind)?.property(key)
    }

    /// The value type of a property, including the free-form entries of `params`.
    static func valueType(_ property: PropertySyntax) -> ValueType? {
        guard let block = property.block else { return nil }
        return valueType(key: property.key, inKind: block.kind)
    }

    /// The same, for callers that walk a block's properties and know its kind.
    static func valueType(key: String, inKind kind: String) -> ValueType? {
        if let schema = propertySchema(key: key, inKind: kind) { return schema.type }
        return Schema.kind(kind)?.freeFormPropertyType
    }

    /// Keys whose value is a URL in some kind (`src`, `image`, `poster`, `action`): a cheap
    /// test before the exact lookup.
    static let urlKeys: Set<String> = {
        var keys: Set<String> = []
        for kind in Schema.kinds { for property in kind.properties where property.type == .url { keys.insert(property.name) } }
        return keys
    }()
}
