import PanelKit

/// The scenes built into `panel replay`, by name.
public enum SceneCatalog {
    public static let defaultScene = "touches"
    public static let names = ["touches", "gestures", "controls"]

    /// Builds the scene `name` for a screen of `screenSize` points, or returns `nil` for an unknown name.
    public static func build(_ name: String, screenSize: Size, log: ReplayLog) -> Window? {
        switch name {
        case "touches": return TouchesScene.build(screenSize: screenSize, log: log)
        case "gestures": return GesturesScene.build(screenSize: screenSize, log: log)
        case "controls": return ControlsScene.build(screenSize: screenSize, log: log)
        default: return nil
        }
    }
}
