import LSPProtocol
import LanguageFeatures
import TemplateFormat

/// `textDocument/inlayHint`: after `style: name`, what the style chain supplies.
enum InlayHintHandlers {
    static func register(into registry: inout FeatureRegistry) {
        registry.register("textDocument/inlayHint", capability: "inlayHintProvider", ["resolveProvider": false]) { context, params in
            let doc = try context.document(params)
            let range = try doc.byteRange(ofJSON: params["range"])
            let scope = StyleScope(file: SourceFile(path: doc.path ?? doc.uri, tree: doc.tree), resolver: importResolver(context))
            return .array(InlayHints.hints(in: doc.tree, range: range, styles: scope).map { hint in
                ["position": doc.position(of: hint.position).json, "label": .string(hint.label),
                 "tooltip": .string(hint.tooltip), "paddingLeft": true]
            })
        }
    }

    /// Imports resolved as the validator resolves them: against the importer's folder, open
    /// documents first, then the disk.
    static func importResolver(_ context: RequestContext) -> ImportResolver {
        { importPath, fromPath in
            guard let resolved = FilePaths.resolveImport(importPath, from: fromPath),
                  let analysis = context.analysis(path: resolved) else { return nil }
            return SourceFile(path: analysis.path ?? resolved, tree: analysis.tree)
        }
    }
}
