import TemplateFormat

extension Checker {
    /// Whether changing the kind of `block` to `guess` (a did-you-mean for a misspelt kind)
    /// brings no error with it: the block, checked as that kind in a sandbox, reports none
    /// (properties the kind lacks, a required one missing, a name it may not have, children
    /// it may not hold, values, references). `scope` is a copy of the set's scope for a block
    /// inside a set, nil for a top-level block. What the sandbox reports is taken back out;
    /// the styles and parameters it finds used stay used (the block does use them).
    mutating func isClean(_ block: BlockSyntax, as guess: KindSchema, scope: Scope?) -> Bool {
        let before = findings.count
        let outer = inSandbox
        inSandbox = true
        let kindID = SchemaIndex.kindID(of: guess)
        guard kindID >= 0 else { return false }
        let box = SchemaIndex.kind(kindID)
        if var scope {
            let references = scope.elementReferences.count
            checkNameAndTitle(node: block.node.id, header: block.headerTokens, box)
            if box.freeFormProperties {
                checkProperties(node: block.node.id, kind: box, scope: &scope)
                if !block.blocks.isEmpty { findings.report(.kindNotAllowed, block.headerRange, "") }
            } else {
                checkBody(node: block.node.id, kind: box, scope: &scope)
            }
            slots.removeAll()
            for token in scope.elementReferences[references...] where scope.names.node(named: token, in: raw.bytes) == nil {
                findings.report(.undefinedElement, token.range, "")
            }
        } else if KindID(index: kindID) == .style {
            checkNameAndTitle(block, guess)
            checkProperties(block, schema: guess, scope: nil)
            if !block.blocks.isEmpty { findings.report(.kindNotAllowed, block.headerRange, "") }
        } else {
            checkNameAndTitle(block, guess)
            var inner = Scope(container: block, kind: guess.name)
            checkContainer(block, schema: guess, scope: &inner)
        }
        let clean = !findings.takeBack(from: before).contains { $0.severity == .error }
        inSandbox = outer
        return clean
    }
}
