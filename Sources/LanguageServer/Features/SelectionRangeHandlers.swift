import JSONText
import LSPProtocol
import LanguageFeatures
import TemplateFormat

/// `textDocument/selectionRange`: one nested chain per requested position.
enum SelectionRangeHandlers {
    static func register(into registry: inout FeatureRegistry) {
        registry.register("textDocument/selectionRange", capability: "selectionRangeProvider", true) { context, params in
            let doc = try context.document(params)
            guard let positions = params["positions"].arrayValue else { throw ResponseError.invalidParams("missing positions") }
            var result: [JSONValue] = []
            for position in positions {
                let offset = try doc.offset(ofJSON: position)
                var chain = SelectionRanges.chain(at: offset, in: doc.tree)
                // The spec wants one answer per position: an empty document gives the point itself.
                if chain.isEmpty { chain = [ByteRange(start: offset, end: offset)] }
                var nested: JSONValue? = nil
                for range in chain.reversed() {
                    var object = JSONObject()
                    object["range"] = doc.range(of: range).json
                    if let parent = nested { object["parent"] = parent }
                    nested = .object(object)
                }
                result.append(nested ?? .null)
            }
            return .array(result)
        }
    }
}
