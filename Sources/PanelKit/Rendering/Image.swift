/// Pixels in memory: `width × height` colours with straight alpha, row by row.
public final class Image {
    public let width: Int
    public let height: Int
    public internal(set) var pixels: [Color]

    public init(width: Int, height: Int, pixels: [Color]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height, "Image: pixel count must be width × height")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    public subscript(x: Int, y: Int) -> Color { pixels[y * width + x] }
}
