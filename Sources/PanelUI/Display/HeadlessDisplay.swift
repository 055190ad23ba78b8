/// A display that only exists in memory: the headless backend that tests, CI
/// and `panel replay` draw into (PanelImage writes it out as PNG). What it shows is what
/// the `FrameDriver` presented, frame after frame, as on the panel.
///
/// It owns one pixel buffer, allocated once in `init` (rows tightly packed,
/// zeroed, so black) and freed in `deinit`; drawing into `framebuffer` never
/// allocates. It has no page flips: the display link runs on run-loop
/// timers at `refreshInterval`, on the app's clock.
public final class HeadlessDisplay: Display {
    /// The pixels. Valid while the display lives; do not keep it longer.
    public let framebuffer: Framebuffer
    @usableFromInline let pixels: UnsafeMutableRawPointer
    /// Seconds between refreshes: the board's mode, else 60 Hz.
    public let refreshInterval: Double
    public var pacesFrames: Bool { false }
    public var isBusy: Bool { false }

    /// A `width` × `height` display, `.xrgb8888` unless told otherwise,
    /// refreshing every `refreshInterval` seconds.
    public init(
        width: Int, height: Int, format: PixelFormat = .xrgb8888,
        refreshInterval: Double = DisplayLink.defaultFrameInterval
    ) {
        self.refreshInterval = refreshInterval
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

    /// The frame is already in memory, where it stays until the next one.
    public func present(_ dirty: DirtyRegion, inputTime: Double) {}
}
