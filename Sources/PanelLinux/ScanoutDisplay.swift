import PanelKit

/// Told when a frame reached the screen.
public protocol ScanoutDisplayDelegate: AnyObject {
    func display(_ display: any ScanoutDisplay, didPresent frame: PresentedFrame)
}

/// What ``DeviceSession`` needs from a display: ``DRMDisplay`` (KMS) or
/// ``FramebufferDisplay`` (fbdev). The session renders into a source
/// framebuffer of the display's size and hands it the dirty rectangles; the
/// display gets them to the screen, at most one frame on its way at a time,
/// and says when each was shown. Class-bound, so the session holds it
/// without a non-class existential (Embedded Swift).
public protocol ScanoutDisplay: AnyObject {
    /// The panel's pixels as scanned out.
    var width: Int { get }
    var height: Int { get }
    /// The format the panel scans out (the source may still be XRGB8888).
    var pixelFormat: PixelFormat { get }
    /// One line for start-up: the device, the mode and how frames reach the screen.
    var summary: String { get }
    /// Whether a frame is on its way and not yet shown: the display takes no other until it is.
    var isFlipPending: Bool { get }
    /// Seconds between refreshes.
    var refreshInterval: Double { get }
    /// Told of every frame shown.
    var presentationDelegate: (any ScanoutDisplayDelegate)? { get set }
    /// Starts presenting from `source` (the renderer draws into it), on `loop`.
    func attach(to loop: EpollRunLoop, source: Framebuffer) throws(PanelLinuxError)
    /// The source changed in `dirty`, reflecting input from `inputTime` (CLOCK_MONOTONIC) on.
    func update(dirty: Rect, inputTime: Double)
    /// Gives the display up for a VT switch away.
    func release()
    /// Takes it back after the VT switch, showing the whole source; false when that failed (it retries).
    @discardableResult func acquire() -> Bool
    /// Restores what the console had and closes the device.
    func close(_ loop: EpollRunLoop?)
}

extension DRMDisplay: ScanoutDisplay {
    /// Dumb buffers are always XRGB8888.
    public var pixelFormat: PixelFormat { .xrgb8888 }

    public var summary: String { cardPath + " " + connectorName + " " + modeName }

    /// Bridges ``DRMDisplayDelegate`` to ``ScanoutDisplayDelegate``.
    public var presentationDelegate: (any ScanoutDisplayDelegate)? {
        get { (delegate as? DRMPresentationForwarder)?.target }
        set { delegate = newValue.map { DRMPresentationForwarder(target: $0) } }
    }
}

/// Passes a ``DRMDisplay``'s page flips on to a ``ScanoutDisplayDelegate``.
@usableFromInline final class DRMPresentationForwarder: DRMDisplayDelegate {
    @usableFromInline let target: any ScanoutDisplayDelegate
    @usableFromInline init(target: any ScanoutDisplayDelegate) { self.target = target }
    @usableFromInline func display(_ display: DRMDisplay, didPresent frame: PresentedFrame) {
        target.display(display, didPresent: frame)
    }
}
