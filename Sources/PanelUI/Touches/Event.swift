/// One touch sequence, from the first finger down to the last finger up (R1),
/// or one key press. The tracker reuses a single `Event` object.
public final class Event {
    public enum EventType: Equatable { case touches, presses }

    // No dynamic exclusivity checks: app code only reads these, and the
    // tracker writes them whole between deliveries, never during one.
    @exclusivity(unchecked) public internal(set) var type: EventType
    /// Seconds on the run loop's monotonic clock.
    @exclusivity(unchecked) public internal(set) var timestamp: Double = 0
    /// Unretained (the tracker owns its event; the application its press
    /// event); the tracker clears it in its `deinit`, after which the event
    /// holds no touches.
    @exclusivity(unchecked) @usableFromInline unowned(unsafe) var tracker: TouchTracker?

    @usableFromInline init(type: EventType, tracker: TouchTracker?) {
        self.type = type
        self.tracker = tracker
    }

    @usableFromInline func rebind(to tracker: TouchTracker) { self.tracker = tracker }

    /// Every live touch: those that changed in this event and those that are
    /// stationary, including touches ending in it. Empty in a press event.
    public var allTouches: TouchSet {
        TouchSet(tracker: tracker, mask: touchMask)
    }

    /// The touches bound to `view` (R1).
    public func touches(for view: View) -> TouchSet {
        guard let tracker else { return .empty }
        return TouchSet(tracker: tracker, mask: tracker.mask(in: touchMask) { $0.view === view })
    }

    /// The touches that landed in `window` (R1).
    public func touches(for window: Window) -> TouchSet {
        guard let tracker else { return .empty }
        return TouchSet(tracker: tracker, mask: tracker.mask(in: touchMask) { $0.window === window })
    }

    @usableFromInline var touchMask: UInt32 {
        guard type == .touches, let tracker else { return 0 }
        return tracker.eventMask
    }
}
