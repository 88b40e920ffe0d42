/// Which URLs may reach HTML. Shared by the validator and the HTML generator, so that a
/// URL that passes one passes the other.
public enum URLPolicy {
    public enum Verdict: Sendable, Equatable {
        case allowed
        /// `javascript:`, `vbscript:`, `data:`: able to run script or smuggle content.
        case dangerous(scheme: String)
        /// Any other scheme (`ftp:`, `file:` …): not exported.
        case unsupported(scheme: String)
    }

    /// Browsers ignore ASCII whitespace and control characters inside a scheme
    /// (`java\tscript:` runs), so they are removed before the scheme is read.
    public static func classify(_ url: String) -> Verdict {
        var scheme = ""
        for scalar in url.unicodeScalars {
            if scalar.value <= 0x20 || scalar.value == 0x7F { continue }
            if scalar == ":" {
                let lower = scheme.lowercased()
                if ["javascript", "vbscript", "data"].contains(lower) { return .dangerous(scheme: lower) }
                if ["http", "https", "mailto"].contains(lower) { return .allowed }
                return .unsupported(scheme: lower)
            }
            // A scheme is ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ); anything else means a relative path.
            let ok = scalar.isASCII && (scalar.properties.isAlphabetic || (scheme.isEmpty == false && ("0"..."9").contains(scalar)) || (!scheme.isEmpty && "+-.".unicodeScalars.contains(scalar)))
            if !ok { return .allowed }
            scheme.unicodeScalars.append(scalar)
        }
        return .allowed
    }
}
