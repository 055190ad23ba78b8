/// A recorded or synthetic touch device's way into an application, on a
/// manual clock: kernel events → ``TouchDecoder`` → ``TouchTransform`` → the
/// run loop advanced to the frame's timestamp → `enqueue` → one turn.
/// Replay and the benchmark harness feed the pipeline through it; a live
/// device (PanelLinux's `EvdevTouchInput`) runs on the system clock instead.
public final class TouchInputPath {
    public let decoder: TouchDecoder
    public let transform: TouchTransform
    /// Input frames delivered so far.
    public internal(set) var frames = 0
    @usableFromInline var frame = TouchFrame()

    public init(decoder: TouchDecoder, transform: TouchTransform) {
        self.decoder = decoder
        self.transform = transform
    }

    /// Feeds one kernel event. On a `SYN_REPORT` the frame goes through
    /// `application` at the event's timestamp, and the result is true.
    @discardableResult
    public func feed(_ event: InputEvent, to application: Application) -> Bool {
        guard decoder.decode(event) else { return false }
        frame = decoder.frame
        transform.apply(to: &frame)
        application.runLoop.advance(to: frame.timestamp)
        application.enqueue(frame)
        application.runTurn()
        frames += 1
        return true
    }
}
