import PanelKit

/// A display that only exists in memory: the headless backend that tests, CI
/// and `panel replay` draw into, written out as PNG.
///
/// It owns one pixel buffer, allocated once in `init` (rows tightly packed,
/// zeroed, so black) and freed in `deinit`; drawing into `framebuffer` never
/// allocates.
public final class HeadlessDisplay {
    /// The pixels. Valid while the display lives; do not keep it longer.
    public let framebuffer: Framebuffer
    @usableFromInline let pixels: UnsafeMutableRawPointer

    /// A `width` × `height` display, `.xrgb8888` unless told otherwise.
    public init(width: Int, height: Int, format: PixelFormat = .xrgb8888) {
        precondition(width > 0 && height > 0, "a display needs at least one pixel")
        let stride = width * format.bytesPerPixel
        let byteCount = stride * height
        pixels = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: 16)
        pixels.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount)
        framebuffer = Framebuffer(width: width, height: height, stride: stride, format: format, baseAddress: pixels)
    }

    deinit {
        pixels.deallocate()
    }

    /// Writes what the display shows to `path` as an 8-bit RGB PNG.
    public func writePNG(to path: String) throws(PNGError) {
        try PNG.write(framebuffer, to: path)
    }
}
