import TemplateFormat
import Validator

/// Classifies every token of a tree once (one byte of type and one of modifiers per token,
/// from a walk over the blocks and properties), then emits them in token order, splitting
/// strings around their `{{name}}` interpolations.
struct SemanticTokenClassifier {
    let tree: SyntaxTree
    /// Per token: type raw value + 1 (0: not a semantic token).
    private var types: [UInt8]
    private var modifiers: [UInt8]

    init(tree: SyntaxTree) {
        self.tree = tree
        types = [UInt8](repeating: 0, count: tree.tokens.count)
        modifiers = [UInt8](repeating: 0, count: tree.tokens.count)
    }

    mutating func classify(range: ByteRange?) -> [SemanticToken] {
        markStructure(range: range)
        return emit(range: range)
    }

    private mutating func mark(_ index: Int, _ type: SemanticTokenType, _ mods: SemanticTokenModifiers = []) {
        guard index >= 0 && index < types.count else { return }
        types[index] = UInt8(type.rawValue + 1)
        modifiers[index] = UInt8(truncatingIfNeeded: mods.rawValue)
    }

    private mutating func mark(_ token: Token?, _ type: SemanticTokenType, _ mods: SemanticTokenModifiers = []) {
        guard let token else { return }
        mark(tree.tokenIndex(at: token.start), type, mods)
    }

    /// Marks what `range` shows (everything when nil).
    private mutating func markStructure(range: ByteRange?) {
        let tokens = tree.tokens
        let first = range.map { tree.tokenIndex(at: $0.start) } ?? 0
        for i in first..<tokens.count {
            let token = tokens[i]
            if let range, token.start > range.end { break }
            switch token.kind {
            case .lineComment, .blockComment: mark(i, .comment)
            case .docComment: mark(i, .comment, .documentation)
            case .number: mark(i, .number)
            case .color: mark(i, .color)
            case .string, .multilineString: mark(i, .string)
            default: break
            }
        }
        for member in tree.document.members where range.map({ member.node.range.intersects($0) }) ?? true {
            switch member {
            case .directive(let directive):
                mark(directive.node.tokenRange.lowerBound, .keyword)
            case .property(let property):
                markProperty(property, type: nil, inParams: false)
            default: break
            }
        }
        for block in EditSyntax.allBlocks(tree, overlapping: range) {
            let kind = block.kind
            let id = KindID(kind)
            mark(block.kindToken, .type)
            switch id {
            case .style: mark(block.nameToken, .class, .declaration)
            case .template, .annotations: mark(block.nameToken, .namespace, .declaration)
            default: mark(block.nameToken, .variable, .declaration)
            }
            let inParams = id == .params
            for property in block.properties {
                markProperty(property, type: EditSyntax.valueType(key: property.key, inKind: kind), inParams: inParams)
            }
        }
    }

    private mutating func markProperty(_ property: PropertySyntax, type: ValueType?, inParams: Bool) {
        let keyIndex = property.node.tokenRange.lowerBound
        if inParams { mark(keyIndex, .parameter, .declaration) } else { mark(keyIndex, .property) }
        guard let value = property.value else { return }
        let tokens = tree.tokens
        for i in value.node.tokenRange where tokens[i].kind == .identifier {
            let (kind, mods) = identifierClass(tokens[i], type: type)
            mark(i, kind, mods)
        }
    }

    /// What an identifier in a value is, from the property's type.
    private func identifierClass(_ token: Token, type: ValueType?) -> (SemanticTokenType, SemanticTokenModifiers) {
        let isBoolean = tree.token(token, equals: "true") || tree.token(token, equals: "false")
        switch type {
        case .styleReference?: return (.class, [])
        case .pointOrElement?: return (.variable, [])
        case .size?: return (.operator, [])
        case .enumeration?, .font?: return (.enumMember, [])
        case .color?: return (.color, .defaultLibrary)
        default:
            if isBoolean { return (.keyword, []) }
            if Schema.namedColor(tree.text(of: token)) != nil { return (.color, .defaultLibrary) }
            return (.enumMember, [])
        }
    }

    private func emit(range: ByteRange?) -> [SemanticToken] {
        let tokens = tree.tokens
        var out: [SemanticToken] = []
        var i = range.map { tree.tokenIndex(at: $0.start) } ?? 0
        while i < tokens.count {
            let token = tokens[i]
            if let range, token.start >= range.end && !(range.isEmpty && token.start == range.start) { break }
            defer { i += 1 }
            let raw = types[i]
            guard raw > 0, let type = SemanticTokenType(rawValue: Int(raw) - 1) else { continue }
            let mods = SemanticTokenModifiers(rawValue: UInt32(modifiers[i]))
            if type == .string {
                appendString(token, into: &out)
            } else {
                out.append(SemanticToken(range: token.range, type: type, modifiers: mods))
            }
        }
        return out
    }

    /// A string token, cut around its interpolations: `{{` and `}}` as operators, the name as a parameter.
    private func appendString(_ token: Token, into out: inout [SemanticToken]) {
        let references = AtomSyntax(tree: tree, token: token).parameterReferences
        guard !references.isEmpty else {
            out.append(SemanticToken(range: token.range, type: .string))
            return
        }
        var cursor = token.start
        for (range, name) in references {
            if range.start > cursor { out.append(SemanticToken(range: ByteRange(start: cursor, end: range.start), type: .string)) }
            out.append(SemanticToken(range: ByteRange(start: range.start, end: name.start), type: .operator))
            out.append(SemanticToken(range: name, type: .parameter))
            out.append(SemanticToken(range: ByteRange(start: name.end, end: range.end), type: .operator))
            cursor = range.end
        }
        if token.end > cursor { out.append(SemanticToken(range: ByteRange(start: cursor, end: token.end), type: .string)) }
    }
}
