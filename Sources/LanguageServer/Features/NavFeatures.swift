// Owned by the "features-nav" helper: completion, hover, navigation, rename, symbols.
// See /work/notes/server-api.md.

enum NavFeatures {
    static func register(into registry: inout FeatureRegistry) {
        CompletionHandlers.register(into: &registry)
        HoverHandlers.register(into: &registry)
        NavigationHandlers.register(into: &registry)
        RenameHandlers.register(into: &registry)
        SymbolsHandlers.register(into: &registry)
    }
}
