import JSONText
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
        locationParts(location).map { ["uri": .string($0.uri), "range": $0.range.json] }
    }

    /// The URI and LSP range of a location in this document or any file of the project.
    func locationParts(_ location: SourceLocation) -> (uri: String, range: LSPRange)? {
        if location.path == analysis.file.path { return (analysis.uri, analysis.range(of: location.range)) }
        return context.locationParts(path: location.path, range: location.range)
    }
}

extension JSONValue {
    /// An object from members, leaving out the nil ones (lsprotocol rejects `null` for
    /// optional-not-nullable fields).
    static func members(_ members: [(String, JSONValue?)]) -> JSONValue {
        .object(JSONObject(members.compactMap { key, value in value.map { (key: key, value: $0) } }))
    }
}
