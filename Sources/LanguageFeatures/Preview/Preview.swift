import HTMLGen
import ProjectModel
import TemplateFormat
import Validator

/// The standalone HTML page of one template or annotation set, for an editor's preview pane.
public struct PreviewPage: Sendable, Hashable {
    public var name: String
    public var html: String
}

/// Why there is no preview; `message` is written for the person editing.
public struct PreviewProblem: Error, Sendable, Hashable {
    public var message: String
}

public enum Preview {
    /// The exported HTML of the template or annotation set whose block holds `offset`, or of
    /// the first one when the cursor is outside all. Fails with a readable message when the
    /// document has errors (what `template-fmt export` refuses too) or nothing to preview.
    ///
    /// - Parameters:
    ///   - diagnostics: the document's diagnostics, as the validator gave them for this version.
    ///   - project: where its styles come from, as for validation.
    ///   - baseURL: the `file:` URL of the document's folder (ending in `/`), nil for an
    ///     unsaved document: the page gets it as its base (`PreviewBase`), so relative
    ///     images resolve wherever the editor writes the page.
    public static func page(for file: ProjectFile, in project: Project, diagnostics: [Diagnostic],
                            at offset: Int, baseURL: String? = nil) -> Result<PreviewPage, PreviewProblem> {
        let tree = file.tree
        let errors = diagnostics.filter { $0.severity == .error }
        if let first = errors.first {
            let more = errors.count > 1 ? " (and \(errors.count - 1) more)" : ""
            return .failure(PreviewProblem(message: "No preview: the document has errors. \(first.code): \(first.message)\(more)"))
        }
        let items = ResolvedDocument.items(in: tree)
        guard let first = items.first else {
            return .failure(PreviewProblem(message: "No preview: the document has no template or annotation set."))
        }
        var wanted = first.name
        for block in tree.document.blocks where block.kindID == .template || block.kindID == .annotations {
            let r = block.range
            if let name = block.name, r.start <= offset && offset <= r.end, items.contains(where: { $0.name == name }) {
                wanted = name
                break
            }
        }
        let document = ResolvedDocument.resolve(file, in: project, only: [wanted])
        guard let item = document.item(named: wanted), var html = Exporter.render(item, as: .html) else {
            let reason = document.issues.first.map { " \($0)" } ?? ""
            return .failure(PreviewProblem(message: "No preview of `\(wanted)`.\(reason)"))
        }
        if let baseURL {
            guard let based = PreviewBase.adding(directoryURL: baseURL, to: html) else {
                return .failure(PreviewProblem(message: "No preview of `\(wanted)`: its folder's URL \(baseURL) cannot be its base."))
            }
            html = based
        }
        return .success(PreviewPage(name: wanted, html: String(decoding: html, as: UTF8.self)))
    }
}
