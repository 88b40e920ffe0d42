import JSONText
import LanguageFeatures
import TemplateFormat

/// `textDocument/foldingRange`: line-based regions, so every client (line folding only or
/// not) reads them alike.
enum FoldingHandlers {
    static func register(into registry: inout FeatureRegistry) {
        registry.register("textDocument/foldingRange", capability: "foldingRangeProvider", true) { context, params in
            let doc = try context.document(params)
            var regions = FoldingRanges.ranges(in: doc.tree, lines: doc.lineIndex)
            // Honour the client's limit: keep the first ones.
            if let limit = context.clientCapabilities["textDocument"]["foldingRange"]["rangeLimit"].intValue, limit >= 0, regions.count > limit {
                regions = Array(regions.prefix(limit))
            }
            return .array(regions.map { region in
                ["startLine": .int(region.startLine), "endLine": .int(region.endLine), "kind": .string(region.kind.rawValue)]
            })
        }
    }
}
