import LSPProtocol
import LanguageFeatures
import ProjectModel
import TemplateFormat

/// What the navigation handlers share: the request's document as a file of the project, the
/// `NavigationContext` LanguageFeatures takes, and features' results (paths and byte ranges)
/// back into LSP locations.
struct NavDocuments {
    let context: RequestContext
    let analysis: DocumentAnalysis

    init(_ context: RequestContext, _ params: JSONValue) throws {
        self.context = context
        self.analysis = try context.document(params)
    }

    var file: ProjectFile { analysis.file }

    /// The document and the project. `wholeWorkspace`: read every workspace file first
    /// (references and rename must see files that are not indexed yet).
    func navigationContext(wholeWorkspace: Bool = false) -> NavigationContext {
        if wholeWorkspace { context.finishIndexing() }
        return NavigationContext(project: projectHolding(analysis.file), file: analysis.file)
    }

    /// The project, with this document's version in it (a request about a file outside the
    /// project gets a copy that holds it).
    private func projectHolding(_ file: ProjectFile) -> Project {
        var project = context.project
        if project.file(file.path) !== file { project.update(file) }
        return project
    }

    func offset(_ params: JSONValue) throws -> Int { try analysis.offset(ofJSON: params["position"]) }

    func locationJSON(_ location: SourceLocation) -> JSONValue? {
        if location.path == analysis.file.path { return analysis.location(of: location.range) }
        return context.location(path: location.path, range: location.range)
    }

    /// The URI edits to the file at `path` go to.
    func uri(forPath path: String) -> String? {
        if path == analysis.file.path { return analysis.uri }
        return context.location(path: path, range: ByteRange(start: 0, end: 0))?["uri"].stringValue
    }

    /// An LSP `TextEdit` in the file at `path`, with that file's line table.
    func textEdit(_ edit: TextEdit, inPath path: String) -> JSONValue? {
        guard let location = path == analysis.file.path ? analysis.location(of: edit.range)
                : context.location(path: path, range: edit.range) else { return nil }
        return ["range": location["range"], "newText": .string(edit.newText)]
    }
}

extension JSONValue {
    /// An object from members, leaving out the nil ones (lsprotocol rejects `null` for
    /// optional-not-nullable fields).
    static func members(_ members: [(String, JSONValue?)]) -> JSONValue {
        .object(JSONObject(members.compactMap { key, value in value.map { (key: key, value: $0) } }))
    }
}
