import ProjectModel
import TemplateFormat

/// The checks of a `font-face` block beyond its properties' types (which the schema's
/// generic checks do): a family the page can name (TDL314), a file the page may load
/// (TDL330) in a format it can name (TDL331), and one declaration per face across the file
/// and its imports (TDL332). What is reported is what `FontFaceDeclaration.isUsable` leaves
/// out of the page.
extension Checker {
    /// One block's own checks: they read nothing but the block.
    mutating func checkFontFace(_ block: BlockSyntax) {
        if let title = block.titleToken, let family = block.title, !FontFamilies.isWritable(family) {
            findings.report(.unusableFontFamily, title.range,
                            "the page cannot name the family `\(family)`: a family is ASCII letters, digits, spaces and hyphens (at most 64), so this face is left out")
        }
        guard let src = block.property("src"), src.atoms.count == 1, let atom = src.firstAtom, atom.kind == .string else { return }
        let url = atom.stringValue
        // A URL the policy refuses outright is reported by the value check (TDL306, TDL309).
        guard URLPolicy.classify(url, forKey: "src") == .allowed else { return }
        if !FontFaceDeclaration.isLoadable(url) {
            findings.report(.fontFileNotLoadable, atom.range,
                            "the page loads fonts only from its own site (a relative path) or over `https`; this face is left out")
        } else if FontFaceDeclaration.format(of: url) == nil {
            findings.report(.unknownFontFormat, atom.range,
                            "the font file's path must end in `.woff2`, `.woff`, `.ttf` or `.otf`, which says its format to the page; this face is left out")
        }
    }

    /// TDL332: a face (family, weight, italic) this file declares that it or a file it
    /// imports declared already. Reported at the later declaration of this file, or at this
    /// file's one when the other is imported (the page keeps the first: own file, then
    /// imports in order, as for styles).
    mutating func checkDuplicateFontFaces(_ document: DocumentSyntax) {
        var earlier: [(face: FontFaceDeclaration, range: ByteRange)] = []
        // Kinds by the node table's ids: a `String` per top-level block was most of this rule's cost.
        for block in document.blocks where nodes.id(block.node.id) == KindID.fontFace.index {
            guard let face = FontFaceDeclaration(block) else { continue }
            if let first = earlier.first(where: { $0.face.drawsSameFace(as: face) }) {
                findings.report(.duplicateFontFace, block.headerRange,
                                "`\(face.family)` \(face.weight)\(face.italic ? " italic" : "") is already declared in this file; the page loads the first",
                                related: [RelatedLocation(range: first.range, message: "first declared here")])
            } else {
                earlier.append((face, block.headerRange))
            }
        }
        guard !earlier.isEmpty else { return }
        for imported in context.scope.files.dropFirst() {
            guard imported.tree.document.blocks.contains(where: { $0.kindID == .fontFace }) else { continue }
            for other in FontFaceDeclaration.declared(in: imported.tree) {
                guard let index = earlier.firstIndex(where: { $0.face.drawsSameFace(as: other) }) else { continue }
                let mine = earlier.remove(at: index)
                findings.report(.duplicateFontFace, mine.range,
                                "`\(other.family)` \(other.weight)\(other.italic ? " italic" : "") is also declared in `\(imported.path)`, which this file imports; the page loads this one")
            }
        }
    }
}
