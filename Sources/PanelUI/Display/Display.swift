/// Where a window's frames go: the small display driver interface every host
/// presents through (LVGL's display and its flush callback). The
/// `FrameDriver` renders the UI upright into `framebuffer` and hands
/// over the areas that changed; the display puts them on the screen: a KMS
/// page flip or an fbdev copy (PanelLinux), an SDL window (the simulator),
/// or nowhere but memory (headless: replays, tests, the bench).
public protocol Display: AnyObject {
    /// What the renderer draws into: the UI upright, in the display's
    /// logical size in pixels and its pixel format. Valid while the display lives.
    var framebuffer: Framebuffer { get }
    /// Seconds between the screen's refreshes: the display link's frame interval.
    var refreshInterval: Double { get }
    /// Whether the display paces animation frames itself: it wakes the loop
    /// when a frame reached the screen (a page flip's completion), and the
    /// driver steps the display link at the end of such a turn. Otherwise the
    /// display link runs on run-loop timers every `refreshInterval`.
    var pacesFrames: Bool { get }
    /// Whether a frame handed over is not on the screen yet (a page flip in
    /// flight): the next animation frame waits for it.
    var isBusy: Bool { get }
    /// The framebuffer changed in `dirty` (pixels, upright), reflecting input
    /// from `inputTime` on (`.infinity` when the frame reflects no input).
    func present(_ dirty: DirtyRegion, inputTime: Double)
}
