/// A recorded or synthetic touch device's way into an application, on a
/// manual clock: kernel events → ``TouchDecoder`` → ``TouchTransform`` →
/// ``TouchFilter`` → the run loop advanced to the frame's timestamp → `enqueue` → one turn.
/// Replay and the benchmark harness feed the pipeline through it; a live
/// device (PanelLinux's `EvdevTouchInput`) runs on the system clock instead.
public final class TouchInputPath {
    public let decoder: TouchDecoder
    public let transform: TouchTransform
    public internal(set) var filter: TouchFilter
    /// Input frames delivered so far.
    public internal(set) var frames = 0
    @usableFromInline var frame = TouchFrame()

    public init(decoder: TouchDecoder, transform: TouchTransform, filter: TouchFilter = TouchFilter()) {
        self.decoder = decoder
        self.transform = transform
        self.filter = filter
    }

    /// The path for `device`: its decoder, the transform onto `screenSize`
    /// (with a board's calibration and rotation) and the board's filters.
    /// Throws when the device reports no usable touch axes.
    public convenience init(device: TouchDeviceDescription, screenSize: Size, calibration: CalibrationMatrix = .identity,
                            rotation: TouchRotation = .none, filters: TouchFilterSettings = .none) throws(TouchDeviceError) {
        self.init(decoder: try TouchDecoder(device: device),
                  transform: TouchTransform(device: device, screenSize: screenSize, calibration: calibration, rotation: rotation),
                  filter: TouchFilter(settings: filters, device: device))
    }

    /// Feeds one kernel event. On a `SYN_REPORT` the frame goes through
    /// `application` at the event's timestamp, and the result is true.
    @discardableResult
    public func feed(_ event: InputEvent, to application: Application) -> Bool {
        guard decoder.decode(event) else { return false }
        frame = decoder.frame
        transform.apply(to: &frame)
        filter.apply(to: &frame)
        application.runLoop.advance(to: frame.timestamp)
        application.enqueue(frame)
        application.runTurn()
        frames += 1
        return true
    }
}
