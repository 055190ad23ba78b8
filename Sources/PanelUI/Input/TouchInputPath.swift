/// A touch device's way into an application: kernel events →
/// `TouchDecoder` → `TouchTransform` → `TouchFilter`, one frame per
/// `SYN_REPORT` (`decode(_:)`). Every input source uses it: a live evdev
/// device (PanelLinux's `EvdevTouchDevice`) and the simulator's virtual panel
/// enqueue each frame on the system clock; replay, PanelTesting and the bench
/// `feed(_:to:)` it on a manual clock that follows the events' timestamps.
public final class TouchInputPath {
    package let decoder: TouchDecoder
    public let transform: TouchTransform
    // No dynamic exclusivity checks: the path changes these only in
    // `decode(_:)`, which calls no app code, and app code only reads them.
    @exclusivity(unchecked) public internal(set) var filter: TouchFilter
    /// Input frames decoded so far.
    @exclusivity(unchecked) public internal(set) var frames = 0
    /// The last frame decoded, in screen points.
    @exclusivity(unchecked) public internal(set) var frame = TouchFrame()

    package init(decoder: TouchDecoder, transform: TouchTransform, filter: TouchFilter = TouchFilter()) {
        self.decoder = decoder
        self.transform = transform
        self.filter = filter
    }

    /// The path for `device`: its decoder, the transform onto `screenSize`
    /// (with a board's calibration and rotation) and the board's filters.
    /// Throws when the device reports no usable touch axes.
    public convenience init(
        device: TouchDeviceDescription, screenSize: Size, calibration: CalibrationMatrix = .identity,
        rotation: TouchRotation = .none, filters: TouchFilterSettings = .none
    ) throws(TouchDeviceError) {
        self.init(
            decoder: try TouchDecoder(device: device),
            transform: TouchTransform(
                device: device, screenSize: screenSize, calibration: calibration, rotation: rotation),
            filter: TouchFilter(settings: filters, device: device))
    }

    /// Decodes one kernel event. On a `SYN_REPORT` the frame is complete
    /// (transformed and filtered) in `frame`, and the result is true.
    public func decode(_ event: InputEvent) -> Bool {
        guard decoder.decode(event) else { return false }
        frame = decoder.frame
        transform.apply(to: &frame)
        filter.apply(to: &frame)
        frames &+= 1 // wraps, never traps (armv7: 2^31 frames)
        return true
    }

    /// Feeds one kernel event on a manual clock. On a `SYN_REPORT` the frame
    /// goes through `application` at the event's timestamp, and the result is true.
    @discardableResult
    public func feed(_ event: InputEvent, to application: Application) -> Bool {
        if decoder.warnings == nil { decoder.warnings = application.warnings }
        guard decode(event) else { return false }
        application.runLoop.advance(to: frame.timestamp)
        application.enqueue(frame)
        application.runTurn()
        return true
    }
}
