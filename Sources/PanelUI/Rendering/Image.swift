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
    public internal(set) var pixels: [Color]

    public init(width: Int, height: Int, pixels: [Color], scale: Double = 1) {
        precondition(
            width >= 0 && height >= 0 && pixels.count == width * height, "Image: pixel count must be width × height")
        precondition(scale > 0 && scale.isFinite, "Image: scale is pixels per point, above 0")
        self.width = width
        self.height = height
        self.scale = scale
        self.pixels = pixels
    }

    /// The image's size in points: its pixels over its `scale`.
    public var size: Size { Size(width: Double(width) / scale, height: Double(height) / scale) }

    public subscript(x: Int, y: Int) -> Color { pixels[y * width + x] }
}
