import PanelJSON
import PanelUI

/// The scenes that ship with PanelKit, as scene files in the assets folder
/// (`assets/scenes/NAME.json`), by name.
public enum SceneCatalog {
    public static let defaultScene = "touches"
    public static let names = ["touches", "gestures", "controls", "scroll"]

    /// The scene file of the built-in scene `name` in the assets folder `assets`,
    /// or `nil` for a name that is not built in.
    public static func path(of name: String, assets: String) -> String? {
        for i in 0..<names.count where sameBytes(names[i], name) { return assets + "/scenes/" + name + ".json" }
        return nil
    }

    /// "unknown scene 'x'; expected one of: touches, gestures, controls, scroll (or a scene file)".
    public static func unknownSceneMessage(_ name: String) -> String {
        var list = ""
        for i in 0..<names.count { list += (i == 0 ? "" : ", ") + names[i] }
        return "unknown scene '" + messageText(name) + "'; expected one of: " + list
            + ", or give a scene file with --scene-file"
    }

    /// Loads the built-in scene `name` from `assets`.
    public static func load(_ name: String, assets: String) throws(SceneLoadError) -> SceneFile {
        guard let path = path(of: name, assets: assets) else {
            throw SceneLoadError(message: unknownSceneMessage(name))
        }
        do {
            return try SceneFile.load(path: path)
        } catch {
            throw SceneLoadError(message: error.description)
        }
    }
}

/// Why a built-in scene did not load: an unknown name, or its file's problem
/// (file, line and fix, as `JSONError` words it).
public struct SceneLoadError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }

    public init(message: String) {
        self.message = message
    }
}
