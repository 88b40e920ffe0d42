import JSONText
import LanguageFeatures
import TemplateFormat

/// `textDocument/codeAction`: quick fixes (the validator's fixes, the editor's choices,
/// suppressions), and `source.fixAll.tdl`.
enum CodeActionHandlers {
    static let kinds: [String] = [CodeAction.Kind.quickFix.rawValue, CodeAction.Kind.sourceFixAll.rawValue]

    static func register(into registry: inout FeatureRegistry) {
        let capability: JSONValue = ["codeActionKinds": .array(kinds.map { .string($0) }), "resolveProvider": false]
        registry.register("textDocument/codeAction", capability: "codeActionProvider", capability) { context, params in
            let doc = try context.document(params)
            let range = try doc.byteRange(ofJSON: params["range"])
            let only = params["context"]["only"].arrayValue?.compactMap(\.stringValue)
            var actions: [CodeAction] = []
            if wants(.quickFix, only: only) {
                actions += CodeActions.actions(for: doc.diagnostics, in: range, tree: doc.tree)
            }
            // Fix-all is a source action: offered when asked for, or beside quick fixes when
            // the cursor is on a problem it fixes.
            if wants(.sourceFixAll, only: only), let all = CodeActions.fixAll(doc.diagnostics, documentLength: doc.bytes.count),
               only != nil || all.diagnostics.contains(where: { $0.range.intersects(range) }) {
                actions.append(all)
            }
            return .array(actions.map { json($0, doc: doc, context: context) })
        }
    }

    /// LSP kinds are hierarchical: asking for `source` includes `source.fixAll.tdl`.
    static func wants(_ kind: CodeAction.Kind, only: [String]?) -> Bool {
        guard let only else { return true }
        return only.contains { kind.rawValue == $0 || kind.rawValue.hasPrefix($0 + ".") }
    }

    static func json(_ action: CodeAction, doc: DocumentAnalysis, context: RequestContext) -> JSONValue {
        var object = JSONObject()
        object["title"] = .string(action.title)
        object["kind"] = .string(action.kind.rawValue)
        if action.kind == .quickFix {
            object["diagnostics"] = .array(action.diagnostics.map { context.lspDiagnostic($0, in: doc) })
        }
        object["isPreferred"] = .bool(action.isPreferred)
        let edits = JSONValue.array(action.edits.map { doc.textEdit($0) })
        var changes = JSONObject()
        changes[doc.uri] = edits
        object["edit"] = ["changes": .object(changes)]
        return .object(object)
    }
}
