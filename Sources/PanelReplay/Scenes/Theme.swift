import PanelKit

/// The replay scenes' colours, in one place.
public enum SceneTheme {
    public static let background = Color(rgb: 0x11151C)
    public static let container = Color(rgb: 0x1C2330)
    public static let cell = Color(rgb: 0x33425A)
    public static let cellDisabled = Color(rgb: 0x252B36)
    public static let cellRound = Color(rgb: 0x4A3F78)
    public static let cellActive = Color(rgb: 0x4F9DFF)
    public static let cellTouched = Color(rgb: 0x2A8C83)
}
