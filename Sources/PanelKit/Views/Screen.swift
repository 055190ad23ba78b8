/// UIKit's `UIScreen`: the panel the application draws on, as the UI sees it.
///
/// ``bounds`` is in points, in the UI's orientation (the board's rotation
/// already applied), and is what a full-screen window's frame is. ``scale``
/// says how many pixels make a point: 2 on a dense panel lays the UI out on
/// half the pixels each way and draws it at the full resolution, so text and
/// shapes stay sharp. ``nativeBounds`` is the same area in pixels.
///
/// Everything the app sees is in points: frames, touches, text sizes, an
/// image's ``Image/size``. The renderer draws its windows at ``scale`` (a
/// window's ``Window/displayScale``) into a framebuffer of ``nativeBounds``'s
/// size, and text is measured and drawn at the pixel size.
///
/// The host sets the screen up before the app launches
/// (``configure(bounds:scale:)``); an application that no host runs (a test)
/// has an 800×480 screen at scale 1.
public final class Screen {
    /// The screen in points, origin at the top-left of the UI.
    public private(set) var bounds: Rect
    /// Pixels per point (1 to 4).
    public private(set) var scale: Double

    public init(bounds: Rect = Rect(x: 0, y: 0, width: 800, height: 480), scale: Double = 1) {
        self.bounds = bounds
        self.scale = scale
    }

    /// The screen in pixels, in the UI's orientation: ``bounds`` times ``scale``.
    public var nativeBounds: Rect {
        Rect(x: 0, y: 0, width: bounds.width * scale, height: bounds.height * scale)
    }

    /// Sets the size and scale; for hosts, before the app launches.
    public func configure(bounds: Rect, scale: Double) {
        precondition(scale >= 1 && scale <= 4, "Screen: scale is pixels per point, from 1 to 4")
        self.bounds = bounds
        self.scale = scale
    }

    /// The whole pixels that cover `size` points at `scale`: the framebuffer a
    /// host allocates for a window of that size. A product within a rounding
    /// error of a whole number is that number (a 1280-pixel panel at scale 3
    /// is 426.67 points, which make 1280 pixels again, not 1281).
    public static func pixelSize(of size: Size, scale: Double) -> (width: Int, height: Int) {
        func pixels(_ points: Double) -> Int {
            let exact = points * scale, nearest = exact.rounded()
            return Int(abs(exact - nearest) < 1e-6 ? nearest : exact.rounded(.up))
        }
        return (pixels(size.width), pixels(size.height))
    }
}
