// swift-tools-version:6.0
import PackageDescription

// No package dependencies: the toolchain's Foundation, Dispatch and test libraries only,
// so the tools build offline anywhere Swift is installed.
let package = Package(
    name: "TDL",
    products: [
        .library(name: "TemplateFormat", targets: ["TemplateFormat"]),
        .library(name: "Validator", targets: ["Validator"]),
        .executable(name: "template-fmt", targets: ["template-fmt"]),
        .executable(name: "template-lsp", targets: ["template-lsp"]),
        .executable(name: "tdl-bench", targets: ["tdl-bench"]),
    ],
    targets: [
        // What every layer shares and no layer owns: a lock, a hash, numbers as text. No
        // dependencies, no I/O.
        .target(name: "Basics"),
        // Source text, positions, lexer, lossless syntax tree, parser, formatter. No I/O.
        .target(name: "TemplateFormat"),
        // JSON values, a strict parser with positions, one writer (compact, pretty, streaming).
        // No I/O.
        .target(name: "JSONText", dependencies: ["Basics"]),
        // The project: files, imports, style scopes, definitions and uses across files, symbol
        // search. No I/O: files it lacks come through the caller's loader.
        .target(name: "ProjectModel", dependencies: ["Basics", "TemplateFormat"]),
        // The schema table and every diagnostic, read against the project model. No I/O.
        .target(name: "Validator", dependencies: ["Basics", "TemplateFormat", "ProjectModel"]),
        // File-system side of the command-line tools: discovery, .editorconfig, atomic writes, diffs.
        .target(name: "ToolSupport", dependencies: ["Basics", "TemplateFormat", "ProjectModel"]),
        // Templates and annotation sets to HTML, SVG and the JSON model. No I/O.
        .target(name: "HTMLGen", dependencies: ["Basics", "JSONText", "TemplateFormat", "ProjectModel", "Validator"]),
        // The commands of `template-fmt` as a library, so tests run them in process.
        .target(name: "TDLCommands", dependencies: ["Basics", "TemplateFormat", "ProjectModel", "Validator", "ToolSupport", "HTMLGen", "JSONText"]),
        // The command-line tools link the Swift runtime statically: they then run where no
        // Swift toolchain is installed, start 1 ms sooner, and call the runtime (reference
        // counting, above all) directly rather than through the dynamic linker's tables.
        .executableTarget(name: "template-fmt", dependencies: ["TDLCommands", "ToolSupport"],
                          linkerSettings: [.unsafeFlags(["-static-stdlib"])]),
        // Content-Length framing and JSON-RPC 2.0 messages. No language knowledge.
        .target(name: "LSPProtocol", dependencies: ["JSONText"]),
        // Editor features as pure functions over one analysed document (byte offsets in, byte
        // ranges out): completion, hover, navigation, symbols, tokens, colours, preview.
        .target(name: "LanguageFeatures", dependencies: ["Basics", "TemplateFormat", "ProjectModel", "Validator", "HTMLGen"]),
        // The server: lifecycle, documents and versions, position encodings, dispatch of
        // requests to LanguageFeatures, diagnostics push or pull. Testable without pipes.
        .target(name: "LanguageServer", dependencies: ["Basics", "JSONText", "LSPProtocol", "LanguageFeatures", "ProjectModel", "TemplateFormat", "Validator", "ToolSupport"]),
        .executableTarget(name: "template-lsp", dependencies: ["LanguageServer", "LSPProtocol", "ToolSupport"],
                          linkerSettings: [.unsafeFlags(["-static-stdlib"])]),
        .executableTarget(name: "tdl-bench", dependencies: ["TemplateFormat", "Validator", "HTMLGen", "JSONText", "LanguageServer", "LSPProtocol", "ToolSupport"]),
        // What the test targets share: the seeded random generator, edits applied as an editor
        // applies them, temporary folders, fixture folders and annotated documents. No product
        // links it.
        .target(name: "TestSupport", dependencies: ["TemplateFormat"], path: "Tests/TestSupport"),
        .testTarget(name: "BasicsTests", dependencies: ["Basics", "TestSupport"]),
        .testTarget(name: "TemplateFormatTests", dependencies: ["TemplateFormat", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "ProjectModelTests", dependencies: ["Basics", "ProjectModel", "TemplateFormat", "TestSupport"]),
        .testTarget(name: "ValidatorTests", dependencies: ["Validator", "ProjectModel", "TemplateFormat", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "ToolSupportTests", dependencies: ["ToolSupport", "ProjectModel", "TestSupport"]),
        .testTarget(name: "HTMLGenTests", dependencies: ["Basics", "HTMLGen", "ProjectModel", "TemplateFormat", "Validator", "TestSupport"], exclude: ["Golden"]),
        .testTarget(name: "JSONTextTests", dependencies: ["JSONText", "TestSupport"]),
        .testTarget(name: "LSPProtocolTests", dependencies: ["JSONText", "LSPProtocol", "TestSupport"]),
        .testTarget(name: "LanguageFeaturesTests", dependencies: ["LanguageFeatures", "ProjectModel", "TemplateFormat", "Validator", "TestSupport"]),
        .testTarget(name: "LanguageServerTests", dependencies: ["JSONText", "LanguageServer", "LSPProtocol", "ProjectModel", "TemplateFormat", "Validator", "TestSupport"]),
        .testTarget(name: "TDLCommandsTests", dependencies: ["TDLCommands", "ProjectModel", "TemplateFormat", "ToolSupport", "Validator", "TestSupport"]),
    ]
)
