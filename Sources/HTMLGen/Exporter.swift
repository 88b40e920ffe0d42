import ProjectModel
import TemplateFormat
import Validator

/// The output formats of `template-fmt export`.
public enum ExportFormat: String, Sendable, CaseIterable {
    /// A standalone HTML5 page: a template's canvas, or an annotation set's figure.
    case html
    /// A standalone SVG document (annotation sets only).
    case svg
    /// The resolved model (`ModelJSON`).
    case json
    /// An HTML email: table layout, inline styles (templates only; `EmailHTML`).
    case email

    /// `email.html` for emails, so that a folder can hold a template's page and its email.
    public var fileExtension: String { self == .email ? "email.html" : rawValue }

    /// Whether items of this kind can be written in this format.
    public func supports(_ kind: ResolvedItem.Kind) -> Bool {
        switch self {
        case .svg: return kind == .annotations
        case .email: return kind == .template
        case .html, .json: return true
        }
    }
}

/// The entry point that ties resolving and rendering together.
public enum Exporter {
    /// One item in one format, or nil when the format does not apply (`svg` of a template)
    /// or the item cannot be shown in it (an email of a template with a video). `embedded`
    /// is an annotation set's image file, which a standalone SVG carries in place of its link
    /// (the other formats link to the image).
    public static func render(_ item: ResolvedItem, as format: ExportFormat, embedded: EmbeddedImage? = nil) -> [UInt8]? {
        renderReporting(item, as: format, embedded: embedded).output
    }

    /// One item in one format, with what the format could not show: an email's refusals
    /// (errors, and no output) and approximations (warnings). Other formats show everything.
    public static func renderReporting(_ item: ResolvedItem, as format: ExportFormat,
                                       embedded: EmbeddedImage? = nil) -> (output: [UInt8]?, issues: [ExportIssue]) {
        switch (format, item.kind) {
        case (.html, .template): return (TemplateHTML.render(item), [])
        case (.html, .annotations): return (AnnotationSVG.figureHTML(item), [])
        case (.svg, .annotations): return (AnnotationSVG.standalone(item, embedded: embedded), [])
        case (.svg, .template), (.email, .annotations): return (nil, [])
        case (.json, _): return (ModelJSON.render([item]), [])
        case (.email, .template):
            let email = EmailHTML.render(item)
            return (email.html, email.issues)
        }
    }

    /// Parses, resolves and renders one item of a document, for callers that have the bytes
    /// and want one output (tests, benchmarks). Does not validate.
    public static func export(_ bytes: [UInt8], item name: String? = nil, as format: ExportFormat = .html,
                              data: [String: ParamValue] = [:], loader: ImportLoader? = nil,
                              path: String? = nil) -> (output: [UInt8]?, issues: [ExportIssue]) {
        let tree = SyntaxTree.parse(bytes)
        let wanted = name ?? ResolvedDocument.items(in: tree).first?.name
        guard let wanted else { return (nil, []) }
        let document = ResolvedDocument.resolve(tree, path: path, loader: loader, data: data, only: [wanted])
        guard let item = document.item(named: wanted) else { return (nil, document.issues) }
        return (render(item, as: format), document.issues)
    }
}
