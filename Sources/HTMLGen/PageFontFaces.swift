import ProjectModel
import Validator

/// Which `font-face` declarations a template's page loads: those of its file and of the
/// files it imports (the files of its `StyleScope`, so imports are followed once, by the
/// project model), usable (`FontFaceDeclaration.isUsable`), the first of each face kept
/// (own file first, then imports in order, as for styles), and only the faces of families
/// some element of the template names in `font`: the page loads nothing it does not show.
enum PageFontFaces {
    /// Every usable face the scope declares, first declaration of each face kept.
    static func declared(in scope: StyleScope) -> [FontFaceDeclaration] {
        var faces: [FontFaceDeclaration] = []
        for file in scope.files where file.tree.document.blocks.contains(where: { $0.kindID == .fontFace }) {
            for face in FontFaceDeclaration.declared(in: file.tree) where face.isUsable {
                if !faces.contains(where: { $0.drawsSameFace(as: face) }) { faces.append(face) }
            }
        }
        return faces
    }

    /// The faces among `declared` whose family some element of `children` (groups' members
    /// included) names in its `font`, in declaration order, each `src` percent-encoded as
    /// the page writes it.
    static func used(by children: [ResolvedElement], among declared: [FontFaceDeclaration]) -> [FontFaceDeclaration] {
        guard !declared.isEmpty else { return [] }
        var families: Set<String> = []
        var seenValues: Set<String> = []
        func visit(_ elements: [ResolvedElement]) {
            for e in elements {
                if case .font(let value, _)? = e[.font], seenValues.insert(value).inserted {
                    for case .family(let name) in FontFamilies.entries(value) { families.insert(name.lowercased()) }
                }
                visit(e.children)
            }
        }
        visit(children)
        return declared.compactMap { face in
            guard families.contains(face.family.lowercased()), let src = face.src else { return nil }
            return FontFaceDeclaration(family: face.family, src: URLPolicy.percentEncoded(src), weight: face.weight,
                                       italic: face.italic, fallback: face.fallback, display: face.display)
        }
    }

    /// The fallback kind of each family the faces declare, for `FontFamilies.cssValue`: the
    /// first `fallback` one of its faces declares, else the table's.
    static func fallbackKinds(_ faces: [FontFaceDeclaration]) -> [String: FontFamilies.Kind] {
        var kinds: [String: FontFamilies.Kind] = [:]
        for face in faces where face.fallback != nil && kinds[face.family.lowercased()] == nil {
            kinds[face.family.lowercased()] = face.fallback
        }
        for face in faces where kinds[face.family.lowercased()] == nil { kinds[face.family.lowercased()] = face.fallbackKind }
        return kinds
    }
}
