import TemplateFormat

/// What validation reads of a parsed file before it looks at the project: the node table
/// (`NodeTable`, one pass over every node). `check` of one large file builds it on one
/// thread while the other summarises the file for the project, then hands it to
/// `Validator.validate(_:in:cache:workers:parameterData:prepared:)`, which uses it only for
/// this very parse (`SyntaxTree.isSameParse(as:)`) and without a validation cache.
public struct PreparedTree: Sendable {
    let tree: SyntaxTree
    let nodes: NodeTable

    public init(_ tree: SyntaxTree) {
        self.tree = tree
        nodes = NodeTable(tree)
    }
}
