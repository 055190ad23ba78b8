/// Finds the recorded and synthetic traces in `Tests/Traces`, from this source
/// file's own location, so tests run from any working directory.
enum TracePaths {
    /// The absolute path of `Tests/Traces/<name>`.
    static func url(_ name: String) -> String {
        // This file is Tests/<target>/TracePaths.swift: drop the last two components.
        var directory = Substring(#filePath)
        for _ in 0..<2 {
            if let slash = directory.lastIndex(of: "/") { directory = directory[..<slash] }
        }
        return "\(directory)/Traces/\(name)"
    }
}
