/// One touch sequence, from the first finger down to the last finger up (R1),
/// or one key press. The dispatcher reuses a single `Event` object.
public final class Event {
    public enum EventType: Equatable { case touches, presses }

    // No dynamic exclusivity checks: app code only reads these, and the
    // dispatcher writes them whole between deliveries, never during one.
    @exclusivity(unchecked) public internal(set) var type: EventType
    /// Seconds on the run loop's monotonic clock.
    @exclusivity(unchecked) public internal(set) var timestamp: Double = 0
    /// Unretained (the dispatcher owns its event; the application its press
    /// event); the dispatcher clears it in its `deinit`, after which the event
    /// holds no touches.
    @exclusivity(unchecked) @usableFromInline unowned(unsafe) var dispatcher: TouchDispatcher?

    @usableFromInline init(type: EventType, dispatcher: TouchDispatcher?) {
        self.type = type
        self.dispatcher = dispatcher
    }

    @usableFromInline func rebind(to dispatcher: TouchDispatcher) { self.dispatcher = dispatcher }

    /// Every live touch: those that changed in this event and those that are
    /// stationary, including touches ending in it. Empty in a press event.
    public var allTouches: TouchSet {
        TouchSet(dispatcher: dispatcher, mask: touchMask)
    }

    /// The touches bound to `view` (R1).
    public func touches(for view: View) -> TouchSet {
        guard let dispatcher else { return .empty }
        return TouchSet(dispatcher: dispatcher, mask: dispatcher.mask(in: touchMask) { $0.view === view })
    }

    /// The touches that landed in `window` (R1).
    public func touches(for window: Window) -> TouchSet {
        guard let dispatcher else { return .empty }
        return TouchSet(dispatcher: dispatcher, mask: dispatcher.mask(in: touchMask) { $0.window === window })
    }

    @usableFromInline var touchMask: UInt32 {
        guard type == .touches, let dispatcher else { return 0 }
        return dispatcher.eventMask
    }
}
