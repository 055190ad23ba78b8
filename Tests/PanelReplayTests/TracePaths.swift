import PanelTesting

/// The recorded and synthetic traces in `Tests/Traces`.
enum TracePaths {
    /// The absolute path of `Tests/Traces/<name>`.
    static func url(_ name: String) -> String {
        PackagePaths.path("Tests/Traces/\(name)")
    }
}
