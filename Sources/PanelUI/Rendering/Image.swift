/// Pixels in memory: `width × height` colours with straight alpha, row by row.
///
/// `scale` is UIKit's `UIImage.scale`: how many of its pixels make a
/// point. An image made for a screen of scale 2 (an `name@2x.png` file,
/// which PanelImage's `PNG.readImage(path:forScale:)` picks) has twice
/// the pixels each way and scale 2, so its `size` in points, and the room
/// views give it, is that of the 1x image; drawn on a scale-2 screen, each of
/// its pixels lands on one of the panel's.
public final class Image {
    /// In pixels.
    public let width: Int
    /// In pixels.
    public let height: Int
    /// Pixels per point, 1 unless the image was made for a denser screen.
    public let scale: Double
    /// The pixels, row by row. Change them in place with the subscript or
    /// `withUnsafeMutablePixels(_:)` (a camera or video frame: no allocation,
    /// as long as nothing else holds a copy of the array); then tell the views
    /// that show the image (`setNeedsDisplay()`), and only they are redrawn.
    public internal(set) var pixels: [Color]

    /// UIKit's `UIImage.RenderingMode`: whether the image is drawn in its own
    /// colours or as a shape (its alpha) in the view's `View.tintColor`.
    public enum RenderingMode: Equatable, Sendable {
        /// As `.alwaysOriginal` (PanelKit has no context that decides otherwise).
        case automatic
        case alwaysOriginal
        /// A template: only the alpha counts, drawn in the view's tint colour (icons, glyphs).
        case alwaysTemplate
    }

    /// How the image is drawn; `.automatic` unless made with `withRenderingMode(_:)`.
    public let renderingMode: RenderingMode

    /// Whether it is drawn as a shape in the tint colour.
    public var isTemplate: Bool { renderingMode == .alwaysTemplate }

    public convenience init(width: Int, height: Int, pixels: [Color], scale: Double = 1) {
        self.init(width: width, height: height, pixels: pixels, scale: scale, renderingMode: .automatic)
    }

    /// The same image drawn as `mode` says: UIKit's `withRenderingMode(_:)`. The
    /// pixels are shared until either image changes them.
    public func withRenderingMode(_ mode: RenderingMode) -> Image {
        Image(width: width, height: height, pixels: pixels, scale: scale, renderingMode: mode)
    }

    /// Changes the pixels in place through a buffer of `width × height` colours,
    /// row by row; the buffer must not be kept past `body`. Allocates nothing
    /// while the image is the only holder of its pixels (another image from
    /// `withRenderingMode(_:)` shares them until one of the two changes them).
    /// (`body` does not throw: Embedded Swift has no untyped `rethrows`.)
    public func withUnsafeMutablePixels<Result>(_ body: (UnsafeMutableBufferPointer<Color>) -> Result) -> Result {
        pixels.withUnsafeMutableBufferPointer { body($0) }
    }

    /// An image drawn as `renderingMode` says (`.alwaysTemplate`: a shape in the tint colour).
    public init(width: Int, height: Int, pixels: [Color], scale: Double, renderingMode: RenderingMode) {
        precondition(
            width >= 0 && height >= 0 && pixels.count == width * height, "Image: pixel count must be width × height")
        precondition(scale > 0 && scale.isFinite, "Image: scale is pixels per point, above 0")
        self.width = width
        self.height = height
        self.scale = scale
        self.pixels = pixels
        self.renderingMode = renderingMode
    }

    /// The image's size in points: its pixels over its `scale`.
    public var size: Size { Size(width: Double(width) / scale, height: Double(height) / scale) }

    /// The pixel at column `x`, row `y`; set it to change the image in place.
    public subscript(x: Int, y: Int) -> Color {
        get { pixels[y * width + x] }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "Image: pixel outside the image")
            pixels[y * width + x] = newValue
        }
    }
}
