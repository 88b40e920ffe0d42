import TemplateFormat

/// A kind of the schema, by its position in `Schema.kinds`. Code that tests for a kind
/// compares these (`KindID(block.kind) == .group`, `case .line, .arrow:`), not names: the
/// schema table is the one place a kind is spelt, and each constant (`Schema.swift`) is
/// made from the table's entry.
public struct KindID: Hashable, Sendable {
    /// The kind's position in `Schema.kinds`; -1 for a name the schema does not know.
    public let index: Int

    /// The kind named `name` (`.unknown` when the schema has none).
    public init(_ name: String) { index = SchemaIndex.kinds.id(name) }

    /// The kind of a schema entry (`.unknown` for one outside the table).
    public init(_ schema: KindSchema) { index = SchemaIndex.kindID(of: schema) }

    init(index: Int) { self.index = index }

    /// A name the schema does not know.
    public static let unknown = KindID(index: -1)

    /// The kind's schema; nil for `.unknown`.
    public var schema: KindSchema? { index >= 0 ? Schema.kinds[index] : nil }
}

extension BlockSyntax {
    /// The id of the block's kind (`.unknown` for a kind the schema does not know).
    public var kindID: KindID { KindID(kind) }
}
