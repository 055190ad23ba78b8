/// One touch sequence, from the first finger down to the last finger up (R1),
/// or one key press. The tracker reuses a single `Event` object.
public final class Event {
    public enum EventType: Equatable { case touches, presses }

    public internal(set) var type: EventType
    /// Seconds on the run loop's monotonic clock.
    public internal(set) var timestamp: Double = 0
    @usableFromInline unowned(unsafe) var tracker: TouchTracker?

    @usableFromInline init(type: EventType, tracker: TouchTracker?) {
        self.type = type
        self.tracker = tracker
    }

    @usableFromInline func rebind(to tracker: TouchTracker) { self.tracker = tracker }

    /// Every live touch: those that changed in this event and those that are
    /// stationary, including touches ending in it.
    public var allTouches: TouchSet {
        guard let tracker else { fatalError("a press event has no touches") }
        return TouchSet(tracker: tracker, mask: tracker.eventMask)
    }

    /// The touches bound to `view` (R1).
    public func touches(for view: View) -> TouchSet {
        guard let tracker else { fatalError("a press event has no touches") }
        return TouchSet(tracker: tracker, mask: tracker.mask(in: tracker.eventMask) { $0.view === view })
    }

    /// The touches that landed in `window` (R1).
    public func touches(for window: Window) -> TouchSet {
        guard let tracker else { fatalError("a press event has no touches") }
        return TouchSet(tracker: tracker, mask: tracker.mask(in: tracker.eventMask) { $0.window === window })
    }
}
