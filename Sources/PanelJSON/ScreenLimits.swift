/// The screen sizes PanelKit's files accept, one definition for all of them:
/// a board file's display `mode` (pixels, and the points they make at its
/// `scale`), a scene file's `screen` and `panel replay --screen` (points). Beyond 8192 a
/// framebuffer no longer fits in memory on a board (8192² × 4 bytes is 256 MiB).
public enum ScreenLimits {
    public static let minimum = 16.0
    public static let maximum = 8192.0

    /// Whether `value` is within the limits.
    public static func contains(_ value: Double) -> Bool { value >= minimum && value <= maximum }

    /// "from 16 to 8192", for the messages of every file that checks a size.
    public static let rangeDescription = "from " + describeNumber(minimum) + " to " + describeNumber(maximum)
}

/// The limits on the geometry a scene file gives (frames, offsets, transforms,
/// sizes), so that every value the renderer and the gestures compute with stays
/// finite and fits an `Int`: far beyond any screen, far below overflow.
public enum GeometryLimits {
    /// Points, for a frame's origin and size, a translation, a hit area's outset, a margin.
    public static let coordinate = 1_000_000.0
    /// A transform's scale factors.
    public static let scale = 1000.0
    /// A rotation, in radians.
    public static let angle = 1000.0
}
