// Owned by the "features-edit" helper: code actions, semantic tokens, colours, folding,
// selection ranges, document links, inlay hints, preview. See /work/notes/server-api.md.

enum EditFeatures {
    static func register(into registry: inout FeatureRegistry) {
        CodeActionHandlers.register(into: &registry)
        SemanticTokensHandlers.register(into: &registry)
        ColorHandlers.register(into: &registry)
        FoldingHandlers.register(into: &registry)
        SelectionRangeHandlers.register(into: &registry)
        DocumentLinkHandlers.register(into: &registry)
        InlayHintHandlers.register(into: &registry)
        PreviewHandlers.register(into: &registry)
    }
}
