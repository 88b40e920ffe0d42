/// Where each code's explanation lives in the published docs (`codeDescription` in LSP,
/// `helpUri` in SARIF). The anchors are the headings of docs/LANGUAGE.md's diagnostics list.
public enum DocumentationLinks {
    public static let diagnosticsPage = "https://github.com/tdl-lang/tdl/blob/main/docs/LANGUAGE.md#diagnostics"

    public static func url(for code: String) -> String {
        "https://github.com/tdl-lang/tdl/blob/main/docs/LANGUAGE.md#" + code.lowercased()
    }
}
