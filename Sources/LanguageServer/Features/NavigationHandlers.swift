import JSONText
import LanguageFeatures

/// `textDocument/definition` (an `import` path leads to the imported file), `references`
/// and `documentHighlight`.
enum NavigationHandlers {
    static func register(into registry: inout FeatureRegistry) {
        registry.register("textDocument/definition", capability: "definitionProvider") { context, params in
            let documents = try NavDocuments(context, params)
            let offset = try documents.offset(params)
            if let imported = ImportTarget.location(at: offset, in: documents.navigationContext()) {
                return .array([imported].compactMap(documents.locationJSON))
            }
            let locations = Navigation.definition(at: offset, in: documents.navigationContext())
            return .array(locations.compactMap(documents.locationJSON))
        }
        registry.register(Feature(method: "textDocument/references", capabilities: [("referencesProvider", true)], rawHandler: { context, params in
            let documents = try NavDocuments(context, params)
            let offset = try documents.offset(params)
            let includeDeclaration = params["context"]["includeDeclaration"].boolValue ?? true
            // Any file of the workspace, open or not, may import this one and use its styles.
            let locations = Navigation.references(at: offset, includeDeclaration: includeDeclaration,
                                                  in: documents.navigationContext(wholeWorkspace: true))
            var out = JSONWriter()
            out.beginArray()
            for location in locations {
                guard let parts = documents.locationParts(location) else { continue }
                out.item()
                LSPJSON.writeLocation(uri: parts.uri, range: parts.range, into: &out)
            }
            out.endArray()
            return out.bytes
        }))
        registry.register("textDocument/documentHighlight", capability: "documentHighlightProvider") { context, params in
            let documents = try NavDocuments(context, params)
            let offset = try documents.offset(params)
            let highlights = Navigation.highlights(at: offset, in: documents.navigationContext())
            return .array(highlights.map {
                ["range": documents.analysis.range(of: $0.range).json, "kind": .int($0.kind == .write ? 3 : 2)]
            })
        }
    }
}
