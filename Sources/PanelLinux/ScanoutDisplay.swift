import PanelUI

/// A display the device session presents to: a KMS CRTC (`DRMDisplay`) or
/// a legacy framebuffer device. The small driver interface LVGL calls a
/// display's flush callback, split the same way: the session renders the
/// UI into a logical framebuffer (`logicalSize`, `pixelFormat`), and the
/// display copies the dirty part onto the screen, turning it by
/// `rotation` and converting its pixels when the scan-out format differs.
public protocol ScanoutDisplay: AnyObject {
    /// The device, e.g. `/dev/dri/card0`.
    var devicePath: String { get }
    /// The panel's pixels as it scans them out (unturned).
    var width: Int { get }
    var height: Int { get }
    /// How the panel is mounted: the logical image turns by this to become the scanned-out one.
    var rotation: DisplayRotation { get }
    /// The format the UI is drawn in (the scan-out format, or the board's when the display converts).
    var pixelFormat: PixelFormat { get }
    /// One line for the start-up note: device, mode, format and how rotation is done.
    var summary: String { get }
    /// Told of every presented frame.
    var delegate: (any ScanoutDisplayDelegate)? { get set }
    /// Whether a frame is queued and not yet on the screen: the display takes no other until it is.
    var isFlipPending: Bool { get }
    /// Seconds between refreshes.
    var refreshInterval: Double { get }
    /// Bytes of the scan-out buffers the app maps (DRM's dumb buffers, the
    /// fbdev framebuffer): the memory report's "scan-out".
    var scanoutBytes: Int { get }
    /// Starts presenting `source` (`logicalSize`, `pixelFormat`) from `loop`.
    func attach(to loop: EpollRunLoop, source: Framebuffer) throws(PanelLinuxError)
    /// The source changed in the areas of `dirty` (logical pixels), reflecting input from `inputTime` on.
    func update(dirty: DirtyRegion, inputTime: Double)
    /// Gives the display up for a VT switch away.
    func release()
    /// Takes the display back after a VT switch; false when that failed (it retries).
    @discardableResult func acquire() -> Bool
    /// Turns the picture off (DPMS off, FBIOBLANK) or back on; a display that
    /// cannot says why in the error and stays on.
    func setBlanked(_ blanked: Bool) throws(PanelLinuxError)
    /// Stops presenting and gives the console its mode back.
    func close(_ loop: EpollRunLoop?)
}

extension ScanoutDisplay {
    /// The size the UI draws in, in pixels: the panel's, turned by `rotation`.
    public var logicalSize: (width: Int, height: Int) {
        rotation.logicalSize(physicalWidth: width, physicalHeight: height)
    }
}

/// Told when a frame reached the screen.
public protocol ScanoutDisplayDelegate: AnyObject {
    func display(_ display: any ScanoutDisplay, didPresent frame: PresentedFrame)
}

/// One presented frame, reported when its page flip (or copy) completed.
public struct PresentedFrame {
    public var number: Int
    /// The oldest input event the frame reflects (CLOCK_MONOTONIC), `nil` when none.
    public var inputTime: Double?
    /// The page-flip completion time from the DRM event (CLOCK_MONOTONIC).
    public var flipTime: Double
    /// The CRTC's vblank counter at the flip: consecutive frames one apart
    /// were shown on consecutive vblanks (0 where the driver counts none).
    public var vblank: UInt32 = 0
}

/// The bookkeeping both displays keep between the renderer and the screen:
/// the area each of the two buffers lacks (changes accumulate in both, so a
/// buffer shown again gets every change since it was last on the screen), and
/// the oldest input the next frame and the frame in flight reflect.
@usableFromInline struct FrameDamage {
    /// Per buffer: the areas that changed since it was last filled.
    @usableFromInline var damage: [DirtyRegion] = [DirtyRegion(), DirtyRegion()]
    /// The source has changes not yet sent to the screen.
    @usableFromInline var needsPresent = false
    @usableFromInline var pendingInputTime = Double.infinity
    @usableFromInline var flightInputTime = Double.infinity
    @usableFromInline var frameNumber = 0

    @usableFromInline init() {}

    /// The source changed in `dirty`, reflecting input from `inputTime` on.
    @usableFromInline mutating func changed(_ dirty: DirtyRegion, inputTime: Double) {
        for i in 0..<damage.count { damage[i].formUnion(dirty) }
        if inputTime < pendingInputTime { pendingInputTime = inputTime }
        needsPresent = true
    }

    /// A frame went to the screen: its input time is now in flight.
    @usableFromInline mutating func sent() {
        needsPresent = false
        flightInputTime = pendingInputTime
        pendingInputTime = .infinity
    }

    /// The frame in flight reached the screen at `time`.
    @usableFromInline mutating func shown(at time: Double, vblank: UInt32 = 0) -> PresentedFrame {
        frameNumber &+= 1 // wraps, not traps: a 32-bit board's Int is 414 days of frames at 60 Hz
        let frame = PresentedFrame(
            number: frameNumber, inputTime: flightInputTime.isFinite ? flightInputTime : nil,
            flipTime: time, vblank: vblank)
        flightInputTime = .infinity
        return frame
    }
}
