/// The bounds of cross-file meaning. Every tool reads them here, so the validator, the
/// exporter and the editor features agree on where an import chain or a style chain stops.
public enum ProjectLimits {
    /// Imports nested deeper than this are not followed: the file that would be 33rd in a
    /// chain is reported (TDL114) and its styles are not visible.
    public static let maximumImportDepth = 32
    /// A style chain (`style: other` inside a style, repeatedly) is followed for at most this
    /// many styles, so a long or cyclic chain costs bounded work per element.
    public static let maximumStyleChain = 64
}
