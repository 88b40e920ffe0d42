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

    public var fileExtension: String { rawValue }

    /// Whether items of this kind can be written in this format.
    public func supports(_ kind: ResolvedItem.Kind) -> Bool {
        self != .svg || kind == .annotations
    }
}

/// The entry point that ties resolving and rendering together.
public enum Exporter {
    /// One item in one format, or nil when the format does not apply (`svg` of a template).
    /// `embedded` is an annotation set's image file, which a standalone SVG carries in place
    /// of its link (the other formats link to the image).
    public static func render(_ item: ResolvedItem, as format: ExportFormat, embedded: EmbeddedImage? = nil) -> [UInt8]? {
        switch (format, item.kind) {
        case (.html, .template): return TemplateHTML.render(item)
        case (.html, .annotations): return AnnotationSVG.figureHTML(item)
        case (.svg, .annotations): return AnnotationSVG.standalone(item, embedded: embedded)
        case (.svg, .template): return nil
        case (.json, _): return ModelJSON.render([item])
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
