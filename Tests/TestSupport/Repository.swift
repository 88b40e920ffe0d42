import Foundation

/// The repository the tests belong to, found from this source file (symbolic links
/// resolved, so the tests also run from a scratch package that links `Tests/`).
public enum Repository {
    /// The repository's root folder: two up from `Tests/TestSupport`.
    public static let root: String = FixtureFolder("../..").path

    /// The bundled examples, `Examples/`.
    public static let examplesFolder: String = root + "/Examples"

    /// `Examples/*.tdl` as (file name, bytes), sorted by name. Empty when the folder cannot
    /// be read; tests assert that it is not.
    public static let examples: [(name: String, bytes: [UInt8])] = {
        let folder = FixtureFolder("../../Examples")
        return folder.files(withExtension: "tdl").filter { !$0.contains("/") }.compactMap { name in
            (try? folder.read(name)).map { (name, $0) }
        }
    }()
}
