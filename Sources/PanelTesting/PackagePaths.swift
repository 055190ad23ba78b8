import Foundation

/// Files of the PanelKit package for tests, found from the test's own source
/// file, so tests run from any working directory.
public enum PackagePaths {
    /// The absolute path of `relative` (`"Tests/Traces/x.evemu"`,
    /// `"assets/fonts"`) in the package that holds `file`.
    public static func path(_ relative: String, file: String = #filePath) -> String {
        guard let root = GoldenImage.packageRoot(containing: file) else {
            fatalError("no Package.swift above \(file)")
        }
        return root + "/" + relative
    }
}
