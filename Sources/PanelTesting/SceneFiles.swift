import PanelJSON
import PanelScenes
import PanelUI

/// Scene files for tests: the shipped ones by name, or JSON written in the test.
public enum SceneFiles {
    /// `assets/scenes/NAME.json`.
    public static func builtIn(_ name: String, file: String = #filePath) throws -> SceneFile {
        try SceneFile.load(path: PackagePaths.path("assets/scenes/" + name + ".json", file: file))
    }

    /// A scene file parsed from `json`, named `path` in errors.
    public static func parse(_ json: String, path: String = "test.json") throws(JSONError) -> SceneFile {
        try SceneFile(parsing: Array(json.utf8), path: path)
    }
}
