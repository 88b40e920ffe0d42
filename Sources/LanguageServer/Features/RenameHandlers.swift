import JSONText
import LSPProtocol
import LanguageFeatures
import TemplateFormat

/// `textDocument/prepareRename` and `textDocument/rename`.
enum RenameHandlers {
    static func register(into registry: inout FeatureRegistry) {
        registry.register(Feature(method: "textDocument/prepareRename", capabilities: [], handler: { context, params in
            let documents = try NavDocuments(context, params)
            let offset = try documents.offset(params)
            let navigation = documents.navigationContext(wholeWorkspace: true)
            switch Rename.prepare(at: offset, in: navigation) {
            case .success(let target):
                return ["range": documents.analysis.range(of: target.range).json, "placeholder": .string(target.placeholder)]
            case .failure(let error):
                // Not on a name: null, as the spec says; a name that cannot be renamed: say why.
                if Navigation.symbol(at: offset, in: navigation) == nil { return .null }
                throw ResponseError.requestFailed(error.message)
            }
        }))
        registry.register(Feature(method: "textDocument/rename", capabilities: [("renameProvider", ["prepareProvider": true])], rawHandler: { context, params in
            let documents = try NavDocuments(context, params)
            let offset = try documents.offset(params)
            guard let newName = params["newName"].stringValue else { throw ResponseError.invalidParams("missing newName") }
            switch Rename.edits(at: offset, newName: newName, in: documents.navigationContext(wholeWorkspace: true)) {
            case .failure(let error):
                throw ResponseError.requestFailed(error.message)
            case .success(let edits):
                // Edits go to every file that needs them, open or not; each file's positions
                // come from the text the project holds for it.
                var out = JSONWriter()
                out.raw(#"{"changes":"#)
                out.beginObject()
                for path in edits.keys.sorted() {
                    guard let list = edits[path], let head = list.first,
                          let uri = documents.locationParts(SourceLocation(path: path, range: head.range))?.uri else { continue }
                    out.key(uri)
                    out.beginArray()
                    for edit in list {
                        guard let parts = documents.locationParts(SourceLocation(path: path, range: edit.range)) else { continue }
                        out.item()
                        LSPJSON.writeTextEdit(range: parts.range, newText: edit.newText, into: &out)
                    }
                    out.endArray()
                }
                out.endObject()
                out.raw(UInt8(ascii: "}"))
                return out.bytes
            }
        }))
    }
}
